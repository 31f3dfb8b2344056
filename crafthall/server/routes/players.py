"""Players over HTTP: a player's page and its data, each game's leaderboard, the levels of
the accounts seated at tables (the lobby's), and a finished table's rating changes (the end
screen's). See docs/protocol.md, "Ratings"."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse

from crafthall.games import entry as game_entry
from crafthall.games import names as game_names
from crafthall.server.accounts.book import name_key
from crafthall.server.accounts.profile import leaderboard, levels, profile
from crafthall.server.accounts.ratings import rate_table, table_changes, unrated_because
from crafthall.server.accounts.seats import accounts_of_table
from crafthall.server.routes.common import ApiError, HubDep, SettingsDep, TableDep
from crafthall.server.routes.pages import _client_page, page

router = APIRouter(tags=["players"])

MAX_LEVEL_TABLES = 100


def _known_game(game: str) -> str:
    if game not in game_names():
        raise ApiError(
            404,
            "no-such-game",
            f"There is no game '{game[:40]}'; choose one of {', '.join(game_names())}.",
        )
    return game


@router.get("/api/players/{name}", summary="A player's page: ratings, games, words, recent games")
async def player(name: str, hub: HubDep) -> dict[str, Any]:
    found = await hub.store.run(profile, hub.store.engine, name_key(name[:64]))
    if found is None:
        raise ApiError(404, "no-such-player", f"No player is called '{name[:40]}'.")
    for rating in found["ratings"]:
        rating["title"] = game_entry(rating["game"]).game.title
    return found


@router.get("/api/leaderboard/{game}", summary="A game's best rated players")
async def game_leaderboard(
    game: str,
    hub: HubDep,
    settings: SettingsDep,
    min_games: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> dict[str, Any]:
    """Players with at least ``min_games`` rated games (the server's
    ``leaderboard_min_games`` unless given), best first."""
    least = min_games or settings.leaderboard_min_games
    board = await hub.store.run(leaderboard, hub.store.engine, _known_game(game), least)
    return {
        "game": game,
        "title": game_entry(game).game.title,
        "min_games": least,
        "players": board,
    }


@router.get("/api/levels", summary="The level of each account seated at the tables named")
async def seated_levels(
    hub: HubDep, tables: Annotated[str, Query(max_length=MAX_LEVEL_TABLES * 40)] = ""
) -> dict[str, Any]:
    """``tables``: table ids separated by commas (at most 100)."""
    wanted = [one for one in tables.split(",") if one][:MAX_LEVEL_TABLES]
    return {"tables": await hub.store.run(levels, hub.store.engine, wanted)}


@router.get("/api/tables/{table_id}/ratings", summary="The rating changes a finished game made")
async def rating_changes(table: TableDep, hub: HubDep) -> dict[str, Any]:
    """``rated`` false with ``why`` (a sentence) for a table that is not rated; the changes
    of its accounts' ratings otherwise. A finished table not rated yet is rated now."""
    if table.status != "finished":
        raise ApiError(
            409, "not-finished", "The game is not over yet; its ratings change at its end."
        )
    store = hub.store
    linked = await store.run(accounts_of_table, store.engine, table.id)
    why = unrated_because(table.row, linked)
    if why is not None:
        return {"rated": False, "why": why, "changes": []}
    await store.run(rate_table, store.engine, table.id)
    changes = await store.run(table_changes, store.engine, table.id)
    names = {s.idx: s.name for s in table.seats}
    return {
        "rated": True,
        "why": None,
        "changes": [
            {**c.to_json(), "name": names.get(c.seat)}
            for c in sorted(changes, key=lambda c: c.seat)
        ],
    }


def _client() -> HTMLResponse:
    client = _client_page()
    if client is None:
        raise ApiError(404, "no-client", "This server has no browser client; see /docs.")
    return page(client)


@router.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
async def player_page(name: str) -> HTMLResponse:
    return _client()


@router.get("/account", response_class=HTMLResponse, include_in_schema=False)
async def account_page() -> HTMLResponse:
    return _client()


@router.get("/leaderboard/{game}", response_class=HTMLResponse, include_in_schema=False)
async def leaderboard_page(game: str) -> HTMLResponse:
    return _client()
