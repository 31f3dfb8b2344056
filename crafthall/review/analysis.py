"""How good each of a seat's moves is, judged only from what the seat knows.

Every legal move is first tried once on a determinization of the position for the seat (its
*immediate value*: the game's ``evaluate`` right after it, what a greedy bot maximises). The
best few, and any move the caller insists on (the move actually played, in a review), are
then estimated by flat Monte Carlo: in each of ``samples`` fresh determinizations the same
world and the same rollout dice are used for every candidate (common random numbers), the
game's search policy plays on, and the seat's value of the outcome (0..1, as the search bots
value positions: rank first, score margin second) is averaged. Using the same worlds for all
candidates makes their differences far steadier than separate draws would.

The state handed in is only ever read through ``determinize(state, seat, rng)``: two states
that look the same to the seat give the same answer for the same effort.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from crafthall.bots.ismcts import DEFAULT_POLICY, SAFETY_MOVES, SearchPolicy
from crafthall.engine.data import Action, Event, State, View, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game
from crafthall.games import entry

HINTS = 5
"""The most moves a hint shows."""


@dataclass(frozen=True)
class Effort:
    """How hard to look: ``width`` moves (best by immediate value) are estimated, each by
    ``samples`` determinized rollouts; ``seed`` makes the answer repeatable."""

    width: int = 8
    samples: int = 12
    seed: int = 0


DEFAULT_EFFORT = Effort()
HINT_EFFORT = Effort(width=6, samples=6)
"""What a player's hint button asks for: about a second or less a hint (bench/bench_review.py)."""
REVIEW_EFFORT = Effort(width=6, samples=8)
"""What a review spends on each move (the terminal's defaults, the server's reviews)."""


