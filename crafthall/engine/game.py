"""The one interface every game implements and every front end uses.

A :class:`Game` is the rules of one game bound to one table's options (and, for word games,
its dictionary). Its methods are pure functions of plain-data states: no printing, no clock,
no files. Chance comes from the state's own generator (:mod:`crafthall.engine.rng`); time, where
a game needs it, arrives as data on an action.

The shape borrows from OpenSpiel (legal actions, clone, returns), boardgame.io (a per-seat
``view`` that strips secrets in one place) and Board Game Arena (``active_seats`` may name
several seats at once, as in a simultaneous race).

Besides the rules, a game offers what search and research need, as methods with defaults:

- ``actions``: the shape of every action (:mod:`crafthall.engine.shapes`); a :class:`Match`
  refuses anything else with ``bad-action`` before the rules see it.
- ``determinize(state, seat, rng)``: a full state that ``seat`` cannot tell from the true one,
  with everything it does not know (other hands, deck order, face-down cards, the generator's
  future) drawn afresh from ``rng``. Search bots think on these, never on the true state.
- ``sample_action(state, seat, rng)``: one legal action, drawn fast for random playouts.
- ``action_key(action)``: a canonical, hashable key for search trees and tables.
- ``action_space_size(seats)``, ``encode_action`` / ``decode_action`` and
  ``legal_action_mask``: actions as integers in a fixed range, for learning libraries.
- ``observation_shape(seats)`` and ``encode_observation(view)``: a seat's view as a fixed-shape
  array of numbers. It reads the view, so it can hold nothing the seat may not see.

>>> import random
>>> from crafthall.games import names, new_match
>>> match = new_match(names()[0], ["Ann", "Ben"], seed=3)
>>> game, state, seat = match.game, match.state, match.active_seats()[0]
>>> action = game.sample_action(state, seat, random.Random(1))
>>> game.decode_action(state, seat, game.encode_action(state, seat, action)) == action
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from crafthall.engine.data import Action, Event, State, View, ViewFrame, clone, frame_of, to_json
from crafthall.engine.errors import IllegalAction, SetupError
from crafthall.engine.grammar import agree
from crafthall.engine.options import GameOptions, parse_options
from crafthall.engine.rng import new_rng_state
from crafthall.engine.shapes import ActionShapes, check_action


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``scores`` has one entry per seat; ``ranks`` gives each seat's place (1 is first, tied
    seats share a place); ``winners`` are the seats placed first (several share a victory).
    ``details`` holds game-specific figures such as tie-break counts.
    """

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "details": dict(self.details),
        }

    @classmethod
    def from_keys(
        cls, scores: Sequence[int], keys: Sequence[Sequence[int]], details: dict[str, Any]
    ) -> Result:
        """Rank seats by ``keys`` (larger is better, compared in order); equal keys share a place.

        >>> Result.from_keys([10, 12, 12], [(10, 0), (12, 3), (12, 3)], {}).winners
        [1, 2]
        """
        ordered = sorted(range(len(scores)), key=lambda seat: tuple(keys[seat]), reverse=True)
        ranks = [0] * len(scores)
        for position, seat in enumerate(ordered):
            previous = ordered[position - 1] if position else None
            if previous is not None and tuple(keys[previous]) == tuple(keys[seat]):
                ranks[seat] = ranks[previous]
            else:
                ranks[seat] = position + 1
        winners = [seat for seat in range(len(scores)) if ranks[seat] == 1]
        return cls(list(scores), ranks, winners, details)


