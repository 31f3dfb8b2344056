"""A fast Wordcraft greedy bot, and the word values it ranks by (the search policy's too).

The generic greedy bot clones the state and applies each of the thousands of legal words; this
one reaches the same kind of choice (best ``Wordcraft.evaluate`` after the move) by working out
each word's value change directly from the public table: which letter majorities it wins or
ties, and which achievement cubes it adds. :func:`word_values` does so for every word of the
grid at once, with numpy on per-grid tables of letter counts.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import NamedTuple, cast

import numpy as np
import numpy.typing as npt

from crafthall.bots.base import Bot
from crafthall.engine.data import Action, State
from crafthall.games.wordcraft import scoring, vote
from crafthall.games.wordcraft.components import (
    achievement,
    achievement_points,
    constants,
    letter,
)
from crafthall.games.wordcraft.moves import PASS, GridMoves
from crafthall.games.wordcraft.rules import Wordcraft
from crafthall.games.wordcraft.state import WordcraftState

_TABLES = 8
"""Grids whose count tables are kept (a search meets a few new grids past a round's end)."""


class GridTable(NamedTuple):
    """Every way to lay every word of one grid (``Moves.candidates``) as arrays: the cubes each
    puts on each card of the grid, its length, and the achievements in play it fulfils."""

    moves: GridMoves
    counts: npt.NDArray[np.int16]
    """``counts[row, n]``: cubes the row's spelling puts on the grid's ``n``-th card."""
    lengths: npt.NDArray[np.int16]
    fulfils: npt.NDArray[np.bool_]
    """``fulfils[row, n]``: the row fulfils the ``n``-th achievement in play."""
    rows_of: dict[str, list[int]]
    """Word -> its rows (a word laid QU-U as well as Qu has two)."""


_GRID_TABLES: OrderedDict[Hashable, GridTable] = OrderedDict()
_GRID_LOCK = threading.Lock()
"""Bots of several tables may think at once, on a server's threads."""


def grid_table(game: Wordcraft, grid: list[str], in_play: list[str]) -> GridTable:
    """The count tables of ``grid`` in the game's dictionary (the last few used are kept)."""
    key = (id(game.words), tuple(grid), tuple(in_play))  # a dictionary's tables live for good
    with _GRID_LOCK:
        found = _GRID_TABLES.get(key)
        if found is not None:
            _GRID_TABLES.move_to_end(key)
            return found
    found = _grid_table(game, grid, in_play)
    with _GRID_LOCK:
        _GRID_TABLES[key] = found
        if len(_GRID_TABLES) > _TABLES:
            _GRID_TABLES.popitem(last=False)
    return found


def _grid_table(game: Wordcraft, grid: list[str], in_play: list[str]) -> GridTable:
    moves = game.moves.candidates(grid, in_play)
    column = {card: n for n, card in enumerate(grid)}
    rows = len(moves.words)
    lengths = np.fromiter(map(len, moves.spellings), dtype=np.int16, count=rows)
    cards = np.fromiter(
        (column[card] for spelling in moves.spellings for card in spelling),
        dtype=np.intp,
        count=int(lengths.sum()),
    )
    cells = np.repeat(np.arange(rows) * len(grid), lengths) + cards
    counts = np.bincount(cells, minlength=rows * len(grid)).astype(np.int16)
    counts = counts.reshape(rows, len(grid))
    fulfils = np.zeros((len(moves.words), len(in_play)), dtype=bool)
    place = {card: n for n, card in enumerate(in_play)}
    for row, met in enumerate(moves.fulfilled):
        for card in met:
            fulfils[row, place[card]] = True
    rows_of: dict[str, list[int]] = {}
    for row, word in enumerate(moves.words):
        rows_of.setdefault(word, []).append(row)
    return GridTable(moves, counts, lengths, fulfils, rows_of)


class WordValues:
    """The value to one side of every word it may play now: its projected lead (its projected
    EP minus the best other side's) after laying the word and taking the achievement cubes
    worth most, as far as its cubes reach (and the round-end trigger's bonus, if the word
    leaves it few enough cubes). ``lead_now`` is the lead as it stands, a pass's value.

    ``rows`` are the playable, affordable rows of the grid's table in listing order, ``leads``
    their values."""

    def __init__(self, game: Wordcraft, state: WordcraftState, side: int) -> None:
        self.state, self.side = state, side
        grid, in_play = state["grid"], state["achievements"]
        table = self.table = grid_table(game, grid, in_play)
        supply = state["supply"][side]
        playable = table.lengths <= supply
        for word in game.moves.blocked(state):
            for row in table.rows_of.get(word, ()):
                playable[row] = False
        rows = self.rows = np.flatnonzero(playable)

        cubes = np.array([state["cubes"][card] for card in grid], dtype=np.int16)  # card x side
        points = np.array([letter(card).points for card in grid], dtype=np.int32)
        values = np.array(scoring.projected(state), dtype=np.int32)
        base = values - _letter_points(cubes, points)
        self.lead_now = _lead(values, side)

        # the letter cards after each word: the side's cubes grow, the others' stay
        mine = cubes[:, side] + table.counts[rows]  # row x card
        others = np.delete(cubes, side, axis=1)
        most = np.maximum(mine, others.max(axis=1))
        scored = most > 0
        after = np.empty((len(rows), len(values)), dtype=np.int32)
        for other in range(len(values)):
            held = mine if other == side else cubes[:, other]
            after[:, other] = ((held == most) & scored) @ points
        self.letters_after = after + base
        """Each side's projected EP after each row's letters, before achievement cubes."""

        # achievement cubes: the most valuable first (ties: the greater card id), while the
        # cubes last; the same order the greedy's choice of cubes has always had
        gains = [self.claim_gain(card) for card in in_play]
        self.order = sorted(range(len(in_play)), key=lambda n: (gains[n], in_play[n]), reverse=True)
        met = table.fulfils[rows][:, self.order]
        self.spare = supply - table.lengths[rows].astype(np.int32)
        self.taken = met & (np.cumsum(met, axis=1) <= self.spare[:, None])
        after = self.letters_after.copy()
        after[:, side] += self.taken @ np.array([gains[n] for n in self.order], dtype=np.int32)
        after[:, side] += self._trigger_bonus(self.spare - self.taken.sum(axis=1))
        self.leads = _leads(after, side)
        self._position: dict[tuple[str, tuple[str, ...]], int] | None = None
        self._ranked: npt.NDArray[np.intp] | None = None
        self._top: dict[int, list[Action]] = {}

    def claim_gain(self, card: str) -> int:
        """EP one more of the side's cubes on achievement ``card`` adds."""
        have = self.state["claims"][card][self.side]
        difficulty = achievement(card).difficulty
        return achievement_points(difficulty, have + 1) - achievement_points(difficulty, have)

    def _trigger_bonus(self, left: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
        """The round-end trigger's EP for a word leaving ``left`` cubes (if not yet triggered)."""
        limits = constants()
        if self.state["trigger"] is not None:
            return np.zeros_like(left)
        return np.where(left <= limits["round_end_at"], limits["trigger_bonus"], 0)

    def action(self, position: int) -> Action:
        """The move of ``rows[position]``: its word, spelling and most valuable claims."""
        row = int(self.rows[position])
        moves = self.table.moves
        chosen = {self.order[n] for n in np.flatnonzero(self.taken[position])}
        in_play = self.state["achievements"]
        claims = [card for n, card in enumerate(in_play) if n in chosen]
        return {
            "type": "word",
            "word": moves.words[row],
            "spelling": list(moves.spellings[row]),
            "achievements": claims,
        }

    def best(self) -> list[Action]:
        """Every move of the highest value, in listing order (a pass first if it ties)."""
        top = int(self.leads.max()) if len(self.leads) else self.lead_now
        ties = [self.action(int(p)) for p in np.flatnonzero(self.leads == top)]
        if top < self.lead_now:
            return [dict(PASS)]
        return [dict(PASS), *ties] if top == self.lead_now else ties

    def ranked(self) -> npt.NDArray[np.intp]:
        """Positions of ``rows``, best value first (ties in listing order)."""
        if self._ranked is None:
            self._ranked = np.argsort(-self.leads, kind="stable")
        return self._ranked

    def top(self, count: int) -> list[Action]:
        """The ``count`` most valuable moves, best first (made once: read them, never change
        them)."""
        found = self._top.get(count)
        if found is None:
            found = self._top[count] = [self.action(int(p)) for p in self.ranked()[:count]]
        return found

    def value(self, action: Action) -> int:
        """The lead after a listed move (a word with the claims it names, or a pass)."""
        if action.get("type") != "word":
            return self.lead_now
        if self._position is None:
            moves = self.table.moves
            self._position = {
                (moves.words[row], tuple(moves.spellings[row])): position
                for position, row in enumerate(self.rows.tolist())
            }
        position = self._position[(action["word"], tuple(action["spelling"]))]
        claims = action.get("achievements") or []
        after = self.letters_after[position].copy()
        after[self.side] += sum(self.claim_gain(card) for card in claims)
        left = np.array([self.spare[position] - len(claims)], dtype=np.int32)
        after[self.side] += int(self._trigger_bonus(left)[0])
        return _lead(after, self.side)


def word_values(game: Wordcraft, state: WordcraftState, seat: int) -> WordValues:
    """The values of every word ``seat``'s side may play now."""
    return WordValues(game, state, state["side_of"][seat])


class WordcraftGreedy(Bot):
    """The word (and achievement cubes) that most raise the seat's projected lead; in a vote,
    keep the word (the table's dictionary accepted it)."""

    level = "greedy"

    def choose(self, state: State, seat: int) -> Action:
        game = self.game
        assert isinstance(game, Wordcraft)
        table = cast(WordcraftState, state)
        if table["vote"] is not None:
            return dict(vote.KEEP)
        return self.random.choice(word_values(game, table, seat).best())


def _letter_points(cubes: npt.NDArray[np.int16], points: npt.NDArray[np.int32]) -> npt.NDArray:
    """Each side's EP from the letter cards (card x side cubes), as the round would score."""
    most = cubes.max(axis=1, keepdims=True)
    return ((cubes == most) & (most > 0)).T @ points


def _lead(values: npt.NDArray[np.int32] | list[int], side: int) -> int:
    return int(values[side]) - max(int(v) for other, v in enumerate(values) if other != side)


def _leads(after: npt.NDArray[np.int32], side: int) -> npt.NDArray[np.int32]:
    """Each row's lead: the side's EP minus the best other side's."""
    others = np.delete(after, side, axis=1)
    result: npt.NDArray[np.int32] = after[:, side] - others.max(axis=1)
    return result
