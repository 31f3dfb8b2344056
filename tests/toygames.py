"""Two tiny games that exercise the engine and the server apart from the real games.

``toy-turns``: turn-based race to a target with a hidden die per seat; ``add`` draws nothing (it
may be undone), ``roll`` redraws the seat's hidden die (chance: it may not be undone).
``toy-race``: every seat acts at once, claiming numbers; the first valid claim wins (arrival
order), as in Wordsmith.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

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
    new_rng_state,
    require,
)
from crafthall.engine.shapes import ActionShape, ActionShapes
from crafthall.games.entry import GameEntry, TextUI


class TurnsOptions(GameOptions):
    target: int = Field(12, ge=1, le=100, description="points that end the game")


class ToyTurns(Game):
    name = "toy-turns"
    title = "Toy Turns"
    min_seats = 1
    max_seats = 4
    Options = TurnsOptions
    actions: ClassVar[ActionShapes] = {
        "add": ActionShape(required={"amount": int}),
        "roll": ActionShape(),
    }

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        state: State = {"rng": new_rng_state(seed), "turn": 0, "scores": [0] * seats}
        state["secret"] = [Rng(state["rng"]).below(1000) for _ in range(seats)]
        return state

    def active_seats(self, state: State) -> list[int]:
        return [] if self.result(state) else [state["turn"]]

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        for amount in (1, 2, 3):
            yield {"type": "add", "amount": amount}
        yield {"type": "roll"}

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        if action["type"] == "add":
            amount = action["amount"]
            require(amount in (1, 2, 3), "bad-amount", "You may add 1, 2 or 3 points.")
            state["scores"][seat] += amount
            event: Event = {"type": "added", "seat": seat, "amount": amount}
        else:
            state["secret"][seat] = Rng(state["rng"]).below(1000)
            state["scores"][seat] += 1
            event = {"type": "rolled", "seat": seat}
        state["turn"] = (seat + 1) % len(state["scores"])
        return [event]

    def view(self, state: State, seat: int | None) -> View:
        over = self.result(state) is not None
        return {
            **self.frame(
                state,
                seat,
                phase="over" if over else "play",
                prompt="" if over or seat != state["turn"] else "Add 1, 2 or 3 points, or roll.",
                scores=list(state["scores"]),
            ),
            "turn": state["turn"],
            "my_secret": None if seat is None else state["secret"][seat],
        }

    def result(self, state: State) -> Result | None:
        target = self.options.target  # type: ignore[attr-defined]
        if max(state["scores"]) < target:
            return None
        return Result.from_keys(state["scores"], [(s,) for s in state["scores"]], {})


class RaceOptions(GameOptions):
    numbers: int = Field(6, ge=1, le=50, description="how many numbers to claim")


class ToyRace(Game):
    name = "toy-race"
    title = "Toy Race"
    min_seats = 1
    max_seats = 4
    Options = RaceOptions
    simultaneous = True
    actions: ClassVar[ActionShapes] = {"claim": ActionShape(required={"number": int})}

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        count = self.options.numbers  # type: ignore[attr-defined]
        return {"owner": [None] * count, "scores": [0] * seats}

    def active_seats(self, state: State) -> list[int]:
        return [] if self.result(state) else list(range(len(state["scores"])))

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        for number, owner in enumerate(state["owner"]):
            if owner is None:
                yield {"type": "claim", "number": number}

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        number = action["number"]
        require(
            0 <= number < len(state["owner"]),
            "no-such-number",
            "Claim one of the numbers on the table.",
        )
        require(
            state["owner"][number] is None,
            "already-claimed",
            f"Number {number} was already claimed.",
        )
        state["owner"][number] = seat
        state["scores"][seat] += 1
        return [{"type": "claimed", "seat": seat, "number": number}]

    def view(self, state: State, seat: int | None) -> View:
        over = self.result(state) is not None
        return {
            **self.frame(
                state,
                seat,
                phase="over" if over else "race",
                prompt="" if over or seat is None else "Claim a number nobody holds yet.",
                scores=list(state["scores"]),
            ),
            "owner": list(state["owner"]),
        }

    def result(self, state: State) -> Result | None:
        if None in state["owner"]:
            return None
        return Result.from_keys(state["scores"], [(s,) for s in state["scores"]], {})


class PlainText(TextUI):
    def render(self, view: View, seat: int | None) -> str:
        return str(view)

    def parse(self, text: str, view: View, seat: int) -> Action:
        raise NotImplementedError

    def help(self) -> str:
        return ""


TURNS = GameEntry(game=ToyTurns, text=PlainText, summary="a toy turn-based race (tests only)")
RACE = GameEntry(game=ToyRace, text=PlainText, summary="a toy simultaneous race (tests only)")
MODULES = {"toy-turns": "tests.toygames_turns", "toy-race": "tests.toygames_race"}
