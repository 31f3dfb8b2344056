"""Wordcraft's moves: every legal action listed, or one drawn at random without listing.

A word's ways to play are its spellings (the Qu card may stand for Q or QU) times the subsets of
the achievements in play it fulfils, as far as the side's cubes reach. Words already played and
the words they rule out (:meth:`DictionaryWords.ruled_out_by`) are left out.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from typing import NamedTuple

from crafthall.engine.data import Action
from crafthall.engine.shapes import ActionShape, ActionShapes
from crafthall.games.wordcraft import vote
from crafthall.games.wordcraft.components import achievement
from crafthall.games.wordcraft.spelling import QU, spellings
from crafthall.games.wordcraft.state import WordcraftState
from crafthall.games.wordcraft.words import (
    ACHIEVEMENT_BIT,
    DictionaryWords,
    GridWords,
    claim_choices,
    fewest_cubes,
)

ACTIONS: ActionShapes = {
    "word": ActionShape(
        required={"word": str}, optional={"spelling": list[str], "achievements": list[str]}
    ),
    "pass": ActionShape(optional={"timed_out": bool}),
    **vote.VOTE_ACTIONS,
}
"""The shapes of Wordcraft's actions, which the engine checks before the rules read them."""
PASS: Action = {"type": "pass"}
_CANDIDATE_CACHE = 8
_REDRAWS = 24
"""Draws of a word before listing the few words left (when most affordable ones are played)."""


class Candidate(NamedTuple):
    """One way to lay a word on a grid: its cards, the achievements in play it fulfils, and
    the sets of achievement cubes it may take (fewest first).

    ``spelling`` and ``claim_sets`` are shared with the grid's cache and every listed action
    of this way to play the word: read them, never change them. (A named tuple: a new grid
    makes a thousand of them, and tuples are the cheapest to make.)
    """

    word: str
    spelling: list[str]
    fulfilled: tuple[str, ...]
    claim_sets: list[list[str]]

    @property
    def cubes(self) -> int:
        return len(self.spelling)


def ways_to_lay(word: str, grid: GridWords, grid_cards: list[str]) -> list[list[str]]:
    """The spellings of a word of ``grid``, fewest cubes first (more than one only for a QU
    word with the U card on the grid)."""
    if grid.has_u_card and QU in word:
        return spellings(word, grid_cards)
    return [fewest_cubes(word)]


def fulfilled_by(
    spelling: list[str], in_play: list[str], fewest_bits: int, fewest: bool
) -> tuple[str, ...]:
    """The cards of ``in_play`` a spelling fulfils (read from the dictionary's bits when it is
    the fewest-cubes spelling)."""
    if fewest:
        return tuple(card for card in in_play if fewest_bits & ACHIEVEMENT_BIT[card])
    return tuple(card for card in in_play if achievement(card).fulfilled_by(spelling))


class GridMoves(NamedTuple):
    """Every way to lay every word of a grid, as parallel lists (a few lists rather than a
    thousand objects: whatever a cache holds, every full garbage collection walks)."""

    words: list[str]
    spellings: list[list[str]]
    fulfilled: list[tuple[str, ...]]
    claim_sets: list[list[list[str]]]


