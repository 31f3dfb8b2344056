"""Sword Crafters: slice the grid, select groupings, craft swords, score length, quality, magic.

The Game class binds the table's options (:mod:`.options`) and dispatches to the modules by
concern: set-up (:mod:`.setup`), who acts and what they may do (:mod:`.moves`), carrying
actions out (:mod:`.play`), what a seat sees (:mod:`.view`), the action and observation
codecs (:mod:`.codec`) and what a seat cannot know (:mod:`.hidden`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, cast

import numpy as np

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.game import Game, Result
from crafthall.engine.shapes import ActionShapes
from crafthall.games.swordcrafters import codec, hidden, moves
from crafthall.games.swordcrafters.options import SwordCraftersOptions
from crafthall.games.swordcrafters.play import apply_action
from crafthall.games.swordcrafters.scoring import ScoreTable, score_table
from crafthall.games.swordcrafters.setup import new_state
from crafthall.games.swordcrafters.state import SwordCraftersState
from crafthall.games.swordcrafters.strategy import projected_margin
from crafthall.games.swordcrafters.view import prompt, table_view


class SwordCrafters(Game):
    name: ClassVar[str] = "swordcrafters"
    title: ClassVar[str] = "Sword Crafters"
    version: ClassVar[str] = "2"
    earlier_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        # Version 1 let a slice cut the first-player tile out alone and gave a sword with none
        # of a magic card's gems a place for it (docs/rules/swordcrafters.md, Interpretations).
        "1": {"first_tile_alone": True, "zero_magic_place": True},
    }
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[SwordCraftersOptions]] = SwordCraftersOptions
    options: SwordCraftersOptions
    """The table's options, typed: the slicing and scoring readings they choose."""
    secret_stores: ClassVar[tuple[str, ...]] = ("pile",)
    actions: ClassVar[ActionShapes] = moves.ACTIONS

    # --- the rules -------------------------------------------------------------------------
    # The engine hands every method a plain ``dict[str, Any]``; each reads it as the typed
    # SwordCraftersState it is (a cast: free at run time, the same dict).

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        return cast(State, new_state(seats, seed, fixed))

    def active_seats(self, state: State) -> list[int]:
        return moves.active_seats(cast(SwordCraftersState, state))

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        return moves.legal_actions(cast(SwordCraftersState, state), seat, self.options)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        return apply_action(cast(SwordCraftersState, state), seat, action, self.options)

    def scores(self, state: State) -> list[int]:
        return self.score_table_of(state)["total"]

    def score_table_of(self, state: State) -> ScoreTable:
        """The score table of ``state`` under this table's scoring reading."""
        table = cast(SwordCraftersState, state)
        return score_table(
            table["swords"], table["magic"], zero_place=self.options.zero_magic_place
        )

    def scores_of(self, state: State) -> list[int]:
        # The spectator's scores without building a view (searches ask once a position).
        return self.scores(state)

    def view(self, state: State, seat: int | None) -> View:
        return self.views(state, [seat])[seat]

    def views(self, state: State, seats: Iterable[int | None]) -> dict[int | None, View]:
        # All but ``seat`` and ``prompt`` is the same for every viewer: worked out once.
        table = cast(SwordCraftersState, state)
        shared = table_view(table, self.options)
        active = self.active_seats(state)
        views: dict[int | None, View] = {}
        for seat in seats:
            views[seat] = {
                **self.frame(
                    state,
                    seat,
                    phase=table["phase"],
                    prompt=prompt(table, seat, active),
                    scores=shared["score_table"]["total"],
                )
            }
            views[seat].update(shared)
        return views

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        table = self.score_table_of(state)
        totals = table["total"]
        return Result.from_keys(totals, [[total] for total in totals], cast(dict[str, Any], table))

    def evaluate(self, state: State, seat: int) -> float:
        return projected_margin(
            cast(SwordCraftersState, state), seat, zero_place=self.options.zero_magic_place
        )

    # --- search hooks ----------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return hidden.determinize(state, rng)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        return moves.sample_action(cast(SwordCraftersState, state), seat, self.options, rng)

    def action_key(self, action: Action) -> Hashable:
        return codec.action_key(action)

    def action_space_size(self, seats: int) -> int:
        return codec.codec(seats).size

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        return codec.codec(state["seats"]).encode(action)

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        return codec.codec(state["seats"]).decode(index)

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return codec.observation_shape(seats)

    def encode_observation(self, view: View) -> np.ndarray:
        return codec.encode_view(view)
