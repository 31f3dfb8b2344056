"""What each seat sees, and the same as a fixed-shape array of numbers for learning code.

A seat sees the grid's top cards (with how many lie under each), the zones, the standing words,
the Words Created list, every pile, pending count and hand size, the deck's size and its own
hand. Another seat's face-down card shows only who placed it; the owner also sees its letter.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from crafthall.engine.data import State, View
from crafthall.games.enchanted_grid.board import CELLS, KEYS, Board, reading_order_keys
from crafthall.games.enchanted_grid.components import card_json, colours
from crafthall.games.enchanted_grid.setup import HAND_LIMIT
from crafthall.games.enchanted_grid.words import Word, WordReader, pending_cards

PROMPTS = {
    "play": "Play a card from your hand: place it next to a card, or use its colour's power "
    "in a zone of that colour (grey face down, blue swap, red overwrite, green insert).",
    "scramble": "Final scramble: claim a word standing on the grid, or pass.",
}


def prompt_for(state: State, seat: int | None) -> str:
    """What ``seat`` should do now; empty when it has nothing to do."""
    if seat is None or state["phase"] == "over" or state["turn"] != seat:
        return ""
    return PROMPTS[state["phase"]]


def table_view(state: State, reader: WordReader, round_cards: int) -> dict[str, Any]:
    """The game's own keys of a view (the rules add the common frame) as a spectator sees
    them: every viewer sees the same but for :func:`seat_keys`."""
    grid = state["grid"]
    cells = []
    where: dict[int, list[int]] = {}
    for name in reading_order_keys(grid):
        stack = grid[name]
        top = stack[-1]
        x, y = CELLS[name]
        if top["down"]:
            cells.append(
                {"at": [x, y], "under": len(stack) - 1, "face_down": True, "by": top["by"]}
            )
        else:
            card_id = top["card"]
            cells.append(
                {
                    "at": [x, y],
                    "under": len(stack) - 1,
                    "face_down": False,
                    "card": card_json(card_id),
                }
            )
            where[card_id] = [x, y]
    claims = [
        {
            "seat": claim["seat"],
            "word": claim["word"],
            "direction": claim["direction"],
            "cells": [where[c] for c in claim["cards"]],
        }
        for claim in state["claims"]
    ]
    words = sorted(reader.all_words(state["tops"]).values(), key=_first_cell_place)
    return {
        "round": state["round"],
        "counter": state["counter"],
        "round_cards": round_cards,
        "first": state["first"],
        "grid": cells,
        "zones": [{"at": [x, y], "colours": list(names)} for (x, y), names in Board(state).zones()],
        "words": [
            {"word": w.text, "direction": w.direction, "cells": [[x, y] for x, y in w.cells]}
            for w in words
        ],
        "claims": claims,
        "pending": pending_cards(state["claims"], state["seats"]),
        "hand": None,
        "hand_sizes": [len(h) for h in state["hands"]],
        "deck": len(state["deck"]),
        "last_round": list(state["last_round"]),
    }


def seat_keys(table: dict[str, Any], state: State, seat: int | None) -> dict[str, Any]:
    """The keys of :func:`table_view` that ``seat`` sees otherwise: its hand, and the grid with
    the letters of its own face-down cards (a copy of the table's, sharing the other cells)."""
    if seat is None:
        return {}
    keys: dict[str, Any] = {"hand": [card_json(c) for c in state["hands"][seat]]}
    if len(state["grid"]) != len(state["tops"]):  # some top card lies face down
        cells = table["grid"]
        own = [n for n, shown in enumerate(cells) if shown["face_down"] and shown["by"] == seat]
        if own:
            cells = keys["grid"] = list(cells)
            for n in own:
                x, y = cells[n]["at"]
                card_id = state["grid"][KEYS[x, y]][-1]["card"]
                cells[n] = {**cells[n], "card": card_json(card_id)}
    return keys


def _first_cell_place(word: Word) -> tuple[int, int]:
    """Where a word's first cell comes in reading order (row, then column)."""
    x, y = word.cells[0]
    return (y, x)


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


def _card_features(into: np.ndarray, shown: dict[str, Any]) -> None:
    into[LETTER_INDEX[shown["letter"]]] = 1.0
    into[26 + COLOUR_INDEX[shown["colour"]]] = 1.0
    into[30] = float(shown["enchanter"])


def encode_observation(view: View, seats: int) -> np.ndarray:
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
