"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012).

Single-observer IS-MCTS: one tree for the searching seat, whose nodes are the moves played
from the root, whoever played them. Each iteration

1. draws a fresh determinization of the root (``Game.determinize``): a full state consistent
   with what the searching seat knows, so the search never reads another seat's secrets;
2. walks down the tree on that state: at each node the seat to act is chosen as autoplay
   does (the only active seat, or one of several drawn at random in a race); among the moves
   legal in *this* determinization it expands an untried one, or else picks by UCB1 with
   availability counts (a move's exploration term counts only the visits in which it was
   legal, not all visits of the parent);
3. plays the game's rollout policy onward for a number of moves, then values the position
   for every seat (a finished game by rank and score margin, an unfinished one by the game's
   leaf evaluation);
4. adds each seat's value to the nodes that seat chose on the way down.

Everything game-specific comes from a :class:`SearchPolicy`, whose defaults use only the
engine's hooks (``sample_action``, ``evaluate``, ``result``, ``scores_of``). The search is a
pure function of the view of its seat, its policy, its budget and its random generator: with
an iteration budget it repeats exactly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crafthall.engine.data import Action, State
from crafthall.engine.game import Game, Result

if TYPE_CHECKING:
    from crafthall.bots.levels import Level

SAFETY_MOVES = 10_000
"""A rollout "to the end" stops here all the same (a game that never ends is a rules bug)."""


def rank_utility(ranks: Sequence[int]) -> list[float]:
    """1 for first place, 0 for last, evenly between; tied seats share the places they span.

    >>> rank_utility([1, 2]), rank_utility([1, 1]), rank_utility([2, 1, 2])
    ([1.0, 0.0], [0.5, 0.5], [0.25, 1.0, 0.25])
    """
    seats = len(ranks)
    if seats < 2:
        return [1.0] * seats
    values = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        place = rank + (tied - 1) / 2  # the mean of the places rank .. rank + tied - 1
        values.append((seats - place) / (seats - 1))
    return values


def margin_utility(scores: Sequence[float], scale: float) -> list[float]:
    """Each seat's lead over the best other seat, squashed into 0..1 (0.5: level).

    >>> [round(v, 2) for v in margin_utility([30, 20], 10.0)]
    [0.88, 0.12]
    """
    values = []
    for seat, score in enumerate(scores):
        best_other = max((s for other, s in enumerate(scores) if other != seat), default=score)
        values.append(0.5 + 0.5 * math.tanh((score - best_other) / scale))
    return values


class SearchPolicy:
    """What a game tells the search: its rollout policy and its leaf evaluation.

    Every method has a default built on the engine's hooks alone, so a game without a policy
    of its own is still searched. A game's policy (in its own folder, handed over by its
    registry entry) subclasses this and overrides what it knows better.
    """

    margin_scale: float = 10.0
    """Points of lead that count as a clear edge (a game's typical winning margin)."""
    margin_weight: float = 0.2
    """Share of a finished game's value given to the score margin; the rest is the rank."""
    rollout_moves: int | None = 16
    """Moves a rollout plays before the leaf evaluation (``None``: to the end of the game).
    Random moves to the end say little in a word game and cost most of a search's time."""
    max_children: int = 40
    """Most moves considered at a node of the tree (the rest are never expanded there)."""
    exploration: float = 0.7
    """UCB1's exploration constant, for values in 0..1."""

    def actions(self, game: Game, state: State, seat: int) -> list[Action]:
        """The moves the search considers for ``seat`` at a node of the tree."""
        return self.prune(game, state, seat, list(game.legal_actions(state, seat)))

    def prune(self, game: Game, state: State, seat: int, moves: list[Action]) -> list[Action]:
        """At most ``max_children`` of ``moves``: by default evenly spaced through the listing
        (cheap, and the same for every determinization that lists the same moves). Games with
        many moves keep the most promising ones instead."""
        if len(moves) <= self.max_children:
            return moves
        step = len(moves) / self.max_children
        return [moves[int(n * step)] for n in range(self.max_children)]

    def words(self, game: Game, action: Action) -> list[str]:
        """The words a move plays (levels that know fewer words skip moves with others)."""
        word = action.get("word")
        return [word] if isinstance(word, str) else []

    def words_in(self, game: Game, state: State, action: Action) -> list[str]:
        """The words a move plays in ``state``: by default :meth:`words`, which reads the move
        alone. A game whose moves name cells rather than words (a claim of the word standing
        on a cell) overrides this one."""
        return self.words(game, action)

    def tune(self, level: Level) -> Level:
        """A ladder level fitted to this game (budgets that keep a move near a second)."""
        return level

    def for_level(self, level: Level) -> SearchPolicy:
        """The policy a ladder level searches with: by default this one. A game whose levels
        should differ in more than budget (an expert weighing more moves at each node) returns
        another policy for them, with caches of its own."""
        return self

    def rollout_action(self, game: Game, state: State, seat: int, rng: random.Random) -> Action:
        """The move ``seat`` plays in a rollout: by default a uniform legal one."""
        return game.sample_action(state, seat, rng)

    def leaf_values(self, game: Game, state: State) -> list[float]:
        """Each seat's value (0..1) of an unfinished position: by default its ``evaluate``
        lead over the best other seat, squashed as the score margin is."""
        seats = len(game.scores_of(state))
        return margin_utility([game.evaluate(state, s) for s in range(seats)], self.margin_scale)

    def final_values(self, result: Result) -> list[float]:
        """Each seat's value (0..1) of a finished game: rank first, score margin second."""
        ranks = rank_utility(result.ranks)
        margins = margin_utility(result.scores, self.margin_scale)
        weight = self.margin_weight
        return [(1 - weight) * r + weight * m for r, m in zip(ranks, margins, strict=True)]

    def values(self, game: Game, state: State) -> list[float]:
        """Each seat's value of any position, finished or not."""
        result = game.result(state)
        return self.final_values(result) if result is not None else self.leaf_values(game, state)


