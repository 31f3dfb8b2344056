"""A toy game small enough to learn in seconds: Nim with a hidden counter.

Seats take turns taking 1, 2 or 3 stones from one pile; whoever takes the last stone wins. The
pile starts at 10 to 20 stones (drawn from the seed). Each seat also holds a secret number that
changes nothing but that the others cannot see, so a search or a network that peeked would be
caught by a reshuffle. The winning play (leave a multiple of 4) is easy to state and far from
what a random player does, so learning it shows in the results at once.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np

from crafthall.engine import Action, Event, Game, Result, State, View, require
from crafthall.engine.data import clone
from crafthall.engine.rng import Rng, new_rng_state

MOST = 20
"""The largest pile."""


class Nim(Game):
    name = "toy-nim"
    title = "Toy Nim"
    min_seats = 2
    max_seats = 2

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        rng = random.Random(seed)
        state: State = {"rng": new_rng_state(seed), "pile": rng.randint(10, MOST), "turn": 0}
        state["secret"] = [Rng(state["rng"]).below(100) for _ in range(seats)]
        state["winner"] = None
        return state

    def active_seats(self, state: State) -> list[int]:
        return [] if state["winner"] is not None else [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        for amount in range(1, min(3, state["pile"]) + 1):
            yield {"type": "take", "amount": amount}

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        amount = action.get("amount")
        require(
            amount in (1, 2, 3) and amount <= state["pile"],
            "bad-amount",
            "Take 1, 2 or 3 stones, no more than the pile holds.",
        )
        state["pile"] -= amount
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = 1 - seat
        return [{"type": "took", "seat": seat, "amount": amount}]

    def view(self, state: State, seat: int | None) -> View:
        return {
            **self.frame(state, seat, phase="play", prompt="", scores=self.scores(state)),
            "pile": state["pile"],
            "my_secret": None if seat is None else state["secret"][seat],
        }

    def scores(self, state: State) -> list[int]:
        return [int(state["winner"] == seat) for seat in range(2)]

    def result(self, state: State) -> Result | None:
        if state["winner"] is None:
            return None
        scores = self.scores(state)
        return Result.from_keys(scores, [(s,) for s in scores], {})

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        copy = clone(state)
        copy["rng"] = new_rng_state(rng.getrandbits(63))
        copy["secret"][1 - seat] = rng.randrange(100)
        return copy

    def action_space_size(self, seats: int) -> int:
        return 3

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        return int(action["amount"]) - 1

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        return {"type": "take", "amount": index + 1}

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return (MOST + 1 + seats + 1,)

    def encode_observation(self, view: View) -> np.ndarray:
        """The pile one-hot, the viewer's seat one-hot, and its secret (scaled)."""
        observation = np.zeros(self.observation_shape(2), np.float32)
        observation[view["pile"]] = 1.0
        if view["seat"] is not None:
            observation[MOST + 1 + view["seat"]] = 1.0
            observation[-1] = view["my_secret"] / 100.0
        return observation
