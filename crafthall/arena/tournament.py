"""Round-robin tournaments between bot levels: who beats whom, how surely, and a rating.

Every table of ``seats`` bots (each combination of distinct bots, or the bots repeated in
turn when there are fewer bots than seats) is played on the same deals in every rotation of
its seat order: each bot sits in each place equally often on the same cards, so neither the
first player's advantage nor the luck of the deal favours anyone. Deal ``d`` is shuffled from
seed ``seed + d`` and every game's bots are seeded from it, so a tournament repeats exactly
whatever the number of processes.

The statistics are plain functions (tested on small known inputs): a game's points for a bot
are its share of the win (a tie for first splits it), win rates carry a 95% Wilson interval,
and every bot gets a Bradley-Terry rating on the Elo scale from the pairwise results.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from typing import Any

from crafthall.arena.autoplay import play_to_end
from crafthall.arena.spread import process_pool
from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State
from crafthall.engine.errors import SetupError
from crafthall.engine.match import Match
from crafthall.engine.record import Seat
from crafthall.games import make_bot, new_match

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (``wins`` may count half wins for ties).

    >>> [round(x, 3) for x in wilson_interval(8, 10)]
    [0.49, 0.943]
    """
    if games <= 0:
        return (0.0, 1.0)
    rate = wins / games
    spread = z * z / games
    centre = (rate + spread / 2) / (1 + spread)
    half = z * math.sqrt(rate * (1 - rate) / games + spread / (4 * games)) / (1 + spread)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    names: Sequence[str], wins: Mapping[tuple[str, str], float], prior: float = 0.5
) -> dict[str, float]:
    """Ratings on the Elo scale (400 points: ten to one odds), centred on 1500.

    ``wins[(a, b)]`` is how often ``a`` finished ahead of ``b`` (ties count a half each way).
    ``prior`` adds that many virtual wins each way to every pair that met, so a bot that won
    every game still gets a finite rating. Fitted by Hunter's (2004) minorise-maximise steps.
    """
    met = {frozenset(pair) for pair, count in wins.items() if count > 0}
    played: dict[tuple[str, str], float] = {}
    for a in names:
        for b in names:
            if a != b and frozenset((a, b)) in met:
                played[(a, b)] = wins.get((a, b), 0.0) + prior
    strength = dict.fromkeys(names, 1.0)
    for _ in range(1000):
        new = {}
        for a in names:
            won = sum(count for (x, _), count in played.items() if x == a)
            weight = sum(
                (played[(a, b)] + played[(b, a)]) / (strength[a] + strength[b])
                for b in names
                if (a, b) in played
            )
            new[a] = won / weight if weight else strength[a]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {a: v / scale for a, v in new.items()}
        change = max(abs(math.log(new[a] / strength[a])) for a in names)
        strength = new
        if change < 1e-9:
            break
    return {a: 1500 + 400 * math.log10(strength[a]) for a in names}


def lineups(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every seat order played: each table of bots in each rotation.

    >>> lineups(["a", "b"], 2)
    [('a', 'b'), ('b', 'a')]
    >>> lineups(["a", "b"], 3)
    [('a', 'b', 'a'), ('b', 'a', 'a'), ('a', 'a', 'b')]
    """
    if len(bots) >= seats:
        tables = list(combinations(bots, seats))
    else:
        tables = [tuple(bots[n % len(bots)] for n in range(seats))]
    return [table[turn:] + table[:turn] for table in tables for turn in range(seats)]


@dataclass(frozen=True)
class Fixture:
    """One game to play: a seat order and a deal."""

    lineup: tuple[str, ...]
    seed: int


@dataclass(frozen=True)
class Played:
    """One finished game: the seats' bots, scores and ranks, and their thinking time."""

    lineup: tuple[str, ...]
    seed: int
    scores: list[int]
    ranks: list[int]
    moves: int
    think: list[tuple[float, int]]
    """Per seat: CPU seconds spent choosing, and moves chosen."""


class _Timed(Bot):
    """A bot that keeps count of the CPU time its choices take."""

    def __init__(self, inner: Bot) -> None:
        super().__init__(inner.game, 0)
        self.inner, self.seconds, self.moves = inner, 0.0, 0

    def choose(self, state: State, seat: int) -> Action:
        started = time.process_time()
        action = self.inner.choose(state, seat)
        self.seconds += time.process_time() - started
        self.moves += 1
        return action


@dataclass(frozen=True)
class Tournament:
    game: str
    bots: tuple[str, ...]
    seats: int = 2
    deals: int = 1
    """Deals per table; each is played once in every rotation."""
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.bots) < 2:
            raise SetupError("A tournament needs at least two bot levels.")
        if len(set(self.bots)) != len(self.bots):
            raise SetupError("Name each bot level once; seats rotate by themselves.")
        if self.deals < 1:
            raise SetupError("A tournament needs at least one game.")

    def schedule(self) -> list[Fixture]:
        """Every game, deal by deal (so an interrupted run has played every order evenly)."""
        return [
            Fixture(lineup, self.seed + deal)
            for deal in range(self.deals)
            for lineup in lineups(self.bots, self.seats)
        ]

    def check(self) -> None:
        """Refuse a bad game, seat count, option or level before anything is played."""
        match = self._match(self.schedule()[0])
        for level in self.bots:
            make_bot(match.game, level, 0)

    def _match(self, game: Fixture) -> Match:
        seats = [Seat(f"{level} {n + 1}", f"bot:{level}") for n, level in enumerate(game.lineup)]
        return new_match(self.game, seats, options=self.options, seed=game.seed)

    def play(self, game: Fixture) -> Played:
        match = self._match(game)
        bots = {
            seat: _Timed(make_bot(match.game, level, game.seed * 7919 + seat))
            for seat, level in enumerate(game.lineup)
        }
        play_to_end(match, dict(bots), game.seed)
        result = match.result()
        assert result is not None  # play_to_end returns only finished games
        think = [(bots[seat].seconds, bots[seat].moves) for seat in range(len(game.lineup))]
        return Played(game.lineup, game.seed, result.scores, result.ranks, len(match.moves), think)

    def run(self, jobs: int = 1) -> Iterator[Played]:
        """Every game's outcome, in schedule order, played on ``jobs`` processes."""
        games = self.schedule()
        if jobs <= 1:
            yield from map(self.play, games)
            return
        self.check()  # load dictionaries once, before the workers fork
        with process_pool(jobs) as pool:
            yield from pool.map(partial(_play, self), games)


