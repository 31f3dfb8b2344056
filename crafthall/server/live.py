"""The live hub: tables in memory, the one path every change takes, bots, clocks and clients.

Every change (a move, an undo, a join, a bot taking a seat over) goes the same way:

1. under the table's lock, work out the change from the in-memory table (refusing an illegal
   one with the engine's code and sentence, touching nothing);
2. commit it to the database with a version check (``store.Commit``); if another process got
   there first, reload the table and think again;
3. only then update memory, tell every local client (each gets its own seat's view and the
   public changes since its last message) and tell the other processes (``fanout``).

The server never reaches into a game: it uses ``Match`` and the ``Game`` interface alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.match import Match
from crafthall.engine.record import Header, Move, Seat
from crafthall.games import entry as game_entry
from crafthall.games import make_bot, new_match, replay_match
from crafthall.server.fanout import LocalFanout, RedisFanout
from crafthall.server.settings import Settings
from crafthall.server.store import Commit, Conflict, SeatRow, Snapshot, Store, TableRow

log = logging.getLogger("crafthall.server")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Client:
    """One WebSocket connection: its seat (``None``: a spectator) and its outbox."""

    def __init__(self, seat: int | None, since: int, want_legal: bool, limit: int) -> None:
        self.seat = seat
        self.sent_version = since
        self.want_legal = want_legal
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.limit = limit
        self.dropped = False

    def push(self, message: dict[str, Any]) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() >= self.limit:
            # A client that does not read is dropped rather than hold memory without bound.
            self.dropped = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(message)


@dataclass
class Prepared:
    """A change worked out but not yet committed."""

    commit: Commit
    done: Callable[[], None] = lambda: None
    """Carry the change into memory once it is committed."""
    undo: Callable[[], None] = lambda: None
    """Put memory back if the commit failed."""
    reply: dict[str, Any] = field(default_factory=dict)


class LiveTable:
    """One table in memory, rebuilt from its snapshot (the record replays to the state)."""

    def __init__(self, snapshot: Snapshot) -> None:
        self.row: TableRow = snapshot.table
        self.seats: list[SeatRow] = snapshot.seats
        self.changes: list[dict[str, Any]] = list(snapshot.changes)
        self.match: Match | None = None
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.clock_task: asyncio.Task[None] | None = None
        self.grace_tasks: dict[int, asyncio.Task[None]] = {}
        """Seats away on their turn, each waiting out the table's ``grace`` (see ``Hub``)."""
        self.bots: dict[tuple[int, str], Bot] = {}
        if self.row.header is not None:
            self.match = replay_match(Header.from_json(self.row.header), snapshot.moves)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def status(self) -> str:
        return self.row.status

    def sync(self, snapshot: Snapshot) -> None:
        """Catch up with a newer snapshot (its changes are those after our version)."""
        self.row = snapshot.table
        self.seats = snapshot.seats
        self.changes.extend(snapshot.changes)
        if self.row.header is None:
            self.match = None
            return
        moves = snapshot.moves
        match = self.match
        if match is not None and match.moves == moves[: len(match.moves)]:
            for move in moves[len(match.moves) :]:
                match.apply(move.seat, move.action, move.at)
        else:
            self.match = replay_match(Header.from_json(self.row.header), moves)

    def commit(
        self,
        change: dict[str, Any],
        table_updates: dict[str, Any] | None = None,
        seat_updates: dict[int, dict[str, Any]] | None = None,
        **rows: Any,
    ) -> Commit:
        """``change`` (numbered as the next version) as a commit against the current version."""
        return Commit(
            self.id,
            self.version,
            {"version": self.version + 1, **change},
            table_updates or {},
            seat_updates or {},
            **rows,
        )

    def check_expected(self, expect: int | None) -> None:
        """Refuse a change meant for another version of the table (``None``: any version)."""
        if expect is not None and expect != self.version:
            raise IllegalAction(
                "stale-version",
                f"The table has moved on to version {self.version}; look again and retry.",
                version=self.version,
            )

    def changes_since(self, version: int) -> list[dict[str, Any]]:
        first = self.changes[0]["version"] if self.changes else 1
        return self.changes[max(0, version + 1 - first) :]

    def active(self) -> list[int]:
        if self.match is None or self.status != "playing":
            return []
        return self.match.active_seats()

    def is_bot(self, seat: int) -> bool:
        row = self.seats[seat]
        return row.kind == "bot" or row.zombie is not None

    def away_on_turn(self) -> set[int]:
        """People's seats whose turn it is and that no connection of this process holds."""
        here = {client.seat for client in self.clients if not client.dropped}
        return {
            seat
            for seat in self.active()
            if self.seats[seat].kind == "human"
            and self.seats[seat].zombie is None
            and seat not in here
        }

    def seat_for_token(self, token: str) -> int | None:
        wanted = hash_token(token)
        for seat in self.seats:
            if seat.token_hash and hmac.compare_digest(seat.token_hash, wanted):
                return seat.idx
        return None

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {
                "index": seat.idx,
                "kind": seat.kind,
                "name": seat.name,
                "bot": seat.bot_level,
                "zombie": seat.zombie,
                "clock": None if seat.clock is None else round(seat.clock, 3),
            }
            for seat in self.seats
        ]

    def summary(self) -> dict[str, Any]:
        """The public description of the table (HTTP answers and every update)."""
        config = self.row.config
        return {
            "id": self.id,
            "game": self.row.game,
            "status": self.status,
            "version": self.version,
            "options": self.row.options,
            "undo": bool(config.get("undo", True)),
            "clock": config.get("clock"),
            "grace": config.get("grace"),
            "private": self.row.private,
            "seats": self.public_seats(),
            "result": self.row.result,
            "moves": 0 if self.match is None else len(self.match.moves),
        }


