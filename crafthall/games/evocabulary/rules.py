"""Evocabulary's rules: spells activate teams of familiars; publishing spells scores.

A turn is one of: ``start`` a spell, ``modify`` a spell, or discard letters one by one
(``discard``) and ``draw`` back to seven. Starting or modifying a spell opens an activation:
the team's leader and familiars each offer one optional action, taken one at a time (``use``)
in any order until the player says ``done`` or none is left.

This class only dispatches: set-up in :mod:`.setup`, actions in :mod:`.turns` and
:mod:`.activation`, legal actions and random draws in :mod:`.moves`, views in :mod:`.views`,
hidden cards in :mod:`.hidden`, and the numeric encodings in :mod:`.codec` and :mod:`.observe`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping
from functools import cached_property
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import Field

from crafthall.engine.data import Action, Event, State, View, to_json
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Result
from crafthall.engine.shapes import ActionShape, ActionShapes
from crafthall.games.evocabulary import hidden, moves, observe, turns, views
from crafthall.games.evocabulary.codec import ActionCodec
from crafthall.games.evocabulary.dictionary import spell_words
from crafthall.games.evocabulary.setup import new_state
from crafthall.games.wordgame import WordGame, WordGameOptions


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


SPELL = {"word": str, "cards": list[str]}
ACTIONS: ActionShapes = {
    "start": ActionShape(required=SPELL),
    "modify": ActionShape(required={"team": int, **SPELL}),
    "discard": ActionShape(required={"letter": str}),
    "draw": ActionShape(),
    "use": ActionShape(
        required={"card": str},
        optional={
            "copy": str,
            "letter": str,
            "team": int,
            "achievement": str,
            "multiply": int,
            "familiar": str,
            "side": str,
            "lock": str,
        },
    ),
    "done": ActionShape(),
}
"""Which choice fields a ``use`` needs depends on the card's action; :mod:`.activation`
checks that."""


class Evocabulary(WordGame):
    name = "evocabulary"
    title = "Evocabulary"
    min_seats = 2
    max_seats = 6
    Options = EvocabularyOptions
    actions: ClassVar[ActionShapes] = ACTIONS
    secret_stores = ("deck", "familiar_deck")
    version = "3"  # 2: the end asks who can still score; modify discards; pass with 7 letters;
    # 3: no second pass in a row while the end can be brought closer, no end by quiet rounds
    earlier_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        # version 2 let a player pass every turn and ended the game after two full rounds
        # without a burn or a publish (docs/rules/evocabulary.md, Interpretations: End)
        "2": {"second_pass": True, "stall_rounds": 2},
    }

    @property
    def table_options(self) -> EvocabularyOptions:
        options = self.options
        assert isinstance(options, EvocabularyOptions)
        return options

    @property
    def leaders_side(self) -> str:
        return self.table_options.leaders

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        spell_words(self.lexicon)  # the dictionary's tables, built once, before play
        self.lexicon.warm_syllables()  # and the syllable counts' (a spell's teams need them)
        options = self.table_options
        return new_state(
            seats, seed, options.leaders, fixed, options.second_pass, options.stall_rounds
        )

    def active_seats(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["turn"]]

    def result(self, state: State) -> Result | None:
        if state["phase"] != "over":
            return None
        players = state["players"]
        scores = [p["score"] for p in players]
        keys = [(p["score"], len(p["achievements"])) for p in players]
        details = {"achievements": [list(p["achievements"]) for p in players]}
        return Result.from_keys(scores, keys, details)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check_turn(state, seat)
        kind = action.get("type") if isinstance(action, dict) else None
        allowed = turns.PHASE_TYPES[state["phase"]]
        if kind not in allowed:
            kind = self.check_action(action)  # refuses what is no action of this game
            raise IllegalAction(
                "wrong-phase", f"'{kind}' is not possible now; you may: {', '.join(allowed)}."
            )
        if kind in ("start", "modify"):
            return turns.spell(state, seat, action, self.lexicon)
        if kind == "discard":
            return turns.discard(state, seat, action, self.lexicon)
        if kind == "draw":
            return turns.draw(state, seat, self.lexicon)
        if kind == "use":
            return turns.use(state, seat, action, self.lexicon)
        return turns.done(state, seat, self.lexicon)

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        return moves.legal_actions(state, seat, self.lexicon)

    def view(self, state: State, seat: int | None) -> View:
        return views.view(self, state, seat)

    # --- search hooks ------------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return hidden.determinize(state, seat, rng)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        return moves.sample_action(state, seat, self.lexicon, rng)

    def action_key(self, action: Action) -> Hashable:
        """Words and faces are read case-blind, so they are keyed in lower case."""
        key = dict(action)
        for name in ("word", "letter", "lock"):
            if isinstance(key.get(name), str):
                key[name] = key[name].strip().lower() if name == "word" else key[name].lower()
        if isinstance(key.get("cards"), list):
            key["cards"] = [c.lower() if isinstance(c, str) else c for c in key["cards"]]
        return to_json(key)

    @cached_property
    def codec(self) -> ActionCodec:
        return ActionCodec(self.lexicon)

    def action_space_size(self, seats: int) -> int:
        return self.codec.size

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        return self.codec.encode(state, seat, action)

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        return self.codec.decode(state, seat, index)

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return observe.observation_shape(seats)

    def encode_observation(self, view: View) -> np.ndarray:
        return observe.encode_observation(view)
