"""The live hub: the tables of this process and the one path every change takes.

Every change (a move, an undo, a join, a bot taking a seat over) goes the same way:

1. under the table's lock, :meth:`Change.prepare <crafthall.server.changes.Change.prepare>`
   works the change out from the in-memory table (refusing an illegal one with the engine's
   code and sentence, touching nothing);
2. commit it to the database with a version check (``store.Commit``), in one transaction with
   the other changes waiting (:mod:`crafthall.server.commits`); if another process got there
   first, :meth:`Change.settle` puts memory back, and the table is reloaded and the change
   prepared again;
3. only then :meth:`Change.settle` updates memory, and the hub tells every local client
   (each gets its own seat's view and the public changes since its last message:
   :mod:`crafthall.server.updates`), tells the other processes
   (:mod:`crafthall.server.fanout`) and starts whatever must act next
   (:mod:`crafthall.server.pacing`).

The server never reaches into a game: it uses ``Match`` and the ``Game`` interface alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from crafthall.engine.data import Action, State
from crafthall.engine.errors import IllegalAction
from crafthall.server import changes
from crafthall.server.accounts.ratings import rate_soon
from crafthall.server.changes import Change
from crafthall.server.chat import ChatRooms
from crafthall.server.clients import Client, load
from crafthall.server.commits import CommitQueue, to_its_end
from crafthall.server.compute import Priority, compute_for
from crafthall.server.compute.jobs import bot_seed
from crafthall.server.creation import NewTable
from crafthall.server.fanout import LocalFanout, Origin, RedisFanout, gives_way
from crafthall.server.limits import Connections, RatePerAddress
from crafthall.server.pacing import Pacer
from crafthall.server.pauses import GcWatch
from crafthall.server.presence import LocalPresence, RedisPresence
from crafthall.server.settings import Settings
from crafthall.server.store import Commit, Conflict, OutcomeUnknown, Store, as_read
from crafthall.server.table import ChangeCosts, LiveTable, PartialSnapshot, new_token, stale
from crafthall.server.turnbased import Turns
from crafthall.server.turnbased.rows import tables_to_start
from crafthall.server.updates import Answer, Built, build_updates, deliver
from crafthall.server.wire import bye

T = TypeVar("T")

log = logging.getLogger("crafthall.server")

HEALTH_TIMEOUT = 3.0
"""Seconds the health check waits for the database before calling it unreachable."""

CATCH_UP_RETRY = 1.0
"""Seconds between tries to read a table that changed elsewhere while the database was away."""

RETRIES = 5
"""How many times a change is prepared again after losing a race before the table is busy."""

CLOSE_GOING_AWAY = 1001

FAREWELL_SECONDS = 2.0
"""At shutdown, how long clients' last messages (``bye``) may take to go out."""


def _timed(change: Change) -> tuple[Commit, float]:
    """Work a change out, with the CPU seconds the rules took."""
    began = time.thread_time()
    commit = change.prepare()
    return commit, time.thread_time() - began


def storage_down() -> IllegalAction:
    """The refusal of a change while the database cannot be reached (nothing changed)."""
    return IllegalAction(
        "storage-unavailable", "The server cannot save moves right now; try again in a moment."
    )


def outcome_unknown() -> IllegalAction:
    """The answer to a change whose commit may or may not have been saved (see
    :class:`OutcomeUnknown`); the table is read again as soon as the database answers."""
    return IllegalAction(
        "outcome-unknown",
        "The database stopped answering while your move was being saved, so it may have been "
        "saved or not. The table will show it as soon as the database is back; if it does "
        "not, play it again then.",
    )


def bot_priority(table: LiveTable, seat: int) -> Priority:
    """How urgent the move of the bot playing ``seat`` is: a person waits for it, or it plays
    a person's seat (one who left or ran out of time), or only bots sit at the table."""
    if all(table.is_bot(other) for other in range(len(table.seats))):
        return Priority.BOTS_ONLY
    if table.seats[seat].kind != "bot":
        return Priority.TAKEN_OVER
    return Priority.BOT_FOR_PERSON


