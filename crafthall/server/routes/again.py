"""Play again: a finished table's players start a new game with the same seats and options.

``POST /api/tables/{table_id}/again`` with a seat's token: the first player to ask makes the
new table (same game, options, clock, undo and bots; a fresh, fair shuffle), sitting at their
own seat; the other people's seats are open, and each of them who asks next takes their own
seat with their old name. The answer is the new table, the caller's seat and token.

Which new table follows which finished one lives in this process's memory: after a restart a
player who asks again starts another new table (and invites the others from its page).
"""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request

from crafthall.engine.errors import IllegalAction, SetupError
from crafthall.server.accounts.seats import carry_seat
from crafthall.server.config import chosen
from crafthall.server.creation import new_table
from crafthall.server.hub import Hub
from crafthall.server.routes.common import (
    ApiError,
    HubDep,
    SettingsDep,
    TableDep,
    invite_url,
    table_or_404,
)
from crafthall.server.routes.schemas import _Strict
from crafthall.server.table import LiveTable

router = APIRouter(tags=["lobby"])

KEPT = 2000
"""Finished tables whose next table is remembered; the oldest are forgotten first."""


class AgainSpec(_Strict):
    token: str


@dataclass
class Next:
    table: str
    invites: dict[int, str]
    """The open seats' invite codes, by seat: each is the seat of a player of the old table."""


@dataclass
class Followers:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    next: OrderedDict[str, Next] = field(default_factory=OrderedDict)


FOLLOWERS = Followers()


def _seat_specs(old: LiveTable, caller: int) -> list[dict[str, Any]]:
    """The old seats again: bots stay, the caller sits, the other people's seats are open."""
    specs: list[dict[str, Any]] = []
    for seat in old.seats:
        if seat.kind == "bot":
            specs.append({"kind": "bot", "level": seat.bot_level, "name": seat.name})
        elif seat.idx == caller:
            specs.append({"kind": "human", "name": seat.name})
        else:
            specs.append({"kind": "open"})
    return specs


async def _answer(
    hub: Hub, old: LiveTable, seat: int, table: LiveTable, token: str
) -> dict[str, Any]:
    """The caller's seat at the next game, an account's again if the old one was."""
    await hub.store.run(carry_seat, hub.store.engine, old.id, seat, table.id, token)
    return {"table": table.summary(), "seat": seat, "token": token}


@router.post(
    "/api/tables/{table_id}/again",
    status_code=201,
    summary="A new game with the same seats and options, for a player of a finished table",
)
async def play_again(
    table: TableDep, spec: AgainSpec, request: Request, hub: HubDep, settings: SettingsDep
) -> dict[str, Any]:
    if table.status != "finished":
        raise ApiError(409, "not-finished", "This game is still going: finish it first.")
    seat = table.seat_for_token(spec.token)
    if seat is None:
        raise ApiError(403, "not-a-player", "Only the table's players may start its next game.")
    name = table.seats[seat].name or f"Player {seat + 1}"
    async with FOLLOWERS.lock:
        known = FOLLOWERS.next.get(table.id)
        if known is not None and seat in known.invites:
            following = await table_or_404(hub, known.table)
            code = known.invites.pop(seat)
            try:
                token = await hub.join(following, seat, code, name)
            except IllegalAction as err:
                raise ApiError(409, err.code, err.message) from None
            return await _answer(hub, table, seat, following, token)
        if known is not None:
            raise ApiError(409, "already-seated", "You already sit at this table's next game.")
        address = request.client.host if request.client else "unknown"
        if not hub.creations.allow(address):
            raise ApiError(
                429, "too-many-tables", "You are creating tables too fast; wait a minute."
            )
        # The next game keeps the creator's choices (a table that named no take-over bot
        # gets today's default, as a new table would).
        config = chosen(table.row.config)
        try:
            made = await hub.compute(
                functools.partial(
                    new_table,
                    table.row.game,
                    dict(table.row.options or {}),
                    _seat_specs(table, seat),
                    seed=None,
                    fixed=None,
                    config=config,
                    private=table.row.private,
                )
            )
        except SetupError as err:
            raise ApiError(422, "bad-setup", str(err)) from None
        following = await hub.create(made)
        FOLLOWERS.next[table.id] = Next(following.id, dict(made.invites))
        while len(FOLLOWERS.next) > KEPT:
            FOLLOWERS.next.popitem(last=False)
        # The caller may send the invite links too (as a table's creator does).
        invites = {
            str(other): invite_url(settings, following.id, other, code)
            for other, code in made.invites.items()
        }
        answer = await _answer(hub, table, seat, following, made.tokens[seat])
        return {**answer, "invites": invites}
