"""What the search levels need to know about Wordsmith: which moves to weigh, how a quick
player races on, and what a position is worth.

Wordsmith is a race of single actions (a roll, a take, a claim), so what counts is what each
action buys: a claim banks a word now, a roll buys a piece that may unlock longer words for
every line still to fill. The search weighs that trade at the root; everything else follows
the claim ranking the strong bot already uses (:func:`~.bots.claim_value`: a point a letter,
less the bonus boxes the leftovers would check).

- **Moves kept** (``prune``): rolling and taking a piece, and the few best claims by that
  ranking; passing only where nothing else is open or after Done (a pass gives up the rest of
  the challenge).
- **Rollouts**: each player claims its best word once it is worth a randomly drawn threshold
  (lower when someone nears Done, at once after Done), and otherwise rolls; a piece to take
  is the one that lets the pool spell the longest word. The thresholds span the strong bot's
  (5) and the quicker ones that do as well against it. A rollout plays out the challenge it
  starts in and passes in the next: every challenge starts from the same pieces for all, so
  playing it would only add noise to the values of the moves searched.
- **Leaves**: each seat's running total plus what its pool can still spell for the lines it
  may yet fill before the challenge ends (pieces that unlock long words are worth keeping).

The claims come from a per-pool list of the words the pool builds, longest first, kept
between calls (pools recur: every claim keeps only its word's pieces), so the best claims of
a position are found without listing every word the pool builds.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import chain
from typing import Final, cast

import numpy as np
import numpy.typing as npt

from crafthall.bots.ismcts import SearchPolicy, margin_utility
from crafthall.bots.levels import Level
from crafthall.engine.data import Action, State
from crafthall.engine.game import Game
from crafthall.games.wordsmith import components as comp
from crafthall.games.wordsmith.bots import LEFTOVER_COST, claim_value
from crafthall.games.wordsmith.finder import PieceIndex, PoolCache, Query, index_for
from crafthall.games.wordsmith.moves import claim_action, claim_queries, may_roll, offered_pieces
from crafthall.games.wordsmith.rules import Wordsmith
from crafthall.games.wordsmith.sheet import LINES, bonus_left, boxes_left, running_score
from crafthall.games.wordsmith.state import PlayerState, WordsmithState


@dataclass(frozen=True)
class Spellable:
    """The words one pool builds, longest first (then those using more pieces): the first
    ``HEAD`` as lists, ready for a claim search, the rest as rows of the index, turned into
    words only when a search gets that far (a claim search reads a hundred at most in
    practice, and a large pool builds tens of thousands)."""

    HEAD = 256

    words: list[str]
    lengths: list[int]
    sizes: list[int]
    masks: list[int]
    """Each word's letters as bits (:func:`~.components.letter_mask`)."""
    rest: npt.NDArray[np.int32]
    """The index's rows of the words after the first ``HEAD``, in the same order."""

    @classmethod
    def of(cls, index: PieceIndex, ranked: npt.NDArray[np.int32]) -> Spellable:
        head, rest = ranked[: cls.HEAD], ranked[cls.HEAD :]
        return cls(*_columns(index, head), rest)

    def entries(self, index: PieceIndex) -> Iterator[tuple[str, int, int, int]]:
        """Every word with its length, pieces and letter bits, in order."""
        listed = zip(self.words, self.lengths, self.sizes, self.masks, strict=True)
        return chain(listed, self._rest(index))

    def _rest(self, index: PieceIndex) -> Iterator[tuple[str, int, int, int]]:
        if len(self.rest):
            yield from zip(*_columns(index, self.rest), strict=True)

    @property
    def weight(self) -> int:
        """About the bytes it holds: four list slots and a letter mask a listed word, a row
        for each of the rest."""
        return 64 * len(self.words) + 4 * len(self.rest)


def _columns(
    index: PieceIndex, rows: npt.NDArray[np.int32]
) -> tuple[list[str], list[int], list[int], list[int]]:
    words = index.words
    return (
        [words[row] for row in rows.tolist()],
        index.lengths[rows].tolist(),
        index.sizes[rows].tolist(),
        index.masks[rows].tolist(),
    )


