"""The grid: cells, stacks, zones and moves of cards, read and changed in place in the state.

The state stores the grid as ``{"x,y": [entry, ...]}`` (bottom card first), each entry
``{"card": id, "by": seat, "down": bool}``. Beside it, two indexes kept up to date by every
change, so that no move has to scan the whole grid: ``tops``, ``{"x,y": id}`` of every face-up
top card (what words are read from), and ``enchanters``, ``[x, y, colour]`` for every cell
whose top card is a face-up Enchanter (the centres of the zones). Rules, bots and views go
through :class:`Board`, which works on cells as ``(x, y)`` tuples.

>>> state = {"grid": {}, "tops": {}, "enchanters": []}
>>> grid = Board(state)
>>> grid.put((0, 0), {"card": 0, "by": 0, "down": False})  # the blue E Enchanter
>>> state["tops"], state["enchanters"]
({'0,0': 0}, [[0, 0, 'blue']])
>>> grid.in_reach((1, 1), "blue"), grid.in_reach((0, 0), "blue")  # E's own cell: not its zone
(True, False)
>>> grid.put((2, 0), {"card": 5, "by": 1, "down": False})  # the red T Enchanter
>>> grid.in_reach((2, 0), "red")  # but a red card may cover a red Enchanter
True
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import Any, NamedTuple

from crafthall.games.enchanted_grid.components import deck
from crafthall.games.enchanted_grid.state import EnchantedGridState, GridEntry

Cell = tuple[int, int]
Tops = dict[str, int]
"""The face-up top cards of a grid: ``{"x,y": card id}``; empty cells and face-down cards are
absent (blanks that end a run of letters)."""

PUSHES: dict[str, Cell] = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
SQUARE: tuple[Cell, ...] = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
AROUND: tuple[Cell, ...] = tuple(delta for delta in SQUARE if delta != (0, 0))
REACH: dict[str, tuple[Cell, ...]] = {
    "blue": AROUND,
    "grey": AROUND,
    "green": AROUND,
    "red": SQUARE,
}
"""Where a card of each colour may use its power, from one of its colour's Enchanters: the
zone's eight cells, and for red the Enchanter's own cell too (the sample's red M covers the red
C Enchanter whose zone it uses)."""

# Card facts by id, as tuples: the hot paths read them for every cell they look at.
LETTERS: tuple[str, ...] = tuple(c.letter for c in deck())
COLOURS: tuple[str, ...] = tuple(c.colour for c in deck())
ENCHANTERS: tuple[bool, ...] = tuple(c.enchanter for c in deck())


class _Keys(dict[Cell, str]):
    """Cell -> its key in the state, ``"x,y"``. Each key is made once and then reused: the same
    string object is not formatted again and keeps its hash, which the hot paths feel."""

    def __missing__(self, cell: Cell) -> str:
        name = self[cell] = f"{cell[0]},{cell[1]}"
        return name


KEYS = _Keys()


def key(cell: Cell) -> str:
    return KEYS[cell]


class _Cells(dict[str, Cell]):
    """The other way: ``"x,y"`` -> ``(x, y)``, each read once."""

    def __missing__(self, name: str) -> Cell:
        x, y = name.split(",")
        cell = self[name] = (int(x), int(y))
        return cell


CELLS = _Cells()


def unkey(text: str) -> Cell:
    return CELLS[text]


class Steps(dict[str, str]):
    """Key -> the key of the next cell along one direction, each worked out once (reading a
    run then costs one lookup a cell)."""

    def __init__(self, delta: Cell) -> None:
        super().__init__()
        self.delta = delta

    def __missing__(self, name: str) -> str:
        x, y = CELLS[name]
        following = self[name] = KEYS[x + self.delta[0], y + self.delta[1]]
        return following


NEXT: dict[Cell, Steps] = {delta: Steps(delta) for delta in ORTHOGONAL}
SIDES: tuple[Steps, ...] = tuple(NEXT[delta] for delta in ORTHOGONAL)
"""The steps to the cells left of, right of, above and under a cell."""


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    """Top row first, left to right."""
    return sorted(cells, key=_row_then_column)


_row_then_column = itemgetter(1, 0)


class _Places(dict[str, Cell]):
    """``"x,y"`` -> ``(y, x)``, the cell's place in reading order, each worked out once: views
    and move lists sort the grid's keys every state."""

    def __missing__(self, name: str) -> Cell:
        x, y = CELLS[name]
        place = self[name] = (y, x)
        return place