def _start_match(
    game: str, options: dict[str, Any], seed: int, fixed: Any, seats: list[Seat]
) -> Match:
    return new_match(game, seats, options=options, seed=seed, fixed=fixed)


def header_seats(seats: list[SeatRow]) -> list[Seat]:
    return [
        Seat(
            seat.name or f"Seat {seat.idx + 1}",
            f"bot:{seat.bot_level}" if seat.kind == "bot" else "human",
        )
        for seat in seats
    ]


class Hub:
    """All live tables of this process, and the one path by which any of them changes."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.fanout: LocalFanout | RedisFanout = (
            RedisFanout(settings.redis_url, settings.redis_prefix)
            if settings.redis_url
            else LocalFanout()
        )
        self.closing = False

    # --- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        await self.fanout.start(self.on_remote_change)
        for table_id in await self.store.run(self.store.table_ids, "playing"):
            table = await self.get(table_id)
            if table is not None:
                self.schedule(table)

    async def stop(self) -> None:
        self.closing = True
        for table in self.tables.values():
            self._cancel_tasks(table)
            for client in list(table.clients):
                client.push({"type": "bye", "reason": "The server is shutting down."})
                client.outbox.put_nowait(None)
        await self.fanout.stop()

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                snapshot = await self.store.run(self.store.load, table_id)
                if snapshot is None:
                    return None
                table = LiveTable(snapshot)
                self.tables[table_id] = table
        return table

    async def on_remote_change(self, table_id: str, version: int) -> None:
        """Another process committed a change: catch up, tell our clients, go on."""
        table = self.tables.get(table_id)
        if table is None or table.version >= version:
            return
        async with table.lock:
            if table.version < version:
                await self._reload(table)
                self.broadcast(table)
        self.schedule(table)

    async def catch_up(self, table: LiveTable) -> None:
        """With several processes, read what the others committed that we were not yet told
        of (a fresh connection then sees its own writes made through another process)."""
        if not self.settings.redis_url:
            return
        version = await self.store.run(self.store.version, table.id)
        if version is not None and version > table.version:
            await self.on_remote_change(table.id, version)

    async def _reload(self, table: LiveTable) -> None:
        snapshot = await self.store.run(self.store.load, table.id, table.version)
        if snapshot is not None:
            table.sync(snapshot)

    # --- the one path of every change ------------------------------------------------------

    async def change(
        self, table: LiveTable, prepare: Callable[[], Prepared], strict: bool = False
    ) -> Prepared:
        """Prepare, commit, then tell. ``strict``: refuse rather than retry on a newer table."""
        async with table.lock:
            for _attempt in range(5):
                prepared = prepare()
                try:
                    await self.store.run(self.store.commit, prepared.commit)
                except Conflict:
                    prepared.undo()
                    await self._reload(table)
                    # Our clients learn of the change that won the race from us: the
                    # fan-out notice will find this process already up to date.
                    self.broadcast(table)
                    if strict:
                        raise IllegalAction(
                            "stale-version",
                            f"The table has moved on to version {table.version}; "
                            "look again and retry.",
                            version=table.version,
                        ) from None
                    continue
                except BaseException:
                    prepared.undo()
                    raise
                table.row.version = prepared.commit.expected + 1
                for key, value in prepared.commit.table_updates.items():
                    setattr(table.row, key, value)
                for idx, values in prepared.commit.seat_updates.items():
                    for key, value in values.items():
                        setattr(table.seats[idx], key, value)
                prepared.done()
                table.changes.append(prepared.commit.change)
                self.broadcast(table)
                break
            else:
                raise IllegalAction("busy", "The table is busy right now; try again.")
        with contextlib.suppress(Exception):
            await self.fanout.publish(table.id, table.version)
        self.schedule(table)
        return prepared

    def _clock_updates(
        self, table: LiveTable, now: float, mover: int | None
    ) -> tuple[dict[int, dict[str, Any]], dict[str, Any]]:
        """Charge the running clocks for the time since they were last stamped."""
        clock = table.row.config.get("clock")
        if not clock or table.row.clock_since is None:
            return {}, {}
        elapsed = max(0.0, now - table.row.clock_since)
        updates: dict[int, dict[str, Any]] = {}
        for seat in table.active():
            row = table.seats[seat]
            if row.clock is None or table.is_bot(seat):
                continue
            left = max(0.0, row.clock - elapsed)
            if seat == mover:
                left += float(clock.get("increment", 0))
            updates[seat] = {"clock": left}
        return updates, {"clock_since": now}

    # --- operations ------------------------------------------------------------------------

    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        expect: int | None = None,
        by_bot: bool = False,
    ) -> int:
        """Carry out ``action`` for ``seat``; returns the table's new version."""

        def prepare() -> Prepared:
            match = self._playing(table)
            table.check_expected(expect)
            if not by_bot and table.seats[seat].zombie is not None:
                raise IllegalAction(
                    "seat-taken-over",
                    "A bot plays this seat now, because its player left or ran out of time.",
                )
            now = time.time()
            started = float(table.row.config.get("started_at", table.row.created))
            at = round(now - started, 3)
            seat_updates, table_updates = self._clock_updates(table, now, seat)
            before = (match.state, len(match.moves), len(match.events))
            events = match.apply(seat, action, at)
            index = len(match.moves) - 1
            change: dict[str, Any] = {
                "kind": "move",
                "seat": seat,
                "move": index,
                "events": events,
            }
            result = match.result()
            if result is not None:
                table_updates.update(
                    status="finished", result=self._result_json(table, result.to_json())
                )
                change["result"] = table_updates["result"]

            def undo() -> None:
                match.state = before[0]
                del match.moves[before[1] :]
                del match.events[before[2] :]

            return Prepared(
                table.commit(
                    change,
                    table_updates,
                    seat_updates,
                    insert_move=Move(seat, action, at),
                    move_index=index,
                ),
                undo=undo,
            )

        prepared = await self.change(table, prepare, strict=by_bot or expect is not None)
        return prepared.commit.expected + 1

    async def take_back(self, table: LiveTable, seat: int) -> int:
        """Undo ``seat``'s own last action, where the table and the rules allow it."""

        def prepare() -> Prepared:
            match = self._playing(table)
            if not table.row.config.get("undo", True):
                raise IllegalAction("undo-off", "Undo is switched off at this table.")
            if not match.moves:
                raise IllegalAction(
                    "nothing-to-undo", "Nobody has acted yet; there is nothing to undo."
                )
            last = match.moves[-1]
            if last.seat != seat:
                raise IllegalAction(
                    "undo-not-yours",
                    "Only the last action may be taken back, and it was not yours.",
                )
            before = Match.replay(match.game, match.header, match.moves[:-1])
            if not match.game.undoable(before.state, match.state):
                raise IllegalAction(
                    "undo-not-allowed",
                    "That action revealed hidden information or drew by chance; "
                    "it cannot be taken back.",
                )
            now = time.time()
            seat_updates, table_updates = self._clock_updates(table, now, None)
            index = len(match.moves) - 1
            change = {"kind": "undo", "seat": seat, "move": index}

            def done() -> None:
                table.match = before

            return Prepared(
                table.commit(change, table_updates, seat_updates, delete_move=index), done=done
            )

        prepared = await self.change(table, prepare)
        return prepared.commit.expected + 1

    async def hand_to_bot(
        self, table: LiveTable, seat: int, reason: str, expect: int | None = None
    ) -> int:
        """Zombie mode: a bot plays ``seat`` from now on (``reason``: the player ``left``, ran
        out of time, ``timeout``, or stayed ``disconnected`` on their turn past the grace)."""

        def prepare() -> Prepared:
            match = self._playing(table)
            table.check_expected(expect)
            if reason == "disconnected" and seat not in table.away_on_turn():
                raise IllegalAction("seat-back", "The player came back in time.")
            row = table.seats[seat]
            if row.kind != "human" or row.zombie is not None:
                raise IllegalAction("not-a-player", "A bot already plays this seat.")
            now = time.time()
            seat_updates, table_updates = self._clock_updates(table, now, None)
            seat_updates.setdefault(seat, {}).update(
                zombie=reason,
                zombie_move=len(match.moves),
                **({"clock": 0.0} if reason == "timeout" else {}),
            )
            change = {
                "kind": "zombie",
                "seat": seat,
                "reason": reason,
                "move": len(match.moves),
                "bot": table.row.config.get("zombie_level", "random"),
            }
            return Prepared(table.commit(change, table_updates, seat_updates))

        prepared = await self.change(table, prepare, strict=expect is not None)
        return prepared.commit.expected + 1

    async def join(self, table: LiveTable, seat: int, invite: str, name: str) -> str:
        """Sit a guest at an open seat; the game starts when the last seat fills."""
        token = new_token()

        def prepare() -> Prepared:
            if table.status != "waiting":
                raise IllegalAction("table-full", "This table has no open seat any more.")
            if not 0 <= seat < len(table.seats):
                raise IllegalAction("no-such-seat", f"There is no seat {seat + 1} at this table.")
            row = table.seats[seat]
            if row.kind != "open" or row.invite is None:
                raise IllegalAction("seat-taken", f"Seat {seat + 1} is already taken.")
            if not hmac.compare_digest(row.invite, invite):
                raise IllegalAction(
                    "bad-invite", "That invite does not open this seat; ask for a fresh link."
                )
            seat_updates = {
                seat: {
                    "kind": "human",
                    "name": name,
                    "token_hash": hash_token(token),
                    "invite": None,
                }
            }
            change: dict[str, Any] = {
                "kind": "joined",
                "seat": seat,
                "name": name,
            }
            table_updates: dict[str, Any] = {}
            still_open = [s for s in table.seats if s.kind == "open" and s.idx != seat]
            new_match: list[Match] = []
            if not still_open:
                seats_now = [
                    SeatRow(**{**s.__dict__, **seat_updates.get(s.idx, {})}) for s in table.seats
                ]
                match = self._new_match(table.row, seats_now)
                now = time.time()
                table_updates = {
                    "status": "playing",
                    "header": match.header.to_json(),
                    "config": {**table.row.config, "started_at": now},
                    "clock_since": now,
                }
                change["started"] = True
                new_match.append(match)

            def done() -> None:
                if new_match:
                    table.match = new_match[0]

            return Prepared(table.commit(change, table_updates, seat_updates), done=done)

        await self.change(table, prepare)
        return token

    # --- creation --------------------------------------------------------------------------

    @staticmethod
    def _new_match(row: TableRow, seat_rows: list[SeatRow]) -> Match:
        return _start_match(row.game, row.options, row.seed, row.fixed, header_seats(seat_rows))

    async def create(
        self,
        game: str,
        options: dict[str, Any],
        seat_specs: list[dict[str, Any]],
        *,
        seed: int | None,
        fixed: dict[str, Any] | None,
        config: dict[str, Any],
        private: bool,
    ) -> tuple[LiveTable, dict[int, str], dict[int, str]]:
        """A new table; returns it, the tokens of seats taken now and the invites of open ones.

        Raises ``SetupError`` (with a sentence) for a bad game, options, seats or bot level.
        """
        name = game_entry(game).game.name
        seed = secrets.randbits(62) if seed is None else seed
        seat_rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        clock = config.get("clock")
        for idx, spec in enumerate(seat_specs):
            kind = spec["kind"]
            row = SeatRow(idx=idx, kind=kind)
            if kind == "human":
                tokens[idx] = new_token()
                row.name = spec["name"]
                row.token_hash = hash_token(tokens[idx])
            elif kind == "bot":
                row.bot_level = spec.get("level") or "random"
                row.name = spec.get("name") or f"Bot {row.bot_level}"
            else:
                invites[idx] = secrets.token_urlsafe(12)
                row.invite = invites[idx]
            if clock and kind != "bot":
                row.clock = float(clock["initial"])
            seat_rows.append(row)
        # Build the match once now, with stand-in names: bad options, seat counts, fixed
        # set-ups and bot levels are refused before anything is stored.
        probe = _start_match(name, options, seed, fixed, header_seats(seat_rows))
        for row in seat_rows:
            if row.bot_level:
                make_bot(probe.game, row.bot_level, 0)
        make_bot(probe.game, config.get("zombie_level", "random"), 0)
        now = time.time()
        table_row = TableRow(
            id=secrets.token_urlsafe(9),
            game=name,
            options=probe.header.options,
            config=config,
            seed=seed,
            status="waiting",
            private=private,
            version=1,
            created=now,
            fixed=fixed,
        )
        change: dict[str, Any] = {"version": 1, "kind": "created"}
        if not invites:
            match = self._new_match(table_row, seat_rows)
            table_row.status = "playing"
            table_row.header = match.header.to_json()
            table_row.config = {**config, "started_at": now}
            table_row.clock_since = now
            change["started"] = True
        await self.store.run(self.store.create, table_row, seat_rows, change)
        table = await self.get(table_row.id)
        assert table is not None
        self.schedule(table)
        return table, tokens, invites

    # --- clients ---------------------------------------------------------------------------

    def attach(self, table: LiveTable, client: Client) -> None:
        table.clients.add(client)
        client.push(self.update_for(table, client))
        self._schedule_grace(table)

    def detach(self, table: LiveTable, client: Client) -> None:
        table.clients.discard(client)
        self._schedule_grace(table)

    def broadcast(self, table: LiveTable) -> None:
        views: dict[Any, Any] = {}
        now = time.time()
        for client in list(table.clients):
            client.push(self.update_for(table, client, views, now))

    def update_for(
        self,
        table: LiveTable,
        client: Client,
        views: dict[Any, Any] | None = None,
        now: float | None = None,
    ) -> dict[str, Any]:
        """The message that brings ``client`` up to date: its own view and what it missed."""
        views = {} if views is None else views
        seat = client.seat
        match = table.match
        if seat not in views:
            views[seat] = None if match is None else match.view(seat)
        if "summary" not in views:
            # Shared by every client of one broadcast (the seat keys are ints or None).
            views["summary"] = table.summary()
            views["active"] = table.active()
        active = views["active"]
        message: dict[str, Any] = {
            "type": "update",
            "table": views["summary"],
            "version": table.version,
            "seat": seat,
            "view": views[seat],
            "active": active,
            "changes": table.changes_since(client.sent_version),
            "clock": None
            if not table.row.config.get("clock")
            else {"since": table.row.clock_since, "now": now or time.time()},
        }
        if seat is not None:
            message["can_undo"] = bool(
                match is not None
                and table.status == "playing"
                and table.row.config.get("undo", True)
                and match.moves
                and match.moves[-1].seat == seat
                and table.seats[seat].zombie is None
            )
            if client.want_legal:
                message["legal"] = self.legal(table, seat)
        client.sent_version = table.version
        return message

    def legal(self, table: LiveTable, seat: int) -> list[Action]:
        if table.match is None or seat not in table.active() or table.is_bot(seat):
            return []
        actions = []
        for action in table.match.game.legal_actions(table.match.state, seat):
            actions.append(action)
            if len(actions) >= self.settings.legal_limit:
                break
        return actions

    # --- bots and clocks -------------------------------------------------------------------

    def _cancel_tasks(self, table: LiveTable) -> None:
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()
        for task in table.grace_tasks.values():
            task.cancel()
        table.grace_tasks.clear()
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None

    def schedule(self, table: LiveTable) -> None:
        """Start the bots whose turn it is and the clock of whoever must act next."""
        if self.closing:
            return
        if table.status != "playing":
            self._cancel_tasks(table)
            return
        active = set(table.active())
        for seat, task in list(table.bot_tasks.items()):
            if seat not in active:
                task.cancel()
                del table.bot_tasks[seat]
        for seat in active:
            if table.is_bot(seat) and seat not in table.bot_tasks:
                table.bot_tasks[seat] = asyncio.create_task(self._bot_turn(table, seat))
        self._schedule_clock(table, active)
        self._schedule_grace(table)

    def _bot(self, table: LiveTable, seat: int) -> Bot:
        row = table.seats[seat]
        level = row.bot_level if row.kind == "bot" else table.row.config.get("zombie_level")
        key = (seat, level or "random")
        if key not in table.bots:
            assert table.match is not None
            table.bots[key] = make_bot(table.match.game, key[1], table.row.seed + seat)
        return table.bots[key]

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        me = asyncio.current_task()
        stale = False
        try:
            bot = self._bot(table, seat)
            delay = self.settings.bot_delay
            if delay > 0:
                await asyncio.sleep(delay + bot.think_seconds())
            match = table.match
            if match is None or seat not in table.active():
                return
            version = table.version
            state: State = clone(match.state)
            action = await asyncio.to_thread(bot.choose, state, seat)
            if table.bot_tasks.get(seat) is me:
                del table.bot_tasks[seat]
            await self.act(table, seat, action, expect=version, by_bot=True)
        except IllegalAction as err:
            stale = err.code == "stale-version"
            if not stale:
                log.warning("bot at table %s seat %s refused: %s", table.id, seat, err.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot at table %s seat %s failed", table.id, seat)
        finally:
            if table.bot_tasks.get(seat) is me:
                del table.bot_tasks[seat]
        if stale:
            self.schedule(table)

    def _schedule_clock(self, table: LiveTable, active: set[int]) -> None:
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        if not table.row.config.get("clock") or table.row.clock_since is None:
            return
        running = [s for s in active if not table.is_bot(s) and table.seats[s].clock is not None]
        if not running:
            return
        seat = min(running, key=lambda s: table.seats[s].clock or 0.0)
        deadline = table.row.clock_since + (table.seats[seat].clock or 0.0)
        table.clock_task = asyncio.create_task(self._time_out(table, seat, deadline, table.version))

    def _schedule_grace(self, table: LiveTable) -> None:
        """At a table with a ``grace``, a seat whose turn it is and that nobody holds (the
        player's connection dropped, or they never came) is handed to a bot once it has been
        away that long; coming back (any connection with its token) stops the count."""
        grace = table.row.config.get("grace")
        # Who is connected is known to each process alone: with several processes, a player
        # on another one would look away, so there the grace is not applied.
        applies = grace and not self.closing and not self.settings.redis_url
        away = table.away_on_turn() if applies else set()
        for seat, task in list(table.grace_tasks.items()):
            if seat not in away:
                task.cancel()
                del table.grace_tasks[seat]
        for seat in away - table.grace_tasks.keys():
            table.grace_tasks[seat] = asyncio.create_task(
                self._grace_over(table, seat, float(grace or 0))
            )

    async def _grace_over(self, table: LiveTable, seat: int, grace: float) -> None:
        await asyncio.sleep(grace)
        if table.grace_tasks.get(seat) is asyncio.current_task():
            del table.grace_tasks[seat]
        try:
            await self.hand_to_bot(table, seat, "disconnected")
        except IllegalAction:
            self.schedule(table)

    async def _time_out(self, table: LiveTable, seat: int, deadline: float, version: int) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        if table.clock_task is asyncio.current_task():
            table.clock_task = None
        try:
            await self.hand_to_bot(table, seat, "timeout", expect=version)
        except IllegalAction:
            self.schedule(table)

    # --- helpers ---------------------------------------------------------------------------

    @staticmethod
    def _playing(table: LiveTable) -> Match:
        if table.status == "waiting" or table.match is None:
            raise IllegalAction(
                "game-not-started", "The game has not started: seats are still open."
            )
        if table.status == "finished":
            raise IllegalAction("game-over", "The game is over; no more actions are taken.")
        return table.match

    @staticmethod
    def _result_json(table: LiveTable, result: dict[str, Any]) -> dict[str, Any]:
        zombies = [
            {
                "seat": s.idx,
                "reason": s.zombie,
                "move": s.zombie_move,
                "bot": table.row.config.get("zombie_level", "random"),
            }
            for s in table.seats
            if s.zombie is not None
        ]
        names = [s.name for s in table.seats]
        return {**result, "names": names, "zombies": zombies}
