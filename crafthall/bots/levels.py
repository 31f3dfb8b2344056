"""The bot ladder every game offers: ``beginner``, ``casual``, ``strong`` and ``expert``.

The levels differ the way people do, not by noise added to a strong bot:

- how much of the position they take in: a beginner looks at a handful of its moves, a
  casual player at a couple of dozen; strong and expert players at every move the game's
  search policy considers;
- which words they know: beginners and casual players only play common words;
- how far they look ahead: a beginner judges each move by the position right after it, a
  casual player runs a short search with short rollouts, strong and expert players run
  information-set Monte Carlo tree search (:mod:`crafthall.bots.ismcts`) with bigger budgets.

Two levels search with the game's learned network where the game ships one that fits the
table (:mod:`crafthall.bots.learned`): ``swift``, at a fraction of the expert's time, and
``master``, at the expert's time. Where it does not, they play as the level they name as
their fallback (``strong`` and ``expert``), so every game offers them.

Budgets are iteration counts, never seconds, so a bot's moves repeat for a given seed (a
game's policy scales them so that a move stays within about a second on one core). Where
people wait for a move (:func:`crafthall.bots.thinking.think`), a level's ``think`` seconds of
CPU cap it on top: a search that reaches them stops and plays its best move so far.
"""

from __future__ import annotations

import random
from collections.abc import Container, Iterable
from dataclasses import dataclass, replace

from crafthall.bots.base import Bot
from crafthall.bots.ismcts import DEFAULT_POLICY, Budget, Choice, Deadline, SearchPolicy, ismcts
from crafthall.bots.learned.guided import Guidance, GuidedSearch
from crafthall.bots.learned.network import Network, shipped_network
from crafthall.engine.data import Action, State, clone
from crafthall.engine.game import Game


@dataclass(frozen=True)
class Guide:
    """How a level searches with the game's network (:mod:`crafthall.bots.learned`)."""

    budget_of: str
    """The level whose budget, as the game's policy tunes it, this one's is a share of: so a
    guided level follows each game's speed without a game naming it."""
    share: float
    """Iterations as a share of that budget (a guided iteration costs about as much as one
    with a rollout: measured in docs/bots.md)."""
    fallback: str
    """The level played where the game has no network that fits the table."""
    leaf_mix: float = 0.0
    """Share of the network's value at a leaf (the rest: the game's rollout and leaf); 0, the
    network's prior ordering the search and the game's own rollouts judging, as trained."""


@dataclass(frozen=True)
class Level:
    name: str
    description: str
    """One line on how it plays, for lobbies and ``crafthall games``."""
    iterations: int
    """Search iterations a move; 0 judges each move by the position right after it."""
    notice: int | None
    """How many of its moves it looks at (drawn at random each turn); ``None``: all."""
    common_words: bool
    """Plays only words of the common dictionary (in games where moves spell words)."""
    slip: float = 0.0
    """Chance of taking its second-best move instead of its best (a beginner's misjudgement)."""
    rollout_moves: int | None = None
    """Moves each rollout plays before judging the position; ``None``: the policy's own."""
    pace: float = 0.0
    """Seconds it seems to think before each action in a real-time race."""
    guide: Guide | None = None
    """Set for a level that searches with the game's network."""
    think: float = 2.0
    """CPU seconds a move may take at most where people wait for it: its search stops there
    and plays its best move so far (a few times what its iterations usually take, so that
    only an unusually heavy position is cut short)."""


