"""Browser tests: a real server on a free loopback port and Debian's Chromium driven by
Playwright. Without Chromium (or Playwright) the tests skip, unless CI is "true": then they fail."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest

from tests.patience import PATIENCE
from tests.server.helpers import ThreadServer, create, make_settings

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
PATIENCE_MS = PATIENCE * 1000
"""Playwright counts in milliseconds."""


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


class Server(ThreadServer):
    """The server tests' in-process server, with a shortcut to create a table."""

    def create(self, spec: dict[str, Any]) -> dict[str, Any]:
        return create(self.base, **spec)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(make_settings(tmp_path_factory.mktemp("web-server"))) as running:
        yield running


# A module's browser, not the session's: Playwright's sync API keeps an event loop running in
# this thread while it is open, and every asyncio.run() of another module's test in the same
# worker would then fail (as soon as a shuffled order puts a browser test first).
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        _missing("Playwright for Python")
    path = chromium_path()
    if path is None:
        _missing("Chromium")
    expect.set_options(timeout=PATIENCE_MS)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=path, args=CHROMIUM_ARGS, timeout=PATIENCE_MS
        )
        yield launched
        launched.close()


def patient_context(browser: Any, **options: Any) -> Any:
    """A new browser context (``options`` as Playwright's ``new_context`` takes them) whose
    pages wait up to ``PATIENCE`` for anything: a selector, a function, a navigation, a
    click. Every test's browser context is made here."""
    context = browser.new_context(**options)
    context.set_default_timeout(PATIENCE_MS)
    context.set_default_navigation_timeout(PATIENCE_MS)
    return context


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = patient_context(browser, viewport={"width": 1280, "height": 900})
    found = context.new_page()
    errors: list[str] = []
    found.on("pageerror", lambda err: errors.append(str(err)))
    yield found
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def shot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")  # no piece mid-flight
    return path


class Addressed(Protocol):
    """A running server, as far as a page needs it: its address."""

    @property
    def base(self) -> str: ...


def seat_page(page: Any, server: Addressed, made: dict[str, Any], seat: int = 0) -> None:
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
