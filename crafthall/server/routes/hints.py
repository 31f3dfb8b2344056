"""Hints during a game and the review of a finished one.

``POST /api/tables/{table_id}/hints`` with a seat's token: up to five good moves for that
seat, now, judged from what the seat can see (``crafthall.review.hints``). A table gives hints
when its ``hints`` setting says so, and otherwise only when every other seat is a bot: at a
table with other people a hint would be help they do not get.

``GET /api/tables/{table_id}/review``: the review of a finished table (``crafthall.review``);
``GET /api/replays/{upload_id}/review`` the same for an uploaded record of a finished game.
Only a finished game is reviewed, so no hidden card still in play is ever looked at. The first
request starts it and answers ``202`` with ``{"status": "running"}`` and where it stands: its
``place`` in the queue (jobs ahead of its next part), its ``parts`` and those ``done``, and an
``estimate`` (``"about 40 s"``), as does any request while it runs, with the ``moves`` reviewed
so far from move ``since`` on (a query parameter, 0 by default): a page shows the first moves
as soon as their part is done, and asks only for those it has not got. A review is worked out in
parts of :data:`PART_MOVES` moves, each a job of the compute tier (:mod:`crafthall.server.compute`)
at the priority of reviews; nobody asking about it for ``review_idle_seconds`` (its page left)
cancels it. Two requests for the same record (the same hash, for any table or upload) share one
computation. Once done, the review is saved in the database (table ``reviews``, with the effort
and the review version it was made with, under its table or upload and under its record's hash)
and answered from there: it is computed once, also across restarts and by every process of a
deployment sharing the database. Before it starts, the process claims the review with a row of
its own (version ``CLAIMED``), so that another process asked meanwhile answers ``202`` instead
of working it out a second time; a claim left by a process that died is taken over after
``STALE`` seconds. A review saved under another review version is made anew.

Hints and reviews run on worker processes: the game's state is never changed in place (a move
makes a new one), so the state sent is the table's at the request.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from fastapi import APIRouter, Request, Response
from sqlalchemy import Engine, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from crafthall.engine.errors import IllegalAction, RecordError, SetupError
from crafthall.review import REVIEW_EFFORT, VERSION
from crafthall.server import db
from crafthall.server.compute import Priority, no_workers
from crafthall.server.hub import Hub
from crafthall.server.routes.common import ApiError, HubDep, TableDep, address_of
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
async def hint(table: TableDep, hub: HubDep, request: Request, spec: HintSpec) -> dict[str, Any]:
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
    version, state = table.version, match.state
    try:
        args = (match.header.to_json(), state, seat, hub.settings.hint_seconds)
        found = await hub.search("hint", args, Priority.HINT, address_of(request))
    except IllegalAction as err:
        raise ApiError(503, err.code, err.message) from None
    finally:
        HINTING.busy.discard(key)
    return {"version": version, "seat": seat, "hints": found}


CLAIMED = 0
"""The ``version`` of a review row that says a process is working the review out (its
``created``: when it started; its ``review``: empty)."""
STALE = 180.0
"""Seconds after which a claim counts as abandoned (its process died or was restarted), and
another process may take it over. A 4-player review of a word game takes well under a minute."""


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


PART_MOVES = 8
"""Moves of a review worked out in one job: a review is a row of short jobs, so that a bot
move waiting behind it waits for one part at most, never for a whole game."""


def record_hash(record: str) -> str:
    """The review's key: two requests for the same record share one computation."""
    return hashlib.sha256(record.encode()).hexdigest()


def about(seconds: float) -> str:
    """``about 40 s``, ``about 3 min``: a waiting player's estimate."""
    if seconds < 90:
        return f"about {max(5, 5 * round(seconds / 5))} s"
    return f"about {round(seconds / 60)} min"


@dataclass(eq=False)
class Running:
    """A review being worked out: every request for the same record waits for this one."""

    refs: set[tuple[str, str]]
    """The tables and uploads (kind, ref) it is the review of, each with its claim's time."""
    since: dict[tuple[str, str], float]
    parts: int
    done: int = 0
    moves: list[dict[str, Any]] = field(default_factory=list)
    """The moves reviewed so far, in order."""
    asked: float = field(default_factory=time.monotonic)
    """When a page last asked about it (nobody asking for a while: it is cancelled)."""
    task: asyncio.Task[None] | None = None


