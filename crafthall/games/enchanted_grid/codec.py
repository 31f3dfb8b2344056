"""Actions as integers in a fixed range, for learning libraries.

The grid has no edges, so a cell is numbered by its place in the reading order of the cells a
card may go to now: the occupied cells and the empty cells next to them (:func:`cell_list`).
With at most 120 cards on the grid there are at most 600 such cells. A card is numbered by its
slot in the hand (at most :data:`HAND_LIMIT`). A play is then

    (slot * MAX_CELLS + cell) * VARIANTS + variant

where the variant says how the card is played: plain placement, face down, a swap (by where
the swapped card lies from the placed one: 24 offsets within two cells), an overwrite or an
insertion (one per push). Claims (cell x direction) and the pass follow the plays; a column's
word has one number per cell whichever way it reads (``down``, or ``up`` where columns read
either way: :meth:`EnchantedGrid.decode_action` tells which from the grid).
"""

from __future__ import annotations

from crafthall.engine.data import Action, State
from crafthall.engine.errors import IllegalAction
from crafthall.games.enchanted_grid.board import PUSHES, Board, Cell, reading_order, unkey
from crafthall.games.enchanted_grid.setup import HAND_LIMIT

MAX_CELLS = 5 * 120
"""Occupied cells plus their empty neighbours, with every card of the deck on the grid."""
SWAP_OFFSETS: tuple[Cell, ...] = tuple(
    (dx, dy) for dy in range(-2, 3) for dx in range(-2, 3) if (dx, dy) != (0, 0)
)
PUSH_NAMES: tuple[str, ...] = tuple(PUSHES)
PLACE, FACE_DOWN, SWAP = 0, 1, 2
OVERWRITE = SWAP + len(SWAP_OFFSETS)
INSERT = OVERWRITE + 1
VARIANTS = INSERT + len(PUSH_NAMES)
PLAYS = HAND_LIMIT * MAX_CELLS * VARIANTS
DIRECTIONS = ("across", "down")
DIRECTION_NUMBERS = {"across": 0, "down": 1, "up": 1}
CLAIMS = PLAYS
PASS = CLAIMS + MAX_CELLS * len(DIRECTIONS)
SIZE = PASS + 1


def cell_list(state: State) -> list[Cell]:
    """The cells a card may go to now, in reading order: occupied cells and their empty
    orthogonal neighbours (``[(0, 0)]`` on an empty grid)."""
    board = Board(state)
    occupied = [unkey(k) for k in board.grid]
    return reading_order({*occupied, *board.frontier()}) if occupied else [(0, 0)]


class CellIndex:
    """Cell <-> number for one state (built once, then used for many actions)."""

    def __init__(self, state: State) -> None:
        self.cells = cell_list(state)
        self.numbers = {cell: n for n, cell in enumerate(self.cells)}

    def number(self, at: list[int]) -> int:
        found = self.numbers.get((at[0], at[1]))
        if found is None:
            raise IllegalAction("not-encodable", f"No card may go to [{at[0]}, {at[1]}] now.")
        return found


def _variant(action: Action) -> int:
    kind = action["type"]
    if kind == "overwrite":
        return OVERWRITE
    if kind == "insert":
        return INSERT + PUSH_NAMES.index(action["push"])
    if action.get("face_down", False):
        return FACE_DOWN
    if "swap" in action:
        offset = (action["swap"][0] - action["at"][0], action["swap"][1] - action["at"][1])
        return SWAP + SWAP_OFFSETS.index(offset)
    return PLACE


def encode(state: State, seat: int, action: Action, cells: CellIndex | None = None) -> int:
    cells = cells or CellIndex(state)
    kind = action["type"]
    if kind == "pass":
        return PASS
    if kind == "claim":
        return CLAIMS + cells.number(action["at"]) * 2 + DIRECTION_NUMBERS[action["direction"]]
    slot = state["hands"][seat].index(action["card"])
    return (slot * MAX_CELLS + cells.number(action["at"])) * VARIANTS + _variant(action)


def decode(state: State, seat: int, index: int) -> Action:
    if not 0 <= index < SIZE:
        raise IllegalAction("not-encodable", f"Actions are numbered 0 to {SIZE - 1}.")
    cells = cell_list(state)
    if index == PASS:
        return {"type": "pass"}
    if index >= CLAIMS:
        cell, direction = divmod(index - CLAIMS, 2)
        if cell >= len(cells):
            raise IllegalAction("not-encodable", f"Action {index} names no cell of now.")
        return {"type": "claim", "at": list(cells[cell]), "direction": DIRECTIONS[direction]}
    rest, variant = divmod(index, VARIANTS)
    slot, cell = divmod(rest, MAX_CELLS)
    if slot >= len(state["hands"][seat]) or cell >= len(cells):
        raise IllegalAction("not-encodable", f"Action {index} names no card or cell of now.")
    card_id = state["hands"][seat][slot]
    at = list(cells[cell])
    if variant == OVERWRITE:
        return {"type": "overwrite", "card": card_id, "at": at}
    if variant >= INSERT:
        return {"type": "insert", "card": card_id, "at": at, "push": PUSH_NAMES[variant - INSERT]}
    action: Action = {"type": "place", "card": card_id, "at": at}
    if variant == FACE_DOWN:
        action["face_down"] = True
    elif variant >= SWAP:
        dx, dy = SWAP_OFFSETS[variant - SWAP]
        action["swap"] = [at[0] + dx, at[1] + dy]
    return action