DEFAULT_POLICY = SearchPolicy()


def _clock(cpu: bool) -> float:
    return time.thread_time() if cpu else time.monotonic()


@dataclass(frozen=True)
class Deadline:
    """A moment after which a search stops, between two iterations, and answers with the best
    it has found so far: on the thinking thread's CPU clock (what a bot's move is charged,
    whatever else the machine runs) or on the wall clock (what a person waits)."""

    at: float
    """The clock's reading (``time.thread_time`` or ``time.monotonic``) at which it passes."""
    cpu: bool = False

    @classmethod
    def after(cls, seconds: float, cpu: bool = False) -> Deadline:
        """The deadline ``seconds`` from now on the chosen clock (of this thread, for CPU)."""
        return cls(_clock(cpu) + seconds, cpu)

    def passed(self) -> bool:
        return _clock(self.cpu) >= self.at

    def left(self) -> float:
        """Seconds until it passes (negative once it has)."""
        return self.at - _clock(self.cpu)


@dataclass(frozen=True)
class Budget:
    """When a search stops: after ``iterations``, after ``seconds`` from its start (of wall
    time, or of its thread's CPU time if ``cpu``), or at ``deadline``, whichever comes first.
    Only an iteration budget makes the result repeatable; a deadline is a cap on top of it
    for those who cannot wait."""

    iterations: int | None = None
    seconds: float | None = None
    deadline: Deadline | None = None
    cpu: bool = False

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None and self.deadline is None:
            raise ValueError("A search budget needs iterations, seconds or a deadline.")

    def deadlines(self, kept: int = 0) -> list[Deadline]:
        """The moments this budget stops a search started now, from a tree that has ``kept``
        visits already: they count as that share of the iterations, and of the seconds."""
        found = [] if self.deadline is None else [self.deadline]
        if self.seconds is not None:
            left = 1 - min(1, kept / self.iterations) if self.iterations else 1
            found.append(Deadline.after(self.seconds * left, self.cpu))
        return found


