"""What each seat sees (:mod:`.codec` turns it into a fixed-shape array of numbers for
learning code).

A seat sees the grid's top cards (with how many lie under each), the zones, the standing words,
the Words Created list, every pile, pending count and hand size, the deck's size and its own
hand. Another seat's face-down card shows only who placed it; the owner also sees its letter.
"""

from __future__ import annotations

from crafthall.games.enchanted_grid.components import card_json
from crafthall.games.enchanted_grid.grid import CELLS, KEYS, Board, reading_order_keys
from crafthall.games.enchanted_grid.state import (
    EnchantedGridState,
    SeatKeys,
    ShownCell,
    ShownClaim,
    TableView,
)
from crafthall.games.enchanted_grid.words import Word, WordReader, pending_cards

PROMPTS = {
    "play": "Play a card from your hand: place it next to a card, or use its colour's power "
    "in a zone of that colour (grey face down, blue swap, red overwrite, green insert).",
    "scramble": "Final scramble: claim a word standing on the grid, or pass.",
}


def prompt_for(state: EnchantedGridState, seat: int | None) -> str:
    """What ``seat`` should do now; empty when it has nothing to do."""
    if seat is None or state["phase"] == "over" or state["turn"] != seat:
        return ""
    return PROMPTS[state["phase"]]


def table_view(state: EnchantedGridState, reader: WordReader, round_cards: int) -> TableView:
    """The game's own keys of a view (the rules add the common frame) as a spectator sees
    them: every viewer sees the same but for :func:`seat_keys`."""
    grid = state["grid"]
    cells: list[ShownCell] = []
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
    claims: list[ShownClaim] = [
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


def seat_keys(table: TableView, state: EnchantedGridState, seat: int | None) -> SeatKeys:
    """The keys of :func:`table_view` that ``seat`` sees otherwise: its hand, and the grid with
    the letters of its own face-down cards (a copy of the table's, sharing the other cells)."""
    if seat is None:
        return {}
    keys: SeatKeys = {"hand": [card_json(c) for c in state["hands"][seat]]}
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
