"""What a game folder hands the rest of crafthall: its rules, its text screen and its bots."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult

from crafthall.engine.data import Action, Event, View
from crafthall.engine.facts import Extractor
from crafthall.engine.game import Game

if TYPE_CHECKING:
    from crafthall.bots.base import Bot
    from crafthall.bots.ismcts import SearchPolicy

BotFactory = Callable[[Game, int], "Bot"]
"""Makes a bot for a game from a seed for the bot's own choices."""


class Board:
    """The part of a game's screen the player acts on (its grid, their hand and what to do),
    marked inside ``render``'s :class:`~rich.console.Group`. The long reference tables (the
    achievements, the others' swords) come above or below it, and a screen shorter than the
    whole keeps this part in view rather than simply the end. Drawn as what it holds, so a
    plain terminal shows no mark."""

    def __init__(self, *parts: RenderableType) -> None:
        self.parts = Group(*parts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.parts


class TextUI(ABC):
    """A game's terminal screen: draws a seat's view and reads what the player types."""

    def __init__(self, game: Game, names: list[str]) -> None:
        self.game = game
        self.names = names

    @abstractmethod
    def render(self, view: View, seat: int | None) -> RenderableType:
        """The table as ``seat`` sees it (``None``: a spectator): a :class:`Group` whose
        :class:`Board` parts a short screen keeps in view."""

    @abstractmethod
    def parse(self, text: str, view: View, seat: int) -> Action:
        """Turn typed input into an action, or raise IllegalAction('unreadable-input', ...)."""

    @abstractmethod
    def help(self) -> str:
        """What the player can type, with an example of each command."""

    def say(self, seat: int | None, event: Event) -> str | None:
        """The one sentence every front end shows for a public ``event`` of a move by ``seat``
        (``None``: the table's own, as a clock running out), naming players by name; ``None``
        says nothing. The server sends it with the change, the browser shows it, the terminal
        prints it: a game words each event here and nowhere else."""
        who = self.names[seat] if seat is not None and 0 <= seat < len(self.names) else None
        rest = ", ".join(
            f"{key} {value}" for key, value in event.items() if key not in ("type", "seat")
        )
        said = f"{event.get('type', 'event')}{f' ({rest})' if rest else ''}"
        return f"{who}: {said}" if who else said

    def describe(self, seat: int, action: Action, events: list[Event]) -> str:
        """The lines of the game log for one move: its events' sentences (:meth:`say`)."""
        lines = [self.say(seat, event) for event in events]
        return "\n".join(line for line in lines if line) or f"{self.names[seat]}: {action}"

    def private_between_seats(self) -> bool:
        """True where hot-seat play must hide the screen between seats (hidden hands)."""
        return False


@dataclass(frozen=True)
class GameEntry:
    game: type[Game]
    text: type[TextUI]
    summary: str
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    """Bot levels of this game, added to the generic ``random`` and ``greedy``."""
    search: SearchPolicy | None = None
    """The game's rollout policy and leaf evaluation for the search levels (default: the
    engine's hooks alone); see docs/bots.md."""
    facts: Extractor | None = None
    """The figures a balance study reports about a finished game (the folder's ``facts.py``)."""
    reminders: tuple[str, ...] = ()
    """The rules in a few short sentences, shown beside the board in every front end."""
