"""A new table: the total at 0, a random first player."""

from __future__ import annotations

import random
from typing import Any

from .options import TemplateGameOptions
from .state import TemplateGameState


def deal(
    options: TemplateGameOptions, seats: int, seed: int, fixed: dict[str, Any]
) -> TemplateGameState:
    """``fixed`` may set ``first_player`` (a seat) and ``total`` (where the count starts)."""
    first = fixed.get("first_player", random.Random(seed).randrange(seats))
    return {
        "seats": seats,
        "target": options.target,
        "largest_step": options.largest_step,
        "total": int(fixed.get("total", 0)),
        "to_play": int(first),
        "added": [0] * seats,
        "winner": None,
    }
