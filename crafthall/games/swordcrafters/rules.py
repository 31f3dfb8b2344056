"""Sword Crafters: slice the grid, select groupings, craft swords, score length, quality, magic."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from pydantic import Field

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.errors import IllegalAction, SetupError
from crafthall.engine.game import Game, Result, action_type
from crafthall.engine.options import GameOptions
from crafthall.engine.rng import Rng, new_rng_state
from crafthall.games.swordcrafters import grid as grids
from crafthall.games.swordcrafters import sword as swords
from crafthall.games.swordcrafters.components import BLANK, FIRST_TILE, components
from crafthall.games.swordcrafters.scoring import score_table

ACTIONS = ("slice", "take", "place")
FIXED_KEYS = {"first_player", "tiles", "magic", "swords"}


class SwordCraftersOptions(GameOptions):
    min_grouping: int = Field(
        2,
        ge=1,
        le=2,
        description=(
            "Fewest tiles a slice may leave in a grouping: 2 as in the published game, "
            "1 as in the draft rulebook."
        ),
    )


def turn_order(first: int, seats: int) -> list[int]:
    """Who slices (and who selects), in order. Two players each act twice, alternating."""
    laps = 2 if seats == 2 else 1
    return [(first + step) % seats for step in range(seats * laps)]


class SwordCrafters(Game):
    name: ClassVar[str] = "swordcrafters"
    title: ClassVar[str] = "Sword Crafters"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[GameOptions]] = SwordCraftersOptions
    secret_stores: ClassVar[tuple[str, ...]] = ("pile",)

    @property
    def min_grouping(self) -> int:
        assert isinstance(self.options, SwordCraftersOptions)
        return self.options.min_grouping

    # --- set-up ----------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        data = components()
        fixed = dict(fixed or {})
        unknown = sorted(set(fixed) - FIXED_KEYS)
        if unknown:
            raise SetupError(
                f"Unknown fixed set-up key(s) {', '.join(unknown)}; "
                f"the keys are {', '.join(sorted(FIXED_KEYS))}."
            )
        layout = data.grids[seats]
        state: State = {"rng": new_rng_state(seed), "seats": seats}
        rng = Rng(state["rng"])
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
            pile = self._fixed_tiles(fixed["tiles"], layout.tiles)
        if "magic" in fixed:
            magic = self._fixed_magic(fixed["magic"])
        if "swords" in fixed:
            table = self._fixed_swords(fixed["swords"], seats)
        state.update(
            rows=layout.rows,
            cols=layout.cols,
            fp=list(layout.first_player_cell),
            pile=pile,
            magic=magic,
            swords=table,
            hands=[[] for _ in range(seats)],
            box=[],
            first=first,
            next_first=None,
            round=0,
            total_tiles=len(pile) + sum(swords.tiles(s) for s in table),
        )
        self._start_round(state)
        return state

    def _fixed_tiles(self, tiles: Any, needed: int) -> list[str]:
        known = set(components().gems) | {BLANK}
        if not isinstance(tiles, list) or any(tile not in known for tile in tiles):
            raise SetupError(
                "fixed tiles is the draw pile, top first, as gem names "
                f"({', '.join(sorted(known))})."
            )
        if len(tiles) < needed:
            raise SetupError(f"fixed tiles needs at least {needed} tiles to lay the first grid.")
        return list(tiles)

    def _fixed_magic(self, magic: Any) -> list[int]:
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

    def _fixed_swords(self, given: Any, seats: int) -> list[swords.Sword]:
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

    def _start_round(self, state: State) -> None:
        """Lay a new grid left to right, top to bottom, with the first-player tile in its cell."""
        rows, cols = state["rows"], state["cols"]
        fp = tuple(state["fp"])
        cells: list[list[str | None]] = []
        for row in range(rows):
            line: list[str | None] = []
            for col in range(cols):
                line.append(FIRST_TILE if (row, col) == fp else state["pile"].pop(0))
            cells.append(line)
        state.update(
            grid=cells,
            groups=[{"rect": [0, 0, rows, cols], "taker": None}],
            round=state["round"] + 1,
            phase="slice",
            order=turn_order(state["first"], state["seats"]),
            step=0,
            next_first=None,
        )

    def grid_tiles(self, state: State) -> int:
        return int(state["rows"] * state["cols"] - 1)

    # --- turns -----------------------------------------------------------------------------

    def active_seats(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase in ("slice", "select"):
            return [state["order"][state["step"]]]
        if phase == "craft":
            crafter = self.crafter(state)
            return [] if crafter is None else [crafter]
        return []

    def crafter(self, state: State) -> int | None:
        """Who slots tiles now: the first seat from the first player on with tiles in hand."""
        for step in range(state["seats"]):
            seat = (state["first"] + step) % state["seats"]
            if state["hands"][seat]:
                return seat
        return None

    def effective_min(self, state: State) -> int:
        """The minimum grouping size, relaxed to 1 only when no slice could keep it."""
        if grids.legal_cuts(state["groups"], self.min_grouping):
            return self.min_grouping
        return 1

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        if seat not in self.active_seats(state):
            return
        phase = state["phase"]
        if phase == "slice":
            groups = state["groups"]
            for index, vertical, line in grids.legal_cuts(groups, self.effective_min(state)):
                yield {"type": "slice", **grids.segment(groups[index]["rect"], vertical, line)}
        elif phase == "select":
            for index, group in enumerate(state["groups"]):
                if group["taker"] is None:
                    yield {"type": "take", "group": grids.label(index)}
        elif phase == "craft":
            hand = state["hands"][seat]
            for gem in sorted(set(hand), key=hand.index):
                for side in swords.open_sides(state["swords"][seat]):
                    yield {"type": "place", "gem": gem, "side": side + 1}

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check_turn(state, seat)
        kind = action_type(action, ACTIONS)
        phase = state["phase"]
        wanted = {"slice": "slice", "select": "take", "craft": "place"}[phase]
        if kind != wanted:
            raise IllegalAction(
                "wrong-phase",
                f"It is the {phase} phase: the action now is '{wanted}', not '{kind}'.",
            )
        if kind == "slice":
            return self._slice(state, seat, action)
        if kind == "take":
            return self._take(state, seat, action)
        return self._place(state, seat, action)

    def _slice(self, state: State, seat: int, action: Action) -> list[Event]:
        groups = state["groups"]
        index, vertical, line = grids.check_slice(
            groups, state["rows"], state["cols"], action, self.effective_min(state)
        )
        rect = groups[index]["rect"]
        first_part, second_part = grids.split(rect, vertical, line)
        del groups[index]
        groups.extend({"rect": part, "taker": None} for part in (first_part, second_part))
        grids.sort_groups(groups)
        state["step"] += 1
        if state["step"] == len(state["order"]):
            state["phase"], state["step"] = "select", 0
        return [
            {
                "type": "sliced",
                "seat": seat,
                "from": action["from"],
                "to": action["to"],
                "groupings": len(groups),
            }
        ]

    def _take(self, state: State, seat: int, action: Action) -> list[Event]:
        groups = state["groups"]
        name = action.get("group")
        names = [grids.label(i) for i in range(len(groups))]
        if not isinstance(name, str) or name.upper() not in names:
            raise IllegalAction(
                "no-such-grouping",
                f"There is no grouping {name!r}; the groupings are {', '.join(names)}.",
            )
        index = names.index(name.upper())
        group = groups[index]
        if group["taker"] is not None:
            free = ", ".join(names[i] for i, g in enumerate(groups) if g["taker"] is None)
            raise IllegalAction(
                "grouping-taken",
                f"Grouping {names[index]} was already taken by seat {group['taker'] + 1}; "
                f"take one of: {free}.",
            )
        gems, has_fp = self._lift(state, group["rect"])
        group["taker"] = seat
        state["hands"][seat].extend(gems)
        events: list[Event] = [
            {
                "type": "took",
                "seat": seat,
                "group": names[index],
                "gems": gems,
                "first_player_tile": has_fp,
            }
        ]
        if has_fp:
            state["next_first"] = seat
        state["step"] += 1
        if state["step"] == len(state["order"]):
            events.extend(self._end_selection(state))
        return events

    def _lift(self, state: State, rect: list[int]) -> tuple[list[str], bool]:
        """Lift a grouping off the grid: its sword tiles, and whether it held the FP tile."""
        gems: list[str] = []
        has_fp = False
        for row, col in grids.cells(rect):
            cell = state["grid"][row][col]
            if cell == FIRST_TILE:
                has_fp = True
            elif cell is not None:
                gems.append(cell)
            state["grid"][row][col] = None
        return gems, has_fp

    def _end_selection(self, state: State) -> list[Event]:
        events: list[Event] = []
        for index, group in enumerate(state["groups"]):
            if group["taker"] is None:
                gems, has_fp = self._lift(state, group["rect"])
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
        return events + self._maybe_next_round(state)

    def _place(self, state: State, seat: int, action: Action) -> list[Event]:
        hand = state["hands"][seat]
        gem, side = action.get("gem"), action.get("side")
        if not isinstance(side, int) or isinstance(side, bool) or not 1 <= side <= swords.SIDES:
            raise IllegalAction("no-such-side", f"A sword has sides 1 to 4, not {side!r}.")
        if gem not in hand:
            have = ", ".join(sorted(set(hand)))
            named = f"no {gem} tile" if isinstance(gem, str) else "no such tile"
            raise IllegalAction(
                "tile-not-in-hand",
                f"You have {named} to slot; name one of your tiles to slot: {have}.",
            )
        sword = state["swords"][seat]
        hand.remove(gem)
        sword[side - 1].append(gem)
        events: list[Event] = [
            {
                "type": "placed",
                "seat": seat,
                "gem": gem,
                "side": side,
                "level": len(sword[side - 1]),
            }
        ]
        return events + self._maybe_next_round(state)

    def _maybe_next_round(self, state: State) -> list[Event]:
        """Once every taken tile is slotted: a new grid if the pile can lay one, else the end."""
        if any(state["hands"]):
            return []
        state["first"] = state["next_first"]
        state["groups"] = []
        if len(state["pile"]) >= self.grid_tiles(state):
            self._start_round(state)
            return [{"type": "round", "round": state["round"], "first": state["first"]}]
        state["phase"] = "over"
        return [{"type": "game_over", "scores": self.scores(state)}]

    # --- views and results -----------------------------------------------------------------

    def scores(self, state: State) -> list[int]:
        totals: list[int] = score_table(state["swords"], state["magic"])["total"]
        return totals

    def prompt(self, state: State) -> str:
        phase = state["phase"]
        if phase == "slice":
            return "Slice one grouping into two with a straight cut."
        if phase == "select":
            return "Take one grouping of tiles."
        if phase == "craft":
            return "Slot your taken tiles into your sword, one at a time."
        return "The game is over."

    def view(self, state: State, seat: int | None) -> View:
        data = components()
        table = score_table(state["swords"], state["magic"])
        groups = []
        for index, group in enumerate(state["groups"]):
            tiles = [state["grid"][r][c] for r, c in grids.cells(group["rect"])]
            groups.append(
                {
                    "label": grids.label(index),
                    "rect": list(group["rect"]),
                    "taker": group["taker"],
                    "tiles": [t for t in tiles if t not in (None, FIRST_TILE)],
                    "first_player_tile": FIRST_TILE in tiles,
                }
            )
        return {
            "seat": seat,
            "seats": state["seats"],
            "round": state["round"],
            "phase": state["phase"],
            "prompt": self.prompt(state),
            "active": self.active_seats(state),
            "first": state["first"],
            "next_first": state["next_first"],
            "order": list(state["order"]),
            "step": state["step"],
            "min_grouping": self.effective_min(state) if state["phase"] == "slice" else None,
            "grid": {
                "rows": state["rows"],
                "cols": state["cols"],
                "cells": [list(row) for row in state["grid"]],
                "groups": groups,
            },
            "pile": len(state["pile"]),
            "box": len(state["box"]),
            "hands": [list(hand) for hand in state["hands"]],
            "swords": [[list(side) for side in sword] for sword in state["swords"]],
            "open_sides": [
                [side + 1 for side in swords.open_sides(sword)] for sword in state["swords"]
            ],
            "magic": [
                {
                    "id": card,
                    "gems": list(data.magic_cards[card]),
                    "text": data.magic_texts[card],
                    "counts": table["magic_counts"][n],
                    "points": table["magic"][n],
                }
                for n, card in enumerate(state["magic"])
            ],
            "score_table": table,
            "scores": table["total"],
        }

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        table = score_table(state["swords"], state["magic"])
        totals = table["total"]
        return Result.from_keys(totals, [[total] for total in totals], table)

    def evaluate(self, state: State, seat: int) -> float:
        from crafthall.games.swordcrafters.strategy import projected_margin

        return projected_margin(self, state, seat)
