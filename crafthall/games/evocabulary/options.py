"""Evocabulary's table options: the leaders' side, and the readings of rules version 2 kept so
that its records replay (``Evocabulary.earlier_versions``)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from crafthall.games.wordgame import WordGameOptions


class EvocabularyOptions(WordGameOptions):
    leaders: Literal["a", "b"] = Field(
        "a",
        description=(
            "Which side of the team leaders is up: 'a' (3 draw, 4 hire, 5 burn, 6+ publish) or "
            "'b' (3 hire, 4 burn, 5 publish, 6+ teamwork)."
        ),
    )
    second_pass: bool = Field(
        False,
        description=(
            "Whether a player who passed on their last turn (drew nothing and discarded "
            "nothing) may pass again while the deck has cards or while they can burn or "
            "publish: false, they play, discard or score instead, so the end is never held "
            "off; true as rules version 2, only to replay its records."
        ),
    )
    stall_rounds: int = Field(
        0,
        ge=0,
        le=10,
        description=(
            "A table clock: with the deck empty, the game also ends after this many full "
            "rounds without a burn or a publish, even while a player could still score; "
            "0 (the rulebook): never, the game ends only when no player can burn or publish; "
            "2 as rules version 2."
        ),
    )
