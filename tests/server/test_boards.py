"""A game's browser files: ``/api/games`` names the board module, its styles and components of
each game (``null`` for what its folder lacks), and the server serves exactly those three files
from the game's folder, nothing else."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from crafthall import games
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer

PACKAGE = "toy_board_game"
FILES = {
    "board.js": "export default function createBoard() { return {}; }\n",
    "board.css": ".toy-board { color: red; }\n",
    "components.json": '{"faces": [1, 2, 3]}\n',
}


@pytest.fixture(scope="module")
def toy_board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A game folder with the three browser files beside its rules (registered as
    ``toy-board``, the toy turn game's rules under another name)."""
    root = tmp_path_factory.mktemp("boards")
    home = root / PACKAGE
    home.mkdir()
    (home / "__init__.py").write_text("from tests.toygames import TURNS as ENTRY\n")
    (home / "rules.py").write_text("SECRET = 1\n")
    for name, text in FILES.items():
        (home / name).write_text(text)
    sys.path.insert(0, str(root))
    games.register("toy-board", PACKAGE)
    yield home
    games.unregister("toy-board")
    sys.path.remove(str(root))
    sys.modules.pop(PACKAGE, None)


def _listed(server: ThreadServer) -> dict[str, dict[str, Any]]:
    answer = httpx.get(f"{server.base}/api/games", timeout=A_WHILE).json()
    return {game["name"]: game for game in answer["games"]}


def _get(server: ThreadServer, path: str) -> httpx.Response:
    return httpx.get(f"{server.base}{path}", timeout=A_WHILE)


def test_the_lobby_lists_each_games_browser_files(server: ThreadServer, toy_board: Path) -> None:
    listed = _listed(server)
    assert listed["toy-board"]["board"] == "/games/toy-board/board.js"
    assert listed["toy-board"]["styles"] == "/games/toy-board/board.css"
    assert listed["toy-board"]["components"] == "/games/toy-board/components.json"
    # The toy turn game's folder has none of them: the page gives it the generic board.
    plain = listed["toy-turns"]
    assert (plain["board"], plain["styles"], plain["components"]) == (None, None, None)


def test_the_lobby_lists_each_games_reminders(server: ThreadServer) -> None:
    listed = _listed(server)
    for name in games.names():
        assert listed[name]["reminders"] == list(games.entry(name).reminders)


@pytest.mark.parametrize(
    ("file", "media_type"),
    [
        ("board.js", "text/javascript"),
        ("board.css", "text/css"),
        ("components.json", "application/json"),
    ],
)
def test_each_browser_file_is_served_as_its_type(
    server: ThreadServer, toy_board: Path, file: str, media_type: str
) -> None:
    answer = _get(server, f"/games/toy-board/{file}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].split(";")[0] == media_type
    assert answer.text == FILES[file]


@pytest.mark.parametrize("path", ["rules.py", "__init__.py", "sub/board.js", "..%2F__init__.py"])
def test_nothing_else_in_the_folder_is_served(
    server: ThreadServer, toy_board: Path, path: str
) -> None:
    answer = _get(server, f"/games/toy-board/{path}")
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert error["code"] == "no-such-file"
    assert "board.js, board.css, components.json" in error["message"]


def test_a_file_the_folder_lacks_is_not_found(server: ThreadServer) -> None:
    answer = _get(server, "/games/toy-turns/board.js")
    assert answer.status_code == 404
    assert answer.json()["error"] == {
        "code": "no-such-file",
        "message": "The game 'toy-turns' has no board.js.",
    }


def test_an_unknown_game_is_refused_with_a_sentence(server: ThreadServer) -> None:
    answer = _get(server, "/games/chess/board.js")
    assert answer.status_code == 404
    error = answer.json()["error"]
    assert error["code"] == "no-such-game"
    assert error["message"].startswith("There is no game called 'chess'. Games: ")
    assert "toy-turns" in error["message"]
