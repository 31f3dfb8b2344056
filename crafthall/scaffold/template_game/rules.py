"""Template Game's rules: the Game class binds the table's options (:mod:`.options`) and hands
each question to the module of its concern: set-up (:mod:`.setup`), what may be played
(:mod:`.moves`), carrying it out (:mod:`.play`), what a seat sees (:mod:`.view`) and the
numbers for learning code (:mod:`.codec`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar, cast

import numpy as np

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.game import Game, Result
from crafthall.engine.shapes import ActionShapes

from . import codec, moves
from .options import TemplateGameOptions
from .play import apply_action
from .setup import deal
from .state import TemplateGameState
from .view import prompt, table_view


def typed(state: State) -> TemplateGameState:
    """The engine hands states as plain dicts; this game reads them through its TypedDict."""
    return cast(TemplateGameState, state)


class TemplateGame(Game):
    name: ClassVar[str] = "template-game"
    title: ClassVar[str] = "Template Game"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[TemplateGameOptions]] = TemplateGameOptions
    options: TemplateGameOptions
    actions: ClassVar[ActionShapes] = moves.ACTIONS

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        return cast(State, deal(self.options, seats, seed, fixed or {}))

    def active_seats(self, state: State) -> list[int]:
        game = typed(state)
        return [] if game["winner"] is not None else [game["to_play"]]

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        return moves.legal(typed(state), seat)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        return apply_action(typed(state), seat, action)

    def view(self, state: State, seat: int | None) -> View:
        game = typed(state)
        scores = [int(seat == game["winner"]) for seat in range(game["seats"])]
        frame = self.frame(
            state, seat, phase=self._phase(game), prompt=prompt(game, seat), scores=scores
        )
        return {**frame, **table_view(game)}

    def result(self, state: State) -> Result | None:
        game = typed(state)
        if game["winner"] is None:
            return None
        scores = [int(seat == game["winner"]) for seat in range(game["seats"])]
        return Result.from_keys(scores, [[score] for score in scores], {"total": game["total"]})

    @staticmethod
    def _phase(game: TemplateGameState) -> str:
        return "over" if game["winner"] is not None else "counting"

    # --- the codec (optional: the research adapters and learning code need it) ------------

    def action_space_size(self, seats: int) -> int:
        return codec.action_space_size(self.options.largest_step)

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        return codec.encode_action(action)

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        return codec.decode_action(index)

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return codec.OBSERVATION_SHAPE

    def encode_observation(self, view: View) -> np.ndarray:
        return codec.encode_view(view)
