"""Which moves a seat may make: every one of them (:func:`legal_actions`), or one drawn at random
without listing the rest (:func:`sample_action`, for random playouts).

Both build actions from the same pieces: :func:`power_cells` says where a colour's power may be
used, :func:`power_uses` how, and a plain placement goes on any empty cell next to a card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any, TypeVar

from crafthall.engine.data import Action
from crafthall.games.enchanted_grid.grid import (
    CELLS,
    COLOURS,
    KEYS,
    PUSHES,
    REACH,
    SIDES,
    Board,
    Cell,
)
from crafthall.games.enchanted_grid.state import EnchantedGridState
from crafthall.games.enchanted_grid.words import WordReader

T = TypeVar("T")

PLACE_TRIES = 24
"""Random tries at an empty cell next to a random card before listing the whole frontier."""
POWER_TRIES = 8
"""Random tries at a cell around a random Enchanter before listing every cell of its colour."""


def claim_actions(board: Board, reader: WordReader) -> list[Action]:
    """In the scramble: a claim of every standing word, in reading order of first cells."""
    words = sorted(
        reader.all_words(board.tops).values(), key=lambda w: (w.cells[0][1], w.cells[0][0])
    )
    return [{"type": "claim", "at": list(w.cells[0]), "direction": w.direction} for w in words]


def can_use_power(board: Board, colour: str, cell: Cell) -> bool:
    """Whether a ``colour`` card may use its power on ``cell``, a cell its power reaches (a
    zone of that colour, or a red Enchanter's own cell): on an empty cell next to a card for
    grey (face down) and blue (then swap), on a card with a card on the far side for green
    (insert), on any card for red (overwrite)."""
    occupied = KEYS[cell] in board.grid
    if colour in ("grey", "blue"):
        return not occupied and board.touches_card(cell)
    if colour == "red":
        return occupied
    return occupied and bool(_pushes(board, cell))


def power_cells(board: Board, colour: str) -> list[Cell]:
    """The cells where a ``colour`` card may use its power now, in reading order."""
    return [c for c in board.reach_cells(colour) if can_use_power(board, colour, c)]


def _pushes(board: Board, cell: Cell) -> list[str]:
    """The ways a green card inserted at ``cell`` may push: a card must lie on the far side."""
    x, y = cell
    grid = board.grid
    return [push for push, (dx, dy) in PUSHES.items() if KEYS[x - dx, y - dy] in grid]


def power_variants(board: Board, colour: str, cell: Cell) -> list[Any]:
    """How a ``colour`` card may use its power at one of its :func:`power_cells`, the same for
    every card of that colour: the cells a blue card may swap with, the ways a green card may
    push, one use (``None``) for grey and red."""
    if colour == "blue":
        return board.swap_targets(cell)
    if colour == "green":
        return _pushes(board, cell)
    return [None]


def uses_of(card_id: int, cell: Cell, variants: list[Any]) -> list[Action]:
    """The actions of ``card_id`` using its power at ``cell`` in each of its
    :func:`power_variants` there."""
    at = list(cell)
    colour = COLOURS[card_id]
    if colour == "grey":
        return [{"type": "place", "card": card_id, "at": at, "face_down": True}]
    if colour == "blue":
        return [
            {"type": "place", "card": card_id, "at": at, "swap": list(target)}
            for target in variants
        ]
    if colour == "red":
        return [{"type": "overwrite", "card": card_id, "at": at}]
    return [{"type": "insert", "card": card_id, "at": at, "push": push} for push in variants]


def power_uses(board: Board, card_id: int, cell: Cell) -> list[Action]:
    """Every use of the card's power at one of its :func:`power_cells`."""
    return uses_of(card_id, cell, power_variants(board, COLOURS[card_id], cell))


def legal_actions(state: EnchantedGridState, seat: int, reader: WordReader) -> Iterator[Action]:
    """Every legal action of the active ``seat``: per card in hand, every plain placement, then
    every use of its power. Lazy a card's actions at a time, since the server lists only the
    first few hundred; chained lists, since a generator yielding each action costs more than
    the actions themselves."""
    return chain.from_iterable(_action_lists(state, seat, reader))


def _action_lists(
    state: EnchantedGridState, seat: int, reader: WordReader
) -> Iterator[list[Action]]:
    """The actions of :func:`legal_actions`, one list per card in hand (one in the scramble)."""
    board = Board(state)
    if state["phase"] == "scramble":
        yield [*claim_actions(board, reader), {"type": "pass"}]
        return
    empty = board.frontier()
    zoned = {e[2] for e in board.enchanters}
    # Where and how each colour's power may be used, worked out for the hand's first card of
    # that colour and kept for the others.
    powers: dict[str, list[tuple[Cell, list[Any]]]] = {}
    for card_id in state["hands"][seat]:
        actions: list[Action] = [{"type": "place", "card": card_id, "at": [x, y]} for x, y in empty]
        colour = COLOURS[card_id]
        if colour not in powers:
            powers[colour] = [
                (cell, power_variants(board, colour, cell))
                for cell in (power_cells(board, colour) if colour in zoned else ())
            ]
        for cell, variants in powers[colour]:
            actions += uses_of(card_id, cell, variants)
        yield actions


def _pick(items: Sequence[T], rng: random.Random) -> T:
    """A uniform choice (``rng.choice`` without its checks: this is the playouts' hot path)."""
    return items[int(rng.random() * len(items))]


def _random_open_cell(board: Board, rng: random.Random) -> list[int]:
    """An empty cell next to a card: a random side of a random card, else any such cell."""
    grid = board.grid
    if not grid:
        return [0, 0]
    names = list(grid)
    for _ in range(PLACE_TRIES):
        side = int(rng.random() * 4 * len(names))  # one draw: a card, then one of its sides
        beside = SIDES[side % 4][names[side // 4]]
        if beside not in grid:
            return list(CELLS[beside])
    return list(_pick(board.frontier(), rng))


def _random_power_cell(
    board: Board, colour: str, centres: list[list[Any]], rng: random.Random
) -> Cell | None:
    """A cell where a ``colour`` card may use its power: a random cell its power reaches from a
    random one of the ``centres`` (its colour's Enchanters), else any such cell; ``None`` when
    there is none."""
    reach = REACH[colour]
    for _ in range(POWER_TRIES):
        x, y, _colour = _pick(centres, rng)
        dx, dy = _pick(reach, rng)
        if can_use_power(board, colour, (x + dx, y + dy)):
            return (x + dx, y + dy)
    cells = power_cells(board, colour)
    return _pick(cells, rng) if cells else None


def sample_action(
    state: EnchantedGridState, seat: int, rng: random.Random, reader: WordReader
) -> Action:
    """One legal action, drawn fast: in the scramble a claim or a pass (even odds, when a word
    stands); in play a random card of the hand, then (even odds, when its power can be used) a
    random use of its power (a cell, then how), else a plain placement on a random empty cell
    next to a card."""
    board = Board(state)
    if state["phase"] == "scramble":
        claims = claim_actions(board, reader) if rng.random() < 0.5 else []
        return _pick(claims, rng) if claims else {"type": "pass"}
    card_id = _pick(state["hands"][seat], rng)
    colour = COLOURS[card_id]
    if rng.random() < 0.5:
        centres = [e for e in board.enchanters if e[2] == colour]
        cell = _random_power_cell(board, colour, centres, rng) if centres else None
        if cell is not None:
            return _pick(power_uses(board, card_id, cell), rng)
    return {"type": "place", "card": card_id, "at": _random_open_cell(board, rng)}