PLACES = _Places()


def reading_order_keys(names: Iterable[str]) -> list[str]:
    """Cell keys in :func:`reading_order`, sorted without making their cells."""
    return sorted(names, key=PLACES.__getitem__)


class Effect(NamedTuple):
    """What a move does to the grid: first ``moves`` relocate whole stacks, then the new card
    goes on top of ``put`` (on an empty cell, or over a card when overwriting)."""

    put: Cell
    moves: dict[Cell, Cell]

    def cells(self) -> set[Cell]:
        return {self.put, *self.moves, *self.moves.values()}


Zones = tuple[tuple[Cell, tuple[str, ...]], ...]
"""Zone cells in reading order, each with the colours of the zones covering it."""

_ZONES: dict[tuple[tuple[int, int, str], ...], Zones] = {}
"""The zones of each layout of Enchanters (their cells and colours, in the state's order) seen
lately: most moves leave the Enchanters as they were, and every view shows the zones."""
_ZONES_LIMIT = 10_000


def _zones_of(layout: tuple[tuple[int, int, str], ...]) -> Zones:
    zones: dict[Cell, set[str]] = {}
    for x, y, colour in layout:
        for dx, dy in AROUND:
            zones.setdefault((x + dx, y + dy), set()).add(colour)
    return tuple((cell, tuple(sorted(zones[cell]))) for cell in reading_order(zones))