@dataclass(frozen=True)
class Assessment:
    """One move of a seat, judged from the seat's knowledge."""

    action: Action
    label: str
    """The move named from its own fields (see :func:`action_label`)."""
    words: list[str]
    """The words it plays (word games), else empty."""
    immediate: float
    """The game's ``evaluate`` for the seat right after the move."""
    estimate: float
    """The seat's expected value of the game after the move, 0..1 (Monte Carlo)."""
    effects: dict[str, float] = field(default_factory=dict)
    """How the move changes the seat's numbers in its own view (scores, score tables)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "label": self.label,
            "words": self.words,
            "immediate": round(self.immediate, 3),
            "estimate": round(self.estimate, 4),
            "effects": {key: round(value, 3) for key, value in self.effects.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Assessment:
        return cls(**data)


def policy_of(game: Game) -> SearchPolicy:
    return entry(game.name).search or DEFAULT_POLICY


def seat_numbers(view: View, seat: int, seats: int) -> dict[str, float]:
    """The seat's entry of every per-seat list of numbers in its view, at the top level and
    one level down (``scores``, Sword Crafters' ``score_table.quality`` ...): what a move's
    effect is read from, without knowing the game."""
    found: dict[str, float] = {}

    def take(name: str, value: Any) -> None:
        if (
            isinstance(value, list)
            and len(value) == seats
            and all(isinstance(n, int | float) and not isinstance(n, bool) for n in value)
        ):
            found[name] = float(value[seat])

    for key, value in view.items():
        if isinstance(value, dict):
            for inner, item in value.items():
                take(f"{key}.{inner}", item)
        else:
            take(key, value)
    return found


def effects_of(game: Game, before: State, after: State, seat: int) -> dict[str, float]:
    seats = len(game.scores_of(before))
    old = seat_numbers(game.view(before, seat), seat, seats)
    new = seat_numbers(game.view(after, seat), seat, seats)
    return {key: new[key] - old[key] for key in new if key in old and new[key] != old[key]}


def rollout(game: Game, world: State, policy: SearchPolicy, rng: random.Random) -> list[float]:
    """Play the policy's rollout moves onward, then value the position for every seat. Where
    several seats may act (a race) the next is drawn at random, as the search does."""
    horizon = policy.rollout_moves if policy.rollout_moves is not None else SAFETY_MOVES
    for _ in range(horizon):
        if game.result(world) is not None:
            break
        active = game.active_seats(world)
        if not active:
            break
        mover = active[0] if len(active) == 1 else active[int(rng.random() * len(active))]
        game.apply(world, mover, policy.rollout_action(game, world, mover, rng))
    return policy.values(game, world)


def action_label(action: Action) -> str:
    """A short line naming a move from its fields alone (``word AAH``, ``place gem yellow side
    1``). The game's log lines are not used: they tell what a move revealed, which in a
    determinization is invented."""
    parts = [str(action.get("type", "move"))]
    for key, value in action.items():
        if key == "type" or value is None or value == [] or value == {}:
            continue
        if key == "word" and isinstance(value, str):
            parts.append(value.upper())
        elif isinstance(value, list) and "".join(map(str, value)) == action.get("word"):
            continue  # the word's spelling again
        elif isinstance(value, list):
            parts.append(f"{key} " + ",".join(str(item) for item in value))
        else:
            parts.append(f"{key} {value}")
    return " ".join(parts)


def _try(game: Game, world: State, seat: int, action: Action) -> tuple[State, list[Event]] | None:
    after = clone(world)
    try:
        events = game.apply(after, seat, action)
    except IllegalAction:
        return None
    return after, events


def assess(
    game: Game,
    state: State,
    seat: int,
    effort: Effort = DEFAULT_EFFORT,
    include: Sequence[Action] = (),
) -> list[Assessment]:
    """The seat's most promising moves (and every move of ``include``), best estimate first.

    ``state`` is read only through determinizations for ``seat``; the moves are those legal
    in them (the seat's own options, which it knows)."""
    policy = policy_of(game)
    seeds = [
        random.Random(effort.seed * 1_000_003 + n).getrandbits(63)
        for n in range(effort.samples + 1)
    ]
    first = game.determinize(state, seat, random.Random(seeds[0]))
    tried: list[tuple[float, int, Action, State]] = []
    for order, action in enumerate(game.legal_actions(first, seat)):
        done = _try(game, first, seat, action)
        if done is not None:
            tried.append((game.evaluate(done[0], seat), order, action, done[0]))
    # Best immediate value first; a tie keeps the game's own listing order.
    tried.sort(key=lambda item: (-item[0], item[1]))
    chosen = tried[: max(1, effort.width)]
    keys: set[Hashable] = {game.action_key(item[2]) for item in chosen}
    for action in include:
        key = game.action_key(action)
        if key in keys:
            continue
        done = _try(game, first, seat, action)
        if done is not None:
            keys.add(key)
            chosen.append((game.evaluate(done[0], seat), len(tried), action, done[0]))
    totals = [0.0] * len(chosen)
    counts = [0] * len(chosen)
    for sample in seeds[1:]:
        world = game.determinize(state, seat, random.Random(sample))
        for n, (_, _, action, _) in enumerate(chosen):
            done = _try(game, world, seat, action)
            if done is None:
                continue
            # The same rollout dice for every candidate: only the move differs.
            totals[n] += rollout(game, done[0], policy, random.Random(sample ^ 0x5EED))[seat]
            counts[n] += 1
    found = [
        Assessment(
            action=action,
            label=action_label(action),
            words=policy.words(game, action),
            immediate=value,
            estimate=totals[n] / counts[n] if counts[n] else value_of(game, policy, after, seat),
            effects=effects_of(game, first, after, seat),
        )
        for n, (value, _, action, after) in enumerate(chosen)
    ]
    found.sort(key=lambda a: (-a.estimate, -a.immediate))
    return found


def value_of(game: Game, policy: SearchPolicy, state: State, seat: int) -> float:
    return policy.values(game, state)[seat]


def hints(game: Game, state: State, seat: int, budget: Effort = DEFAULT_EFFORT) -> list[Assessment]:
    """Up to five good moves for ``seat``, best first, each with its immediate value and its
    Monte Carlo estimate, from what the seat knows alone. Empty if the seat cannot act."""
    if seat not in game.active_seats(state) or game.result(state) is not None:
        return []
    return assess(game, state, seat, budget)[:HINTS]
