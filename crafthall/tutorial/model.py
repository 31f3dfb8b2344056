"""A tutorial's data: the file format, reading it, and matching a move to a step.

Each game folder may hold a ``tutorial.json``::

    {"title": ..., "intro": ..., "outro": ..., "screen": {"intro": ..., "outro": ...},
     "seats": ["You", "Black", "Brown"], "learner": 0,
     "options": {...}, "seed": 1, "fixed": {...},
     "steps": [{"text": ..., "look": ..., "play": {...}, "type": "tree +A5",
                "expect": [{...}], "wrong": ..., "try": {...}, "then": [[1, {...}]],
                "after": ..., "screen": {"look": ..., "text": ..., "wrong": ..., "after": ...}}]}

``play`` is the move the step teaches (the test plays it, and it is what "show me" shows);
``expect`` lists the patterns a move may match instead (default: ``play`` itself); ``type``
is how to type it in the terminal; ``try`` is one wrong move the test makes, and ``wrong``
the tutorial's words for it (another refused move is answered with the step's ``text``:
see :meth:`Step.asks`); ``then`` are the other seats' scripted moves.

The texts are the terminal's: they name cells by their coordinates and say what to type.
``screen`` holds the browser's wording of any of them that differs (pieces and places named
as the board shows them, the controls to use); a text it leaves out is the same on both.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from crafthall.engine.data import Action
from crafthall.engine.errors import SetupError
from crafthall.games import entry, names

FILE = "tutorial.json"

STEP_WORDS = ("look", "text", "wrong", "after")
"""A step's texts that ``screen`` may word for the browser."""
TUTORIAL_WORDS = ("intro", "outro")


@dataclass(frozen=True)
class Scripted:
    """A move another seat makes once the learner's move is accepted."""

    seat: int
    action: Action


@dataclass(frozen=True)
class Step:
    number: int
    text: str
    """What to do, in the tutorial's words."""
    look: str
    """What on the table to look at for it."""
    play: Action
    typed: str
    expect: list[dict[str, Any]]
    wrong: str
    trial: Action
    """A wrong move: the tests make it and check it is refused and explained."""
    then: list[Scripted]
    after: str
    screen: dict[str, str] = field(default_factory=dict)
    """The browser's wording of the texts that differ there (:data:`STEP_WORDS`)."""

    def words(self, name: str, screen: bool = False) -> str:
        """The step's text ``name`` (``look``, ``text``, ``wrong``, ``after``) for the
        terminal, or for the browser when ``screen``."""
        own: str = getattr(self, name)
        return self.screen.get(name, own) if screen else own

    def asks(self, screen: bool = False) -> str:
        """What the step wants, in words that fit any move but the ``try`` one (``wrong`` is
        written for that move, and its reason would be false of another): the step's text,
        and in the terminal how to type its move."""
        text = self.words("text", screen)
        return f"{text} Type: {self.typed}" if self.typed and not screen else text


@dataclass(frozen=True)
class Tutorial:
    game: str
    title: str
    intro: str
    outro: str
    seats: list[str]
    learner: int
    options: dict[str, Any]
    seed: int
    fixed: dict[str, Any]
    steps: list[Step]
    screen: dict[str, str] = field(default_factory=dict)
    """The browser's wording of the intro and the outro, where it differs."""

    def words(self, name: str, screen: bool = False) -> str:
        """``intro`` or ``outro``, for the terminal or (``screen``) the browser."""
        own: str = getattr(self, name)
        return self.screen.get(name, own) if screen else own

    @classmethod
    def from_json(cls, game: str, data: dict[str, Any]) -> Tutorial:
        try:
            steps = [_step(number, raw) for number, raw in enumerate(data["steps"], start=1)]
            return cls(
                game=game,
                title=data["title"],
                intro=data["intro"],
                outro=data["outro"],
                seats=list(data["seats"]),
                learner=int(data.get("learner", 0)),
                options=dict(data.get("options", {})),
                seed=int(data.get("seed", 1)),
                fixed=dict(data["fixed"]),
                steps=steps,
                screen=_screen(data, TUTORIAL_WORDS),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise SetupError(f"The {game} tutorial cannot be read: {err!r}.") from None


def _step(number: int, raw: dict[str, Any]) -> Step:
    play = dict(raw["play"])
    return Step(
        number=number,
        text=raw["text"],
        look=raw.get("look", ""),
        play=play,
        typed=raw.get("type", ""),
        expect=[dict(pattern) for pattern in raw.get("expect", [play])],
        wrong=raw["wrong"],
        trial=dict(raw["try"]),
        then=[Scripted(int(seat), dict(action)) for seat, action in raw.get("then", [])],
        after=raw.get("after", ""),
        screen=_screen(raw, STEP_WORDS),
    )


def _screen(raw: dict[str, Any], names: tuple[str, ...]) -> dict[str, str]:
    """``raw``'s browser wording; a text it cannot word is a mistake in the file."""
    screen = dict(raw.get("screen", {}))
    unknown = sorted(set(screen) - set(names))
    if unknown:
        raise ValueError(f"'screen' words only {', '.join(names)}, not {', '.join(unknown)}")
    return {name: str(text) for name, text in screen.items()}


def _has_tutorial(game: str) -> bool:
    """Whether the package of a registered game (its rules module's) holds a tutorial."""
    package = entry(game).game.__module__.rpartition(".")[0]
    return bool(package) and (resources.files(package) / FILE).is_file()


def load(game: str) -> Tutorial:
    """The tutorial of ``game`` (any name the registry knows)."""
    found = entry(game).game
    if not _has_tutorial(found.name):
        raise SetupError(f"There is no tutorial for {found.title} yet.")
    path = resources.files(found.__module__.rpartition(".")[0]) / FILE
    return Tutorial.from_json(found.name, json.loads(path.read_text(encoding="utf-8")))


def available() -> list[str]:
    """The games that have a tutorial, in the registry's order."""
    return [game for game in names() if _has_tutorial(game)]


def matches(action: Any, pattern: Any) -> bool:
    """Whether ``action`` fits ``pattern``: every key of the pattern must be there with an
    equal value (text ignores case); ``{"includes": [...]}`` asks only that a list holds
    those items, so "claim A5" accepts A5 with other achievements too."""
    if isinstance(pattern, dict):
        if set(pattern) == {"includes"}:
            return isinstance(action, list) and all(
                any(matches(item, wanted) for item in action) for wanted in pattern["includes"]
            )
        return isinstance(action, dict) and all(
            key in action and matches(action[key], value) for key, value in pattern.items()
        )
    if isinstance(pattern, list):
        return (
            isinstance(action, list)
            and len(action) == len(pattern)
            and all(matches(item, wanted) for item, wanted in zip(action, pattern, strict=True))
        )
    if isinstance(pattern, str) and isinstance(action, str):
        return action.casefold() == pattern.casefold()
    return bool(action == pattern) and type(action) is type(pattern)