class Moves:
    """Move generation for one dictionary: listing, drawing, and the per-grid candidates."""

    def __init__(self, table: DictionaryWords, related: bool = False) -> None:
        self.table = table
        self.related = related
        """The ``families`` option's 'related': a played word rules out its whole family."""
        self._candidates: dict[tuple[tuple[str, ...], tuple[str, ...]], GridMoves] = {}

    def candidates(self, grid: list[str], in_play: list[str]) -> GridMoves:
        """Every spelling of every dictionary word of 3+ letters on ``grid``, with the cards of
        ``in_play`` it fulfils. Cached per grid: a round lists on every turn."""
        key = (tuple(grid), tuple(in_play))
        found = self._candidates.get(key)
        if found is None:
            if len(self._candidates) >= _CANDIDATE_CACHE:
                self._candidates.clear()
            words = self.table.on_grid(key[0])
            # the cards in play met by a fewest-cubes spelling, by its bits of those cards (16
            # values at most, where all its bits take a hundred or more)
            in_play_bits = words.fulfils_of(sum(ACHIEVEMENT_BIT[card] for card in in_play))
            met = {bits: fulfilled_by([], in_play, bits, True) for bits in set(in_play_bits)}
            sets = {bits: claim_choices(cards) for bits, cards in met.items()}
            found = GridMoves(
                list(words.words),
                list(words.spellings),
                list(map(met.__getitem__, in_play_bits)),
                list(map(sets.__getitem__, in_play_bits)),
            )
            if words.has_u_card and QU in grid:  # QU words laid QU-U too (only with the Qu card)
                for word, bits in zip(words.words, in_play_bits, strict=True):
                    if QU in word:
                        for way in ways_to_lay(word, words, grid)[1:]:
                            cards = fulfilled_by(way, in_play, bits, False)
                            found.words.append(word)
                            found.spellings.append(way)
                            found.fulfilled.append(cards)
                            found.claim_sets.append(claim_choices(cards))
            self._candidates[key] = found
        return found

    def blocked(self, state: WordcraftState) -> frozenset[str]:
        """The words no one may play: those played and the words they rule out, and those the
        table voted down."""
        played = self.table.played_families(state["used"], self.related)
        return played.union(state["rejected"]) if state["rejected"] else played

    def playable(self, state: WordcraftState) -> list[Candidate]:
        """Every way to lay every word still allowed on this grid (cubes not checked)."""
        blocked = self.blocked(state)
        found = self.candidates(state["grid"], state["achievements"])
        return [Candidate(*way) for way in zip(*found, strict=True) if way[0] not in blocked]

    def legal(self, state: WordcraftState, side: int) -> Iterator[Action]:
        """Every word x spelling x affordable set of fulfilled achievements, then ``pass``.

        Each action is a new dict, but its ``spelling`` and ``achievements`` lists are shared
        with the dictionary's tables and the grid's cache, and so with every action listed for
        the same word (read them, never change them; the state and the events never hold
        them): a turn lists thousands of actions, and two fresh lists for each made random
        games about 1.7 times slower, mostly through garbage collection. A word the supply
        cannot pay for stops at its first (empty) claim list.
        """
        supply = state["supply"][side]
        blocked = self.blocked(state)
        found = self.candidates(state["grid"], state["achievements"])
        for word, spelling, claim_sets in zip(
            found.words, found.spellings, found.claim_sets, strict=True
        ):
            if word in blocked:
                continue
            spare = supply - len(spelling)
            for claims in claim_sets:
                if len(claims) > spare:
                    break
                yield {"type": "word", "word": word, "spelling": spelling, "achievements": claims}
        yield dict(PASS)

    def sample(self, state: WordcraftState, side: int, rng: random.Random) -> Action:
        """One legal action: a word the side can pay for, uniformly (passing counts as one more
        word), then one of its spellings and one affordable set of achievement cubes.

        Words are drawn from the grid's words the supply can pay for, redrawn while they are
        played or ruled out by a played word, without listing the spellings and achievement sets.
        """
        supply = state["supply"][side]
        grid = self.table.on_grid(tuple(state["grid"]))
        count = grid.affordable(supply)
        blocked = self.blocked(state)
        for _ in range(_REDRAWS):
            pick = rng.randrange(count + 1)
            if pick == count:
                return dict(PASS)
            if grid.word(pick) not in blocked:
                return self._lay(state, grid, pick, supply, rng)
        left = [p for p in range(count) if grid.word(p) not in blocked]
        pick = rng.randrange(len(left) + 1)
        if pick == len(left):
            return dict(PASS)
        return self._lay(state, grid, left[pick], supply, rng)

    @staticmethod
    def _lay(
        state: WordcraftState, grid: GridWords, position: int, supply: int, rng: random.Random
    ) -> Action:
        word = grid.word(position)
        ways = [way for way in ways_to_lay(word, grid, state["grid"]) if len(way) <= supply]
        number = rng.randrange(len(ways))
        spelling = ways[number]
        in_play = state["achievements"]
        fulfilled = fulfilled_by(spelling, in_play, grid.fulfilled(position), fewest=number == 0)
        spare = supply - len(spelling)
        choices = [claims for claims in claim_choices(fulfilled) if len(claims) <= spare]
        claims = choices[rng.randrange(len(choices))]
        return {"type": "word", "word": word, "spelling": spelling, "achievements": list(claims)}


def action_key(action: Action) -> Hashable:
    """One key for word actions differing only in case, a left-out spelling or the
    achievements' order (they are one move); one for a pass, timed out or not."""
    kind = action.get("type")
    if kind == "vote":
        return ("vote", bool(action.get("keep")))
    if kind != "word":
        return (str(kind),)
    word = str(action.get("word", "")).strip().lower()
    given = action.get("spelling")
    spelling = fewest_cubes(word) if given is None else [c.strip().lower() for c in given]
    claims = sorted(card.strip().upper() for card in action.get("achievements") or [])
    return ("word", word, tuple(spelling), tuple(claims))