LADDER: dict[str, Level] = {
    level.name: level
    for level in (
        Level(
            "beginner",
            "looks at a few of its moves, knows common words only, takes what scores at once",
            iterations=0,
            notice=6,
            common_words=True,
            slip=0.3,
            pace=9.0,
            think=0.5,
        ),
        Level(
            "casual",
            "weighs a couple of dozen moves a few turns ahead, common words only",
            iterations=48,
            notice=24,
            common_words=True,
            rollout_moves=12,
            pace=5.0,
            think=1.0,
        ),
        Level(
            "strong",
            "searches every sensible move hundreds of games ahead (under half a second)",
            iterations=300,
            notice=None,
            common_words=False,
            pace=2.5,
            think=1.5,
        ),
        Level(
            "swift",
            "the learned network's search in a fraction of the expert's time (where a game "
            "has no network: strong)",
            iterations=0,
            notice=None,
            common_words=False,
            pace=2.0,
            guide=Guide("expert", share=0.1, fallback="strong", leaf_mix=0.0),
            think=1.5,
        ),
        Level(
            "expert",
            "searches deeper and longer (about a second a move), any word the table allows",
            iterations=450,
            notice=None,
            common_words=False,
            pace=1.5,
            think=3.0,
        ),
        Level(
            "master",
            "the expert's search guided by the game's learned network, in the expert's time "
            "(where a game has no network: expert)",
            iterations=0,
            notice=None,
            common_words=False,
            pace=1.5,
            guide=Guide("expert", share=0.6, fallback="expert", leaf_mix=0.0),
            think=3.0,
        ),
    )
}
"""The levels, weakest first (``swift`` and ``master`` as their game's network makes them)."""

OLD_NAMES: dict[str, str] = {"easy": "beginner", "medium": "casual", "search": "strong"}
"""Names of earlier bots and the level each now means (``random`` and ``greedy`` stay)."""


def describe_levels() -> dict[str, str]:
    """One line per bot name that works in every game, the ladder first."""
    lines = {name: level.description for name, level in LADDER.items()}
    lines["greedy"] = "a yardstick: the move that looks best right after it, every time"
    lines["random"] = "a yardstick: any legal move, at random"
    lines.update({old: f"the earlier name of {new}" for old, new in OLD_NAMES.items()})
    return lines


def with_lines(names: Iterable[str]) -> str:
    """``beginner: looks at ...; casual: ...``: bot names with their lines, for refusals that
    list the levels to choose from (a game's own bot of another name has no line)."""
    lines = describe_levels()
    return "; ".join(f"{name}: {lines[name]}" if name in lines else name for name in names)


def guided_level(level: Level, policy: SearchPolicy) -> Level:
    """A guided ``level`` with its iterations set: its share of the budget ``policy`` gives
    the level its guide names (at least one)."""
    assert level.guide is not None, f"{level.name} searches without a network"
    base = policy.tune(LADDER[level.guide.budget_of]).iterations
    return replace(level, iterations=max(1, round(base * level.guide.share)))


