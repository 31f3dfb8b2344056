"""Hints during a game and the review of a finished one.

``POST /api/tables/{table_id}/hints`` with a seat's token: up to five good moves for that
seat, now, judged from what the seat can see (``crafthall.review.hints``). A table gives hints
when its ``hints`` setting says so, and otherwise only when every other seat is a bot: at a
table with other people a hint would be help they do not get.

``GET /api/tables/{table_id}/review``: the review of a finished table (``crafthall.review``);
``GET /api/replays/{upload_id}/review`` the same for an uploaded record of a finished game.
Only a finished game is reviewed, so no hidden card still in play is ever looked at. The first
request starts it on a thread and answers ``202`` with ``{"status": "running"}``, as does any
request while it runs. Once done, the review is saved in the database (table ``reviews``, with
the effort and the review version it was made with) and answered from there: it is computed
once, also across restarts and by every process of a deployment sharing the database. Before
it starts, the process claims the review with a row of its own (version ``CLAIMED``), so that
another process asked meanwhile answers ``202`` instead of working it out a second time; a
claim left by a process that died is taken over after ``STALE`` seconds. A review saved under
another review version is made anew.

Both run off the event loop: the game's state is never changed in place (a move makes a new
one), so the state taken here stays whole on the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Request, Response
from sqlalchemy import Engine, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from crafthall.engine.errors import RecordError, SetupError
from crafthall.engine.match import Match
from crafthall.games import match_from_lines
from crafthall.review import HINT_EFFORT, REVIEW_EFFORT, VERSION, hints, review
from crafthall.server import db
from crafthall.server.hub import Hub
from crafthall.server.routes.common import ApiError, HubDep, TableDep
from crafthall.server.routes.schemas import _Strict
from crafthall.server.table import LiveTable

log = logging.getLogger("crafthall.server")

router = APIRouter(tags=["hints"])


class HintSpec(_Strict):
    token: str


def hints_allowed(table: LiveTable, seat: int) -> bool:
    """The table's ``hints`` setting if it has one; else only against bots."""
    chosen = table.config["hints"]
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


CLAIMED = 0
"""The ``version`` of a review row that says a process is working the review out (its
``created``: when it started; its ``review``: empty)."""
STALE = 180.0
"""Seconds after which a claim counts as abandoned (its process died or was restarted), and
another process may take it over. A 4-player Wordcraft review takes well under a minute."""


def claim_review(engine: Engine, kind: str, ref: str, now: float) -> bool:
    """Claim the review for this process: ``False`` if it is saved already or another process
    holds a claim younger than ``STALE``. A stale claim, or a review of another version, is
    taken over by compare-and-set, so only one of two processes racing for it wins."""
    rows = db.reviews.c
    this = and_(rows.kind == kind, rows.ref == ref)
    claim = {"review": {}, "effort": asdict(REVIEW_EFFORT), "version": CLAIMED, "created": now}
    try:
        with engine.begin() as conn:
            held = conn.execute(select(rows.version, rows.created).where(this)).first()
            if held is None:
                conn.execute(insert(db.reviews).values(kind=kind, ref=ref, **claim))
                return True
            if held.version == VERSION:
                return False
            if held.version == CLAIMED and now - held.created < STALE:
                return False
            same = and_(this, rows.version == held.version, rows.created == held.created)
            return conn.execute(update(db.reviews).where(same).values(**claim)).rowcount == 1
    except IntegrityError:  # another process inserted its claim first
        return False


def drop_claim(engine: Engine, kind: str, ref: str, since: float) -> None:
    """Give up this process's claim (its review failed), so that the next request tries again."""
    rows = db.reviews.c
    with engine.begin() as conn:
        conn.execute(
            delete(db.reviews).where(
                and_(
                    rows.kind == kind,
                    rows.ref == ref,
                    rows.version == CLAIMED,
                    rows.created == since,
                )
            )
        )


def stored_review(engine: Engine, kind: str, ref: str) -> dict[str, Any] | None:
    """The saved review of ``kind`` (``table`` or ``upload``) ``ref``, if made by this review
    version (an older one is made anew)."""
    rows = db.reviews.c
    with engine.connect() as conn:
        found = conn.execute(
            select(rows.review).where(
                and_(rows.kind == kind, rows.ref == ref, rows.version == VERSION)
            )
        ).scalar()
    return None if found is None else dict(found)


