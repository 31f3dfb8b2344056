"""The table options of Template Game: how far to count and how big a step may be."""

from __future__ import annotations

from pydantic import Field

from crafthall.engine.options import GameOptions


class TemplateGameOptions(GameOptions):
    target: int = Field(21, ge=5, le=100, description="The total that wins: 5 to 100.")
    largest_step: int = Field(
        3, ge=2, le=9, description="The most a player may add in one turn: 2 to 9."
    )
