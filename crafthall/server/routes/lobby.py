"""The lobby over HTTP: the games hosted, creating and listing tables, joining an open seat."""

from __future__ import annotations

import functools
import json
from typing import Any, Literal

from fastapi import APIRouter, Request

from crafthall.bots.levels import OLD_NAMES, describe_levels
from crafthall.engine.errors import IllegalAction, SetupError
from crafthall.engine.options import describe_options
from crafthall.games import bot_levels
from crafthall.games import entry as game_entry
from crafthall.games import names as game_names
from crafthall.server.accounts import AccountDep, link_seats
from crafthall.server.accounts.seats import account_seat
from crafthall.server.accounts.sessions import Account
from crafthall.server.config import read_config
from crafthall.server.creation import NewTable, new_table, no_turn_based
from crafthall.server.fairness import is_prepared
from crafthall.server.hub import Hub
from crafthall.server.limits import Quotas
from crafthall.server.messages import clean_name
from crafthall.server.policy import check_hosted_options
from crafthall.server.routes.boards import board_links
from crafthall.server.routes.common import (
    ApiError,
    HubDep,
    QuotasDep,
    SettingsDep,
    TableDep,
    address_of,
    invite_url,
)
from crafthall.server.routes.schemas import JoinSpec, TableSpec
from crafthall.server.table import ZOMBIE_LEVEL, LiveTable

router = APIRouter(tags=["lobby"])


def _plain(value: Any) -> Any:
    """A default as JSON (a required option has none)."""
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return None
    return value


def _described_levels(game: str) -> list[dict[str, str | None]]:
    """Each bot name of ``game`` with its line on how it plays; an old name says which level
    it now means (``alias_of``), so a lobby may leave it out of its choices."""
    lines = describe_levels()
    return [
        {
            "name": level,
            "description": lines.get(level, "this game's own bot"),
            "alias_of": OLD_NAMES.get(level),
        }
        for level in bot_levels(game)
    ]


@router.get("/api/games", summary="The games this server hosts, with options and bot levels")
async def list_games() -> dict[str, Any]:
    """Each game with what a lobby offers (options, bot levels) and what a table page needs:
    the rules in brief and the addresses of the game's board, its styles and components."""
    found = []
    for name in game_names():
        entry = game_entry(name)  # every game loads: the server checked it at start-up
        game = entry.game
        found.append(
            {
                "name": name,
                "title": game.title,
                "summary": entry.summary,
                "min_seats": game.min_seats,
                "max_seats": game.max_seats,
                "simultaneous": game.simultaneous,
                "no_turn_based": no_turn_based(game),
                "bots": bot_levels(name),
                "bot_levels": _described_levels(name),
                "options": [
                    {"name": n, "default": _plain(d), "description": text}
                    for n, d, text in describe_options(game.Options)
                ],
                "options_schema": game.Options.model_json_schema(),
                "reminders": list(entry.reminders),
                **board_links(name),
            }
        )
    return {"games": found, "zombie_level": ZOMBIE_LEVEL}


async def _bots_only_quota(hub: Hub, quotas: Quotas, address: str) -> str:
    """Refuse a table of bots only past the address's share of them still in play (counted
    by every process with Redis; a table no longer in this process's memory is over): the
    share's mark."""

    def playing(table_id: str) -> bool:
        table = hub.tables.get(table_id)
        return table is not None and table.status != "finished"

    mark = await quotas.bot_tables.take(address, playing)
    if mark is None:
        cap = hub.settings.bot_tables_per_address
        raise ApiError(
            429,
            "too-many-bot-tables",
            f"One client may have {cap} tables of bots only playing at once; watch one to "
            "its end (or sit at one yourself) before starting another.",
            retry_after=60,
        )
    return mark


async def _listed_share(hub: Hub, quotas: Quotas, address: str) -> str | None:
    """A share of the lobby's list for ``address`` (its mark), or ``None`` past it. A table
    counts while it waits in this process's memory; one no longer in memory until an hour
    after it was made (the share's window), since nobody here watched it."""

    def waiting(table_id: str) -> bool:
        table = hub.tables.get(table_id)
        return table is None or table.status == "waiting"

    return await quotas.listed.take(address, waiting)


