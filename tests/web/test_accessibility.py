"""An accessibility check with axe-core on the lobby (light and dark) and on every game's table
page (mid-game, at desktop and phone width): no serious or critical violation.

axe-core comes from the npm registry: the first run installs it into the virtual environment
(``.venv/axe``) with ``npm install``; without npm the test skips (fails in CI)."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.patience import LONG_WORK
from tests.server.helpers import available_real_games, seats
from tests.web.conftest import Server, seat_page
from tests.web.helpers import PHONE, advance
from tests.web.test_layout import SEED

AXE_VERSION = "4"
AXE_DIR = Path(sys.prefix) / "axe"
AXE_FILE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def _missing(why: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(why)
    pytest.skip(why)


@pytest.fixture(scope="session")
def axe_source() -> str:
    AXE_DIR.mkdir(parents=True, exist_ok=True)
    # Each test process has its own session: one installs while the others wait, since two
    # npm installs into one folder fail (ENOTEMPTY).
    with (AXE_DIR / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _install_axe()
    return AXE_FILE.read_text()


def _install_axe() -> None:
    if not AXE_FILE.exists():
        npm = shutil.which("npm")
        if npm is None:
            _missing("npm is missing: it installs axe-core for the accessibility check.")
        done = subprocess.run(
            [npm or "npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix",
             str(AXE_DIR), f"axe-core@{AXE_VERSION}"],
            capture_output=True, text=True, timeout=LONG_WORK, check=False,
        )  # fmt: skip
        if done.returncode != 0 or not AXE_FILE.exists():
            _missing(f"npm could not install axe-core: {done.stderr.strip()[-400:]}")


AXE_PATH = "/__axe-core.js"
"""Where the page fetches axe-core from: an address of its own origin, answered by the test (so
the page's Content-Security-Policy, which allows only the origin's scripts, stays on)."""


def add_axe(page: Any, axe: str) -> None:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.route(
            f"**{AXE_PATH}",
            lambda route: route.fulfill(body=axe, content_type="text/javascript"),
        )
        origin = page.evaluate("() => location.origin")
        page.add_script_tag(url=origin + AXE_PATH)


def no_serious_violations(page: Any, axe: str) -> None:
    """axe-core finds nothing serious or critical on the page as it is now."""
    add_axe(page, axe)
    found: list[dict[str, Any]] = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:4]]}"
        for v in found
        if v["impact"] in SERIOUS
    ]
    assert not serious, "\n".join(serious)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lobby(page: Any, server: Server, axe_source: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(server.base + "/")
    page.wait_for_selector("#game option", state="attached")
    no_serious_violations(page, axe_source)
    page.set_viewport_size(PHONE)
    no_serious_violations(page, axe_source)


@pytest.mark.parametrize("game", available_real_games())
def test_every_table_page(page: Any, server: Server, axe_source: str, game: str) -> None:
    made = server.create({"game": game, "seats": seats("Ann", "bot"), "seed": SEED})
    advance(server, made, 3)
    seat_page(page, server, made)
    no_serious_violations(page, axe_source)
    page.set_viewport_size(PHONE)
    no_serious_violations(page, axe_source)