class WordRanks:
    """Per pool vector, the words it builds ranked for claiming (kept between searches)."""

    BYTES = 48_000_000
    """What the ranked pools may hold together; the pools least recently asked about go
    first."""

    def __init__(self, index: PieceIndex) -> None:
        self.index = index
        self._ranked: PoolCache[Spellable] = PoolCache(self.BYTES, lambda found: found.weight)

    def spellable(self, vector: tuple[int, ...]) -> Spellable:
        return self._ranked.get(vector, lambda: self._rank(vector))

    def _rank(self, vector: tuple[int, ...]) -> Spellable:
        return self._ranked_rows(self.index.built(vector).rows)

    def _ranked_rows(self, rows: npt.NDArray[np.int32]) -> Spellable:
        index = self.index
        order = np.lexsort((-index.sizes[rows], -index.lengths[rows]))
        return Spellable.of(index, rows[order])

    def _using_at_least(self, vector: tuple[int, ...], fewest: int) -> Spellable:
        """The words a pool builds with at least ``fewest`` of its pieces, ranked. A pool that
        has grown large while its sheet has few boxes left builds many words but few that use
        enough of it: those few are found by size (the pool's words sorted by pieces), not by
        reading every word the pool builds."""
        if fewest > 0:
            built = self.index.built(vector)
            end = int(np.searchsorted(built.neg_sizes, -fewest, side="right"))
            if end <= Spellable.HEAD:
                return self._ranked_rows(built.rows[:end])
        return self.spellable(vector)

    def longest(self, vector: tuple[int, ...]) -> int:
        """Letters of the longest word a pool builds (0: none)."""
        lengths = self.spellable(vector).lengths
        return lengths[0] if lengths else 0

    def best(self, player: PlayerState, query: Query, count: int) -> list[tuple[float, str]]:
        """The ``count`` best words ``player`` may claim under ``query``, by
        :func:`claim_value`, best first (ties: the longer, then alphabetical)."""
        vector = comp.as_vector(player["pool"])
        total = sum(vector)
        fewest = total - (query.max_leftover if query.max_leftover is not None else total)
        spellable = self._using_at_least(vector, fewest)
        boxes, bonus, wilds = boxes_left(player), bonus_left(player), player["wilds"]
        previous, required, excluded = query.previous, query.required, query.excluded
        before = comp.letter_mask(previous) if previous is not None else 0
        found: list[tuple[float, int, str]] = []
        kept: list[float] = []
        """The ``count`` best values so far, the least on top."""
        for word, length, size, mask in spellable.entries(self.index):
            if len(kept) == count:
                # a word is worth at most its letters: stop once none left can enter the best
                if length < kept[0]:
                    break
                if length - LEFTOVER_COST * (total - size) < kept[0]:
                    continue
            if (
                size < fewest
                or length < query.min_length
                or word in excluded
                or (required is not None and required not in word)
                or (
                    previous is not None
                    and not mask & ~before  # a letter the previous word lacks: quick
                    and not comp.has_new_letter(word, previous)
                )
            ):
                continue
            value = claim_value(length, total - size, wilds, boxes, bonus)
            found.append((value, length, word))
            if len(kept) < count:
                heapq.heappush(kept, value)
            elif value > kept[0]:
                heapq.heapreplace(kept, value)
        found.sort(key=lambda item: (-item[0], -item[1], item[2]))
        return [(value, word) for value, _, word in found[:count]]


_RANKS: dict[int, WordRanks] = {}


def ranks_for(game: Wordsmith) -> WordRanks:
    """The ranking of a game's dictionary, shared by every search on it."""
    index = index_for(game.lexicon)
    ranks = _RANKS.get(id(index))
    if ranks is None or ranks.index is not index:
        ranks = _RANKS[id(index)] = WordRanks(index)
    return ranks


def best_claims(
    game: Wordsmith, state: WordsmithState, seat: int, count: int
) -> list[tuple[float, Action]]:
    """The ``count`` best claims ``seat`` may make now, with their values, best first."""
    ranks = ranks_for(game)
    player = state["players"][seat]
    found = [
        (value, claim_action(state, word, line))
        for line, query in claim_queries(game.options, state, seat)
        for value, word in ranks.best(player, query, count)
    ]
    # as prune ranks a listing (stable: lines in order for the same word)
    found.sort(key=lambda item: (-item[0], -len(item[1]["word"]), item[1]["word"]))
    return found[:count]


def best_piece(game: Wordsmith, state: WordsmithState, seat: int, offered: list[str]) -> str:
    """The offered piece with which the pool spells the longest word (ties: the scarcer in
    the pool, then the order of the pieces)."""
    ranks = ranks_for(game)
    pool = state["players"][seat]["pool"]

    def gain(piece: str) -> tuple[int, int]:
        vector = comp.as_vector({**pool, piece: pool[piece] + 1})
        return ranks.longest(vector), -pool[piece]

    return max(offered, key=gain)


ROLLOUT_CHALLENGE: Final = "rollout_challenge"
"""Key a rollout adds to its world: the challenge it started in."""


