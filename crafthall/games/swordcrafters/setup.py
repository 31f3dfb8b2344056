"""Laying out a Sword Crafters table: shuffled, or fixed by hand for examples and puzzles.

Fixed set-up keys (all optional; see docs/rules/swordcrafters.md):

- ``first_player``: the seat (0-based) that is first player in round 1;
- ``tiles``: the draw pile, top first, as gem names; at least one grid's worth;
- ``magic``: the Sword Magic card ids in play;
- ``swords``: one sword per seat, ``[side1, side2, side3, side4]`` of gem names.

Each round lays a new grid from the top of the pile (:func:`start_round`).
"""

from __future__ import annotations

from typing import Any

from crafthall.engine.errors import SetupError
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.swordcrafters import sword as swords
from crafthall.games.swordcrafters.components import BLANK, FIRST_TILE, components
from crafthall.games.swordcrafters.state import SwordCraftersState

FIXED_KEYS = {"first_player", "tiles", "magic", "swords"}


def turn_order(first: int, seats: int) -> list[int]:
    """Who slices (and who selects), in order. Two players each act twice, alternating."""
    laps = 2 if seats == 2 else 1
    return [(first + step) % seats for step in range(seats * laps)]


def new_state(seats: int, seed: int, fixed: dict[str, Any] | None) -> SwordCraftersState:
    """A new game for ``seats`` players, shuffled by ``seed`` unless ``fixed`` lays it out."""
    data = components()
    fixed = dict(fixed or {})
    unknown = sorted(set(fixed) - FIXED_KEYS)
    if unknown:
        raise SetupError(
            f"Unknown fixed set-up key(s) {', '.join(unknown)}; "
            f"the keys are {', '.join(sorted(FIXED_KEYS))}."
        )
    layout = data.grids[seats]
    generator = new_rng_state(seed)
    rng = Rng(generator)
    first = rng.below(seats)
    pile = data.all_tiles()
    rng.shuffle(pile)
    deck = sorted(data.magic_cards)
    rng.shuffle(deck)
    magic = deck[: data.magic_in_play]
    table = [swords.new_sword() for _ in range(seats)]
    if "first_player" in fixed:
        first = fixed["first_player"]
        if not isinstance(first, int) or not 0 <= first < seats:
            raise SetupError(f"fixed first_player is a seat number from 0 to {seats - 1}.")
    if "tiles" in fixed:
        pile = _fixed_tiles(fixed["tiles"], layout.tiles)
    if "magic" in fixed:
        magic = _fixed_magic(fixed["magic"])
    if "swords" in fixed:
        table = _fixed_swords(fixed["swords"], seats)
    state: SwordCraftersState = {
        "rng": generator,
        "seats": seats,
        "rows": layout.rows,
        "cols": layout.cols,
        "fp": list(layout.first_player_cell),
        "pile": pile,
        "magic": magic,
        "swords": table,
        "hands": [[] for _ in range(seats)],
        "box": [],
        "first": first,
        "next_first": None,
        "round": 0,
        "total_tiles": len(pile) + sum(swords.tiles(s) for s in table),
        # The round's keys, laid by start_round:
        "grid": [],
        "groups": [],
        "phase": "slice",
        "order": [],
        "step": 0,
    }
    start_round(state)
    return state


def _fixed_tiles(tiles: Any, needed: int) -> list[str]:
    known = set(components().gems) | {BLANK}
    if not isinstance(tiles, list) or any(tile not in known for tile in tiles):
        raise SetupError(
            f"fixed tiles is the draw pile, top first, as gem names ({', '.join(sorted(known))})."
        )
    if len(tiles) < needed:
        raise SetupError(f"fixed tiles needs at least {needed} tiles to lay the first grid.")
    return list(tiles)


def _fixed_magic(magic: Any) -> list[int]:
    data = components()
    if (
        not isinstance(magic, list)
        or len(magic) != data.magic_in_play
        or len(set(magic)) != len(magic)
        or any(card not in data.magic_cards for card in magic)
    ):
        raise SetupError(
            f"fixed magic lists {data.magic_in_play} different Sword Magic card ids "
            f"(1 to {len(data.magic_cards)})."
        )
    return list(magic)


def _fixed_swords(given: Any, seats: int) -> list[swords.Sword]:
    known = set(components().gems) | {BLANK}
    if not isinstance(given, list) or len(given) != seats:
        raise SetupError(f"fixed swords lists one sword per seat ({seats}).")
    for seat, sword in enumerate(given):
        problem = swords.check_sword(sword)
        if problem is None and any(g not in known for side in sword for g in side):
            problem = "its tiles are gem names or 'blank'"
        if problem:
            raise SetupError(f"fixed sword of seat {seat}: {problem}.")
    return [[list(side) for side in sword] for sword in given]


def grid_tiles(state: SwordCraftersState) -> int:
    """Sword tiles one grid takes from the pile (every cell but the first-player tile's)."""
    return state["rows"] * state["cols"] - 1


def start_round(state: SwordCraftersState) -> None:
    """Lay a new grid left to right, top to bottom, with the first-player tile in its cell."""
    rows, cols = state["rows"], state["cols"]
    fp = tuple(state["fp"])
    pile = state["pile"]
    drawn = grid_tiles(state)
    laid = iter(pile[:drawn])
    del pile[:drawn]
    state["grid"] = [
        [FIRST_TILE if (row, col) == fp else next(laid) for col in range(cols)]
        for row in range(rows)
    ]
    state["groups"] = [{"rect": [0, 0, rows, cols], "taker": None}]
    state["round"] += 1
    state["phase"] = "slice"
    state["order"] = turn_order(state["first"], state["seats"])
    state["step"] = 0
    state["next_first"] = None
