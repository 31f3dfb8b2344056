"""Hints during a game and the review of a finished one.

``POST /api/tables/{table_id}/hints`` with a seat's token: up to five good moves for that
seat, now, judged from what the seat can see (``crafthall.review.hints``). A table gives hints
when its ``hints`` setting says so, and otherwise only when every other seat is a bot: at a
table with other people a hint would be help they do not get.

``GET /api/tables/{table_id}/review``: the review of a finished table (``crafthall.review``);
``GET /api/replays/{upload_id}/review`` the same for an uploaded record of a finished game.
Only a finished game is reviewed, so no hidden card still in play is ever looked at. The first
request starts it on a thread and answers ``202`` with ``{"status": "running"}``, as does any
request while it runs; once done, the review is kept in this process's memory and answered
at once.

Both run off the event loop: the game's state is never changed in place (a move makes a new
one), so the state taken here stays whole on the thread.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Response

from crafthall.engine.errors import RecordError, SetupError
from crafthall.engine.match import Match
from crafthall.games import match_from_lines
from crafthall.review import HINT_EFFORT, REVIEW_EFFORT, hints, review
from crafthall.server.routes.common import ApiError, HubDep, TableDep
from crafthall.server.routes.schemas import _Strict
from crafthall.server.table import LiveTable

log = logging.getLogger("crafthall.server")

router = APIRouter(tags=["hints"])

KEPT = 200
"""Finished reviews kept in memory; the oldest are forgotten first."""


class HintSpec(_Strict):
    token: str


def hints_allowed(table: LiveTable, seat: int) -> bool:
    """The table's ``hints`` setting if it has one; else only against bots."""
    chosen = table.row.config.get("hints")
    if chosen is not None:
        return bool(chosen)
    return all(row.kind == "bot" for row in table.seats if row.idx != seat)


class Hinting:
    """The seats whose hint is being worked out: one at a time per seat."""

    def __init__(self) -> None:
        self.busy: set[tuple[str, int]] = set()


HINTING = Hinting()


@router.post("/api/tables/{table_id}/hints", summary="Good moves for a seat, from its own view")
async def hint(table: TableDep, spec: HintSpec) -> dict[str, Any]:
    seat = table.seat_for_token(spec.token)
    if seat is None:
        raise ApiError(403, "not-a-player", "Only a player of this table may ask for hints.")
    if not hints_allowed(table, seat):
        raise ApiError(403, "no-hints", "This table plays without hints: other people sit at it.")
    match = table.match
    if table.status != "playing" or match is None:
        raise ApiError(409, "not-playing", "Hints are for a game in progress.")
    if seat not in match.active_seats():
        raise ApiError(409, "not-your-turn", "It is not your turn: a hint waits for it.")
    key = (table.id, seat)
    if key in HINTING.busy:
        raise ApiError(429, "hint-running", "Your last hint is still being worked out.")
    HINTING.busy.add(key)
    version, game, state = table.version, match.game, match.state
    try:
        found = await asyncio.to_thread(hints, game, state, seat, HINT_EFFORT)
    finally:
        HINTING.busy.discard(key)
    return {"version": version, "seat": seat, "hints": [h.to_json() for h in found]}


class Reviews:
    """Finished reviews by table (or uploaded record), and the tasks still working on one."""

    def __init__(self) -> None:
        self.done: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.running: dict[str, asyncio.Task[None]] = {}

    def start(self, key: str, match: Match) -> None:
        async def work() -> None:
            try:
                found = await asyncio.to_thread(review, match, REVIEW_EFFORT)
                self.done[key] = found.to_json()
                while len(self.done) > KEPT:
                    self.done.popitem(last=False)
            except Exception:  # a failed review may be asked for again
                log.exception("%s: the review failed", key)
            finally:
                self.running.pop(key, None)

        self.running[key] = asyncio.create_task(work())

    def known(self, key: str, response: Response) -> dict[str, Any] | None:
        """The review if done, ``202`` and ``running`` while it runs, else ``None``."""
        done = self.done.get(key)
        if done is not None:
            return {"status": "done", "review": done}
        if key in self.running:
            response.status_code = 202
            return {"status": "running"}
        return None

    def answer(self, key: str, match: Match, response: Response) -> dict[str, Any]:
        """As :meth:`known`, starting the review of a finished ``match`` if need be."""
        if match.result() is None:
            raise ApiError(
                409, "not-finished", "Only a finished game is reviewed: finish it first."
            )
        found = self.known(key, response)
        if found is not None:
            return found
        self.start(key, match)
        response.status_code = 202
        return {"status": "running"}


REVIEWS = Reviews()


@router.get("/api/tables/{table_id}/review", summary="The review of a finished game")
async def table_review(table: TableDep, response: Response) -> dict[str, Any]:
    if table.status != "finished" or table.match is None:
        raise ApiError(409, "not-finished", "Only a finished game is reviewed: finish it first.")
    return REVIEWS.answer(f"table:{table.id}", table.match, response)


@router.get("/api/replays/{upload_id}/review", summary="The review of an uploaded record")
async def upload_review(upload_id: str, hub: HubDep, response: Response) -> dict[str, Any]:
    key = f"upload:{upload_id[:64]}"
    found = REVIEWS.known(key, response)  # known already: no need to replay the record
    if found is not None:
        return found
    text = await hub.store.run(hub.store.upload, upload_id[:64])
    if text is None:
        raise ApiError(404, "no-such-replay", "There is no such uploaded record.")
    try:
        match = await asyncio.to_thread(match_from_lines, text.splitlines())
    except (RecordError, SetupError) as err:
        raise ApiError(422, "bad-record", str(err)) from None
    return REVIEWS.answer(key, match, response)
