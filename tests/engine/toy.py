"""A tiny race-to-ten game that exercises the engine alone: turns, chance and hidden dice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import Field

from crafthall.engine import (
    Action,
    Event,
    Game,
    GameOptions,
    Result,
    Rng,
    State,
    View,
    action_type,
    new_rng_state,
    require,
)


class ToyOptions(GameOptions):
    target: int = Field(10, ge=1, le=100, description="points that end the game")


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    min_seats = 1
    max_seats = 3
    Options = ToyOptions

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        state: State = {"rng": new_rng_state(seed), "turn": 0, "scores": [0] * seats}
        state["secret"] = [Rng(state["rng"]).below(6) for _ in range(seats)]
        return state

    def active_seats(self, state: State) -> list[int]:
        return [] if self.result(state) else [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        for amount in (1, 2, 3):
            yield {"type": "add", "amount": amount}

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        action_type(action, {"add"})
        amount = action.get("amount")
        require(amount in (1, 2, 3), "bad-amount", "You may add 1, 2 or 3 points.")
        state["scores"][seat] += amount
        state["secret"][seat] = Rng(state["rng"]).below(6)
        state["turn"] = (seat + 1) % len(state["scores"])
        return [{"type": "added", "seat": seat, "amount": amount}]

    def view(self, state: State, seat: int | None) -> View:
        return {
            "scores": list(state["scores"]),
            "turn": state["turn"],
            "my_secret": None if seat is None else state["secret"][seat],
        }

    def result(self, state: State) -> Result | None:
        target = self.options.target  # type: ignore[attr-defined]
        if max(state["scores"]) < target:
            return None
        return Result.from_keys(state["scores"], [(s,) for s in state["scores"]], {})