@dataclass
class Node:
    """A move in the tree, made by ``seat``; its statistics are from that seat's side."""

    seat: int
    action: Action | None
    visits: int = 0
    available: int = 0
    """Iterations in which this move was legal when its parent was reached."""
    value: float = 0.0
    children: dict[tuple[int, Hashable], Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        return self.value / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


@dataclass(frozen=True)
class Choice:
    """What a search found: the move, and each root move's visits and mean value."""

    action: Action
    iterations: int
    stats: list[tuple[Action, int, float]]


class Search:
    """One IS-MCTS search for ``seat``; :meth:`run` returns its :class:`Choice`.

    ``root_actions`` restricts the searching seat's moves at the root (a level that knows
    fewer words, or notices fewer moves, passes its own list); ``horizon`` replaces the
    policy's ``rollout_moves`` (a level that looks less far ahead). ``root`` goes on from a
    subtree of an earlier search of the same seat (:meth:`subtree`): its visits count in the
    budget (in its iterations, and for their share in its seconds), and only the moves of
    ``root_actions`` are answered from it.
    """

    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        rng: random.Random,
        policy: SearchPolicy = DEFAULT_POLICY,
        root_actions: list[Action] | None = None,
        horizon: int | None = None,
        root: Node | None = None,
    ) -> None:
        self.game, self.state, self.seat, self.rng, self.policy = game, state, seat, rng, policy
        self.root = root if root is not None else Node(seat, None)
        self.root_actions = root_actions
        horizon = horizon if horizon is not None else policy.rollout_moves
        self.horizon = horizon if horizon is not None else SAFETY_MOVES

    def run(self, budget: Budget) -> Choice:
        """Iterate until the budget is spent (anytime: a deadline may stop it after any
        iteration, even before the first), then answer from the tree as it stands."""
        done, kept = 0, self.root.visits
        deadlines = budget.deadlines(kept)
        while budget.iterations is None or kept + done < budget.iterations:
            if any(deadline.passed() for deadline in deadlines):
                break
            self.iterate()
            done += 1
        return self.choice(done)

    def iterate(self) -> None:
        game, policy, rng = self.game, self.policy, self.rng
        world = game.determinize(self.state, self.seat, rng)
        node = self.root
        path = [node]
        while game.result(world) is None:
            mover = self.seat if node is self.root else self._mover(world)
            moves = self._moves(world, mover, node)
            untried: list[tuple[tuple[int, Hashable], Action]] = []
            available: list[Node] = []
            for move in moves:
                key = (mover, game.action_key(move))
                child = node.children.get(key)
                if child is None:
                    untried.append((key, move))
                else:
                    child.available += 1
                    available.append(child)
            if untried:
                key, move = untried[int(rng.random() * len(untried))]
                child = Node(mover, move, available=1)
                node.children[key] = child
                game.apply(world, mover, move)
                path.append(child)
                break
            if not available:
                break
            exploration = policy.exploration
            node = max(available, key=lambda c: c.ucb(exploration))
            assert node.action is not None
            game.apply(world, mover, node.action)
            path.append(node)
        values = self._rollout(world)
        for visited in path:
            visited.visits += 1
            visited.value += values[visited.seat]

    def _mover(self, world: State) -> int:
        active = self.game.active_seats(world)
        return active[0] if len(active) == 1 else active[int(self.rng.random() * len(active))]

    def _moves(self, world: State, mover: int, node: Node) -> list[Action]:
        if node is self.root and self.root_actions is not None:
            return self.root_actions
        return self.policy.actions(self.game, world, mover)

    def _rollout(self, world: State) -> list[float]:
        game, policy, rng = self.game, self.policy, self.rng
        for _ in range(self.horizon):
            if game.result(world) is not None:
                break
            mover = self._mover(world)
            game.apply(world, mover, policy.rollout_action(game, world, mover, rng))
        return policy.values(game, world)

    def subtree(self, moves: Sequence[Action]) -> Node | None:
        """The node this search's tree reached after the searching seat's ``moves`` from its
        root (``None``: never reached): where a search of the seat's next position can go on."""
        node = self.root
        for move in moves:
            found = node.children.get((self.seat, self.game.action_key(move)))
            if found is None:
                return None
            node = found
        return node

    def choice(self, iterations: int) -> Choice:
        """The most visited root move (ties: the better mean, then the first tried)."""
        children = [c for c in self.root.children.values() if c.seat == self.seat]
        if self.root_actions is not None and self.root.action is not None:
            # a kept subtree may hold moves that this position's list leaves out
            keys = {self.game.action_key(action) for action in self.root_actions}
            children = [c for c in children if c.action and self.game.action_key(c.action) in keys]
        if not children:  # no iteration ran: the first move the seat may make
            world = self.game.determinize(self.state, self.seat, self.rng)
            return Choice(self._moves(world, self.seat, self.root)[0], iterations, [])
        best = max(children, key=lambda c: (c.visits, c.value / max(c.visits, 1)))
        assert best.action is not None
        stats = [(c.action, c.visits, c.value / max(c.visits, 1)) for c in children if c.action]
        return Choice(best.action, iterations, stats)


def ismcts(
    game: Game,
    state: State,
    seat: int,
    budget: Budget,
    rng: random.Random,
    policy: SearchPolicy = DEFAULT_POLICY,
    root_actions: list[Action] | None = None,
    horizon: int | None = None,
) -> Choice:
    """The move IS-MCTS picks for ``seat`` (which must be active) within ``budget``."""
    return Search(game, state, seat, rng, policy, root_actions, horizon).run(budget)