class LevelBot(Bot):
    """A bot of one :class:`Level`, thinking with a game's :class:`SearchPolicy`.

    It touches the true state only through ``determinize``, so it never reads another seat's
    secrets: its move depends on its seat's view, its seed and nothing else.
    """

    def __init__(
        self,
        game: Game,
        seed: int,
        level: Level,
        policy: SearchPolicy = DEFAULT_POLICY,
        vocabulary: Container[str] | None = None,
        network: Network | None = None,
    ) -> None:
        super().__init__(game, seed)
        self.level = level.name
        self.vocabulary = vocabulary if level.common_words else None
        self.iterations = 0
        """Search iterations run so far (benchmarks divide it by the time taken)."""
        self.cut = 0
        """Moves whose search a deadline stopped before its budget of iterations."""
        self.guide = level.guide
        self.network = network
        """The network a guided level searches with; ``None``: the game's shipped one."""
        self.fallback: LevelBot | None = None
        if level.guide is None:
            self.policy = policy.for_level(level)
            self.level_info = self.policy.tune(level)
        else:
            self.policy = policy.for_level(LADDER[level.guide.budget_of])
            self.level_info = guided_level(level, self.policy)
            fallback = LADDER[level.guide.fallback]
            self.fallback = LevelBot(game, seed, fallback, policy, vocabulary)

    def think_seconds(self) -> float:
        return self.level_info.pace if self.game.simultaneous else 0.0

    def think_budget(self) -> float:
        return self.level_info.think

    def guiding_network(self, seats: int) -> Network | None:
        """The network this bot searches with at a table of ``seats``: the one it was given,
        else the game's shipped model if it fits; ``None`` for a level without a guide, or
        where no network fits (the bot then plays as its fallback level)."""
        if self.guide is None:
            return None
        if self.network is not None:
            return self.network
        return shipped_network(self.game, seats)

    def choose(self, state: State, seat: int) -> Action:
        return self.choose_before(state, seat, None)

    def choose_before(self, state: State, seat: int, deadline: Deadline | None) -> Action:
        if self.guide is not None:
            network = self.guiding_network(len(self.game.scores_of(state)))
            if network is None:
                assert self.fallback is not None
                return self._counted(self.fallback, state, seat, deadline)
            guidance = Guidance(network, leaf_mix=self.guide.leaf_mix)
            return self.choose_guided(state, seat, guidance, deadline)
        rng = random.Random(self.random.getrandbits(64))
        world = self.game.determinize(state, seat, rng)
        options = self.options(world, seat, rng)
        level = self.level_info
        if level.iterations == 0 or len(options) == 1:
            return self.judge(world, seat, options, rng)
        budget = Budget(iterations=level.iterations, deadline=deadline)
        horizon = level.rollout_moves
        choice = ismcts(self.game, state, seat, budget, rng, self.policy, options, horizon)
        return self._played(choice, world, seat, options, rng)

    def choose_guided(
        self, state: State, seat: int, guidance: Guidance, deadline: Deadline | None = None
    ) -> Action:
        """The move of the network-guided search over the options this level weighs."""
        rng = random.Random(self.random.getrandbits(64))
        world = self.game.determinize(state, seat, rng)
        options = self.options(world, seat, rng)
        if len(options) == 1:
            return options[0]
        search = GuidedSearch(self.game, state, seat, rng, guidance, self.policy, options)
        choice = search.run(Budget(iterations=self.level_info.iterations, deadline=deadline))
        return self._played(choice, world, seat, options, rng)

    def _played(
        self, choice: Choice, world: State, seat: int, options: list[Action], rng: random.Random
    ) -> Action:
        """The search's move, counted; a search a deadline stopped before its first iteration
        has no tree to answer from, so the options are judged by the position after each."""
        self.iterations += choice.iterations
        if choice.iterations < self.level_info.iterations:
            self.cut += 1
        if choice.iterations == 0:
            return self.judge(world, seat, options, rng)
        return choice.action

    def _counted(self, bot: LevelBot, state: State, seat: int, deadline: Deadline | None) -> Action:
        iterations, cut = bot.iterations, bot.cut
        action = bot.choose_before(state, seat, deadline)
        self.iterations += bot.iterations - iterations
        self.cut += bot.cut - cut
        return action

    def options(self, world: State, seat: int, rng: random.Random) -> list[Action]:
        """The moves this player considers: those it knows, of those the ones it notices,
        trimmed to the policy's limit."""
        moves = list(self.game.legal_actions(world, seat))
        if self.vocabulary is not None:
            vocabulary = self.vocabulary
            known = [
                move
                for move in moves
                if all(word in vocabulary for word in self.policy.words_in(self.game, world, move))
            ]
            moves = known or moves  # it must play something, even a word it half knows
        notice = self.level_info.notice
        if notice is not None and len(moves) > notice:
            moves = rng.sample(moves, notice)
        return self.policy.prune(self.game, world, seat, moves)

    def judge(self, world: State, seat: int, options: list[Action], rng: random.Random) -> Action:
        """The option that looks best right after it is played (second best on a slip)."""
        if len(options) == 1:
            return options[0]
        valued = []
        for index, move in enumerate(options):
            after = clone(world)
            self.game.apply(after, seat, move)
            valued.append((self.policy.values(self.game, after)[seat], -index))
        ranked = sorted(range(len(options)), key=lambda i: valued[i], reverse=True)
        slip = self.level_info.slip > 0 and rng.random() < self.level_info.slip
        return options[ranked[1] if slip else ranked[0]]