def save_review(engine: Engine, kind: str, ref: str, found: dict[str, Any]) -> None:
    """Save a review, in place of the claim (or of a review of an older version). Should
    another process have saved one meanwhile, theirs stays: both were made of the same
    finished game."""
    rows = db.reviews.c
    try:
        with engine.begin() as conn:
            conn.execute(
                delete(db.reviews).where(
                    and_(rows.kind == kind, rows.ref == ref, rows.version != VERSION)
                )
            )
            conn.execute(
                insert(db.reviews).values(
                    kind=kind,
                    ref=ref,
                    review=found,
                    effort=asdict(REVIEW_EFFORT),
                    version=VERSION,
                    created=time.time(),
                )
            )
    except IntegrityError:
        log.info("%s %s: another process saved its review first", kind, ref)


RUNNING = {"status": "running"}


class Reviews:
    """The reviews this process is working out, one task per table or uploaded record; done
    ones are in the database."""

    def __init__(self) -> None:
        self.running: dict[tuple[str, str], asyncio.Task[None]] = {}
        self.computed = 0
        """Reviews worked out by this process (each one is worked out once)."""

    def start(self, engine: Engine, kind: str, ref: str, match: Match, since: float) -> None:
        async def work() -> None:
            try:
                found = await asyncio.to_thread(review, match, REVIEW_EFFORT)
                self.computed += 1
                await asyncio.to_thread(save_review, engine, kind, ref, found.to_json())
            except Exception:  # a failed review may be asked for again
                log.exception("%s %s: the review failed", kind, ref)
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(drop_claim, engine, kind, ref, since)
            finally:
                self.running.pop((kind, ref), None)

        self.running[(kind, ref)] = asyncio.create_task(work())

    async def known(
        self, hub: Hub, kind: str, ref: str, response: Response
    ) -> dict[str, Any] | None:
        """``202`` and ``running`` while it runs, the saved review if there is one, else
        ``None``."""
        if (kind, ref) in self.running:
            response.status_code = 202
            return RUNNING
        found = await hub.store.run(stored_review, hub.store.engine, kind, ref)
        if found is not None:
            return {"status": "done", "review": found}
        if (kind, ref) in self.running:  # started while the database answered
            response.status_code = 202
            return RUNNING
        return None

    async def answer(
        self, hub: Hub, kind: str, ref: str, match: Match, response: Response
    ) -> dict[str, Any]:
        """As :meth:`known`, starting the review of a finished ``match`` if need be."""
        if match.result() is None:
            raise ApiError(
                409, "not-finished", "Only a finished game is reviewed: finish it first."
            )
        found = await self.known(hub, kind, ref, response)
        if found is not None:
            return found
        engine, now = hub.store.engine, time.time()
        if await hub.store.run(claim_review, engine, kind, ref, now):
            self.start(engine, kind, ref, match, now)
        else:  # saved a moment ago, or another process (or request) is working it out
            found = await hub.store.run(stored_review, engine, kind, ref)
            if found is not None:
                return {"status": "done", "review": found}
        response.status_code = 202
        return RUNNING


def reviews_of(request: Request) -> Reviews:
    """The app's reviews in progress (each app its own: a test may run two on one database)."""
    state = request.app.state
    found: Reviews | None = getattr(state, "reviews", None)
    if found is None:
        found = state.reviews = Reviews()
    return found


@router.get("/api/tables/{table_id}/review", summary="The review of a finished game")
async def table_review(
    table: TableDep, hub: HubDep, request: Request, response: Response
) -> dict[str, Any]:
    if table.status != "finished" or table.match is None:
        raise ApiError(409, "not-finished", "Only a finished game is reviewed: finish it first.")
    return await reviews_of(request).answer(hub, "table", table.id, table.match, response)


@router.get("/api/replays/{upload_id}/review", summary="The review of an uploaded record")
async def upload_review(
    upload_id: str, hub: HubDep, request: Request, response: Response
) -> dict[str, Any]:
    ref = upload_id[:64]
    reviews = reviews_of(request)
    found = await reviews.known(hub, "upload", ref, response)  # no need to replay the record
    if found is not None:
        return found
    text = await hub.store.run(hub.store.upload, ref)
    if text is None:
        raise ApiError(404, "no-such-replay", "There is no such uploaded record.")
    try:
        match = await asyncio.to_thread(match_from_lines, text.splitlines())
    except (RecordError, SetupError) as err:
        raise ApiError(422, "bad-record", str(err)) from None
    return await reviews.answer(hub, "upload", ref, match, response)