class WordsmithPolicy(SearchPolicy):
    margin_scale = 10.0
    """About a long word and a bonus box: a clear lead over three challenges."""
    rollout_moves = 40
    """Enough for the rest of a challenge at two seats (a rollout passes once it is over)."""
    max_children = 8
    """Claims kept at a node besides rolling, taking and passing."""
    exploration = 0.5

    claim_at = (3.0, 6.0)
    """A rollout claims once its best word is worth a threshold drawn from this range."""
    hurry = 2.0
    """The threshold drops by this much while another seat is two words or less from Done."""
    full_pool = 16
    """A rollout stops rolling once its pool holds this many pieces."""
    lookahead = 0.5
    """Share of the best word a pool spells now counted for each further line a leaf seat may
    still fill (the pieces it holds unlock those words; the race may cut them short)."""
    expert_iterations = 700
    """Expert's budget: about 0.7 CPU seconds a move in a tournament (fewer iterations leave
    the root's claim-or-roll choice to the noise of the rollouts; Wordsmith's ``beginner``,
    ``casual`` and ``strong`` are its own bots, not searches)."""

    def actions(self, game: Game, state: State, seat: int) -> list[Action]:
        assert isinstance(game, Wordsmith)
        table = cast(WordsmithState, state)
        player = table["players"][seat]
        if player["status"] != "playing" or table["phase"] == "over":
            return []
        moves: list[Action] = [{"type": "take", "piece": p} for p in offered_pieces(table, seat)]
        if player["pending"] is None:
            if may_roll(table, seat):
                moves.append({"type": "roll"})
            moves.extend(action for _, action in best_claims(game, table, seat, self.max_children))
        if self._may_pass(table, moves):
            moves.append({"type": "pass"})
        return moves

    def prune(self, game: Game, state: State, seat: int, moves: list[Action]) -> list[Action]:
        """The same moves as :meth:`actions`, from a listing (the root's, filtered by what a
        level knows): claims ranked by :func:`claim_value`, the best ``max_children`` kept."""
        assert isinstance(game, Wordsmith)
        table = cast(WordsmithState, state)
        player = table["players"][seat]
        total = comp.pool_size(player["pool"])
        boxes, bonus = boxes_left(player), bonus_left(player)

        def value(action: Action) -> float:
            word: str = action["word"]
            leftover = total - comp.pool_size(comp.recipe(word))
            return claim_value(len(word), leftover, player["wilds"], boxes, bonus)

        claims = [move for move in moves if move["type"] == "claim"]
        claims.sort(key=lambda move: (-value(move), -len(move["word"]), move["word"]))
        kept = [move for move in moves if move["type"] in ("take", "roll")]
        kept.extend(claims[: self.max_children])
        if any(move["type"] == "pass" for move in moves) and self._may_pass(table, kept):
            kept.append({"type": "pass"})
        return kept or moves

    @staticmethod
    def _may_pass(state: WordsmithState, moves: list[Action]) -> bool:
        """Passing is weighed after Done, in Word by Word, or when nothing else is open."""
        return state["phase"] != "race" or not moves

    def rollout_action(self, game: Game, state: State, seat: int, rng: random.Random) -> Action:
        assert isinstance(game, Wordsmith)
        table = cast(WordsmithState, state)
        offered = offered_pieces(table, seat)
        player = table["players"][seat]
        if player["pending"] is not None or (offered and table["phase"] == "word"):
            return {"type": "take", "piece": best_piece(game, table, seat, offered)}
        if table["phase"] != "word" and self._later_challenge(table):
            return {"type": "pass"}
        claims = best_claims(game, table, seat, 1)
        if not claims:
            return {"type": "roll"} if may_roll(table, seat) else {"type": "pass"}
        value, claim = claims[0]
        if not may_roll(table, seat):
            return claim if value > 0 or table["phase"] == "word" else {"type": "pass"}
        threshold = rng.uniform(*self.claim_at)
        if self._near_done(table, seat):
            threshold -= self.hurry
        if value >= threshold or comp.pool_size(player["pool"]) >= self.full_pool:
            return claim
        return {"type": "roll"}

    @staticmethod
    def _later_challenge(state: WordsmithState) -> bool:
        """Whether a rollout has moved on past the challenge it started in (its world is the
        search's own copy, marked on the rollout's first move). Every challenge starts from
        the same pieces for all, so the rollout passes there: playing it on would only add
        noise to the values."""
        return state.setdefault(ROLLOUT_CHALLENGE, state["challenge"]) != state["challenge"]

    @staticmethod
    def _near_done(state: WordsmithState, seat: int) -> bool:
        return any(
            len(other["order"]) >= LINES - 2
            for n, other in enumerate(state["players"])
            if n != seat and other["status"] == "playing"
        )

    def leaf_values(self, game: Game, state: State) -> list[float]:
        assert isinstance(game, Wordsmith)
        table = cast(WordsmithState, state)
        ranks = ranks_for(game)
        projected = []
        for seat in range(len(table["players"])):
            player = table["players"][seat]
            score = float(running_score(table, seat))
            # a seat that passed in the race still claims its one more word after Done
            waits = (
                player["status"] == "passed"
                and table["phase"] == "race"
                and game.options.last_word_after_pass
            )
            if player["status"] == "playing" or waits:
                lines = LINES - len(player["order"])
                if table["phase"] == "last-words" or waits:
                    lines = min(lines, 1)
                longest = ranks.longest(comp.as_vector(player["pool"]))
                score += self.lookahead * longest * lines
            projected.append(score)
        return margin_utility(projected, self.margin_scale)

    def tune(self, level: Level) -> Level:
        if level.name != "expert":
            return level
        return replace(level, iterations=self.expert_iterations)


POLICY = WordsmithPolicy()
