"""A seat's view of Evocabulary as a fixed-shape array of numbers (float32), read from the view.

Layout: the table's common part (phase, pile sizes, the discard pile's faces, the market, the
achievement piles, the viewer's hand, who views and who acts, the pending activation), then one
block per seat (score, hand, achievements, and per team its leader, familiars, locked letters
and spell). Counts are scaled to about 0..1.
"""

from __future__ import annotations

from string import ascii_lowercase
from typing import Any

import numpy as np
import numpy.typing as npt

from crafthall.engine.data import View
from crafthall.games.evocabulary.codec import FACES, PILES
from crafthall.games.evocabulary.components import ACTIONS, TEAMS, WILD, components

PHASES = ("turn", "discarding", "activation", "over")
MAX_SEATS = 6
FACE_AT = {face: n for n, face in enumerate(FACES)}
KIND_AT = {kind: n for n, kind in enumerate(ACTIONS)}
LETTER_AT = {letter: n for n, letter in enumerate(ascii_lowercase)}

TEAM_SIZE = len(ACTIONS) * 2 + len(FACES) + 1 + len(ascii_lowercase) + 3
SEAT_SIZE = 4 + len(TEAMS) * TEAM_SIZE
COMMON_SIZE = (
    len(PHASES)
    + 6  # deck, wild pile, discard pile, familiar deck, quiet turns, leaders side
    + 2 * len(FACES)  # the discard pile's faces, the viewer's hand
    + components().market_size * len(ACTIONS)
    + len(PILES) * 3
    + 2 * MAX_SEATS  # who views, who acts
    + len(TEAMS)
    + len(ACTIONS)  # the pending team, its unused actions
)


def observation_shape(seats: int) -> tuple[int, ...]:
    return (COMMON_SIZE + seats * SEAT_SIZE,)


def encode_observation(view: View) -> npt.NDArray[np.float32]:
    seats = len(view["scores"])
    out = np.zeros(observation_shape(seats), dtype=np.float32)
    comps = components()
    at = 0

    def put(offset: int, value: float) -> None:
        out[at + offset] += value

    put(PHASES.index(view["phase"]), 1.0)
    at += len(PHASES)
    sizes = (view["deck_size"] / 120, view["wild_pile"] / 6, view["discard_size"] / 126)
    for n, value in enumerate((*sizes, view["familiar_deck_size"] / 72, view["quiet_turns"] / 6)):
        put(n, value)
    put(5, 1.0 if view["leaders"] == "b" else 0.0)
    at += 6
    for face in view["discard"]:
        put(FACE_AT[face], 0.1)
    at += len(FACES)
    for face in view.get("hand", []):
        put(FACE_AT[face], 0.25)
    at += len(FACES)
    for slot, fid in enumerate(view["market"]):
        put(slot * len(ACTIONS) + KIND_AT[comps.familiars[fid].front], 1.0)
    at += comps.market_size * len(ACTIONS)
    for n, pile in enumerate(PILES):
        ids = view["piles"][pile]
        if ids:
            top = comps.achievements[ids[0]]
            put(3 * n, len(ids) / 6)
            put(3 * n + 1, top.points / 13)
            put(3 * n + 2, top.factor / 3)
    at += len(PILES) * 3
    if view["seat"] is not None:
        put(view["seat"], 1.0)
    for seat in view["active"]:
        put(MAX_SEATS + seat, 1.0)
    at += 2 * MAX_SEATS
    if view["pending"] is not None:
        put(TEAMS.index(view["pending"]["team"]), 1.0)
        for unused in view["pending"]["unused"]:
            put(len(TEAMS) + KIND_AT[unused["action"]], 1.0)
    at += len(TEAMS) + len(ACTIONS)
    for seat in range(seats):
        put(0, view["scores"][seat] / 100)
        put(1, view["hand_sizes"][seat] / 10)
        put(2, view["hand_wilds"][seat] / 3)
        put(3, len(view["achievements"][seat]) / 5)
        at += 4
        for team in view["teams"][seat]:
            _put_team(out, at, team)
            at += TEAM_SIZE
    return out


def _put_team(out: npt.NDArray[np.float32], at: int, team: dict[str, Any]) -> None:
    kinds = len(ACTIONS)
    out[at + KIND_AT[team["leader"]]] = 1.0
    for familiar in team["familiars"]:
        out[at + kinds + KIND_AT[familiar["action"]]] += 0.25
        if familiar["lock"] is not None:
            out[at + 2 * kinds + FACE_AT[familiar["lock"]]] += 1.0
    at += 2 * kinds + len(FACES)
    spell = team["spell"]
    if spell is None:
        return
    out[at] = 1.0
    for letter in spell["word"]:
        out[at + 1 + LETTER_AT[letter]] += 0.25
    at += 1 + len(ascii_lowercase)
    out[at] = len(spell["word"]) / 10
    out[at + 1] = spell["points"] / 30
    out[at + 2] = sum(1 for token in spell["cards"] if WILD in token) / 3
