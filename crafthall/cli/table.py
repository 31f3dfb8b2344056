"""A table in the terminal: people at one keyboard (hot-seat) and bots, around one Match."""

from __future__ import annotations

import select
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.panel import Panel

from crafthall.bots.base import Bot
from crafthall.cli.race import run_race
from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.engine.match import Match
from crafthall.games import entry
from crafthall.games.entry import TextUI

QUIT_WORDS = {"quit", "exit", ":q"}


def read_line(prompt: str) -> str:
    """Read a line from the person at the keyboard (looked up at call time, so it can be
    replaced in tests)."""
    return input(prompt)


def read_line_within(prompt: str, seconds: float) -> str | None:
    """Read a line, or ``None`` when ``seconds`` pass first (a turn timer)."""
    print(prompt, end="", flush=True)
    ready, _, _ = select.select([sys.stdin], [], [], max(seconds, 0.0))
    if not ready:
        print()
        return None
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")


class QuitGame(Exception):
    """The people at the table chose to stop; the record so far is kept."""


@dataclass
class TerminalTable:
    match: Match
    bots: dict[int, Bot]
    """Seat -> bot; every other seat is a person at this keyboard."""
    console: Console = field(default_factory=Console)
    read: Callable[[str], str] = read_line
    read_within: Callable[[str, float], str | None] = read_line_within
    """Reads a line under a turn timer; ``None`` when the time ran out."""
    record_dir: Path = Path("records")
    bot_pause: float = 0.0
    """Seconds to pause after a bot's move so people can follow it."""
    ui: TextUI = field(init=False)

    def __post_init__(self) -> None:
        self.ui = entry(self.match.header.game).text(self.match.game, self.match.seat_names)

    @property
    def humans(self) -> list[int]:
        return [seat for seat in range(len(self.match.seat_names)) if seat not in self.bots]

    def show(self, seat: int | None) -> None:
        self.console.print(self.ui.render(self.match.view(seat), seat))

    def ask(self, seat: int, deadline: float | None = None) -> Action:
        """Read one action from the person at ``seat``; bad input is explained and asked again.
        Under a turn timer, the game's timeout action is returned when the time runs out."""
        name = self.match.seat_names[seat]
        while True:
            if deadline is None:
                text = self.read(f"{name}> ").strip()
            else:
                left = deadline - time.monotonic()
                typed = self.read_within(f"{name} ({max(left, 0):.0f} s)> ", left)
                timeout = self.match.game.timeout_action(self.match.state, seat)
                if typed is None and timeout is not None:
                    self.console.print(f"[yellow]{name}'s time is up.[/yellow]")
                    return timeout
                text = (typed or "").strip()
            if text.lower() in QUIT_WORDS:
                raise QuitGame
            if text.lower() in {"help", "?"}:
                self.console.print(self.ui.help())
                continue
            try:
                return self.ui.parse(text, self.match.view(seat), seat)
            except IllegalAction as err:
                self.console.print(f"[red]{err.message}[/red]")

    def play_turn(self, seat: int) -> None:
        if seat in self.bots:
            action = self.bots[seat].choose(self.match.state, seat)
            events = self.match.apply(seat, action)
            self.console.print(f"[cyan]{self.ui.describe(seat, action, events)}[/cyan]")
            if self.bot_pause:
                time.sleep(self.bot_pause)
            return
        if len(self.humans) > 1 and self.ui.private_between_seats():
            self.console.clear()
            self.read(f"Pass the keyboard to {self.match.seat_names[seat]} and press Enter. ")
        self.show(seat)
        limit = self.match.game.turn_seconds(self.match.state)
        deadline = None if limit is None else time.monotonic() + limit
        while True:
            action = self.ask(seat, deadline)
            try:
                events = self.match.apply(seat, action)
            except IllegalAction as err:
                self.console.print(f"[red]{err.message}[/red]")
                continue
            self.console.print(f"[green]{self.ui.describe(seat, action, events)}[/green]")
            return

    def run(self) -> Path:
        """Play to the end (or until someone quits); the record is saved either way."""
        try:
            if self.match.game.simultaneous:
                run_race(self)
            else:
                while (active := self.match.active_seats()) and self.match.result() is None:
                    self.play_turn(active[0])
        except (QuitGame, EOFError, KeyboardInterrupt):
            self.console.print("\nGame stopped.")
        finally:
            path = self.save()
        result = self.match.result()
        if result is not None:
            self.show(None)
            names = self.match.seat_names
            winners = " and ".join(names[seat] for seat in result.winners)
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))
            self.console.print(Panel(f"Winner: {winners}\nScores: {scores}", title="Game over"))
        self.console.print(f"Match record saved to {path}")
        return path

    def save(self) -> Path:
        stamp = (self.match.header.started or "game").replace(":", "").replace("+0000", "")
        name = f"{self.match.header.game}-{stamp}-{self.match.header.seed}.jsonl"
        return self.match.save(self.record_dir / name)