class Reviews:
    """The reviews this process is working out, one per record (however many tables or
    uploads it is the record of); done ones are in the database."""

    def __init__(self) -> None:
        self.running: dict[str, Running] = {}
        self.of: dict[tuple[str, str], str] = {}
        """The record hash of each (kind, ref) being reviewed."""
        self.computed = 0
        """Reviews worked out by this process (each one is worked out once)."""
        self.cancelled = 0
        """Reviews given up because nobody asked about them any more."""

    def start(
        self,
        hub: Hub,
        kind: str,
        ref: str,
        record: str,
        moves: int,
        since: float,
        client: str,
    ) -> None:
        key = record_hash(record)
        running = self.running.get(key)
        self.of[(kind, ref)] = key
        if running is not None:  # the same record is being reviewed: this one waits for it
            running.refs.add((kind, ref))
            running.since[(kind, ref)] = since
            return
        parts = max(1, -(-moves // PART_MOVES))
        running = Running({(kind, ref)}, {(kind, ref): since}, parts)
        self.running[key] = running
        running.task = asyncio.create_task(self._work(hub, key, running, record, moves, client))

    async def _work(
        self, hub: Hub, key: str, running: Running, record: str, moves: int, client: str
    ) -> None:
        engine = hub.store.engine
        idle = hub.settings.review_idle_seconds
        try:
            found: list[list[dict[str, Any]]] = []
            for start in range(0, max(1, moves), PART_MOVES):
                part = hub.search(
                    "review_part", (record, start, start + PART_MOVES), Priority.REVIEW, client
                )
                job = asyncio.ensure_future(part)
                while not job.done():
                    await asyncio.wait({job}, timeout=1.0)
                    if not job.done() and time.monotonic() - running.asked > idle:
                        job.cancel()  # its page left: its worker stops at once
                        raise Abandoned
                found.append(job.result())
                running.moves.extend(found[-1])
                running.done += 1
                if time.monotonic() - running.asked > idle:
                    raise Abandoned
            whole = await hub.search("review_whole", (record, found), Priority.REVIEW, client)
            self.computed += 1
            for kind, ref in [*running.refs, ("record", key)]:
                await hub.store.run(save_review, engine, kind, ref, whole)
        except Abandoned:
            self.cancelled += 1
            log.info("review %s: nobody asks about it any more; cancelled", key[:12])
            await self._drop(hub, running)
        except Exception:  # a failed review may be asked for again
            log.exception("review %s failed", key[:12])
            await self._drop(hub, running)
        finally:
            self.running.pop(key, None)
            for one in running.refs:
                self.of.pop(one, None)

    async def _drop(self, hub: Hub, running: Running) -> None:
        for (kind, ref), since in running.since.items():
            with contextlib.suppress(Exception):
                await hub.store.run(drop_claim, hub.store.engine, kind, ref, since)

    def waiting(
        self, hub: Hub, kind: str, ref: str, response: Response, since: int = 0
    ) -> dict[str, Any] | None:
        """The answer while the review of (``kind``, ``ref``) runs here: ``202``, its place in
        the queue, an estimate and the moves reviewed from ``since`` on; ``None`` if it does
        not run here."""
        key = self.of.get((kind, ref))
        running = None if key is None else self.running.get(key)
        if running is None:
            return None
        running.asked = time.monotonic()
        response.status_code = 202
        left = running.parts - running.done
        place = hub.tier.ahead_of(Priority.REVIEW)
        seconds = hub.tier.estimate("review_part", left, Priority.REVIEW)
        return {
            "status": "running",
            "parts": running.parts,
            "done": running.done,
            "place": place,
            "seconds": round(seconds),
            "estimate": about(seconds),
            "moves": running.moves[max(0, since) :],
        }

    async def known(
        self, hub: Hub, kind: str, ref: str, response: Response, since: int = 0
    ) -> dict[str, Any] | None:
        """``202`` and ``running`` while it runs, the saved review if there is one, else
        ``None``."""
        waiting = self.waiting(hub, kind, ref, response, since)
        if waiting is not None:
            return waiting
        found = await hub.store.run(stored_review, hub.store.engine, kind, ref)
        if found is not None:
            return {"status": "done", "review": found}
        # started while the database answered
        return self.waiting(hub, kind, ref, response, since)

    async def answer(
        self,
        hub: Hub,
        kind: str,
        ref: str,
        record: str,
        facts: Callable[[], Awaitable[int]],
        response: Response,
        client: str,
    ) -> dict[str, Any]:
        """As :meth:`known`, starting the review of a finished game's ``record`` if need be;
        ``facts()`` checks the game is finished (else refuses it) and says its moves: it is
        asked only when the review must be worked out."""
        found = await self.known(hub, kind, ref, response)
        if found is not None:
            return found
        engine, now = hub.store.engine, time.time()
        key = record_hash(record)
        if key in self.running:  # the same record is being reviewed here: this waits for it
            moves = self.running[key].parts * PART_MOVES
            self.start(hub, kind, ref, record, moves, now, client)
            return self.waiting(hub, kind, ref, response) or RUNNING
        same = await hub.store.run(stored_review, engine, "record", key)
        if same is not None:  # the same record, reviewed for another table or upload
            await hub.store.run(save_review, engine, kind, ref, same)
            return {"status": "done", "review": same}
        moves = await facts()
        if hub.tier.backend.capacity <= 0:
            raise ApiError(503, "no-workers", no_workers().message)
        if await hub.store.run(claim_review, engine, kind, ref, now):
            self.start(hub, kind, ref, record, moves, now, client)
            waiting = self.waiting(hub, kind, ref, response)
            if waiting is not None:
                return waiting
        else:  # saved a moment ago, or another process (or request) is working it out
            found = await hub.store.run(stored_review, engine, kind, ref)
            if found is not None:
                return {"status": "done", "review": found}
        response.status_code = 202
        return RUNNING


def not_finished() -> ApiError:
    return ApiError(409, "not-finished", "Only a finished game is reviewed: finish it first.")


RUNNING = {"status": "running"}


class Abandoned(Exception):
    """Nobody has asked about a review for ``review_idle_seconds``: its page left."""


def reviews_of(request: Request) -> Reviews:
    """The app's reviews in progress (each app its own: a test may run two on one database)."""
    state = request.app.state
    found: Reviews | None = getattr(state, "reviews", None)
    if found is None:
        found = state.reviews = Reviews()
    return found


@router.get("/api/tables/{table_id}/review", summary="The review of a finished game")
async def table_review(
    table: TableDep, hub: HubDep, request: Request, response: Response, since: int = 0
) -> dict[str, Any]:
    match = table.match
    if table.status != "finished" or match is None or match.result() is None:
        raise not_finished()
    reviews = reviews_of(request)
    # asked again: no record
    found = await reviews.known(hub, "table", table.id, response, since)
    if found is not None:
        return found
    record = "\n".join(await hub.compute(match.record_lines)) + "\n"

    async def facts() -> int:
        return len(match.moves)

    return await reviews.answer(
        hub, "table", table.id, record, facts, response, address_of(request)
    )


@router.get("/api/replays/{upload_id}/review", summary="The review of an uploaded record")
async def upload_review(
    upload_id: str, hub: HubDep, request: Request, response: Response, since: int = 0
) -> dict[str, Any]:
    ref = upload_id[:64]
    reviews = reviews_of(request)
    found = await reviews.known(hub, "upload", ref, response, since)  # no need to replay it
    if found is not None:
        return found
    text = await hub.store.run(hub.store.upload, ref)
    if text is None:
        raise ApiError(404, "no-such-replay", "There is no such uploaded record.")
    address = address_of(request)

    async def facts() -> int:
        # Replaying the record, to know it is finished, is a worker's job.
        try:
            finished, moves = await hub.search("record_facts", (text,), Priority.HINT, address)
        except (RecordError, SetupError) as err:
            raise ApiError(422, "bad-record", str(err)) from None
        except IllegalAction as err:
            raise ApiError(503, err.code, err.message) from None
        if not finished:
            raise not_finished()
        moves_played: int = moves
        return moves_played

    return await reviews.answer(hub, "upload", ref, text, facts, response, address)
