"""The terminal loop of a simultaneous game (``Game.simultaneous``: a race).

With one person and bots the race is real time: the main thread reads the person's lines and
one timer thread per bot acts at the bot's pace (``Bot.think_seconds``). A lock around the
match makes actions take effect one at a time, in arrival order (the first valid claim of a
word wins it).

A race of bots alone runs on a simulated clock paced the same way. With several people at one
keyboard (hot-seat) or one person alone, the active seats act in turn, one action each.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from typing import TYPE_CHECKING

from rich.text import Text

from crafthall.bots.base import Bot
from crafthall.bots.thinking import think
from crafthall.engine.data import frame_of
from crafthall.engine.errors import IllegalAction

if TYPE_CHECKING:
    from crafthall.cli.table import TerminalTable


GENERIC_PACE = 5.0
"""Seconds between two actions of a bot without a pace of its own (the generic ``random`` and
``greedy`` bots think in no time): as fast as ``medium``, so a person can keep up."""


def pace(bot: Bot) -> float:
    """Seconds until the bot's next action in the race (never zero: a bot that never waits
    would starve the others of the shared clock or the shared lock)."""
    think = bot.think_seconds()
    return think if think > 0 else GENERIC_PACE


def real_time(table: TerminalTable) -> bool:
    """One person racing bots in a simultaneous game: the race runs on the clock."""
    return table.match.game.simultaneous and len(table.humans) == 1 and bool(table.bots)


class TurnOrder:
    """Who acts next, outside a real-time race. A turn-based game: its active seat. A
    simultaneous game of bots alone: each bot every ``pace`` of a simulated clock (no waiting),
    so the levels' paces shape the race as they would against a person, and equal moments go
    in order of scheduling, so no seat is starved. Otherwise (hot-seat, solo) the active seats
    in seat order, one action each, round and round."""

    def __init__(self, table: TerminalTable) -> None:
        self.match = table.match
        self.bots = table.bots
        self.last = -1
        self.order = itertools.count()
        self.clock: list[tuple[float, int, int]] = []
        if self.match.game.simultaneous and not table.humans:
            self.clock = [(pace(bot), next(self.order), seat) for seat, bot in self.bots.items()]
            heapq.heapify(self.clock)

    def next_seat(self) -> int | None:
        """The seat to act now; ``None`` when no seat can act."""
        active = self.match.active_seats()
        if not active:
            return None
        if not self.match.game.simultaneous:
            return active[0]
        if self.clock:
            while True:
                moment, _, seat = heapq.heappop(self.clock)
                again = (moment + pace(self.bots[seat]), next(self.order), seat)
                heapq.heappush(self.clock, again)
                if seat in active:
                    return seat
        later = [seat for seat in active if seat > self.last]
        self.last = later[0] if later else active[0]
        return self.last


class RealTimeRace:
    """The person types in the main thread; each bot acts from its own timer thread.

    One lock guards the match, so actions take effect one at a time in arrival order. Reading
    stays in the main thread (no thread is ever left blocked on the keyboard at exit); when a
    bot's action ends the game, the person is asked to press Enter.
    """

    def __init__(self, table: TerminalTable) -> None:
        self.table = table
        self.match = table.match
        self.person = table.humans[0]
        self.name = self.match.seat_names[self.person]
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def run(self) -> None:
        self.table.console.print(
            "[bold]Real-time race.[/bold] Type a command whenever you like ('help' lists them; "
            "Enter shows the table); the bots play at their own pace."
        )
        self.table.show(self.person)
        threads = [
            threading.Thread(target=self._bot_loop, args=(seat, bot), daemon=True)
            for seat, bot in self.table.bots.items()
        ]
        for thread in threads:
            thread.start()
        try:
            while self.match.result() is None:
                try:
                    text = self.table.read(f"{self.name}> ")
                except EOFError:
                    if self.match.result() is not None:
                        break
                    raise
                with self.lock:
                    if self.match.result() is not None:
                        break
                    self._person(text)
        finally:
            self.stop.set()
            for thread in threads:
                thread.join(timeout=5)

    def _bot_loop(self, seat: int, bot: Bot) -> None:
        while not self.stop.wait(pace(bot)):
            with self.lock:
                if self.match.result() is not None:
                    return
                if seat in self.match.active_seats():
                    self._bot(seat, bot)
                if self.match.result() is not None:
                    self.table.console.print("The game is over: press Enter.")
                    return

    # --- applying actions (the lock is held) -----------------------------------------------

    def _person(self, text: str) -> None:
        from crafthall.cli.table import QUIT_WORDS, QuitGame

        console, ui = self.table.console, self.table.ui
        text = text.strip()
        if text.lower() in QUIT_WORDS:
            raise QuitGame
        if not text:
            self.table.show(self.person)
            return
        if text.lower() in {"help", "?"}:
            console.print(ui.help())
            return
        if self.person not in self.match.active_seats():
            console.print("[red]You have no move to make now; the others play on.[/red]")
            return
        try:
            action = ui.parse(text, self.match.view(self.person), self.person)
            line = self.table.act(self.person, action)
        except IllegalAction as err:
            shown = f"{self.name}: refused. " if err.code != "unreadable-input" else ""
            console.print(Text(f"{shown}{err.message}", style="red"))
            return
        console.print(Text(line, style="green"))
        if self.match.result() is None:
            self.table.show(self.person)

    def _bot(self, seat: int, bot: Bot) -> None:
        phase = frame_of(self.match.view(None))["phase"]
        events = len(self.match.events)
        try:
            thought = think(bot, self.match.state, seat)
            line = self.table.act(seat, thought.action, thought)
        except IllegalAction as err:
            self.table.console.print(Text(f"{self.match.seat_names[seat]}: {err.message}", "red"))
            return
        self.table.console.print(Text(line, style="cyan"))
        # The person's screen is redrawn when the bot's action moves the game on (a new
        # challenge, a new word, Done), as it is after the person's own actions.
        moved_on = (
            frame_of(self.match.view(None))["phase"] != phase or len(self.match.events) > events + 1
        )
        if moved_on and self.match.result() is None:
            self.table.show(self.person)
