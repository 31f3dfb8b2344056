"""Sword Crafters' component data (tiles, gems, magic cards, grids, points), read once."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

BLANK = "blank"
"""The gem name of a tile without a gem."""
FIRST_TILE = "first"
"""What the grid holds in the first-player tile's cell."""


@dataclass(frozen=True)
class Grid:
    rows: int
    cols: int
    first_player_cell: tuple[int, int]

    @property
    def tiles(self) -> int:
        """Sword tiles one grid needs (every cell but the first-player tile's)."""
        return self.rows * self.cols - 1


@dataclass(frozen=True)
class Components:
    gems: tuple[str, ...]
    """The six gem types, in display order."""
    letters: dict[str, str]
    """Gem name (and ``blank``) -> one-letter symbol."""
    colours: dict[str, str]
    """Gem name (and ``blank``) -> a rich colour style."""
    tile_counts: dict[str, int]
    magic_cards: dict[int, tuple[str, str]]
    magic_texts: dict[int, str]
    magic_in_play: int
    grids: dict[int, Grid]
    longest_points: int
    quality_per_gem: int
    magic_points: tuple[int, ...]

    def all_tiles(self) -> list[str]:
        """The 91 sword tiles as gem names, in box order (shuffle before use)."""
        return [gem for gem, count in self.tile_counts.items() for _ in range(count)]

    def gem_by_letter(self, letter: str) -> str | None:
        for gem, symbol in self.letters.items():
            if symbol.lower() == letter.lower():
                return gem
        return None


@cache
def components() -> Components:
    raw: dict[str, Any] = json.loads(
        (Path(__file__).with_name("components.json")).read_text(encoding="utf-8")
    )
    gems = tuple(gem["name"] for gem in raw["gems"])
    letters = {gem["name"]: gem["letter"] for gem in raw["gems"]}
    colours = {gem["name"]: gem["colour"] for gem in raw["gems"]}
    letters[BLANK] = raw["blank"]["letter"]
    colours[BLANK] = raw["blank"]["colour"]
    grids = {
        int(seats): Grid(
            g["rows"], g["cols"], (g["first_player_cell"][0], g["first_player_cell"][1])
        )
        for seats, g in raw["grids"].items()
    }
    return Components(
        gems=gems,
        letters=letters,
        colours=colours,
        tile_counts=dict(raw["tiles"]),
        magic_cards={card["id"]: (card["gems"][0], card["gems"][1]) for card in raw["magic_cards"]},
        magic_texts={card["id"]: card["text"] for card in raw["magic_cards"]},
        magic_in_play=raw["magic_in_play"],
        grids=grids,
        longest_points=raw["points"]["longest"],
        quality_per_gem=raw["points"]["quality_per_gem"],
        magic_points=tuple(raw["points"]["magic"]),
    )
