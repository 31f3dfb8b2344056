"""Laying out an Enchanted Grid table: shuffled, or fixed by hand for examples and puzzles.

The state's keys are described in :mod:`.state`.

Fixed set-up keys (see docs/rules/enchanted-grid.md): ``hands`` (required, one list of card
codes per seat, at most :data:`HAND_LIMIT` each), ``deck``, ``grid`` and ``first``.
"""

from __future__ import annotations

from typing import Any

from crafthall.engine.errors import SetupError
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.enchanted_grid.components import deck, pick_cards
from crafthall.games.enchanted_grid.grid import Board, Cell
from crafthall.games.enchanted_grid.state import EnchantedGridState

HAND_LIMIT = 10
"""The most cards a hand may hold (the largest ``hand_size``); the action codec numbers hand
slots up to it."""


def new_state(
    seats: int, seed: int, hand_size: int, fixed: dict[str, Any] | None
) -> EnchantedGridState:
    """A new game before its first turn is set (the rules pick who plays first)."""
    state: EnchantedGridState = {
        "rng": new_rng_state(seed),
        "seats": seats,
        "deck": [],
        "hands": [[] for _ in range(seats)],
        "won": [[] for _ in range(seats)],
        "grid": {},
        "tops": {},
        "enchanters": [],
        "claims": [],
        "counter": 0,
        "round": 1,
        "first": 0,
        "turn": 0,
        "phase": "play",
        "passes": 0,
        "revealed": 0,
        "last_round": [],
        "total": 0,
    }
    if fixed is None:
        ids = [c.id for c in deck()]
        Rng(state["rng"]).shuffle(ids)
        state["hands"] = [ids[i * hand_size : (i + 1) * hand_size] for i in range(seats)]
        state["deck"] = ids[seats * hand_size :]
    else:
        lay_out(state, seats, fixed)
    state["total"] = (
        len(state["deck"])
        + sum(len(h) for h in state["hands"])
        + sum(len(s) for s in state["grid"].values())
    )
    return state


def _is_cell(value: Any) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def lay_out(state: EnchantedGridState, seats: int, fixed: dict[str, Any]) -> None:
    """Lay the table as ``fixed`` says, refusing anything the deck or the rules cannot hold."""
    known = {"hands", "deck", "grid", "first"}
    unknown = sorted(set(fixed) - known)
    if unknown:
        raise SetupError(
            f"Unknown fixed set-up key(s) {', '.join(unknown)}; keys are "
            f"{', '.join(sorted(known))}."
        )
    hands = fixed.get("hands")
    if not isinstance(hands, list) or len(hands) != seats:
        raise SetupError(
            f"The fixed set-up needs 'hands': one list of cards for each of the {seats} seats."
        )
    used: set[int] = set()
    board = Board(state)
    for entry in fixed.get("grid", []):
        if not isinstance(entry, dict) or not _is_cell(entry.get("at")):
            raise SetupError(
                'Each fixed grid entry is {"at": [x, y], "card": "B green"} '
                '(with optional "by" and "face_down").'
            )
        by = entry.get("by", 0)
        if not isinstance(by, int) or not 0 <= by < seats:
            raise SetupError(f"Grid entry 'by' must be a seat from 0 to {seats - 1}.")
        (card_id,) = pick_cards([entry.get("card")], used)
        at: Cell = (entry["at"][0], entry["at"][1])
        board.put(at, {"card": card_id, "by": by, "down": bool(entry.get("face_down", False))})
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise SetupError(f'Fixed hand {seat + 1} must be a list of cards, e.g. ["B green"].')
        if len(hand) > HAND_LIMIT:
            raise SetupError(
                f"Fixed hand {seat + 1} holds {len(hand)} cards; a hand holds at most {HAND_LIMIT}."
            )
        state["hands"][seat] = pick_cards(hand, used)
    if "deck" in fixed:
        if not isinstance(fixed["deck"], list):
            raise SetupError("The fixed 'deck' is a list of cards, next to draw first.")
        state["deck"] = pick_cards(fixed["deck"], used)
    else:
        rest = [c.id for c in deck() if c.id not in used]
        Rng(state["rng"]).shuffle(rest)
        state["deck"] = rest
    first = fixed.get("first", 0)
    if not isinstance(first, int) or not 0 <= first < seats:
        raise SetupError(f"The fixed 'first' seat must be from 0 to {seats - 1}.")
    state["first"] = first
    if not any(state["hands"]) and state["deck"]:
        raise SetupError("A fixed set-up with cards in the deck needs cards in some hand.")
