"""The review of a finished match: every move against the best its mover could have made.

Each move is judged from its mover's knowledge at that point (the position before it, seen
through ``determinize`` for the mover), by :func:`crafthall.review.analysis.assess`: the
strong bot's search from that seat, with the played move always among its root moves, so the
played and the best move (the one ``strong`` would play) are valued by the same search. The
value lost is the difference of their estimates (0..1: the mover's expected share of a win,
with the score margin); the search's own choice loses nothing. A move with a single legal
option is forced and loses nothing. At a word game's turn the best words the mover had are
listed too (:func:`crafthall.review.analysis.best_words`), the best move's word first.

Every move is said in the game's own words (:mod:`crafthall.review.words`): the played move
as the log said it, the best move and the alternatives as the log would have.

The two figures of a seat, defined here and nowhere else:

- *value lost* by a move: how much of its mover's chance (the 0..1 estimate above, shown as
  percentage points) the move gave away against the best move; a seat's value lost a move is
  the mean over the moves it chose (forced ones are not counted);
- *accuracy*: 100% minus that mean, so a seat that lost 4 points a move is 96% accurate, and
  one that never lost anything is 100% accurate. Beside it, the *good moves*: how many of the
  seat's chosen moves lost no more than :data:`GOOD`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice, pairwise
from typing import Any

from crafthall.engine.data import Action, State, clone
from crafthall.engine.game import Game
from crafthall.engine.grammar import whose
from crafthall.engine.match import Match
from crafthall.games import entry
from crafthall.games.entry import TextUI
from crafthall.review.analysis import (
    DEFAULT_EFFORT,
    KEEP_SPAN,
    WORDS,
    Assessment,
    BestWord,
    Effort,
    Keeper,
    assess,
    best_words,
)
from crafthall.review.words import Wording, text_for

VERSION = 3
"""How reviews are made: raised whenever the method or the saved shape changes, so a review
saved under another version is made anew (2: the strong bot's search, the top words; 3: the
game's words, accuracy from the value lost, the chart's reading)."""

GOOD = 0.02
"""A move within this much of the best estimate counts as accurate (the estimates' noise)."""
MISSES = 3
"""How many of a seat's biggest misses the summary names."""
ALTERNATIVES = 3
"""How many of the search's best moves each reviewed move lists."""


@dataclass(frozen=True)
class MoveReview:
    """One move of the match, judged."""

    index: int
    """The move's number in the record, from 0."""
    seat: int
    played: str
    """The move as the game's log says it, first line (the real events: the game is over)."""
    forced: bool
    played_value: float | None
    """The played move's estimate for its mover (``None`` if it was forced)."""
    best: Assessment | None
    """The move with the best estimate (``None`` if forced)."""
    lost: float
    alternatives: list[Assessment] = field(default_factory=list)
    edge: float = 0.0
    """How much better the played move was than the search's next best move (0 unless it was
    the search's choice): a move that stood out."""
    words: list[BestWord] = field(default_factory=list)
    """The best words the mover had (word games; see :func:`best_words`), the best move's
    first, then by their value right after them."""
    action: Action | None = None
    """The move played (``None``: not worded yet, see :func:`worded`), to draw on its board."""

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "played": self.played,
            "forced": self.forced,
            "played_value": None if self.played_value is None else round(self.played_value, 4),
            "best": None if self.best is None else self.best.to_json(),
            "lost": round(self.lost, 4),
            "alternatives": [a.to_json() for a in self.alternatives],
            "edge": round(self.edge, 4),
            "words": [w.to_json() for w in self.words],
            "action": self.action,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MoveReview:
        best = data["best"]
        return cls(
            **{
                **data,
                "best": best and Assessment.from_json(best),
                "alternatives": [Assessment.from_json(a) for a in data["alternatives"]],
                "words": [BestWord.from_json(w) for w in data.get("words", [])],
            }
        )


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    name: str
    moves: int
    """Moves the seat chose (forced ones not counted)."""
    accuracy: float
    """100 minus the mean value lost a move, in percent (see the module's definitions)."""
    mean_lost: float
    """The mean value lost a chosen move (0..1)."""
    total_lost: float
    good: int
    """Chosen moves that lost no more than :data:`GOOD`."""
    misses: list[int]
    """Indices of the seat's biggest misses, biggest first."""
    best_move: int | None
    """Index of the seat's best move of the game: the played move with the widest edge over
    every other (``None``: none stood out)."""
    course: list[tuple[int, float]]
    """(move index, expected value after the seat's move): the seat's chances through the game."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "moves": self.moves,
            "accuracy": round(self.accuracy, 1),
            "mean_lost": round(self.mean_lost, 4),
            "good": self.good,
            "total_lost": round(self.total_lost, 4),
            "misses": self.misses,
            "best_move": self.best_move,
            "course": [[index, round(value, 4)] for index, value in self.course],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatSummary:
        return cls(**{**data, "course": [(index, value) for index, value in data["course"]]})


@dataclass(frozen=True)
class Review:
    game: str
    seats: list[str]
    scores: list[int]
    ranks: list[int]
    moves: list[MoveReview]
    summary: list[SeatSummary]
    turning_point: int | None
    """The move that lost the most value, by a seat that did not win if any lost some: where
    the game was lost (``None``: nobody lost anything)."""
    reading: str = ""
    """The chart in one line: the biggest swing of a seat's chance (see :func:`reading`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": self.seats,
            "scores": self.scores,
            "ranks": self.ranks,
            "moves": [m.to_json() for m in self.moves],
            "summary": [s.to_json() for s in self.summary],
            "turning_point": self.turning_point,
            "reading": self.reading,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        """A review saved by :meth:`to_json` (its figures rounded as they were saved)."""
        return cls(
            **{
                **data,
                "moves": [MoveReview.from_json(m) for m in data["moves"]],
                "summary": [SeatSummary.from_json(s) for s in data["summary"]],
            }
        )


GAME_SECONDS = 24.0
"""The most seconds of search a whole review spends, however long the game: each move a seat
chose gets an equal share (a forced move, with one legal option, costs nothing), so a review
of any game stays under 30 CPU seconds with the word lists and the replay on top
(``bench/bench_review.py``)."""

MIN_MOVE_SECONDS = 0.02
"""The least search a chosen move gets, even in the longest game."""


def move_seconds(match: Match, cap: float | None = None) -> float:
    """Each chosen move's share of :data:`GAME_SECONDS` in ``match`` (never more than ``cap``)."""
    share = max(MIN_MOVE_SECONDS, GAME_SECONDS / max(1, len(match.moves)))
    return share if cap is None else min(cap, share)


def review(match: Match, effort: Effort = DEFAULT_EFFORT) -> Review:
    """Review every move of a finished ``match`` (a live one is refused: its hidden cards are
    still in play)."""
    return assemble(match, worded(match, review_moves(match, 0, len(match.moves), effort)))


def bounded(match: Match, effort: Effort) -> Effort:
    """``effort`` with its seconds a move bounded by the game's share of :data:`GAME_SECONDS`."""
    return replace(effort, seconds=move_seconds(match, effort.seconds))


def review_moves(
    match: Match, start: int, stop: int, effort: Effort, keeper: Keeper | None = None
) -> list[MoveReview]:
    """The verdicts on the moves ``start`` to ``stop`` (not included) of a finished ``match``:
    a review made in parts (each part on whichever worker is free) is the same as one made at
    once, each move having its own seed, as long as each part starts at a multiple of
    :data:`KEEP_SPAN` (where the search's kept tree is let go in any case).

    A forced move (a single legal option) costs no search. When a seat moves again, its
    search goes on from the tree of its previous position (``keeper``: a fresh
    :class:`Keeper` unless given, whose counts then tell how much was kept)."""
    if match.result() is None:
        raise ValueError("Only a finished game can be reviewed.")
    game = match.game
    text = entry(game.name).text(game, match.seat_names)
    replay = Match(game, match.header)
    reviewed: list[MoveReview] = []
    keeper = keeper if keeper is not None else Keeper()
    for index, move in enumerate(match.moves[:stop]):
        if index < start:
            replay.apply(move.seat, move.action, move.at)
            continue
        if index % KEEP_SPAN == 0:
            keeper.drop()
        before = clone(replay.state)
        choices = len(list(islice(game.legal_actions(before, move.seat), 2)))
        events = replay.apply(move.seat, move.action, move.at)
        # The log's first line is the move itself; the rest are its consequences.
        played = text.describe(move.seat, move.action, events).split("\n")[0]
        if choices <= 1:
            keeper.played(move.seat, move.action)
            reviewed.append(MoveReview(index, move.seat, played, True, None, None, 0.0))
            continue
        # Each move its own seed, so reviewing part of a game gives the same verdicts.
        seed = effort.seed * 100_003 + index
        found = assess(
            game, before, move.seat, replace(effort, seed=seed), [move.action], keeper=keeper
        )
        keeper.played(move.seat, move.action)
        words = best_words(game, before, move.seat, seed)
        reviewed.append(
            _judged(game.action_key, index, move.seat, played, move.action, found, words)
        )
    return reviewed


def assemble(match: Match, reviewed: list[MoveReview]) -> Review:
    """The review of a finished ``match`` from the verdicts on all its moves, in order."""
    result = match.result()
    if result is None:
        raise ValueError("Only a finished game can be reviewed.")
    names = match.seat_names
    summary = [_summary(seat, name, reviewed) for seat, name in enumerate(names)]
    return Review(
        game=match.game.name,
        seats=names,
        scores=list(result.scores),
        ranks=list(result.ranks),
        moves=reviewed,
        summary=summary,
        turning_point=_turning_point(reviewed, result.ranks),
        reading=reading(names, summary),
    )


def worded(match: Match, reviewed: list[MoveReview]) -> list[MoveReview]:
    """``reviewed`` (verdicts on moves of the finished ``match``, in order) in the game's words:
    each with the move played, its best move and alternatives said as the log would say them
    (from the mover's view of the position before it), its best words led by the best move's."""
    if not reviewed:
        return []
    game = match.game
    text = text_for(game, match.seat_names)
    wanted = {m.index: m for m in reviewed}
    replay = Match(game, match.header)
    done: dict[int, MoveReview] = {}
    for index, move in enumerate(match.moves[: max(wanted) + 1]):
        if index in wanted:
            done[index] = _worded(game, text, replay.state, wanted[index], move.action)
        replay.apply(move.seat, move.action, move.at)
    return [done[m.index] for m in reviewed]


def _worded(
    game: Game, text: TextUI, before: State, move: MoveReview, action: Action
) -> MoveReview:
    if move.best is None:
        return replace(move, action=action)
    key = game.action_key(action)
    wording = Wording(game, text, before, move.seat, seed=move.index)

    def said(found: Assessment) -> Assessment:
        if game.action_key(found.action) == key:
            return replace(found, said=move.played)
        return wording.assessed(found)

    best = said(move.best)
    return replace(
        move,
        action=action,
        best=best,
        alternatives=[said(one) for one in move.alternatives],
        words=_led_by(best, move.words),
    )


def _led_by(best: Assessment, words: list[BestWord]) -> list[BestWord]:
    """``words`` with the best move's word first, as the best move plays it (the review's
    "Best" is the top of its list)."""
    if not words or not best.words:
        return words
    word = " ".join(best.words).upper()
    listed = next((w for w in words if w.word == word), None)
    spelling = best.action.get("spelling")
    top = BestWord(
        word=word,
        label=best.label,
        action=best.action,
        immediate=best.immediate,
        cubes=len(spelling) if isinstance(spelling, list) else None,
        achievements=[str(a) for a in best.action.get("achievements") or []],
        effects=best.effects,
        outlook=best.estimate if listed is None else listed.outlook,
    )
    return [top, *(w for w in words if w.word != word)][:WORDS]


def reading(names: Sequence[str], summary: Sequence[SeatSummary]) -> str:
    """The chart of the seats' chances in one line: the biggest swing of a seat's chance
    between two of its moves, and where each seat's chance ended."""
    swings = [
        (abs(after - before), -index, seat.seat, before, after, index)
        for seat in summary
        for (_, before), (index, after) in pairwise(seat.course)
    ]
    ended = ", ".join(
        f"{names[seat.seat]} {_percent(seat.course[-1][1])}" for seat in summary if seat.course
    )
    if not ended:
        return "No player chose a move, so there is no chance to follow."
    end = f"after each player's last move: {ended}."
    if not swings or max(swings)[0] == 0:
        return f"Each player's chance held steady; {end}"
    _, _, seat, before, after, index = max(swings)
    way = "rose" if after > before else "fell"
    return (
        f"{whose(names[seat])} chance {way} the most at move {index + 1}, from "
        f"{_percent(before)} to {_percent(after)}; {end}"
    )


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def _judged(
    key_of: Callable[[Action], Hashable],
    index: int,
    seat: int,
    played: str,
    action: Action,
    found: list[Assessment],
    words: list[BestWord],
) -> MoveReview:
    """The verdict on one move from the search's assessments (its choice first)."""
    best = found[0]
    key = key_of(action)
    mine = next((a for a in found if key_of(a.action) == key), None)
    if mine is None:  # not judged (it was illegal in the mover's view: never for a real move)
        return MoveReview(
            index, seat, played, False, best.estimate, best, 0.0, found[:ALTERNATIVES], 0.0, words
        )
    if mine is best:
        # The search's own choice loses nothing; its edge is its lead over the search's
        # next choice (the next most visited move, whose estimate is as well founded).
        edge = max(0.0, best.estimate - found[1].estimate) if len(found) > 1 else 0.0
        lost = 0.0
    else:
        edge, lost = 0.0, max(0.0, best.estimate - mine.estimate)
    return MoveReview(
        index, seat, played, False, mine.estimate, best, lost, found[:ALTERNATIVES], edge, words
    )


def _summary(seat: int, name: str, reviewed: list[MoveReview]) -> SeatSummary:
    chosen = [m for m in reviewed if m.seat == seat and not m.forced]
    total = sum(m.lost for m in chosen)
    mean = total / len(chosen) if chosen else 0.0
    misses = sorted((m for m in chosen if m.lost > GOOD), key=lambda m: (-m.lost, m.index))
    return SeatSummary(
        seat=seat,
        name=name,
        moves=len(chosen),
        accuracy=100.0 * (1.0 - min(1.0, mean)),
        mean_lost=mean,
        total_lost=total,
        good=sum(1 for m in chosen if m.lost <= GOOD),
        misses=[m.index for m in misses[:MISSES]],
        best_move=_best_move(chosen),
        course=[(m.index, m.played_value) for m in chosen if m.played_value is not None],
    )


def _best_move(chosen: list[MoveReview]) -> int | None:
    standing_out = [m for m in chosen if m.edge > GOOD]
    if not standing_out:
        return None
    return max(standing_out, key=lambda m: (m.edge, -m.index)).index


def _turning_point(reviewed: list[MoveReview], ranks: list[int]) -> int | None:
    losers = {seat for seat, rank in enumerate(ranks) if rank > 1}
    candidates = [m for m in reviewed if m.lost > 0 and m.seat in losers] or [
        m for m in reviewed if m.lost > 0
    ]
    if not candidates:
        return None
    return max(candidates, key=lambda m: (m.lost, -m.index)).index