async def _create(
    spec: TableSpec, hub: Hub, account: Account | None, listed: bool
) -> tuple[LiveTable, NewTable]:
    """Deal and keep the table ``spec`` asks for (the creator, signed in, at their seat)."""
    seat_specs = []
    mine = account_seat(spec.seats, account)
    for number, seat in enumerate(spec.seats, start=1):
        given = seat.model_dump()
        if number - 1 == mine and account is not None:
            seat.name = given["name"] = account.name
        if seat.kind == "human" and not seat.name:
            raise ApiError(422, "bad-name", f"Seat {number} needs the player's name.")
        if seat.name:
            try:
                given["name"] = clean_name(seat.name)
            except ValueError as err:
                raise ApiError(422, "bad-name", f"Seat {number}: {err}") from None
        seat_specs.append(given)
    config: dict[str, Any] = {
        "undo": spec.undo,
        "clock": None if spec.clock is None else spec.clock.model_dump(),
        "zombie_level": spec.zombie_level,
        "grace": spec.grace,
        "hints": spec.hints,
        "pace": None if spec.pace is None else spec.pace.model_dump(),
        "rated": spec.rated,
    }
    try:
        check_hosted_options(spec.options)
        # Dealing (and a dictionary's first load) runs the rules: off the event loop.
        made = await hub.compute(
            functools.partial(
                new_table,
                spec.game,
                spec.options,
                seat_specs,
                seed=spec.seed,
                fixed=spec.fixed,
                config=config,
                private=not listed,
            )
        )
    except SetupError as err:
        raise ApiError(422, "bad-setup", str(err)) from None
    except IllegalAction as err:
        raise ApiError(422, err.code, err.message) from None
    table = await hub.create(made)
    if account is not None and mine is not None:
        mine_now = [(table.id, mine, made.tokens[mine])]
        await hub.store.run(link_seats, hub.store.engine, account.id, mine_now)
    return table, made


@router.post("/api/tables", status_code=201, summary="Create a table")
async def create_table(
    spec: TableSpec,
    request: Request,
    hub: HubDep,
    settings: SettingsDep,
    quotas: QuotasDep,
    account: AccountDep,
) -> dict[str, Any]:
    """A signed-in creator sits, under their account's name, at the first person's seat."""
    address = address_of(request)
    if not hub.creations.allow(address):
        raise ApiError(
            429,
            "too-many-tables",
            "You are creating tables too fast; wait a minute and try again.",
            retry_after=60,
        )
    all_bots = all(seat.kind == "bot" for seat in spec.seats)
    bots_mark = await _bots_only_quota(hub, quotas, address) if all_bots else None
    # Past its share of the lobby's list, an address's tables are made unlisted.
    listed_mark = None if spec.private else await _listed_share(hub, quotas, address)
    try:
        table, made = await _create(spec, hub, account, listed_mark is not None)
    except BaseException:
        if bots_mark is not None:
            await quotas.bot_tables.give_back(address, bots_mark)
        if listed_mark is not None:
            await quotas.listed.give_back(address, listed_mark)
        raise
    if bots_mark is not None:
        quotas.bot_tables.hold(address, bots_mark, table.id)
    if listed_mark is not None:
        quotas.listed.hold(address, listed_mark, table.id)
    listed = listed_mark is not None
    unlisted = {
        "unlisted": f"This table is not in the lobby's list: one client lists at most "
        f"{settings.listed_per_address} tables waiting for players at once. Its invite "
        "links work as usual."
    }
    return {
        **({} if spec.private or listed else unlisted),
        "table": table.summary(),
        "tokens": {str(seat): token for seat, token in made.tokens.items()},
        "invites": {
            str(seat): {"code": code, "url": invite_url(settings, table.id, seat, code)}
            for seat, code in made.invites.items()
        },
        "websocket": f"/ws/tables/{table.id}",
    }


@router.get("/api/tables", summary="Public tables: waiting for players (default) or finished")
async def open_tables(
    hub: HubDep, settings: SettingsDep, status: Literal["waiting", "finished"] = "waiting"
) -> dict[str, Any]:
    store = hub.store
    rows = await store.run(store.open_tables, status)
    found = []
    for row, seats in rows:
        found.append(
            {
                "id": row.id,
                "game": row.game,
                "options": row.options,
                "created": row.created,
                "prepared": is_prepared(row.config),
                "hints": row.config.get("hints"),
                "pace": read_config(row.config)["pace"],
                "seats": [
                    {"index": s.idx, "kind": s.kind, "name": s.name, "bot": s.bot_level}
                    for s in seats
                ],
                "open_seats": [
                    {
                        "seat": s.idx,
                        "invite": s.invite,
                        "url": invite_url(settings, row.id, s.idx, s.invite),
                    }
                    for s in seats
                    if s.kind == "open" and s.invite
                ],
            }
        )
    return {"tables": found}


@router.get("/api/tables/{table_id}", summary="A table's public state")
async def get_table(table: TableDep) -> dict[str, Any]:
    return table.summary()


@router.post("/api/tables/{table_id}/join", summary="Take an open seat as a guest")
async def join_table(
    table: TableDep, spec: JoinSpec, hub: HubDep, account: AccountDep
) -> dict[str, Any]:
    """A signed-in player sits under their account's name, and the seat becomes theirs."""
    try:
        name = account.name if account is not None else clean_name(spec.name)
    except ValueError as err:
        raise ApiError(422, "bad-name", str(err)) from None
    try:
        token = await hub.join(table, spec.seat, spec.invite, name)
    except IllegalAction as err:
        status = {"bad-invite": 403, "storage-unavailable": 503}.get(err.code, 409)
        raise ApiError(status, err.code, err.message) from None
    except SetupError as err:
        raise ApiError(422, "bad-setup", str(err)) from None
    if account is not None:
        taken = [(table.id, spec.seat, token)]
        await hub.store.run(link_seats, hub.store.engine, account.id, taken)
    return {"seat": spec.seat, "token": token, "table": table.summary()}