class Game(ABC):
    """Rules of one game for one table. Subclasses set the class attributes and the methods.

    Contract for ``apply``: it may change the state it is given in place, and it validates the
    action fully before changing anything; :class:`crafthall.engine.match.Match` hands it a
    copy in any case, so a refused action never touches a live table.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    earlier_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    """Older rules versions whose records still replay: each names the options under which
    this version plays exactly as that one did (a changed rule keeps its old reading as an
    option). A record of a version not listed here is refused."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[GameOptions]] = GameOptions
    simultaneous: ClassVar[bool] = False
    """True where several seats act at once (the first valid claim wins)."""
    actions: ClassVar[ActionShapes] = {}
    """The shape of every action of this game, checked by :meth:`check_action`."""

    def __init__(self, options: GameOptions | dict[str, Any] | None = None) -> None:
        if options is None or isinstance(options, dict):
            options = parse_options(self.Options, options)
        elif not isinstance(options, self.Options):
            raise SetupError(
                f"{self.title} needs {self.Options.__name__}, not {type(options).__name__}."
            )
        self.options = options

    @classmethod
    def replays(cls, version: str) -> bool:
        """Whether a record made under rules ``version`` replays here."""
        return version == cls.version or version in cls.earlier_versions

    @classmethod
    def record_options(cls, version: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options that replay a record of rules ``version`` made with ``options``. A
        record keeps every option it had, so only an option added since is filled in, with
        the value that plays as that version did."""
        return {**cls.earlier_versions.get(version, {}), **options}

    def record_pins(self) -> dict[str, Any]:
        """What a record must pin besides the options to replay identically (a word game's
        dictionary and its content hash). Replaying under other pins is refused."""
        return {}

    def check_seats(self, seats: int) -> None:
        if not self.min_seats <= seats <= self.max_seats:
            raise SetupError(
                f"{self.title} is played by {self.min_seats} to {self.max_seats} players, "
                f"not {seats}."
            )

    # --- the rules -------------------------------------------------------------------------

    @abstractmethod
    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        """A new game. ``fixed`` lays out the table (grid, hands, decks) instead of shuffling,
        so a rulebook example or a puzzle replays exactly; each game documents its keys."""

    @abstractmethod
    def active_seats(self, state: State) -> list[int]:
        """Seats that may act now: one in a turn-based game, several in a race, none at the end."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        """Every action ``seat`` may take now (finite for every crafthall game)."""

    @abstractmethod
    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """Carry out ``action`` for ``seat``, or raise :class:`IllegalAction`. Events are public."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see (``None``: a spectator). Never another seat's secrets."""

    def views(self, state: State, seats: Iterable[int | None]) -> dict[int | None, View]:
        """Each of ``seats``' view of one state, as :meth:`view` gives it: what a server
        sends after a move. A game whose viewers share most of a view overrides this to
        work that part out once; the views it returns may then share those parts, so a
        caller reads them and does not change them."""
        return {seat: self.view(state, seat) for seat in seats}

    def frame(
        self, state: State, seat: int | None, *, phase: str, prompt: str, scores: list[int]
    ) -> ViewFrame:
        """The keys every game's view starts with: ``game``, ``seat`` (``None``: a spectator),
        ``active`` (the seats that may act), ``phase``, ``prompt`` (a sentence for ``seat``
        on what to do now, empty when it has nothing to do) and ``scores`` (one per seat)."""
        return {
            "game": self.name,
            "seat": seat,
            "active": self.active_seats(state),
            "phase": phase,
            "prompt": prompt,
            "scores": scores,
        }

    @abstractmethod
    def result(self, state: State) -> Result | None:
        """The result once the game is over, else ``None``."""

    def check_action(self, action: Any) -> str:
        """The action's type if it has the declared shape, else :class:`IllegalAction`
        ``bad-action`` naming the field. Runs before the rules see the action."""
        if not self.actions:  # a game that declares no shapes checks its own actions
            return str(action.get("type")) if isinstance(action, dict) else ""
        return check_action(self.actions, action)

    # --- search hooks ----------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A full state consistent with all ``seat`` knows, all it does not know resampled.

        The default suits a game without hidden cards: a copy whose generator (the future
        dice and draws) is reseeded. Games with hands, decks or face-down cards shuffle those
        too, and never change what ``view(state, seat)`` shows.
        """
        copy = clone(state)
        if "rng" in copy:
            copy["rng"] = new_rng_state(rng.getrandbits(63))
        return copy

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        """One legal action for ``seat``, drawn by ``rng`` (fast: what random playouts use).

        The default lists every legal action; games with many actions draw one directly.
        """
        actions = list(self.legal_actions(state, seat))
        if not actions:
            raise IllegalAction("no-legal-action", f"Seat {seat + 1} has no legal action now.")
        return rng.choice(actions)

    def action_key(self, action: Action) -> Hashable:
        """A canonical, hashable key: two actions with the same key are the same move."""
        return to_json(action)

    # --- the codec: an optional capability (the research adapters and learning code need it) ---

    @classmethod
    def has_codec(cls) -> bool:
        """True where the game turns actions into integers and views into arrays: it defines
        every method of :data:`CODEC_METHODS` (a game defines all of them or none)."""
        return all(getattr(cls, name) is not getattr(Game, name) for name in CODEC_METHODS)

    def require_codec(self) -> None:
        """Refuse, with a sentence, to go on with a game that has no codec."""
        if not self.has_codec():
            raise SetupError(
                f"{self.title} has no action codec, which the research adapters need: a game "
                "gets one by defining the methods of a codec (docs/adding-a-game.md, 'A codec')."
            )

    def action_space_size(self, seats: int) -> int:
        """How many integers :meth:`encode_action` may return at a table of ``seats``."""
        raise NotImplementedError(f"{self.title} has no action codec.")

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        """``action`` (legal for ``seat`` in ``state``) as an integer in the fixed range."""
        raise NotImplementedError(f"{self.title} has no action codec.")

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        """The action that :meth:`encode_action` turned into ``index`` in this state."""
        raise NotImplementedError(f"{self.title} has no action codec.")

    def legal_action_mask(self, state: State, seat: int) -> np.ndarray:
        """A boolean array over the action space, true where an action is legal for ``seat``."""
        mask = np.zeros(self.action_space_size(len(self.scores_of(state))), dtype=bool)
        for action in self.legal_actions(state, seat):
            mask[self.encode_action(state, seat, action)] = True
        return mask

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        """The shape of :meth:`encode_observation`'s array at a table of ``seats``."""
        raise NotImplementedError(f"{self.title} has no observation encoding.")

    def encode_observation(self, view: View) -> np.ndarray:
        """A seat's view (from :meth:`view`) as a fixed-shape ``float32`` array."""
        raise NotImplementedError(f"{self.title} has no observation encoding.")

    def scores_of(self, state: State) -> list[int]:
        """Every seat's score now, as the spectator's view shows it."""
        scores = frame_of(self.view(state, None))["scores"]
        return scores

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` looks for ``seat`` right now (greedy bots maximise it).

        The default is the seat's score in the game's view; games refine it.
        """
        scores = self.view(state, seat).get("scores")
        return float(scores[seat]) if isinstance(scores, list) else 0.0

    def turn_seconds(self, state: State) -> float | None:
        """The table's time limit for a turn, if it set one (front ends keep the clock)."""
        return None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """What a seat does when its turn's time runs out (a front end submits it)."""
        return None

    secret_stores: ClassVar[tuple[str, ...]] = ()
    """Top-level state keys that hold face-down cards or tiles (a deck, a pile): a move that
    takes from one reveals something, so it cannot be taken back."""

    def undoable(self, before: State, after: State) -> bool:
        """Whether the move that turned ``before`` into ``after`` may be taken back: it drew no
        chance and revealed nothing hidden (Board Game Arena's rule)."""
        return before.get("rng") == after.get("rng") and all(
            before.get(key) == after.get(key) for key in self.secret_stores
        )

    # --- helpers for front ends ------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return self.result(state) is not None

    def check_turn(
        self, state: State, seat: int, names: Sequence[str] | None = None, action: Any = None
    ) -> None:
        """Refuse an action from a seat that may not act now, saying who may (by ``names``,
        else by seat number). ``action``, when given, is what the seat asks to do, for a game
        where some action may come out of turn; it may still be malformed."""
        active = self.active_seats(state)
        if seat in active:
            return
        if self.is_over(state):
            raise IllegalAction("game-over", "The game is over; no more actions are taken.")
        who = " and ".join(names[s] if names else f"seat {s + 1}" for s in active)
        raise IllegalAction(
            "not-your-turn",
            f"It is not your turn: {who} {agree(who, 'is' if len(active) == 1 else 'are')} "
            "to play.",
            seat=seat,
            active=active,
        )


CODEC_METHODS = (
    "action_space_size",
    "encode_action",
    "decode_action",
    "observation_shape",
    "encode_observation",
)
"""What a game defines to have a codec (:meth:`Game.has_codec`)."""


def action_type(action: Any, known: Iterable[str]) -> str:
    """The ``type`` of an action, refusing anything that is not an action of this game."""
    kinds = sorted(known)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(
            "bad-action", f"An action is an object with a 'type' (one of: {', '.join(kinds)})."
        )
    kind: str = action["type"]
    if kind not in kinds:
        raise IllegalAction(
            "bad-action", f"'{kind}' is not an action here; actions are: {', '.join(kinds)}."
        )
    return kind
