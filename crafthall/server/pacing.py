"""What moves a table along without a person: server-side bots on their turn, the clock of
whoever must act, and the grace a disconnected player has before a bot takes the seat.

Each acts through the same change path as a person (``Actor``: the hub); a task that finds
the table moved on in the meantime is simply scheduled again.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Protocol

from crafthall.bots.levels import LADDER, OLD_NAMES
from crafthall.engine.data import Action, State
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game
from crafthall.server.presence import HELD_ELSEWHERE, LocalPresence, RedisPresence
from crafthall.server.settings import Settings
from crafthall.server.table import LiveTable

log = logging.getLogger("crafthall.server")

TRY_AGAIN = frozenset(
    {"storage-unavailable", "outcome-unknown", "busy", "no-workers", "worker-lost"}
)
"""Refusals that say nothing of the move itself: the same task is tried again after a pause."""

RETRY_AFTER = 1.0
"""Seconds a bot, clock or grace waits before trying again after such a refusal (the
database away): long enough not to hammer it, short enough that nobody waits long after."""


PACE_SPREAD = 0.3
"""A bot's seeming think time in a real-time game is its level's pace within this share
either way, so that two bots of one level do not act in step."""


def seeming_thought(game: Game, level: str, rng: random.Random) -> float:
    """Seconds a bot of ``level`` seems to think before it acts: in a real-time game its
    level's ``pace`` (:data:`crafthall.bots.levels.LADDER`; a game's own ``easy``, ``medium``
    and ``strong`` pace as the ladder level the name means), in a game of turns none (its
    thinking is the wait). Read from the level's data: no bot is made for it."""
    if not game.simultaneous:
        return 0.0
    found = LADDER.get(OLD_NAMES.get(level, level))
    if found is None:
        return 0.0
    return found.pace * rng.uniform(1 - PACE_SPREAD, 1 + PACE_SPREAD)


class Actor(Protocol):
    """The changes pacing makes (:class:`crafthall.server.hub.Hub` makes them)."""

    async def act(
        self,
        table: LiveTable,
        seat: int,
        action: Action,
        expect: int | None,
        by_bot: bool,
        *,
        thought_ms: int | None = None,
    ) -> int: ...

    async def hand_to_bot(
        self, table: LiveTable, seat: int, reason: str, expect: int | None
    ) -> int: ...

    async def think(
        self, table: LiveTable, seat: int, state: State, version: int
    ) -> tuple[Action, int]: ...


