"""A game made by ``crafthall new-game``, with no board of its own and no file outside its
folder but its registry line, is played to its end in Chromium with the generic board, on a
server started from a copy of the project that holds it."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.scaffold.project import NAME, environment, made_project
from tests.server.helpers import create, seats
from tests.support import wait_until
from tests.web.conftest import seat_page
from tests.web.helpers import play_generic_board_to_end


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.fixture(scope="module")
def copy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``crafthall serve`` run from a copy of the project holding the new game; its address."""
    root = tmp_path_factory.mktemp("project")
    made_project(root)
    port = _free_port()
    command = [sys.executable, "-m", "crafthall.cli.main", "serve", "--port", str(port)]
    command += ["--bot-delay", "0", "--database", f"sqlite:///{root / 'server.sqlite3'}"]
    served = subprocess.Popen(
        command, cwd=root, env=environment(root), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: served.poll() is not None or _answers(f"{base}/healthz"), "no server")
        assert served.poll() is None, served.stderr.read().decode() if served.stderr else ""
        yield base
    finally:
        served.terminate()
        served.wait(timeout=60)


def test_the_new_game_is_in_the_lobby_and_plays_to_its_end_with_the_generic_board(
    page: Any, copy_server: str
) -> None:
    listed = httpx.get(f"{copy_server}/api/games", timeout=30).json()
    game = next(one for one in listed["games"] if one["name"] == NAME)
    assert game["board"] is None and game["reminders"]
    made = create(copy_server, game=NAME, seats=seats("Ann", "bot"))
    seat_page(page, _Address(copy_server), made)
    page.wait_for_selector("#generic-view")  # the generic board, drawn once its module loads
    play_generic_board_to_end(page, "amount 1", 30)  # adding 1 is always allowed
    assert "reaches 21 and wins." in page.inner_text("body")


class _Address:
    """What :func:`seat_page` reads of a server: its address."""

    def __init__(self, base: str) -> None:
        self.base = base