class Hub:
    """All live tables of this process, and the one path by which any of them changes."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.commits = CommitQueue(store)
        self.tables: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()
        self.fanout: LocalFanout | RedisFanout = (
            RedisFanout(settings.redis_url, settings.redis_prefix)
            if settings.redis_url
            else LocalFanout()
        )
        self.presence: LocalPresence | RedisPresence = (
            RedisPresence(settings.redis_url, settings.redis_prefix, self.fanout.origin)
            if settings.redis_url
            else LocalPresence()
        )
        self.pacer = Pacer(settings, self, self.presence)
        # Game work (moves, views, legal lists) runs here, off the event loop, so a slow one
        # never holds up other tables; searches (bots, hints, reviews, replays) run in worker
        # processes, in their turn (:mod:`crafthall.server.compute`).
        self._compute = ThreadPoolExecutor(max_workers=4, thread_name_prefix="crafthall-game")
        self.tier = compute_for(settings)
        self.connections = Connections(settings.max_connections_per_address)
        self.creations = RatePerAddress(settings.create_rate, settings.create_burst)
        self._unloader: asyncio.Task[None] | None = None
        self._behind: set[str] = set()
        """Tables a change notice could not be read for (the database was away)."""
        self._wanted: dict[str, int] = {}
        """Tables being read after a change elsewhere, with the newest version announced."""
        self._announced: dict[str, dict[int, Commit]] = {}
        """The commits other processes announced for tables being followed, by version."""
        self._background: set[asyncio.Task[None]] = set()
        self._game_costs: dict[str, ChangeCosts] = {}
        """The last changes' costs of each game's tables (see :meth:`_light`)."""
        self.gc = GcWatch(freeze=settings.freeze_gc)
        """Garbage-collection pauses (and, with ``freeze_gc``, the freezing after each)."""
        self.turns = Turns(self)
        """Turn-based tables' deadlines and notices (:mod:`crafthall.server.turnbased`)."""
        self.chat = ChatRooms(self)
        """The tables' chat rooms (:mod:`crafthall.server.chat`)."""

    # --- life cycle ------------------------------------------------------------------------

    async def start(self) -> None:
        await self.tier.start()
        await self.fanout.start(self.notice, self.resync)
        await self.chat.start()
        await self.presence.start()
        # Reading a table back starts its bots and clocks; a quiet turn-based table stays
        # in the database until a player opens it or its deadline comes.
        for table_id in await self.store.run(tables_to_start, self.store.engine):
            await self.get(table_id)
        await self.turns.start()
        self._unloader = asyncio.create_task(self._unload_loop())

    async def farewell(self) -> None:
        """The server is about to close every connection: tell each client why, first."""
        self.pacer.close()
        writers = []
        for table in self.tables.values():
            for client in list(table.clients):
                client.push(bye("The server is restarting; reconnecting."))
                client.close(CLOSE_GOING_AWAY)
                writers.append(client.gone.wait())
        if writers:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*writers), FAREWELL_SECONDS)

    async def stop(self) -> None:
        self.pacer.close()
        await self.turns.stop()
        if self._unloader is not None:
            self._unloader.cancel()
        for table in self.tables.values():
            self.pacer.cancel(table)
            for client in list(table.clients):
                client.push(bye("The server is shutting down."))
                client.close()
        await self.fanout.stop()
        await self.chat.stop()
        await self.presence.stop()
        await self.commits.close()
        await self.tier.close()
        self._compute.shutdown(wait=False, cancel_futures=True)

    async def compute(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` on the game threads (see :mod:`crafthall.server.updates`)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._compute, functools.partial(work, *args))

    async def search(
        self, name: str, args: tuple[Any, ...], priority: Priority, client: str
    ) -> Any:
        """Job ``name`` of :mod:`crafthall.server.compute.jobs` on a worker, in its turn."""
        return await self.tier.run(name, args, priority, client)

    async def think(
        self, table: LiveTable, seat: int, state: State, version: int
    ) -> tuple[Action, int]:
        """The move of the bot playing ``seat`` in ``state`` (the table at ``version``), made by
        a worker, with the milliseconds it thought."""
        match = table.match
        assert match is not None
        args = (
            match.header.to_json(),
            state,
            seat,
            table.bot_level(seat),
            bot_seed(table.row.seed, seat, version),
        )
        action, ms = await self.search("bot_move", args, bot_priority(table, seat), table.id)
        return action, ms

    async def get(self, table_id: str) -> LiveTable | None:
        table = self.tables.get(table_id)
        if table is None:
            async with self._loading:
                table = self.tables.get(table_id)
                if table is None:
                    snapshot = await self.store.run(self.store.load, table_id)
                    if snapshot is None:
                        return None
                    # Replaying a long record takes a while: off the loop.
                    table = await self.compute(LiveTable, snapshot)
                    self.tables[table_id] = table
                    self.gc.table_loaded()
                    self.pacer.schedule(table)  # a table read back may have a bot to move
                    self.turns.changed(table)
        table.last_used = time.monotonic()
        return table

    # --- unloading idle tables -------------------------------------------------------------

    def unload_idle(self) -> int:
        """Forget the tables nobody watches and nothing drives (no bot, clock or grace
        waiting) that have not been asked for in ``unload_after`` seconds; they are read
        back from the database when asked for. Returns how many went."""
        cutoff = time.monotonic() - self.settings.unload_after
        gone = [
            table
            for table in self.tables.values()
            if table.last_used <= cutoff and self._unloadable(table)
        ]
        for table in gone:
            self._unload(table)
        return len(gone)

    @staticmethod
    def _unwatched(table: LiveTable) -> bool:
        """Nobody here watches ``table``, and no change of it is under way here."""
        return not table.holders and not table.clients and not table.lock.locked()

    @staticmethod
    def _undriven(table: LiveTable) -> bool:
        """No bot, clock or grace of ``table`` waits here."""
        return not table.bot_tasks and not table.grace_tasks and table.clock_task is None

    @classmethod
    def _unloadable(cls, table: LiveTable) -> bool:
        """Nobody here watches ``table`` and nothing here drives it."""
        return cls._unwatched(table) and cls._undriven(table)

    def _unload(self, table: LiveTable) -> None:
        del self.tables[table.id]
        table.unloaded = True

    async def _unload_loop(self) -> None:
        every = max(0.05, min(60.0, self.settings.unload_after / 2))
        while True:
            await asyncio.sleep(every)
            count = self.unload_idle()
            self.gc.tables_unloaded(count)
            if count:
                log.info("%d idle tables left memory (%d held)", count, len(self.tables))

    async def health(self) -> dict[str, Any]:
        """Is each part this process needs working? ``ok`` only if all are."""
        try:
            await asyncio.wait_for(self.store.run(self.store.ping), HEALTH_TIMEOUT)
            database = "ok"
        except Exception as err:  # the reason is shown to the operator, not to players
            database = f"unreachable ({type(err).__name__})"
        if self.settings.redis_url:
            redis = "ok" if self.fanout.healthy else "unreachable (reconnecting)"
        else:
            redis = "not used"
        compute = self.tier.report()
        ok = database == "ok" and redis != "unreachable (reconnecting)" and compute["capacity"] > 0
        return {
            "ok": ok,
            "database": database,
            "redis": redis,
            "compute": compute,
            "tables": len(self.tables),
            "commits": self.commits.report(),
        }

    # --- changes made by other processes ---------------------------------------------------

    async def notice(
        self, table_id: str, version: int, commit: bytes | None = None, origin: Origin | None = None
    ) -> None:
        """The fan-out's news that another process (``origin``) committed ``version`` of a
        table (with the commit itself): the catching up runs on its own, so the listener goes
        on to the next notice at once (one at a time, a slow read of one table held up every
        other table's news). Notices for a table already being followed are folded in."""
        table = self.tables.get(table_id)
        if table is None or table.version >= version:
            return
        if self._lets_go(table, origin):
            # Its bots and clocks are run by the process that changed it, which holds it.
            self.pacer.cancel(table)
            # Played through another process only: letting it go costs a read if it is asked
            # for here again; following it costs every move's rules and updates. (Not counted
            # towards the collector's thaw: a table's life through the server leaves no
            # reference cycle, tested in tests/server/test_limits.py, so its reference counts
            # free it though frozen; with routing by table, about half the tables a process
            # makes are let go, and counting them brought a full collection every few minutes.)
            self._unload(table)
            return
        if commit is not None:
            with contextlib.suppress(Exception):  # unreadable: the table is read instead
                announced = self._announced.setdefault(table_id, {})
                announced[version] = Commit.from_message(load(commit))
        wanted = self._wanted.get(table_id)
        self._wanted[table_id] = max(version, wanted or 0)
        if wanted is not None:
            return
        self._background.add(task := asyncio.create_task(self._follow(table)))
        task.add_done_callback(self._background.discard)

    def _lets_go(self, table: LiveTable, origin: Origin | None) -> bool:
        """Does this process leave ``table``, changed by ``origin``, to the process that
        changed it? Only if nobody here watches it or asked for it lately; and if its bots,
        clocks or graces wait here too while nobody watches it there either, only if this is
        the process of the two to give way (:func:`gives_way`), so that one of them still
        drives it."""
        idle_since = time.monotonic() - self.settings.let_go_after
        if table.last_used > idle_since or not self._unwatched(table):
            return False
        if origin is None or origin.watched or self._undriven(table):
            return True
        return gives_way(self.fanout.origin, origin.process, table.id)

    async def _follow(self, table: LiveTable) -> None:
        try:
            while self._wanted[table.id] > table.version:
                before = table.version
                await self.on_remote_change(table.id, self._wanted[table.id])
                if table.version == before:
                    # Not read (the database is away, or the table left memory): the
                    # retry after an outage, or the next reader, takes it from here.
                    return
        except Exception:  # this table's news must not stop the others'
            log.exception("table %s: a change made elsewhere could not be read", table.id)
        finally:
            self._wanted.pop(table.id, None)
            self._announced.pop(table.id, None)

    async def on_remote_change(self, table_id: str, version: int) -> None:
        """Another process committed a change: catch up, tell our clients, go on."""
        table = self.tables.get(table_id)
        if table is None or table.version >= version:
            return
        try:
            await self._refresh(table, version)
        except IllegalAction:  # the database is away: read the table once it is back
            self._catch_up_later(table)

    async def _refresh(self, table: LiveTable, version: int) -> None:
        """Read ``table`` up to ``version`` or past, tell our clients, and go on."""
        async with table.lock:
            if table.version < version:
                if not self._follow_announced(table, version):
                    await self._reload(table)
                await self.tell(table)
        self.pacer.schedule(table)

    def _follow_announced(self, table: LiveTable, version: int) -> bool:
        """Carry the commits announced up to ``version`` into memory, without a read; ``False``
        if one is missing or must be read (the table is then read from where it got to).
        Each is one move's rules, as quick as the table's own moves are on the loop."""
        announced = self._announced.get(table.id, {})
        while table.version < version:
            commit = announced.pop(table.version + 1, None)
            if commit is None or not table.follow(commit):
                return False
        return True

    def _catch_up_later(self, table: LiveTable) -> None:
        if table.id in self._behind:
            return
        self._behind.add(table.id)

        async def retry() -> None:
            try:
                while not self.pacer.closing:
                    await asyncio.sleep(CATCH_UP_RETRY)
                    try:
                        version = await self.store.run(self.store.version, table.id)
                        await self._refresh(table, version or 0)
                        return
                    except (IllegalAction, SQLAlchemyError):
                        continue
            finally:
                self._behind.discard(table.id)

        self._background.add(task := asyncio.create_task(retry()))
        task.add_done_callback(self._background.discard)

    async def resync(self) -> None:
        """After a gap in the fan-out (Redis was away), read every held table's version from
        the database and catch up with what other processes committed meanwhile."""
        for table in list(self.tables.values()):
            try:
                await self.catch_up(table)
            except Exception:  # one table that cannot be read must not stop the others
                log.exception("table %s could not be re-read after a fan-out gap", table.id)

    async def catch_up(self, table: LiveTable, unless_read_within: float = 0.0) -> None:
        """With several processes, read what the others committed that we were not yet told
        of (a fresh connection then sees its own writes made through another process).
        Not if the table was read from the database ``unless_read_within`` seconds ago: what
        was committed since is on its way through the fan-out."""
        if not self.settings.redis_url:
            return
        if time.monotonic() - table.read_at < unless_read_within:
            return
        version = await self.store.run(self.store.version, table.id)
        if version is not None and version > table.version:
            await self.on_remote_change(table.id, version)

    async def _reload(self, table: LiveTable) -> None:
        try:
            since = table.version
            held = 0 if table.match is None else len(table.match.moves)
            snapshot = await self.store.run(self.store.load, table.id, since, held)
            if snapshot is not None:
                try:
                    await self.compute(table.sync, snapshot)
                except PartialSnapshot:
                    snapshot = await self.store.run(self.store.load, table.id, since)
                    if snapshot is not None:
                        await self.compute(table.sync, snapshot)
        except SQLAlchemyError:
            raise storage_down() from None

    # --- the one path of every change ------------------------------------------------------

    async def change(
        self,
        table: LiveTable,
        change: Change,
        strict: bool = False,
        answer: Answer | None = None,
    ) -> int:
        """Prepare, commit, then tell; returns the table's new version. ``strict``: refuse
        rather than retry on a newer table; ``answer``: the client whose request this is,
        whose update then carries the request's id (its one answer)."""
        async with table.lock:
            for _attempt in range(RETRIES):
                # The game's work (the rules, then the updates) runs on the loop itself for a
                # light table, else on the game threads; the commit goes with the next group
                # (see :mod:`crafthall.server.commits`).
                clients = list(table.clients)
                light = self._light(table)
                try:
                    if light:
                        commit, work = await self._prepare_and_commit(change, light)
                    else:
                        # Once on a thread (changing memory), the change must reach its
                        # commit and be settled, even if this caller is cancelled meanwhile.
                        commit, work = await to_its_end(self._prepare_and_commit(change, light))
                except Conflict:
                    await self._reload(table)
                    # Our clients learn of the change that won the race from us: the
                    # fan-out notice will find this process already up to date.
                    await self.tell(table)
                    if strict:
                        raise stale(table.version) from None
                    continue
                except OutcomeUnknown as err:
                    log.warning("table %s: change may or may not be saved: %s", table.id, err)
                    self._catch_up_later(table)
                    raise outcome_unknown() from None
                except SQLAlchemyError as err:
                    log.warning("table %s: change not saved: %s", table.id, err)
                    raise storage_down() from None
                if not clients:
                    built: Built | None = []
                elif light:
                    built, spent = self._build(table, clients, answer)
                    work += spent
                else:
                    built, spent = await self.compute(self._build, table, clients, answer)
                    work += spent
                table.change_costs.add(work)
                self._game_costs.setdefault(table.row.game, ChangeCosts()).add(work)
                if built is None:
                    await self.tell(table, answer=answer)
                else:
                    deliver(table, built)
                break
            else:
                raise IllegalAction("busy", "The table is busy right now; try again.")
        try:
            watched = bool(table.holders or table.clients)
            self.fanout.publish(table.id, commit.expected + 1, commit.to_message(), watched)
        except Exception:  # committed and told: other processes catch up on their next read
            log.exception("table %s: the change could not be announced", table.id)
        self.pacer.schedule(table)
        self.turns.changed(table)
        if table.status == "finished":
            rate_soon(self.store, table.id)
        return commit.expected + 1

    async def _prepare_and_commit(self, change: Change, light: bool) -> tuple[Commit, float]:
        """Work the change out (on the loop if ``light``, else on a game thread), then
        commit it with the next group, which settles it; returns its commit with the CPU
        seconds the rules took."""
        if light:
            commit, work = _timed(change)
        else:
            commit, work = await self.compute(_timed, change)
        await self.commits.commit(commit, functools.partial(change.settle, commit))
        return commit, work

    def _build(
        self, table: LiveTable, clients: list[Client], answer: Answer | None
    ) -> tuple[Built | None, float]:
        """The clients' updates after a committed change (``None`` if building them failed:
        the loop tells them then), and the CPU seconds they took."""
        began = time.thread_time()
        try:
            built: Built | None = build_updates(table, clients, self.settings.legal_limit, answer)
        except Exception:  # committed all the same: the loop builds them again
            log.exception("table %s: updates could not be built", table.id)
            built = None
        return built, time.thread_time() - began

    def _light(self, table: LiveTable) -> bool:
        """May ``table``'s next change be worked out on the event loop? Only where its recent
        changes were quick as a rule (see ``Settings.inline_change_ms``): handing a quick
        change to a thread and back costs more than the change, and a slow one must never
        hold up the other tables."""
        budget = self.settings.inline_change_ms / 1000
        if budget <= 0:
            return False
        if table.change_costs.known():
            return table.change_costs.light(budget)
        # A new table is judged by its game's other tables until it has a record.
        game = self._game_costs.get(table.row.game)
        return game is not None and game.light(budget)

    # --- operations ------------------------------------------------------------------------

    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        expect: int | None = None,
        by_bot: bool = False,
        answer: Answer | None = None,
        thought_ms: int | None = None,
    ) -> int:
        """Carry out ``action`` for ``seat`` (a bot's, with how long it thought); returns the
        table's new version."""
        move = changes.PlayMove(table, seat, action, expect, by_bot, thought_ms)
        return await self.change(table, move, by_bot or expect is not None, answer)

    async def take_back(self, table: LiveTable, seat: int, answer: Answer | None = None) -> int:
        """Undo ``seat``'s own last action, where the table and the rules allow it."""
        return await self.change(table, changes.TakeBack(table, seat), answer=answer)

    async def hand_to_bot(
        self,
        table: LiveTable,
        seat: int,
        reason: str,
        expect: int | None = None,
        answer: Answer | None = None,
    ) -> int:
        """Zombie mode: a bot plays ``seat`` from now on (see :class:`changes.HandToBot`)."""
        handing = changes.HandToBot(table, seat, reason, expect)
        return await self.change(table, handing, expect is not None, answer)

    async def join(self, table: LiveTable, seat: int, invite: str, name: str) -> str:
        """Sit a guest at an open seat; returns the seat's token."""
        token = new_token()
        await self.change(table, changes.Join(table, seat, invite, name, token))
        return token

    async def create(self, made: NewTable) -> LiveTable:
        """Store a new table (see :func:`crafthall.server.creation.new_table`) and start it.
        The table in memory is made from the rows just written, not read back: the read cost
        as much as the write."""
        await self.store.run(self.store.create, made.row, made.seats, made.change)
        snapshot = as_read(made.row, made.seats, made.change)
        built = await self.compute(LiveTable, snapshot)
        async with self._loading:
            # (Only a client that guessed the new id could have loaded it meanwhile.)
            table = self.tables.setdefault(built.id, built)
        if table is built:
            self.gc.table_loaded()
        # Made here is not asked for here (``last_used`` stays unset): with several
        # processes its players may be routed to another one, and the first change made
        # there lets it go here (see :meth:`notice`).
        self.pacer.schedule(table)
        self.turns.changed(table)
        return table

    # --- clients ---------------------------------------------------------------------------

    async def attach(self, table: LiveTable, client: Client) -> None:
        async with table.lock:
            table.clients.add(client)
            await self.tell(table, [client])
        self.pacer.schedule_grace(table)

    def detach(self, table: LiveTable, client: Client) -> None:
        table.clients.discard(client)
        self.pacer.schedule_grace(table)

    def spectators(self, table: LiveTable) -> int:
        return sum(1 for client in table.clients if client.seat is None)

    async def tell(
        self,
        table: LiveTable,
        clients: Iterable[Client] | None = None,
        answer: Answer | None = None,
    ) -> None:
        """Bring ``clients`` (default: all of the table's) up to date; the caller holds the
        table's lock, so it does not change while the updates are built."""
        chosen = list(table.clients if clients is None else clients)
        if chosen:
            limit = self.settings.legal_limit
            built = await self.compute(build_updates, table, chosen, limit, answer)
            deliver(table, built)
