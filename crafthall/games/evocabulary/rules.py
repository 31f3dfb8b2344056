"""Evocabulary's rules: spells activate teams of familiars; publishing spells scores.

A turn is one of: ``start`` a spell, ``modify`` a spell, or discard letters one by one
(``discard``) and ``draw`` back to seven. Starting or modifying a spell opens an activation:
the team's leader and familiars each offer one optional action, taken one at a time (``use``)
in any order until the player says ``done`` or none is left.

This class only dispatches: options in :mod:`.options`, set-up in :mod:`.setup`, actions in
:mod:`.play` and :mod:`.activation`, action shapes, legal actions and random draws in
:mod:`.moves`, views in :mod:`.view`, hidden cards in :mod:`.hidden`, and the numeric encodings
in :mod:`.codec`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping
from functools import cached_property
from typing import Any, ClassVar, cast

import numpy as np

from crafthall.engine.data import Action, Event, State, View, to_json
from crafthall.engine.game import Result
from crafthall.engine.shapes import ActionShapes
from crafthall.games.evocabulary import hidden, moves, play
from crafthall.games.evocabulary.codec import ActionCodec, encode_observation, observation_shape
from crafthall.games.evocabulary.dictionary import spell_words
from crafthall.games.evocabulary.options import EvocabularyOptions
from crafthall.games.evocabulary.setup import new_state
from crafthall.games.evocabulary.state import EvocabularyState
from crafthall.games.evocabulary.view import seat_view
from crafthall.games.wordgame import WordGame


class Evocabulary(WordGame):
    name = "evocabulary"
    title = "Evocabulary"
    min_seats = 2
    max_seats = 6
    Options = EvocabularyOptions
    options: EvocabularyOptions
    actions: ClassVar[ActionShapes] = moves.ACTIONS
    secret_stores = ("deck", "familiar_deck")
    version = "3"  # 2: the end asks who can still score; modify discards; pass with 7 letters;
    # 3: no second pass in a row while the end can be brought closer, no end by quiet rounds
    earlier_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        # version 2 let a player pass every turn and ended the game after two full rounds
        # without a burn or a publish (docs/rules/evocabulary.md, Interpretations: End)
        "2": {"second_pass": True, "stall_rounds": 2},
    }

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        spell_words(self.lexicon)  # the dictionary's tables, built once, before play
        self.lexicon.warm_syllables()  # and the syllable counts' (a spell's teams need them)
        return cast(State, new_state(seats, seed, self.options, fixed))

    def active_seats(self, state: State) -> list[int]:
        table = cast(EvocabularyState, state)
        return [] if table["phase"] == "over" else [table["turn"]]

    def result(self, state: State) -> Result | None:
        table = cast(EvocabularyState, state)
        if table["phase"] != "over":
            return None
        players = table["players"]
        scores = [p["score"] for p in players]
        keys = [(p["score"], len(p["achievements"])) for p in players]
        details = {"achievements": [list(p["achievements"]) for p in players]}
        return Result.from_keys(scores, keys, details)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check_turn(state, seat)
        table = cast(EvocabularyState, state)
        return play.apply(table, seat, action, self.lexicon, self.check_action)

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        return moves.legal_actions(cast(EvocabularyState, state), seat, self.lexicon)

    def view(self, state: State, seat: int | None) -> View:
        return seat_view(self, cast(EvocabularyState, state), seat)

    # --- search hooks ------------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return cast(State, hidden.determinize(cast(EvocabularyState, state), seat, rng))

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        return moves.sample_action(cast(EvocabularyState, state), seat, self.lexicon, rng)

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
        return self.codec.encode(cast(EvocabularyState, state), seat, action)

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        return self.codec.decode(cast(EvocabularyState, state), seat, index)

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return observation_shape(seats)

    def encode_observation(self, view: View) -> np.ndarray:
        return encode_observation(view)
