"""The table's options: the published game's minimum grouping, and the readings of rules
version 1 kept so that its records replay (``SwordCrafters.earlier_versions``)."""

from __future__ import annotations

from pydantic import Field

from crafthall.engine.options import GameOptions


class SwordCraftersOptions(GameOptions):
    min_grouping: int = Field(
        1,
        ge=1,
        le=2,
        description=(
            "Fewest tiles a slice may leave in a grouping: 1 as in the supplied rulebook "
            "(any slice that makes two groupings), 2 as in the published game."
        ),
    )
    first_tile_alone: bool = Field(
        False,
        description=(
            "Whether a slice may leave the first-player tile alone in a grouping, with no "
            "sword tile: false as the rulebook's 'two new groupings of sword tiles' (the "
            "first-player tile is no sword tile); true as rules version 1."
        ),
    )
    zero_magic_place: bool = Field(
        False,
        description=(
            "Whether a sword with none of a Sword Magic card's two gems still takes a place "
            "for it (6 VP at 2 players for no gem): false, it scores 0 for that card; true as "
            "rules version 1."
        ),
    )
