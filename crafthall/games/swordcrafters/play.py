"""Carrying out a slice, a take or a place, and what follows: the end of selection, a new round,
the end of the game.

Actions arrive checked by the engine: from a seat whose turn it is (``not-your-turn``, naming
who is to play) and of the declared shape (``bad-action``). So these functions check only the
game's rules: which phase, which grouping, which tile.
"""

from __future__ import annotations

from crafthall.engine.data import Action, Event
from crafthall.engine.errors import IllegalAction
from crafthall.games.swordcrafters import grid as grids
from crafthall.games.swordcrafters import sword as swords
from crafthall.games.swordcrafters.components import FIRST_TILE
from crafthall.games.swordcrafters.moves import ACTION_OF_PHASE, lone_cell
from crafthall.games.swordcrafters.options import SwordCraftersOptions
from crafthall.games.swordcrafters.scoring import score_table
from crafthall.games.swordcrafters.setup import grid_tiles, start_round
from crafthall.games.swordcrafters.state import SwordCraftersState


def apply_action(
    state: SwordCraftersState, seat: int, action: Action, options: SwordCraftersOptions
) -> list[Event]:
    """Carry out ``action`` for ``seat`` (the engine checked it is their turn), or raise
    :class:`IllegalAction`."""
    kind = action["type"]
    phase = state["phase"]
    wanted = ACTION_OF_PHASE[phase]
    if kind != wanted:
        raise IllegalAction(
            "wrong-phase",
            f"It is the {phase} phase: the action now is '{wanted}', not '{kind}'.",
        )
    if kind == "place":
        return _place(state, seat, action, options)
    if kind == "take":
        return _take(state, seat, action, options)
    return _slice(state, seat, action, options)


def _slice(
    state: SwordCraftersState, seat: int, action: Action, options: SwordCraftersOptions
) -> list[Event]:
    groups = state["groups"]
    index, vertical, line = grids.check_slice(
        groups,
        state["rows"],
        state["cols"],
        (action["from"], action["to"]),
        options.min_grouping,
        lone_cell(state, options),
    )
    parts = grids.split(groups.pop(index)["rect"], vertical, line)
    groups.extend({"rect": part, "taker": None} for part in parts)
    grids.sort_groups(groups)
    state["step"] += 1
    if state["step"] == len(state["order"]):
        state["phase"], state["step"] = "select", 0
    return [
        {
            "type": "sliced",
            "seat": seat,
            "from": list(action["from"]),
            "to": list(action["to"]),
            "groupings": len(groups),
        }
    ]


def _take(
    state: SwordCraftersState, seat: int, action: Action, options: SwordCraftersOptions
) -> list[Event]:
    groups = state["groups"]
    name = action["group"].upper()
    index = ord(name) - ord("A") if len(name) == 1 else -1
    if not 0 <= index < len(groups):
        names = ", ".join(grids.label(i) for i in range(len(groups)))
        raise IllegalAction(
            "no-such-grouping",
            f"There is no grouping {action['group']!r}; the groupings are {names}.",
        )
    group = groups[index]
    if group["taker"] is not None:
        free = ", ".join(grids.label(i) for i, g in enumerate(groups) if g["taker"] is None)
        raise IllegalAction(
            "grouping-taken",
            f"Grouping {name} was already taken by another player; take one of: {free}.",
            taker=group["taker"],
        )
    gems, has_fp = _lift(state, group["rect"])
    group["taker"] = seat
    state["hands"][seat].extend(gems)
    events: list[Event] = [
        {"type": "took", "seat": seat, "group": name, "gems": gems, "first_player_tile": has_fp}
    ]
    if has_fp:
        state["next_first"] = seat
    state["step"] += 1
    if state["step"] == len(state["order"]):
        events.extend(_end_selection(state, options))
    return events


def _lift(state: SwordCraftersState, rect: list[int]) -> tuple[list[str], bool]:
    """Lift a grouping off the grid: its sword tiles, and whether it held the FP tile."""
    gems: list[str] = []
    has_fp = False
    grid = state["grid"]
    top, left, bottom, right = rect
    for row in grid[top:bottom]:
        for cell in row[left:right]:
            if cell == FIRST_TILE:
                has_fp = True
            elif cell is not None:
                gems.append(cell)
        row[left:right] = [None] * (right - left)
    return gems, has_fp


def _end_selection(state: SwordCraftersState, options: SwordCraftersOptions) -> list[Event]:
    """The grouping nobody took goes to the box; the next first player is settled."""
    events: list[Event] = []
    for index, group in enumerate(state["groups"]):
        if group["taker"] is None:
            gems, has_fp = _lift(state, group["rect"])
            state["box"].extend(gems)
            events.append(
                {
                    "type": "returned",
                    "group": grids.label(index),
                    "gems": gems,
                    "first_player_tile": has_fp,
                }
            )
    if state["next_first"] is None:
        state["next_first"] = (state["first"] + 1) % state["seats"]
    events.append({"type": "first_player", "seat": state["next_first"]})
    state["phase"] = "craft"
    return events + _maybe_next_round(state, options)


def _place(
    state: SwordCraftersState, seat: int, action: Action, options: SwordCraftersOptions
) -> list[Event]:
    hand = state["hands"][seat]
    gem, side = action["gem"], action["side"]
    sword = state["swords"][seat]
    if not swords.can_place(sword, side - 1):
        raise IllegalAction("no-such-side", f"A sword has sides 1 to 4, not {side!r}.")
    if gem not in hand:
        raise IllegalAction(
            "tile-not-in-hand",
            f"You have no {gem} tile to slot; name one of your tiles to slot: "
            f"{', '.join(sorted(set(hand)))}.",
        )
    hand.remove(gem)
    tip = sword[side - 1]
    tip.append(gem)
    events: list[Event] = [
        {"type": "placed", "seat": seat, "gem": gem, "side": side, "level": len(tip)}
    ]
    if not hand:
        events.extend(_maybe_next_round(state, options))
    return events


def _maybe_next_round(state: SwordCraftersState, options: SwordCraftersOptions) -> list[Event]:
    """Once every taken tile is slotted: a new grid if the pile can lay one, else the end."""
    if any(state["hands"]):
        return []
    first = state["next_first"]
    assert first is not None, "the next first player is settled when selection ends"
    state["first"] = first
    state["groups"] = []
    if len(state["pile"]) >= grid_tiles(state):
        start_round(state)
        return [{"type": "round", "round": state["round"], "first": state["first"]}]
    state["phase"] = "over"
    table = score_table(state["swords"], state["magic"], zero_place=options.zero_magic_place)
    return [{"type": "game_over", "scores": table["total"]}]
