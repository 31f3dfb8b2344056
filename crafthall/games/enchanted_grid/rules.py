"""Enchanted Grid's rules (docs/rules/enchanted-grid.md): the game's interface, dispatching to
set-up (:mod:`.setup`), move listing and sampling (:mod:`.moves`), carrying out moves
(:mod:`.play`), views (:mod:`.view`), determinization (:mod:`.hidden`) and the codec of actions
and views (:mod:`.codec`). The state's keys are described in :mod:`.state`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator
from functools import cached_property
from typing import Any, ClassVar, Literal, cast

import numpy as np

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Result
from crafthall.engine.shapes import ActionShape, ActionShapes, Cell, check_action
from crafthall.games.enchanted_grid import codec, hidden, moves, play
from crafthall.games.enchanted_grid import view as views
from crafthall.games.enchanted_grid.options import EnchantedGridOptions
from crafthall.games.enchanted_grid.setup import new_state
from crafthall.games.enchanted_grid.state import EnchantedGridState, EnchantedGridView
from crafthall.games.enchanted_grid.words import WordReader, pending_cards
from crafthall.games.wordgame import WordGame

PLAY_ACTIONS = ("place", "overwrite", "insert")
SCRAMBLE_ACTIONS = ("claim", "pass")
ACTIONS: ActionShapes = {
    "place": ActionShape(
        required={"card": int, "at": Cell}, optional={"face_down": bool, "swap": Cell}
    ),
    "overwrite": ActionShape(required={"card": int, "at": Cell}),
    "insert": ActionShape(
        required={"card": int, "at": Cell, "push": Literal["left", "right", "up", "down"]}
    ),
    "claim": ActionShape(required={"at": Cell, "direction": Literal["across", "down"]}),
    "pass": ActionShape(),
}
EITHER_ACTIONS: ActionShapes = {
    **ACTIONS,
    # A table whose columns read either way may claim a word read bottom to top.
    "claim": ActionShape(required={"at": Cell, "direction": Literal["across", "down", "up"]}),
}


class EnchantedGrid(WordGame):
    name: ClassVar[str] = "enchanted-grid"
    title: ClassVar[str] = "Enchanted Grid"
    # 2: a red card may cover a red Enchanter, an overwrite that changes no letter takes no
    # word, and the common dictionary is the default.
    version: ClassVar[str] = "2"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    Options: ClassVar[type[EnchantedGridOptions]] = EnchantedGridOptions
    options: EnchantedGridOptions
    actions: ClassVar[ActionShapes] = ACTIONS
    # Drawing shows a card of the deck; a round's end or a claim in the scramble may turn
    # face-down cards up (counted in "revealed") even when the deck is empty.
    secret_stores: ClassVar[tuple[str, ...]] = ("deck", "round", "revealed")

    def shortest_word(self) -> int:
        return self.options.min_word

    def check_action(self, action: Any) -> str:
        shapes = EITHER_ACTIONS if self.options.reading == "either" else ACTIONS
        return check_action(shapes, action)

    @cached_property
    def reader(self) -> WordReader:
        """Reads the grid's words with this table's dictionary, shortest word and reading."""
        return WordReader(self.lexicon, self.options.min_word, self.options.reading)

    # --- set-up and turns ------------------------------------------------------------------
    # The engine hands every method the state as a ``dict[str, Any]``: each reads it as the
    # EnchantedGridState it is, once (a cast: free at run time, the same dict).

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        state = new_state(seats, seed, self.options.hand_size, fixed)
        if not any(state["hands"]):
            play.start_scramble(state, [], self.reader)
        else:
            state["turn"] = play.next_with_cards(state, state["first"], include=True)
        return cast(State, state)

    def active_seats(self, state: State) -> list[int]:
        table = cast(EnchantedGridState, state)
        return [] if table["phase"] == "over" else [table["turn"]]

    # --- moves -----------------------------------------------------------------------------

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        # Handed on as it is: a generator around it would cost each action another step.
        if seat not in self.active_seats(state):
            return iter(())
        return moves.legal_actions(cast(EnchantedGridState, state), seat, self.reader)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        if seat not in self.active_seats(state):
            raise IllegalAction("no-legal-action", f"Seat {seat + 1} has no legal action now.")
        return moves.sample_action(cast(EnchantedGridState, state), seat, rng, self.reader)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check_turn(state, seat)
        table = cast(EnchantedGridState, state)
        kind = action["type"]
        if table["phase"] == "scramble":
            if kind not in SCRAMBLE_ACTIONS:
                raise IllegalAction(
                    "scramble-time",
                    "The cards are all played: in the final scramble you may only claim a word "
                    "on the grid or pass.",
                )
            return play.scramble(table, seat, action, self.reader)
        if kind not in PLAY_ACTIONS:
            raise IllegalAction(
                "not-scramble-yet",
                "Claiming and passing come in the final scramble; now play a card from your hand.",
            )
        events = play.play_card(table, seat, action, self.reader)
        play.after_card(table, seat, events, self.reader, self.options.round_cards)
        return events

    # --- views and results -----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        return self.views(state, [seat])[seat]

    def views(self, state: State, seats: Iterable[int | None]) -> dict[int | None, View]:
        # All but the hand, the seat's own face-down letters, ``seat`` and ``prompt`` is the
        # same for every viewer: worked out once.
        game_state = cast(EnchantedGridState, state)
        table = views.table_view(game_state, self.reader, self.options.round_cards)
        scores = [len(w) for w in game_state["won"]]
        shown: dict[int | None, View] = {}
        for seat in seats:
            view: View = {
                **self.frame(
                    state,
                    seat,
                    phase=game_state["phase"],
                    prompt=views.prompt_for(game_state, seat),
                    scores=scores,
                )
            }
            view.update(table)
            view.update(views.seat_keys(table, game_state, seat))
            shown[seat] = view
        return shown

    def result(self, state: State) -> Result | None:
        table = cast(EnchantedGridState, state)
        if table["phase"] != "over":
            return None
        scores = [len(w) for w in table["won"]]
        left = sum(len(s) for s in table["grid"].values())
        return Result.from_keys(scores, [[s] for s in scores], {"cards_left_on_grid": left})

    def evaluate(self, state: State, seat: int) -> float:
        """Cards won plus cards this seat's standing claims would win, against the best rival."""
        table = cast(EnchantedGridState, state)
        pending = pending_cards(table["claims"], table["seats"])
        totals = [len(w) + p for w, p in zip(table["won"], pending, strict=True)]
        rivals = [t for s, t in enumerate(totals) if s != seat]
        return float(totals[seat] - max(rivals))

    # --- search hooks ----------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return hidden.determinize(state, seat, rng)

    def action_key(self, action: Action) -> Hashable:
        """The action's fields in order, cells as tuples (the search asks for keys about a
        hundred thousand times a second, so not as JSON text); ``"face_down": false`` is a
        plain placement: the key leaves it out."""
        return tuple(
            sorted(
                (name, tuple(value) if isinstance(value, list) else value)
                for name, value in action.items()
                if not (name == "face_down" and value is False)
            )
        )

    def action_space_size(self, seats: int) -> int:
        return codec.SIZE

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        return codec.encode(cast(EnchantedGridState, state), seat, action)

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        table = cast(EnchantedGridState, state)
        action = codec.decode(table, seat, index)
        if action["type"] == "claim" and action["direction"] == "down":
            # One number per cell for a column's word, read down or (columns read either
            # way) up: the word standing there says which.
            at = (action["at"][0], action["at"][1])
            word = self.reader.word_at(table["tops"], at, "down")
            if word is not None and word.direction == "up" and word.cells[0] == at:
                action["direction"] = "up"
        return action

    def legal_action_mask(self, state: State, seat: int) -> np.ndarray:
        mask = np.zeros(codec.SIZE, dtype=bool)
        table = cast(EnchantedGridState, state)
        cells = codec.CellIndex(table)
        for action in self.legal_actions(state, seat):
            mask[codec.encode(table, seat, action, cells)] = True
        return mask

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return codec.observation_shape(seats)

    def encode_observation(self, view: View) -> np.ndarray:
        return codec.encode_observation(cast(EnchantedGridView, view), len(view["scores"]))