class Board:
    """The grid of one state, read and changed in place."""

    __slots__ = ("enchanters", "grid", "tops")

    def __init__(self, state: EnchantedGridState) -> None:
        self.grid: dict[str, list[GridEntry]] = state["grid"]
        self.tops: Tops = state["tops"]
        self.enchanters: list[list[Any]] = state["enchanters"]

    # --- reading ---------------------------------------------------------------------------

    def __contains__(self, cell: Cell) -> bool:
        return KEYS[cell] in self.grid

    def top(self, cell: Cell) -> GridEntry | None:
        stack = self.grid.get(KEYS[cell])
        return stack[-1] if stack else None

    def face_up(self, cell: Cell) -> int | None:
        """The id of the face-up card on top of ``cell``; ``None`` for an empty cell or a
        face-down card (a blank that ends a run of letters)."""
        return self.tops.get(KEYS[cell])

    def touches_card(self, cell: Cell) -> bool:
        """Whether a card lies left of, right of, above or under ``cell``."""
        name = KEYS[cell]
        grid = self.grid
        right, left, below, above = SIDES  # spelt out: a generator here costs the playouts
        return (
            right[name] in grid or left[name] in grid or below[name] in grid or above[name] in grid
        )

    def frontier(self) -> list[Cell]:
        """Empty cells orthogonally next to a card, in reading order; ``[(0, 0)]`` on an empty
        grid."""
        grid = self.grid
        if not grid:
            return [(0, 0)]
        right, left, below, above = SIDES
        found = {*map(right.__getitem__, grid), *map(left.__getitem__, grid)}
        found.update(map(below.__getitem__, grid), map(above.__getitem__, grid))
        found.difference_update(grid)
        return [CELLS[name] for name in reading_order_keys(found)]

    def push_run(self, at: Cell, push: str) -> list[Cell]:
        """The cards pushed by an insertion at ``at``: ``at`` and every card beyond it in a row."""
        dx, dy = PUSHES[push]
        run = []
        x, y = at
        while KEYS[x, y] in self.grid:
            run.append((x, y))
            x, y = x + dx, y + dy
        return run

    # --- zones -----------------------------------------------------------------------------

    def enchanters_around(self, cell: Cell, colour: str) -> list[Cell]:
        """Cells of the active ``colour`` Enchanters whose zone holds ``cell``."""
        x, y = cell
        return [
            (ex, ey)
            for ex, ey, ecolour in self.enchanters
            if ecolour == colour and abs(ex - x) <= 1 and abs(ey - y) <= 1 and (ex, ey) != cell
        ]

    def in_reach(self, cell: Cell, colour: str) -> bool:
        """Whether a ``colour`` card may use its power on ``cell`` (see :data:`REACH`)."""
        x, y = cell
        reach = REACH[colour]
        return any(
            ecolour == colour and (x - ex, y - ey) in reach for ex, ey, ecolour in self.enchanters
        )

    def reach_cells(self, colour: str) -> list[Cell]:
        """Every cell a ``colour`` card's power reaches, in reading order."""
        reach = REACH[colour]
        found = {
            (x + dx, y + dy)
            for x, y, ecolour in self.enchanters
            if ecolour == colour
            for dx, dy in reach
        }
        return reading_order(found)

    def zones(self) -> Zones:
        """Every zone cell in reading order, with the colours of the zones covering it (sorted,
        no repeats)."""
        layout = tuple((x, y, colour) for x, y, colour in self.enchanters)
        found = _ZONES.get(layout)
        if found is None:
            if len(_ZONES) >= _ZONES_LIMIT:
                _ZONES.clear()
            found = _ZONES[layout] = _zones_of(layout)
        return found

    def swap_targets(self, at: Cell) -> list[Cell]:
        """Occupied cells a blue card placed at ``at`` may swap with (3 x 3 squares, Enchanter
        too)."""
        targets = {
            (x + dx, y + dy)
            for x, y in self.enchanters_around(at, "blue")
            for dx, dy in SQUARE
            if KEYS[x + dx, y + dy] in self.grid
        }
        targets.discard(at)
        return reading_order(targets)

    def effect_of(self, action: dict[str, Any]) -> Effect:
        """The effect of a (valid) play action."""
        at = (action["at"][0], action["at"][1])
        if action["type"] == "insert":
            dx, dy = PUSHES[action["push"]]
            return Effect(
                at, {(x, y): (x + dx, y + dy) for x, y in self.push_run(at, action["push"])}
            )
        if action["type"] == "place" and "swap" in action:
            target = (action["swap"][0], action["swap"][1])
            return Effect(target, {target: at})
        return Effect(at, {})

    # --- changing --------------------------------------------------------------------------

    def put(self, cell: Cell, entry: GridEntry) -> None:
        """Lay a card on top of ``cell``."""
        self.grid.setdefault(KEYS[cell], []).append(entry)
        self._new_top(cell, entry)

    def lift(self, cell: Cell) -> GridEntry:
        """Take the top card off ``cell``; what lay under it is now on top."""
        name = key(cell)
        stack = self.grid[name]
        entry = stack.pop()
        if not stack:
            del self.grid[name]
        self._new_top(cell, stack[-1] if stack else None)
        return entry

    def turn_up(self, cell: Cell) -> GridEntry:
        """Turn the top card of ``cell`` face up."""
        top = self.grid[key(cell)][-1]
        top["down"] = False
        self._new_top(cell, top)
        return top

    def move(self, moves: dict[Cell, Cell]) -> None:
        """Relocate whole stacks (all taken up first, so a push along a line overwrites
        nothing)."""
        taken = [(target, self.take(source)) for source, target in moves.items()]
        for target, stack in taken:
            self.set_down(target, stack)

    def take(self, cell: Cell) -> list[GridEntry]:
        """Take up the whole stack of ``cell``."""
        stack = self.grid.pop(key(cell))
        self._new_top(cell, None)
        return stack

    def set_down(self, cell: Cell, stack: list[GridEntry]) -> None:
        """Set a stack taken up on the empty ``cell``; an Enchanter carries its zone along."""
        self.grid[key(cell)] = stack
        self._new_top(cell, stack[-1])

    def _new_top(self, cell: Cell, top: GridEntry | None) -> None:
        """Keep ``tops`` and ``enchanters`` true for ``cell``, whose top is now ``top``."""
        name = KEYS[cell]
        was = self.tops.pop(name, None)
        card_id = None if top is None or top["down"] else top["card"]
        if card_id is not None:
            self.tops[name] = card_id
        if (was is None or not ENCHANTERS[was]) and (card_id is None or not ENCHANTERS[card_id]):
            return  # no zone came or went here
        x, y = cell
        self.enchanters[:] = [e for e in self.enchanters if e[0] != x or e[1] != y]
        if card_id is not None and ENCHANTERS[card_id]:
            self.enchanters.append([x, y, COLOURS[card_id]])