class Pacer:
    """The bot, clock and grace tasks of every table (kept on the table itself)."""

    def __init__(
        self, settings: Settings, actor: Actor, presence: LocalPresence | RedisPresence
    ) -> None:
        self.settings = settings
        self.actor = actor
        self.presence = presence
        self.closing = False

    def close(self) -> None:
        """The server is shutting down: no task starts any more."""
        self.closing = True

    def cancel(self, table: LiveTable) -> None:
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()
        for task in table.grace_tasks.values():
            task.cancel()
        table.grace_tasks.clear()
        self.presence.update(table.id, set())
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None

    def schedule(self, table: LiveTable) -> None:
        """Start the bots whose turn it is and the clock of whoever must act next."""
        if self.closing or table.unloaded:
            return
        if table.status != "playing":
            self.cancel(table)
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
        self.schedule_grace(table)

    # --- bots ------------------------------------------------------------------------------

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        me = asyncio.current_task()
        refusal: IllegalAction | None = None
        try:
            delay = self.settings.bot_delay
            if delay > 0 and table.match is not None:
                # its thinking runs on a worker process (the hub's compute tier)
                rng = random.Random(f"{table.row.seed}:{seat}:{table.version}")
                level = table.bot_level(seat)
                await asyncio.sleep(delay + seeming_thought(table.match.game, level, rng))
            match = table.match
            if match is None or seat not in table.active():
                return
            version = table.version
            # The state is never changed in place (a move makes a new one), so this one
            # stays whole while the bot copies it on its thread.
            state: State = match.state
            action, ms = await self.actor.think(table, seat, state, version)
            if table.bot_tasks.get(seat) is me:
                del table.bot_tasks[seat]
            await self.actor.act(table, seat, action, expect=version, by_bot=True, thought_ms=ms)
        except IllegalAction as err:
            refusal = err
            if err.code not in TRY_AGAIN and err.code != "stale-version":
                log.warning("bot at table %s seat %s refused: %s", table.id, seat, err.message)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot at table %s seat %s failed", table.id, seat)
        finally:
            if table.bot_tasks.get(seat) is me:
                del table.bot_tasks[seat]
        if refusal is not None and (refusal.code in TRY_AGAIN or refusal.code == "stale-version"):
            await self._again(table, refusal)

    # --- clocks ----------------------------------------------------------------------------

    def _schedule_clock(self, table: LiveTable, active: set[int]) -> None:
        if table.clock_task is not None:
            table.clock_task.cancel()
            table.clock_task = None
        if not table.config["clock"] or table.row.clock_since is None:
            return
        running = [s for s in active if not table.is_bot(s) and table.seats[s].clock is not None]
        if not running:
            return
        seat = min(running, key=lambda s: table.seats[s].clock or 0.0)
        deadline = table.row.clock_since + (table.seats[seat].clock or 0.0)
        table.clock_task = asyncio.create_task(self._time_out(table, seat, deadline, table.version))

    async def _time_out(self, table: LiveTable, seat: int, deadline: float, version: int) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        if table.clock_task is asyncio.current_task():
            table.clock_task = None
        try:
            await self.actor.hand_to_bot(table, seat, "timeout", expect=version)
        except IllegalAction as err:
            await self._again(table, err)

    # --- grace -----------------------------------------------------------------------------

    def schedule_grace(self, table: LiveTable) -> None:
        """At a table with a ``grace``, a seat whose turn it is and that nobody holds (the
        player's connection dropped, or they never came) is handed to a bot once it has been
        away that long; coming back (any connection with its token) stops the count. Who is
        connected here is known to this process alone: with several, a seat held through
        another process is not handed over (:mod:`crafthall.server.presence`)."""
        grace = table.config["grace"]
        playing = grace and table.status == "playing" and not table.unloaded
        self.presence.update(table.id, table.held_seats() if playing else set())
        away = table.away_on_turn() if playing and not self.closing else set()
        for seat, task in list(table.grace_tasks.items()):
            if seat not in away:
                task.cancel()
                del table.grace_tasks[seat]
        for seat in away - table.grace_tasks.keys():
            table.grace_tasks[seat] = asyncio.create_task(
                self._grace_over(table, seat, float(grace or 0))
            )

    async def _grace_over(self, table: LiveTable, seat: int, grace: float) -> None:
        away_here_since = time.time()
        await asyncio.sleep(grace)
        while (wait := await self._grace_left(table, seat, grace, away_here_since)) > 0:
            await asyncio.sleep(wait)
        if table.grace_tasks.get(seat) is asyncio.current_task():
            del table.grace_tasks[seat]
        try:
            await self.actor.hand_to_bot(table, seat, "disconnected", None)
        except IllegalAction as err:
            await self._again(table, err)

    async def _grace_left(
        self, table: LiveTable, seat: int, grace: float, away_here_since: float
    ) -> float:
        """Seconds left of the grace of ``seat``, away from this process since
        ``away_here_since`` (wall clock): counted from when it was last held anywhere. Held
        through another process now, or with Redis unable to say, it is looked at again
        later: nobody is handed to a bot on a guess."""
        try:
            seen = await self.presence.last_seen(table.id, seat)
        except Exception as err:
            log.info("table %s seat %s: held elsewhere? Unknown: %s", table.id, seat, err)
            return RETRY_AFTER
        if seen is HELD_ELSEWHERE:
            return grace
        return max(seen, away_here_since) + grace - time.time()

    async def _again(self, table: LiveTable, refusal: IllegalAction) -> None:
        """Look at the table again after a refusal: at once if it had moved on, after a
        pause if the change could not be saved."""
        if refusal.code in TRY_AGAIN:
            await asyncio.sleep(RETRY_AFTER)
        self.schedule(table)
