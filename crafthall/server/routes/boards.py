"""A game's own browser files, served from its folder: its board module, the board's styles
and its component facts. The page learns their addresses from ``/api/games`` (see
:func:`board_links`) and loads them from here; a game without a board module gets the
client's generic board. Nothing else in a game's folder (its rules, its text) is served."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from crafthall.games import folder
from crafthall.games import names as game_names
from crafthall.server.routes.common import ApiError

router = APIRouter(tags=["boards"])

SERVED: dict[str, tuple[str, str]] = {
    "board.js": ("board", "text/javascript"),
    "board.css": ("styles", "text/css"),
    "components.json": ("components", "application/json"),
}
"""Each file a game may hand the browser: the ``/api/games`` field naming its address, and
the media type it is served as (a module script must come as JavaScript)."""


def board_links(name: str) -> dict[str, str | None]:
    """The addresses of game ``name``'s browser files, by their ``/api/games`` field; ``None``
    for a file the game's folder lacks (no board module: the page uses the generic board)."""
    home = folder(name)
    return {
        field: f"/games/{name}/{file}" if (home / file).is_file() else None
        for file, (field, _type) in SERVED.items()
    }


def _served_file(name: str, file: str) -> Path:
    """The file the browser asks for, or the refusal that says why there is none."""
    if name not in game_names():
        known = ", ".join(game_names())
        raise ApiError(404, "no-such-game", f"There is no game called '{name}'. Games: {known}.")
    if file not in SERVED:
        offered = ", ".join(SERVED)
        raise ApiError(
            404, "no-such-file", f"A game's folder serves only {offered}; '{file}' is not one."
        )
    path = folder(name) / file
    if not path.is_file():
        raise ApiError(404, "no-such-file", f"The game '{name}' has no {file}.")
    return path


@router.get("/games/{name}/{file:path}", include_in_schema=False)
async def game_file(name: str, file: str) -> FileResponse:
    """One of a game's browser files, as :data:`SERVED` lists them."""
    path = _served_file(name, file)
    return FileResponse(path, media_type=SERVED[file][1])
