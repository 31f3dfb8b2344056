"""A table in the terminal: people at one keyboard (hot-seat) and bots, around one Match."""

from __future__ import annotations

import select
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from crafthall.bots.base import Bot
from crafthall.bots.thinking import Thought, think, thought_text
from crafthall.cli.race import RealTimeRace, TurnOrder, real_time
from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction
from crafthall.engine.grammar import whose
from crafthall.engine.match import Match
from crafthall.games import entry
from crafthall.games.entry import TextUI

QUIT_WORDS = {"quit", "exit", ":q"}
HELP_WORDS = {"help", "?"}


def crafthall_command() -> str:
    """How to type the ``crafthall`` command here, as the README does: ``.venv/bin/crafthall``
    when it runs from the ``.venv`` of the current folder (which need not be activated, so a
    bare ``crafthall`` may not be found), else ``crafthall``."""
    here = Path.cwd() / ".venv"
    if here.is_dir() and Path(sys.prefix).resolve() == here.resolve():
        return str(Path(".venv", "bin", "crafthall"))
    return "crafthall"


def say_saved(console: Console, match: Match, path: Path) -> None:
    """Where the record was saved and, for a game stopped before its end, the whole command
    that goes on with it, on one line whatever the width, to be copied."""
    console.print(Text(f"Match record saved to {path}"), soft_wrap=True)
    if match.result() is None:
        command = f"{crafthall_command()} play --resume {shlex.quote(str(path))}"
        console.print(Text(f"To go on with it: {command}"), soft_wrap=True)


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
    record_path: Path | None = None
    """Where the record is saved (a resumed game: its own record); by default a new file in
    ``record_dir``."""
    ui: TextUI = field(init=False)
    log: list[tuple[int, str]] = field(init=False, default_factory=list)
    """Every action taken at this table: (seat, the line describing it)."""
    seen: dict[int, int] = field(init=False, default_factory=dict)
    """Person's seat -> how much of ``log`` they had seen when their last turn began."""
    at_keyboard: int | None = field(init=False, default=None)
    """The person who last had the keyboard."""
    interrupted: KeyboardInterrupt | None = field(init=False, default=None)
    """The Ctrl-C (or SIGTERM) that stopped the game, if one did: the command's exit code."""

    def __post_init__(self) -> None:
        self.ui = entry(self.match.header.game).text(self.match.game, self.match.seat_names)

    @property
    def humans(self) -> list[int]:
        return [seat for seat in range(len(self.match.seat_names)) if seat not in self.bots]

    def show(self, seat: int | None) -> None:
        self.console.print(self.ui.render(self.match.view(seat), seat))

    def act(self, seat: int, action: Action, thought: Thought | None = None) -> str:
        """Apply ``seat``'s action (IllegalAction leaves the match as it was); the log line,
        which says how long a bot thought (``thought``) about it."""
        events = self.match.apply(seat, action)
        line = self.ui.describe(seat, action, events)
        if thought is not None:
            level = self.match.header.seats[seat].bot_level or self.bots[seat].level
            line = f"{line} ({thought_text(level, thought.ms)})"
        self.log.append((seat, line))
        return line

    def takes_keyboard(self, seat: int) -> bool:
        """``seat``, a person, takes the keyboard: True when it changes hands between people,
        not for each action within one person's turn."""
        changed = len(self.humans) > 1 and seat != self.at_keyboard
        self.at_keyboard = seat
        return changed

    def recall(self) -> None:
        """Fill the log from the moves already in the match (a resumed game), each person
        having seen it up to their own last move."""
        by_move: dict[int, list[Event]] = {}
        for event in self.match.events:
            fields = {key: value for key, value in event.items() if key != "move"}
            by_move.setdefault(event["move"], []).append(fields)
        self.log = [
            (move.seat, self.ui.describe(move.seat, move.action, by_move.get(number, [])))
            for number, move in enumerate(self.match.moves)
        ]
        for number, (seat, _) in enumerate(self.log):
            self.seen[seat] = number + 1

    def since_last_turn(self, seat: int) -> list[str]:
        """What the others did since ``seat``'s last turn began (everything, at a first turn)."""
        start = self.seen.get(seat, 0)
        self.seen[seat] = len(self.log)
        return [line for who, line in self.log[start:] if who != seat]

    def ask(self, seat: int, deadline: float | None = None, first: str = "") -> Action:
        """Read one action from the person at ``seat``; bad input is explained and asked again.
        Under a turn timer, the game's timeout action is returned when the time runs out.
        ``first`` is a line already typed, read before any other."""
        name = self.match.seat_names[seat]
        while True:
            if first:
                text, first = first, ""
            elif deadline is None:
                text = self.read(f"{name}> ").strip()
            else:
                left = deadline - time.monotonic()
                typed = self.read_within(f"{name} ({max(left, 0):.0f} s)> ", left)
                timeout = self.match.game.timeout_action(self.match.state, seat)
                if typed is None and timeout is not None:
                    self.console.print(Text(f"{whose(name)} time is up.", style="yellow"))
                    return timeout
                text = (typed or "").strip()
            if text.lower() in QUIT_WORDS:
                raise QuitGame
            if text.lower() in HELP_WORDS:
                self.console.print(self.ui.help())
                continue
            try:
                return self.ui.parse(text, self.match.view(seat), seat)
            except IllegalAction as err:
                self.console.print(Text(err.message, style="red"))

    def play_turn(self, seat: int) -> None:
        if seat in self.bots:
            thought = think(self.bots[seat], self.match.state, seat)
            self.console.print(Text(self.act(seat, thought.action, thought), style="cyan"))
            if self.bot_pause:
                time.sleep(self.bot_pause)
            return
        name = self.match.seat_names[seat]
        typed = ""
        if self.takes_keyboard(seat):
            if self.ui.private_between_seats():
                self.console.clear()
                # A command typed here is the person's first, not thrown away.
                typed = self.read(f"Pass the keyboard to {name} and press Enter. ").strip()
            news = self.since_last_turn(seat)
            if news:
                self.console.print(Text(f"{name}, since your last turn:", style="bold"))
                for line in news:
                    self.console.print(Text(f"  {line}"))
        self.show(seat)
        limit = self.match.game.turn_seconds(self.match.state)
        deadline = None if limit is None else time.monotonic() + limit
        while True:
            action = self.ask(seat, deadline, typed)
            typed = ""
            try:
                line = self.act(seat, action)
            except IllegalAction as err:
                self.console.print(Text(err.message, style="red"))
                continue
            self.console.print(Text(line, style="green"))
            return

    def run(self) -> Path:
        """Play to the end (or until someone quits); the record is saved either way."""
        try:
            if real_time(self):
                RealTimeRace(self).run()
            else:
                order = TurnOrder(self)
                while self.match.result() is None and (seat := order.next_seat()) is not None:
                    self.play_turn(seat)
        except (QuitGame, EOFError, KeyboardInterrupt) as stop:
            if isinstance(stop, KeyboardInterrupt):
                self.interrupted = stop
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
        say_saved(self.console, self.match, path)
        return path

    def save(self) -> Path:
        if self.record_path is not None:
            return self.match.save(self.record_path)
        stamp = (self.match.header.started or "game").replace(":", "").replace("+0000", "")
        name = f"{self.match.header.game}-{stamp}-{self.match.header.seed}.jsonl"
        return self.match.save(self.record_dir / name)
