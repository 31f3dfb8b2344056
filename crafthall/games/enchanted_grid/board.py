"""The grid: cells, stacks, zones, moves of cards, and the words read along rows and columns.

The state stores the grid as ``{"x,y": [entry, ...]}`` (bottom card first), each entry
``{"card": id, "by": seat, "down": bool}``. Rules and bots work on a decoded ``Grid`` keyed by
``(x, y)`` and, for reading words, on ``Tops``: the top card of each cell with its letter, or
``None`` for a face-down card (a blank that ends a run of letters).

>>> tops = {(0, 0): (1, "G"), (0, 1): (2, "O"), (1, 1): (3, "D")}
>>> sorted(w.text for w in read_words(tops, {"go", "od"}.__contains__, 2).values())
['GO', 'OD']
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from crafthall.games.enchanted_grid.components import card

Cell = tuple[int, int]
Entry = dict[str, Any]
Grid = dict[Cell, list[Entry]]
Top = tuple[int, str | None]
Tops = dict[Cell, Top]
WordKey = tuple[str, tuple[int, ...]]
"""A word's identity: its direction and the ids of its cards in reading order."""

T = TypeVar("T")

PUSHES: dict[str, Cell] = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND: tuple[Cell, ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)


def key(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def unkey(text: str) -> Cell:
    x, y = text.split(",")
    return (int(x), int(y))


def load_grid(stored: dict[str, list[Entry]]) -> Grid:
    return {unkey(k): stack for k, stack in stored.items()}


def store_grid(grid: Grid) -> dict[str, list[Entry]]:
    return {key(cell): stack for cell, stack in sorted(grid.items()) if stack}


def tops(grid: Grid) -> Tops:
    found: Tops = {}
    for cell, stack in grid.items():
        top = stack[-1]
        found[cell] = (top["card"], None if top["down"] else card(top["card"]).letter)
    return found


def step(cell: Cell, delta: Cell) -> Cell:
    return (cell[0] + delta[0], cell[1] + delta[1])


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """Top row first, left to right."""
    return sorted(cells, key=lambda c: (c[1], c[0]))


# --- zones -------------------------------------------------------------------------------


def is_active_enchanter(top: Top | None) -> bool:
    """A face-up Enchanter on top of its cell makes a zone."""
    return top is not None and top[1] is not None and card(top[0]).enchanter


def enchanters_around(tops: Tops, cell: Cell, colour: str) -> list[Cell]:
    """Cells of the active ``colour`` Enchanters whose zone holds ``cell``."""
    found = []
    for delta in AROUND:
        other = step(cell, delta)
        top = tops.get(other)
        if is_active_enchanter(top) and top is not None and card(top[0]).colour == colour:
            found.append(other)
    return found


def zone_map(tops: Tops) -> dict[Cell, list[str]]:
    """Every zone cell with the colours of the zones covering it (sorted, no repeats)."""
    zones: dict[Cell, set[str]] = defaultdict(set)
    for cell, top in tops.items():
        if is_active_enchanter(top):
            for delta in AROUND:
                zones[step(cell, delta)].add(card(top[0]).colour)
    return {cell: sorted(colours) for cell, colours in zones.items()}


def swap_targets(tops: Tops, at: Cell) -> list[Cell]:
    """Occupied cells a blue card placed at ``at`` may swap with (3 x 3 squares, Enchanter too)."""
    targets: set[Cell] = set()
    for centre in enchanters_around(tops, at, "blue"):
        for delta in ((0, 0), *AROUND):
            cell = step(centre, delta)
            if cell != at and cell in tops:
                targets.add(cell)
    return reading_order(targets)


def frontier(occupied: Iterable[Cell]) -> list[Cell]:
    """Empty cells orthogonally next to a card; ``[(0, 0)]`` on an empty grid."""
    cells = set(occupied)
    if not cells:
        return [(0, 0)]
    found = {step(c, d) for c in cells for d in ORTHOGONAL} - cells
    return reading_order(found)


def push_run(occupied: set[Cell] | dict[Cell, Any], at: Cell, push: str) -> list[Cell]:
    """The cards pushed by an insertion at ``at``: ``at`` and every card beyond it in a row."""
    delta = PUSHES[push]
    run = []
    cell = at
    while cell in occupied:
        run.append(cell)
        cell = step(cell, delta)
    return run


# --- moves -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Effect:
    """What a move does to the grid: first ``moves`` relocate whole stacks, then the new card
    goes on top of ``put`` (on an empty cell, or over a card when overwriting)."""

    put: Cell
    moves: dict[Cell, Cell] = field(default_factory=dict)

    def cells(self) -> set[Cell]:
        return {self.put, *self.moves, *self.moves.values()}


def relocate(mapping: dict[Cell, T], moves: dict[Cell, Cell]) -> None:
    taken = {source: mapping.pop(source) for source in moves}
    for source, target in moves.items():
        mapping[target] = taken[source]


def effect_of(action: dict[str, Any], occupied: dict[Cell, Any]) -> Effect:
    """The effect of a (valid) play action."""
    at = as_cell(action["at"])
    if action["type"] == "insert":
        delta = PUSHES[action["push"]]
        return Effect(at, {c: step(c, delta) for c in push_run(occupied, at, action["push"])})
    if action["type"] == "place" and action.get("swap") is not None:
        target = as_cell(action["swap"])
        return Effect(target, {target: at})
    return Effect(at)


def as_cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


def is_cell(value: Any) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


# --- words -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    text: str
    """Upper case, as read."""
    direction: str
    """'across' (a row, left to right) or 'down' (a column, top to bottom)."""
    cells: tuple[Cell, ...]
    ids: tuple[int, ...]

    @property
    def key(self) -> WordKey:
        return (self.direction, self.ids)


Accept = Callable[[str], bool]
"""Whether a lower-case string is a word of the table's dictionary."""


def _runs(positions: list[int]) -> Iterator[list[int]]:
    positions.sort()
    run: list[int] = []
    for p in positions:
        if run and p != run[-1] + 1:
            yield run
            run = []
        run.append(p)
    if run:
        yield run


def longest_word(letters: str, accept: Accept, min_length: int) -> tuple[int, int] | None:
    """(start, length) of the longest word inside ``letters``, the first one on a tie."""
    lower = letters.lower()
    for length in range(len(lower), min_length - 1, -1):
        for start in range(len(lower) - length + 1):
            if accept(lower[start : start + length]):
                return (start, length)
    return None


def read_words(
    tops: Tops,
    accept: Accept,
    min_length: int,
    rows: set[int] | None = None,
    columns: set[int] | None = None,
) -> dict[WordKey, Word]:
    """The word of every run of face-up cards, on all lines or only the given rows/columns."""
    by_row: dict[int, list[int]] = defaultdict(list)
    by_column: dict[int, list[int]] = defaultdict(list)
    for (x, y), (_, letter) in tops.items():
        if letter is None:
            continue
        if rows is None or y in rows:
            by_row[y].append(x)
        if columns is None or x in columns:
            by_column[x].append(y)
    words: dict[WordKey, Word] = {}
    lines: list[tuple[str, list[list[Cell]]]] = [
        ("across", [[(x, y) for x in run] for y, xs in by_row.items() for run in _runs(xs)]),
        ("down", [[(x, y) for y in run] for x, ys in by_column.items() for run in _runs(ys)]),
    ]
    for direction, runs in lines:
        for run in runs:
            if len(run) < min_length:
                continue
            letters = "".join(str(tops[c][1]) for c in run)
            found = longest_word(letters, accept, min_length)
            if found is None:
                continue
            start, length = found
            cells = tuple(run[start : start + length])
            word = Word(
                letters[start : start + length], direction, cells, tuple(tops[c][0] for c in cells)
            )
            words[word.key] = word
    return words


def lines_through(cells: Iterable[Cell]) -> tuple[set[int], set[int]]:
    """The rows and columns through ``cells``."""
    cell_list = list(cells)
    return {y for _, y in cell_list}, {x for x, _ in cell_list}


def word_changes(
    before: Tops, after: Tops, cells: Iterable[Cell], accept: Accept, min_length: int
) -> tuple[list[Word], list[Word]]:
    """(created, broken): the words that appear and disappear when ``before`` becomes ``after``
    by changing ``cells`` (only the lines through them can change)."""
    rows, columns = lines_through(cells)
    old = read_words(before, accept, min_length, rows, columns)
    new = read_words(after, accept, min_length, rows, columns)
    created = [w for k, w in new.items() if k not in old]
    broken = [w for k, w in old.items() if k not in new]
    return created, broken


def positions(tops: Tops) -> dict[int, Cell]:
    """Card id -> cell, for top cards."""
    return {top[0]: cell for cell, top in tops.items()}


def award_owners(claims: list[dict[str, Any]]) -> dict[int, int]:
    """Card id -> index of the claim that wins it: the longer word, then the later claim."""
    best: dict[int, tuple[int, int]] = {}
    for index, claim in enumerate(claims):
        rank = (len(claim["cards"]), index)
        for card_id in claim["cards"]:
            if card_id not in best or rank > best[card_id]:
                best[card_id] = rank
    return {card_id: rank[1] for card_id, rank in best.items()}


def pending_cards(claims: list[dict[str, Any]], seats: int) -> list[int]:
    """How many cards each seat would win if the round ended now (without reveals)."""
    counts = [0] * seats
    for index in award_owners(claims).values():
        counts[claims[index]["seat"]] += 1
    return counts
