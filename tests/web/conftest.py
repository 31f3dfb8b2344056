"""Browser tests: a real server on a free loopback port and Debian's Chromium driven by
Playwright. Without Chromium (or Playwright) the tests skip, unless CI is "true": then they fail."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from crafthall.server.settings import Settings

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def _missing(what: str) -> None:
    message = f"{what} is missing; `make test` installs it (Debian's chromium and playwright)."
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


class Server:
    """The real app under uvicorn in a background thread, on a free loopback port."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        from crafthall.server.app import create_app
        from crafthall.server.run import uvicorn_config

        self.app = create_app(settings)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn_config(self.app, settings, log_level="warning"))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True
        )

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()

    def create(self, spec: dict[str, Any]) -> dict[str, Any]:
        answer = httpx.post(f"{self.base}/api/tables", json=spec, timeout=30)
        assert answer.status_code == 201, answer.text
        made: dict[str, Any] = answer.json()
        return made


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("web-server")
    settings = Settings(
        database_url=f"sqlite:///{path / 'web.sqlite3'}",
        bot_delay=0.0,
        flood_rate=2000.0,
        flood_burst=2000,
    )
    with Server(settings) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright for Python")
    path = chromium_path()
    if path is None:
        _missing("Chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    found = context.new_page()
    errors: list[str] = []
    found.on("pageerror", lambda err: errors.append(str(err)))
    yield found
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def seat_page(page: Any, server: Server, made: dict[str, Any], seat: int = 0) -> None:
    """Open a table as the seat whose token the creation answer gave (as the lobby does)."""
    table = made["table"]
    entry = {"game": table["game"], "tokens": made["tokens"], "invites": {}, "current": seat}
    page.goto(f"{server.base}/static/index.html")
    page.evaluate(
        "([id, entry]) => localStorage.setItem('crafthall.tables', JSON.stringify({[id]: entry}))",
        [table["id"], json.loads(json.dumps(entry))],
    )
    page.goto(f"{server.base}/t/{table['id']}")
    page.wait_for_selector("#board:not([hidden])")
