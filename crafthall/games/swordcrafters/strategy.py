"""Look-ahead used by ``evaluate`` (and so by the greedy bot): the final score a state moves toward.

The projection uses public information only (swords, hands, groupings, magic cards; never the
draw pile's order): every pending selection is played out with each picker taking the grouping
that raises its own score most, every pending tile is slotted by a greedy crafter, and the
resulting end-game score table is read as "my total minus the best other total".
"""

from __future__ import annotations

from functools import lru_cache

from crafthall.games.swordcrafters import grid as grids
from crafthall.games.swordcrafters.components import BLANK, FIRST_TILE
from crafthall.games.swordcrafters.scoring import (
    ScoreTable,
    points_for_run,
    quality_points,
    score_table,
)
from crafthall.games.swordcrafters.state import SwordCraftersState
from crafthall.games.swordcrafters.sword import Sword, can_place, length, longest_run, tip_runs

FIRST_PLAYER_BONUS = 1.5
"""What the first-player tile is worth to a picker (first cut and first pick next round)."""

Frozen = tuple[tuple[str, ...], ...]


def _freeze(sword: Sword) -> Frozen:
    return tuple(tuple(side) for side in sword)


def craft_value(sword: Sword) -> float:
    """How a crafter ranks swords while slotting: quality points, length, then long runs."""
    runs = sum(longest_run(side) for side in sword)
    return quality_points(sword) + 2.0 * length(sword) + 0.1 * runs


class Crafter:
    """A sword being slotted by the greedy crafter, with each side's runs kept up to date, so
    that weighing a tile on a side costs a few steps instead of rescanning the sword.

    ``value_with(gem, side)`` equals ``craft_value`` of the sword with that tile added.
    """

    def __init__(self, sword: Sword) -> None:
        self.sides = [list(side) for side in sword]
        runs = [tip_runs(side) for side in self.sides]
        self.longest = [best for best, _, _ in runs]
        self.tip = [gem for _, gem, _ in runs]
        self.tip_run = [run for _, _, run in runs]

    def _tip_after(self, gem: str, side: int) -> int:
        if gem == BLANK:
            return 0
        return self.tip_run[side] + 1 if gem == self.tip[side] else 1

    def value_with(self, gem: str, side: int) -> float:
        longest = list(self.longest)
        longest[side] = max(longest[side], self._tip_after(gem, side))
        tallest = max(len(tiles) + (n == side) for n, tiles in enumerate(self.sides))
        return points_for_run(max(longest)) + 2.0 * tallest + 0.1 * sum(longest)

    def best_slot(self, gems: list[str]) -> tuple[str, int]:
        """The tile of ``gems`` and the side (0-based) the crafter values most (first best)."""
        best: tuple[float, str, int] | None = None
        for gem in sorted(set(gems)):
            for side in range(len(self.sides)):
                if not can_place(self.sides, side):
                    continue
                value = self.value_with(gem, side)
                if best is None or value > best[0]:
                    best = (value, gem, side)
        assert best is not None
        return best[1], best[2]

    def place(self, gem: str, side: int) -> None:
        run = self._tip_after(gem, side)
        self.sides[side].append(gem)
        self.tip[side] = None if gem == BLANK else gem
        self.tip_run[side] = run
        self.longest[side] = max(self.longest[side], run)


@lru_cache(maxsize=65536)
def _autoplace(sword: Frozen, gems: tuple[str, ...]) -> Frozen:
    crafter = Crafter([list(side) for side in sword])
    pending = list(gems)
    while pending:
        gem, side = crafter.best_slot(pending)
        crafter.place(gem, side)
        pending.remove(gem)
    return _freeze(crafter.sides)


def autoplace(sword: Sword, gems: list[str]) -> Sword:
    """``sword`` with ``gems`` slotted one by one, each where the crafter values it most."""
    return [list(side) for side in _autoplace(_freeze(sword), tuple(sorted(gems)))]


def _group_tiles(state: SwordCraftersState, rect: list[int]) -> tuple[list[str], bool]:
    tiles = [state["grid"][r][c] for r, c in grids.cells(rect)]
    return [t for t in tiles if t not in (None, FIRST_TILE)], FIRST_TILE in tiles


def projected_table(
    state: SwordCraftersState, *, zero_place: bool = False
) -> tuple[ScoreTable, int | None]:
    """The score table after pending selections and crafting, and the projected next first
    (``zero_place``: the table's ``zero_magic_place`` option)."""
    seats = state["seats"]
    swords = [autoplace(state["swords"][s], state["hands"][s]) for s in range(seats)]
    next_first = state["next_first"]
    if state["phase"] in ("slice", "select"):
        pickers = state["order"][state["step"] :] if state["phase"] == "select" else state["order"]
        open_groups = [
            _group_tiles(state, group["rect"])
            for group in state["groups"]
            if group["taker"] is None
        ]
        for picker in pickers:
            if not open_groups:
                break
            before = score_table(swords, state["magic"], zero_place=zero_place)["total"][picker]
            best_value, best_index = float("-inf"), 0
            for index, (gems, has_fp) in enumerate(open_groups):
                trial = list(swords)
                trial[picker] = autoplace(swords[picker], gems)
                after = score_table(trial, state["magic"], zero_place=zero_place)
                value = after["total"][picker] - before + (FIRST_PLAYER_BONUS if has_fp else 0.0)
                if value > best_value:
                    best_value, best_index = value, index
            gems, has_fp = open_groups.pop(best_index)
            swords[picker] = autoplace(swords[picker], gems)
            if has_fp:
                next_first = picker
    return score_table(swords, state["magic"], zero_place=zero_place), next_first


def projected_totals(state: SwordCraftersState, *, zero_place: bool) -> list[float]:
    """Each seat's projected final total, the projected next first player's bonus added
    (``zero_place``: the table's ``zero_magic_place`` option)."""
    table, next_first = projected_table(state, zero_place=zero_place)
    totals = [float(total) for total in table["total"]]
    if next_first is not None:
        totals[next_first] += FIRST_PLAYER_BONUS
    return totals


def projected_margin(state: SwordCraftersState, seat: int, *, zero_place: bool) -> float:
    """My projected final total minus the best other projected total (at the end: the true
    totals, with no bonus for a next round that never comes)."""
    if state["phase"] == "over":
        final = score_table(state["swords"], state["magic"], zero_place=zero_place)["total"]
        return float(final[seat] - max(t for s, t in enumerate(final) if s != seat))
    totals = projected_totals(state, zero_place=zero_place)
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)
