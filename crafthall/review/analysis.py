"""How good each of a seat's moves is, judged only from what the seat knows.

The judge is the game's ``strong`` bot: the information-set Monte Carlo tree search
(:mod:`crafthall.bots.ismcts`) with the game's search policy, its ``prune`` and its ``tune``d
budget, exactly as :class:`crafthall.bots.levels.LevelBot` plays ``strong``. Its root moves are
those the strong bot would consider, plus any move the caller insists on (the move actually
played, in a review), so every one of them is valued by the same search. A move's *estimate*
is the search's mean value of it for the seat (0..1, as the search bots value positions: rank
first, score margin second); the *best* move is the one the search picks (the most visited),
the move ``strong`` would play. A move's *immediate value* is the game's ``evaluate`` right
after it on a determinization (what a greedy bot maximises).

Where the game ships a network that fits the table (:mod:`crafthall.bots.learned`), the judge
is ``swift`` instead: the network's search at a tenth of the expert's budget (:func:`judge_of`).
Shipping or replacing a model changes the judge, so it goes with a new review ``VERSION``.

For word games, :func:`best_words` lists the words with the best immediate value among all
the seat's legal moves (not only those the search considers).

The state handed in is only ever read through ``determinize(state, seat, rng)`` (here and in
the search): two states that look the same to the seat give the same answer for the same
effort.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from crafthall.bots.ismcts import Budget, Deadline, Node, Search, SearchPolicy
from crafthall.bots.learned.guided import Guidance, GuidedNode, GuidedSearch
from crafthall.bots.learned.network import Network, shipped_network
from crafthall.bots.levels import LADDER, Level, guided_level
from crafthall.engine.data import Action, Event, State, View, clone
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game
from crafthall.games import search_policy

HINTS = 5
"""The most moves a hint shows."""
WORDS = 10
"""The most words :func:`best_words` lists for a turn."""
JUDGE = "strong"
"""The ladder level whose search judges moves where the game ships no network for the table..."""
GUIDED_JUDGE = "swift"
"""...and the one where it does: the network's search at a tenth of the expert's budget, the
cheap configuration of docs/bots.md."""


@dataclass(frozen=True)
class Effort:
    """How hard to look: ``iterations`` of the strong level's search a move (``None``: the
    strong level's own budget for the game, as its policy tunes it), stopped early after
    ``seconds`` of CPU time if given (a share of a core, whatever else the machine runs);
    ``seed`` makes the answer repeatable (as long as no time limit cuts the search short)."""

    iterations: int | None = None
    seconds: float | None = None
    seed: int = 0

    def budget(self, level: Level, deadline: Deadline | None = None) -> Budget:
        iterations = level.iterations if self.iterations is None else self.iterations
        return Budget(iterations=iterations, seconds=self.seconds, deadline=deadline, cpu=True)


DEFAULT_EFFORT = Effort()
HINT_EFFORT = Effort(seconds=0.6)
"""What a player's hint button asks for: what ``strong`` would spend on the move, but never
more than 0.6 CPU seconds of search (bench/bench_review.py)."""
HINT_SECONDS = 1.0
"""Wall seconds a hint answers within, whatever the position (:func:`hints`)..."""
HINT_RESERVE = 0.15
"""...of which the search leaves this many to judging its candidates and saying them."""
REVIEW_EFFORT = Effort()
"""What a review spends on each move (the terminal's default, the server's reviews)."""


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
    """The seat's expected value of the game after the move, 0..1 (the search's mean; a move
    the search never tried: the position's value right after it)."""
    effects: dict[str, float] = field(default_factory=dict)
    """How the move changes the seat's numbers in its own view (scores, score tables)."""
    visits: int = 0
    """How often the search tried the move: the search plays its most visited move."""
    said: str = ""
    """The move in its game's words, as the log says it (:mod:`crafthall.review.words`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "label": self.label,
            "said": self.said,
            "words": self.words,
            "immediate": round(self.immediate, 3),
            "estimate": round(self.estimate, 4),
            "effects": {key: round(value, 3) for key, value in self.effects.items()},
            "visits": self.visits,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Assessment:
        return cls(**data)


@dataclass(frozen=True)
class BestWord:
    """One of the best words a seat could play on its turn (word games)."""

    word: str
    label: str
    action: Action
    """The way of playing the word with the best immediate value (its spelling, the
    achievements it claims)."""
    immediate: float
    cubes: int | None
    """Cards laid for it, one cube each (a move's ``spelling``); ``None`` where a move
    lists no spelling."""
    achievements: list[str]
    """The achievements it puts a cube on (a move's ``achievements``), else empty."""
    effects: dict[str, float] = field(default_factory=dict)
    outlook: float = 0.0
    """The search policy's value for the seat of the position right after it (0..1)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "label": self.label,
            "action": self.action,
            "immediate": round(self.immediate, 3),
            "cubes": self.cubes,
            "achievements": self.achievements,
            "effects": {key: round(value, 3) for key, value in self.effects.items()},
            "outlook": round(self.outlook, 4),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BestWord:
        return cls(**data)


def policy_of(game: Game) -> SearchPolicy:
    return search_policy(game.name)


def judge_level(policy: SearchPolicy) -> Level:
    """The strong level as the game's policy fits it (its budget, its rollout length)."""
    return policy.tune(LADDER[JUDGE])


@dataclass(frozen=True)
class Judge:
    """The search that judges a seat's moves: its level (budget, rollout length), the game's
    search policy as that level uses it, and the network that guides it, if any."""

    level: Level
    policy: SearchPolicy
    network: Network | None = None

    def search(
        self,
        game: Game,
        state: State,
        seat: int,
        rng: random.Random,
        options: list[Action],
        root: Node | None = None,
    ) -> Search:
        """A search of ``seat``'s ``options`` going on from ``root`` (a kept subtree)."""
        horizon = self.level.rollout_moves
        if self.network is None or self.level.guide is None:
            return Search(game, state, seat, rng, self.policy, options, horizon, root)
        guidance = Guidance(self.network, leaf_mix=self.level.guide.leaf_mix)
        kept = root if isinstance(root, GuidedNode) else None
        return GuidedSearch(game, state, seat, rng, guidance, self.policy, options, horizon, kept)


def judge_of(game: Game, seats: int) -> Judge:
    """The strong level's search, or where the game ships a network that fits a table of
    ``seats``, the guided search of :data:`GUIDED_JUDGE`."""
    policy = policy_of(game)
    network = shipped_network(game, seats)
    if network is None:
        return Judge(judge_level(policy), policy)
    guided = LADDER[GUIDED_JUDGE]
    assert guided.guide is not None
    policy = policy.for_level(LADDER[guided.guide.budget_of])
    return Judge(guided_level(guided, policy), policy, network)


def seat_numbers(view: View, seat: int, seats: int) -> dict[str, float]:
    """The seat's entry of every per-seat list of numbers in its view, at the top level and
    one level down (``scores``, ``score_table.quality`` ...): what a move's
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


def action_label(action: Action) -> str:
    """A short line naming a move from its fields alone (``word AAH``, ``place gem yellow side
    1``). The game's log lines are not used: they tell what a move revealed, which in a
    determinization is invented. Players never read it: hints and reviews, in the browser and
    the terminal, say a move in the game's words (:mod:`crafthall.review.words`, which falls
    back to it only for a move no world of the mover allows); it stays as the JSON's
    ``label`` for scripts."""
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


def _world(game: Game, state: State, seat: int, seed: int) -> tuple[State, random.Random]:
    """The determinization moves are listed and tried on, and the generator that made it
    (the search goes on drawing from it, as the strong bot's does)."""
    rng = random.Random(seed)
    return game.determinize(state, seat, rng), rng


KEEP_SPAN = 8
"""A review lets its kept tree go at every multiple of this many moves, so that a review made
in parts that start there (the server's parts: ``crafthall.server.routes.hints.PART_MOVES``)
is the same as one made at once."""


class Keeper:
    """The strong search's tree carried from one position of a game to the next while the
    same seat moves again (a turn of several moves, or a forced move between): the next
    search goes on from the node its tree reached by the moves played, with the visits it
    had there counted in its budget, instead of starting afresh.

    Only the seat's own moves are followed: they are all it learnt in between, so the tree
    stays built from the seat's own knowledge (another seat's move may hide what it did,
    which the record tells but the seat did not see). A move of another seat lets the tree go.
    """

    def __init__(self) -> None:
        self.search: Search | None = None
        self.since: list[Action] = []
        """The searching seat's moves played since its search."""
        self.iterations = 0
        """Iterations its searches ran (benchmarks print these counts)..."""
        self.reused = 0
        """...the searches that went on from a kept tree..."""
        self.kept = 0
        """...and the visits they found there."""

    def root(self, seat: int) -> Node | None:
        """Where a search for ``seat`` in the position now reached goes on, if anywhere."""
        if self.search is None or self.search.seat != seat or not self.since:
            return None
        node = self.search.subtree(self.since)
        if node is not None and node.visits:
            self.reused += 1
            self.kept += node.visits
        return node

    def searched(self, search: Search, iterations: int) -> None:
        self.search, self.since = search, []
        self.iterations += iterations

    def played(self, seat: int, action: Action) -> None:
        """``seat`` made ``action``: followed if it is the searching seat's, else the end."""
        if self.search is not None and seat == self.search.seat:
            self.since.append(action)
        else:
            self.drop()

    def drop(self) -> None:
        self.search, self.since = None, []


def assess(
    game: Game,
    state: State,
    seat: int,
    effort: Effort = DEFAULT_EFFORT,
    include: Sequence[Action] = (),
    deadline: Deadline | None = None,
    keeper: Keeper | None = None,
) -> list[Assessment]:
    """The moves the strong bot considers for ``seat`` (and every move of ``include``), the
    one it would play first, then by visits and estimate.

    ``state`` is read only through determinizations for ``seat``; the moves are those legal
    in them (the seat's own options, which it knows). The search stops at ``deadline`` if it
    comes first (the moves are then judged by what it found so far; before its first
    iteration, by the position right after each). With a ``keeper`` it goes on from the tree
    of the seat's previous position, if the keeper has one, and leaves its own there."""
    judge = judge_of(game, len(game.scores_of(state)))
    policy, level = judge.policy, judge.level
    first, rng = _world(game, state, seat, effort.seed)
    options = policy.prune(game, first, seat, list(game.legal_actions(first, seat)))
    keys: set[Hashable] = {game.action_key(action) for action in options}
    for action in include:
        key = game.action_key(action)
        if key not in keys and _try(game, first, seat, action) is not None:
            keys.add(key)
            options.append(action)
    stats: dict[Hashable, tuple[int, float]] = {}
    chosen: Hashable = None
    budget = effort.budget(level, deadline)
    if len(options) > 1 and budget.iterations:
        root = keeper.root(seat) if keeper is not None else None
        search = judge.search(game, state, seat, rng, options, root)
        choice = search.run(budget)
        if keeper is not None:
            keeper.searched(search, choice.iterations)
        stats = {game.action_key(a): (visits, mean) for a, visits, mean in choice.stats}
        chosen = game.action_key(choice.action) if choice.stats else None
    ranked: list[tuple[bool, int, float, int, Assessment]] = []
    for order, action in enumerate(options):
        done = _try(game, first, seat, action)
        if done is None:
            continue
        after = done[0]
        key = game.action_key(action)
        visits, mean = stats.get(key, (0, 0.0))
        found = Assessment(
            action=action,
            label=action_label(action),
            words=policy.words(game, action),
            immediate=game.evaluate(after, seat),
            estimate=mean if visits else policy.values(game, after)[seat],
            effects=effects_of(game, first, after, seat),
            visits=visits,
        )
        ranked.append((key == chosen, visits, found.estimate, -order, found))
    ranked.sort(key=lambda item: item[:4], reverse=True)
    return [item[-1] for item in ranked]


def best_words(
    game: Game, state: State, seat: int, seed: int = 0, count: int = WORDS
) -> list[BestWord]:
    """The ``count`` words with the best immediate value among all the seat's legal moves
    (each word once, played its best way), best first; empty where no move plays a word.
    Ties of the immediate value (a word that scores only later) go
    to the better value of the position after it for the search policy, then to the game's
    listing order. Judged on the same determinization as :func:`assess` with this seed."""
    policy = policy_of(game)
    first, _ = _world(game, state, seat, seed)
    # Each word's ways of playing it with the best immediate value (the policy's value is
    # worked out for the few that may make the list only: it costs more than ``evaluate``).
    tied: dict[tuple[str, ...], tuple[float, list[tuple[int, Action, State]]]] = {}
    for order, action in enumerate(game.legal_actions(first, seat)):
        words = tuple(policy.words(game, action))
        if not words:
            continue
        done = _try(game, first, seat, action)
        if done is None:
            continue
        value = game.evaluate(done[0], seat)
        held = tied.get(words)
        if held is None or value > held[0]:
            tied[words] = (value, [(order, action, done[0])])
        elif value == held[0]:
            held[1].append((order, action, done[0]))
    if not tied:
        return []
    cut = sorted((value for value, _ in tied.values()), reverse=True)[: max(1, count)][-1]
    ranked = []
    for words, (value, ways) in tied.items():
        if value < cut:
            continue
        outlook, order, action, after = max(
            (policy.values(game, after)[seat], -order, action, after)
            for order, action, after in ways
        )
        ranked.append((value, outlook, order, words, action, after))
    ranked.sort(key=lambda item: item[:3], reverse=True)
    return [
        BestWord(
            word=" ".join(words).upper(),
            label=action_label(action),
            action=action,
            immediate=value,
            cubes=_count(action.get("spelling")),
            achievements=[str(a) for a in action.get("achievements") or []],
            effects=effects_of(game, first, after, seat),
            outlook=outlook,
        )
        for value, outlook, _, words, action, after in ranked[:count]
    ]


def _count(spelling: Any) -> int | None:
    return len(spelling) if isinstance(spelling, list) else None


def hints(
    game: Game,
    state: State,
    seat: int,
    budget: Effort = DEFAULT_EFFORT,
    within: float | None = None,
) -> list[Assessment]:
    """Up to five good moves for ``seat``, the strong bot's choice first, each with its
    immediate value and the search's estimate, from what the seat knows alone. Empty if the
    seat cannot act.

    ``within`` wall seconds from now (e.g. :data:`HINT_SECONDS`), the answer is due: the
    search stops :data:`HINT_RESERVE` before, however heavy the position, and the moves are
    judged by what it found so far."""
    if seat not in game.active_seats(state) or game.result(state) is not None:
        return []
    deadline = None if within is None else Deadline.after(within - HINT_RESERVE)
    return assess(game, state, seat, budget, deadline=deadline)[:HINTS]
