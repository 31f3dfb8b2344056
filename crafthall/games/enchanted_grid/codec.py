"""Actions as integers in a fixed range, and a seat's view as a fixed-shape array of numbers,
for learning libraries.

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

The observation (:func:`encode_observation`) reads only a seat's view, so it shows nothing the
seat may not see: cell planes over a window centred on the grid, then the hand and the table's
counts.
"""

from __future__ import annotations

import numpy as np

from crafthall.engine.data import Action
from crafthall.engine.errors import IllegalAction
from crafthall.games.enchanted_grid.components import colours
from crafthall.games.enchanted_grid.grid import PUSHES, Board, Cell, reading_order, unkey
from crafthall.games.enchanted_grid.setup import HAND_LIMIT
from crafthall.games.enchanted_grid.state import EnchantedGridState, EnchantedGridView, ShownCard

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


def cell_list(state: EnchantedGridState) -> list[Cell]:
    """The cells a card may go to now, in reading order: occupied cells and their empty
    orthogonal neighbours (``[(0, 0)]`` on an empty grid)."""
    board = Board(state)
    occupied = [unkey(k) for k in board.grid]
    return reading_order({*occupied, *board.frontier()}) if occupied else [(0, 0)]


class CellIndex:
    """Cell <-> number for one state (built once, then used for many actions)."""

    def __init__(self, state: EnchantedGridState) -> None:
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


def encode(
    state: EnchantedGridState, seat: int, action: Action, cells: CellIndex | None = None
) -> int:
    cells = cells or CellIndex(state)
    kind = action["type"]
    if kind == "pass":
        return PASS
    if kind == "claim":
        return CLAIMS + cells.number(action["at"]) * 2 + DIRECTION_NUMBERS[action["direction"]]
    slot = state["hands"][seat].index(action["card"])
    return (slot * MAX_CELLS + cells.number(action["at"])) * VARIANTS + _variant(action)


def decode(state: EnchantedGridState, seat: int, index: int) -> Action:
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


# --- the observation -----------------------------------------------------------------------

WINDOW = 21
"""Side of the square of cells the observation shows, centred on the grid (cards outside it
are left out; a random game's grid rarely spans more than 15 cells)."""
LETTER_INDEX = {chr(ord("A") + i): i for i in range(26)}
COLOUR_INDEX = {colour: i for i, colour in enumerate(colours())}
PHASES = ("play", "scramble", "over")
DECK_SIZE = 120
CARD_FEATURES = 26 + 4 + 1
"""A card: its letter, its colour, whether it is an Enchanter."""


def _planes(seats: int) -> int:
    # card (31), face down, own face down, cards under, four zones, a standing word, one claim
    # plane per seat
    return CARD_FEATURES + 1 + 1 + 1 + 4 + 1 + seats


def observation_shape(seats: int) -> tuple[int, ...]:
    vector = HAND_LIMIT * CARD_FEATURES + 6 * seats + len(PHASES) + 3
    return (_planes(seats) * WINDOW * WINDOW + vector,)


def _card_features(into: np.ndarray, shown: ShownCard) -> None:
    into[LETTER_INDEX[shown["letter"]]] = 1.0
    into[26 + COLOUR_INDEX[shown["colour"]]] = 1.0
    into[30] = float(shown["enchanter"])


def encode_observation(view: EnchantedGridView, seats: int) -> np.ndarray:
    """The view as numbers: cell planes over a window centred on the grid, then the hand and
    the table's counts. Reads only the view."""
    planes = np.zeros((_planes(seats), WINDOW, WINDOW), dtype=np.float32)
    spots = [cell["at"] for cell in view["grid"]] or [[0, 0]]
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    left = (min(xs) + max(xs)) // 2 - WINDOW // 2
    top = (min(ys) + max(ys)) // 2 - WINDOW // 2

    def place(at: list[int]) -> tuple[int, int] | None:
        col, row = at[0] - left, at[1] - top
        return (row, col) if 0 <= row < WINDOW and 0 <= col < WINDOW else None

    base = CARD_FEATURES
    for cell in view["grid"]:
        spot = place(cell["at"])
        if spot is None:
            continue
        if "card" in cell:
            _card_features(planes[:, spot[0], spot[1]], cell["card"])
        if cell["face_down"]:
            planes[base, spot[0], spot[1]] = 1.0
            planes[base + 1, spot[0], spot[1]] = float(cell["by"] == view["seat"])
        planes[base + 2, spot[0], spot[1]] = cell["under"] / 4.0
    for zone in view["zones"]:
        spot = place(zone["at"])
        if spot is not None:
            for colour in zone["colours"]:
                planes[base + 3 + COLOUR_INDEX[colour], spot[0], spot[1]] = 1.0
    for word in view["words"]:
        for at in word["cells"]:
            spot = place(at)
            if spot is not None:
                planes[base + 7, spot[0], spot[1]] = 1.0
    for claim in view["claims"]:
        for at in claim["cells"]:
            spot = place(at)
            if spot is not None:
                planes[base + 8 + claim["seat"], spot[0], spot[1]] = 1.0
    hand = np.zeros((HAND_LIMIT, CARD_FEATURES), dtype=np.float32)
    for slot, shown in enumerate((view["hand"] or [])[:HAND_LIMIT]):
        _card_features(hand[slot], shown)
    table = np.zeros(6 * seats + len(PHASES) + 3, dtype=np.float32)
    for s in range(seats):
        table[s] = view["scores"][s] / DECK_SIZE
        table[seats + s] = view["pending"][s] / DECK_SIZE
        table[2 * seats + s] = view["hand_sizes"][s] / HAND_LIMIT
        table[3 * seats + s] = float(view["seat"] == s)
        table[4 * seats + s] = float(s in view["active"])
        table[5 * seats + s] = float(view["first"] == s)
    table[6 * seats + PHASES.index(view["phase"])] = 1.0
    counts = 6 * seats + len(PHASES)
    table[counts] = view["deck"] / DECK_SIZE
    table[counts + 1] = view["counter"] / max(view["round_cards"], 1)
    table[counts + 2] = view["round"] / 20.0
    return np.concatenate([planes.ravel(), hand.ravel(), table])