def _play(tournament: Tournament, game: Fixture) -> Played:
    return tournament.play(game)


@dataclass
class Standing:
    bot: str
    games: int = 0
    points: float = 0.0
    """Wins, a shared first place counting its share."""
    think: float = 0.0
    moves: int = 0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson_interval(self.points, self.games)
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": round(self.points, 3),
            "win_rate": round(self.points / self.games, 4) if self.games else None,
            "ci95": [round(low, 4), round(high, 4)],
            "seconds_per_move": round(self.think / self.moves, 4) if self.moves else None,
        }


def _ahead(rank: int, other: int) -> float:
    """1 if ``rank`` is the better place, a half for a tie, else 0."""
    return 1.0 if rank < other else 0.5 if rank == other else 0.0


def summarise(tournament: Tournament, played: Sequence[Played]) -> dict[str, Any]:
    """Standings, head-to-head results and ratings, as plain data (what ``--json`` prints)."""
    standings = {bot: Standing(bot) for bot in tournament.bots}
    ahead: dict[tuple[str, str], float] = {}
    meetings: dict[tuple[str, str], int] = {}
    for game in played:
        first = [seat for seat, rank in enumerate(game.ranks) if rank == 1]
        for seat, bot in enumerate(game.lineup):
            standing = standings[bot]
            standing.games += 1
            standing.points += 1 / len(first) if seat in first else 0.0
            standing.think += game.think[seat][0]
            standing.moves += game.think[seat][1]
        for a, b in combinations(range(len(game.lineup)), 2):
            x, y = game.lineup[a], game.lineup[b]
            if x == y:
                continue
            share = _ahead(game.ranks[a], game.ranks[b])
            ahead[(x, y)] = ahead.get((x, y), 0.0) + share
            ahead[(y, x)] = ahead.get((y, x), 0.0) + 1 - share
            meetings[(x, y)] = meetings.get((x, y), 0) + 1
            meetings[(y, x)] = meetings.get((y, x), 0) + 1
    ratings = bradley_terry(tournament.bots, ahead)
    head_to_head = []
    for (x, y), count in sorted(meetings.items()):
        low, high = wilson_interval(ahead[(x, y)], count)
        head_to_head.append(
            {
                "bot": x,
                "against": y,
                "games": count,
                "ahead": round(ahead[(x, y)], 3),
                "rate": round(ahead[(x, y)] / count, 4),
                "ci95": [round(low, 4), round(high, 4)],
            }
        )
    return {
        "game": tournament.game,
        "seats": tournament.seats,
        "games": len(played),
        "seed": tournament.seed,
        "standings": [
            {**standings[bot].to_json(), "rating": round(ratings[bot], 1)}
            for bot in sorted(tournament.bots, key=lambda b: -ratings[b])
        ],
        "head_to_head": head_to_head,
    }


def run_tournament(
    tournament: Tournament, jobs: int = 1, progress: Callable[[Played], None] | None = None
) -> dict[str, Any]:
    """Play the whole tournament and summarise it; ``progress`` hears of each game."""
    played = []
    for game in tournament.run(jobs):
        played.append(game)
        if progress is not None:
            progress(game)
    return summarise(tournament, played)
