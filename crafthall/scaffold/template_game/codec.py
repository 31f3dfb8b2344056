"""Template Game as numbers, for learning libraries (an optional capability of a game).

Actions: ``add n`` is the integer ``n - 1``, so the range is the largest step allowed by the
options. A view is an array of three numbers: the total and the target over 100, and 1 where
the viewer is the seat to play.
"""

from __future__ import annotations

import numpy as np

from crafthall.engine.data import Action, View


def action_space_size(largest_step: int) -> int:
    return largest_step


def encode_action(action: Action) -> int:
    return int(action["amount"]) - 1


def decode_action(index: int) -> Action:
    return {"type": "add", "amount": index + 1}


OBSERVATION_SHAPE = (3,)


def encode_view(view: View) -> np.ndarray:
    to_play = view["seat"] is not None and view["seat"] == view["to_play"]
    return np.array([view["total"] / 100, view["target"] / 100, float(to_play)], dtype=np.float32)
