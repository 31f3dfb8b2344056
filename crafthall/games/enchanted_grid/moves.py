"""Which moves a seat may make: every one of them (:func:`legal_actions`), or one drawn at random
without listing the rest (:func:`sample_action`, for random playouts).

Both build actions from the same pieces: :func:`power_actions` lists what one card's colour
power allows, and a plain placement goes on any empty cell next to a card.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from crafthall.engine.data import Action, State
from crafthall.games.enchanted_grid.board import COLOURS, ORTHOGONAL, PUSHES, Board, Cell, unkey
from crafthall.games.enchanted_grid.words import WordReader

PLACE_TRIES = 24
"""Random tries at an empty cell next to a random card before listing the whole frontier."""


def claim_actions(board: Board, reader: WordReader) -> list[Action]:
    """In the scramble: a claim of every standing word, in reading order of first cells."""
    words = sorted(
        reader.all_words(board.grid).values(), key=lambda w: (w.cells[0][1], w.cells[0][0])
    )
    return [{"type": "claim", "at": list(w.cells[0]), "direction": w.direction} for w in words]


def _open_zone_cells(board: Board, colour: str) -> list[Cell]:
    """Empty cells of a ``colour`` zone where a card may be placed."""
    return [c for c in board.zone_cells(colour) if c not in board and board.touches_card(c)]


def _covered_zone_cells(board: Board, colour: str) -> list[Cell]:
    """Occupied cells of a ``colour`` zone."""
    return [c for c in board.zone_cells(colour) if c in board]


def power_actions(board: Board, card_id: int) -> list[Action]:
    """Every use of the card's colour power allowed now (in reading order of cells)."""
    colour = COLOURS[card_id]
    if not any(e[2] == colour for e in board.enchanters):
        return []
    found: list[Action] = []
    if colour == "grey":
        for cell in _open_zone_cells(board, colour):
            found.append({"type": "place", "card": card_id, "at": list(cell), "face_down": True})
    elif colour == "blue":
        for cell in _open_zone_cells(board, colour):
            for target in board.swap_targets(cell):
                found.append(
                    {"type": "place", "card": card_id, "at": list(cell), "swap": list(target)}
                )
    elif colour == "red":
        for cell in _covered_zone_cells(board, colour):
            found.append({"type": "overwrite", "card": card_id, "at": list(cell)})
    else:
        for cell in _covered_zone_cells(board, colour):
            for push, (dx, dy) in PUSHES.items():
                if (cell[0] - dx, cell[1] - dy) in board:
                    found.append(
                        {"type": "insert", "card": card_id, "at": list(cell), "push": push}
                    )
    return found


def legal_actions(state: State, seat: int, reader: WordReader) -> Iterator[Action]:
    """Every legal action of the active ``seat``: per card in hand, every plain placement, then
    every use of its power."""
    board = Board(state)
    if state["phase"] == "scramble":
        yield from claim_actions(board, reader)
        yield {"type": "pass"}
        return
    empty = board.frontier()
    for card_id in state["hands"][seat]:
        for cell in empty:
            yield {"type": "place", "card": card_id, "at": list(cell)}
        yield from power_actions(board, card_id)


def _random_open_cell(board: Board, rng: random.Random) -> Cell:
    """An empty cell next to a card: a random side of a random card, else any such cell."""
    if not board:
        return (0, 0)
    names = list(board.grid)
    for _ in range(PLACE_TRIES):
        x, y = unkey(rng.choice(names))
        dx, dy = rng.choice(ORTHOGONAL)
        cell = (x + dx, y + dy)
        if cell not in board:
            return cell
    return rng.choice(board.frontier())


def sample_action(state: State, seat: int, rng: random.Random, reader: WordReader) -> Action:
    """One legal action, drawn fast: in the scramble a claim or a pass (even odds, when a word
    stands); in play a random card of the hand, then (even odds, when its power can be used) a
    random use of its power, else a plain placement on a random empty cell next to a card."""
    board = Board(state)
    if state["phase"] == "scramble":
        claims = claim_actions(board, reader)
        if claims and rng.random() < 0.5:
            return rng.choice(claims)
        return {"type": "pass"}
    card_id = rng.choice(state["hands"][seat])
    if rng.random() < 0.5:
        powers = power_actions(board, card_id)
        if powers:
            return rng.choice(powers)
    return {"type": "place", "card": card_id, "at": list(_random_open_cell(board, rng))}
