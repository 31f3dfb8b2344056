"""Wordsmith's rules: letter pieces, the simultaneous race for six words, and the variants.

The race is simultaneous: every seat that may act is active at once, and the engine applies
actions one at a time in arrival order. "The first valid claim of a word wins it" is then
sequential application: a later claim of the same word is refused (``word-already-claimed``).

Actions (see docs/rules/wordsmith.md): ``roll``, ``take`` (a piece after a wild or an empty
compartment, or for a Word by Word wild circle), ``claim`` (a word; every leftover piece is
discarded), ``pass`` (in the race: no more rolls or words until Done, after which the player
still claims the one more word; after Done: decline that word; in Word by Word: this word).

The class dispatches to one module per concern: :mod:`.setup` (a new game, each challenge's
start, the dice, the fixed layout), :mod:`.moves` (who acts, legal and sampled actions),
:mod:`.play` (carrying actions out), :mod:`.sheet` (discard boxes and scoring), :mod:`.view`,
:mod:`.hidden` (determinize) and :mod:`.codec` (actions and views as numbers). The state
they share is the plain dict :mod:`.state` describes, read as such once in each method here.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping
from typing import Any, ClassVar, cast

import numpy as np

from crafthall.engine.data import Action, Event, State, View, clone
from crafthall.engine.errors import SetupError
from crafthall.engine.game import Result
from crafthall.engine.shapes import ActionShape, ActionShapes
from crafthall.games.wordgame import WordGame
from crafthall.games.wordsmith import codec, hidden, moves, play, setup, sheet
from crafthall.games.wordsmith import view as views
from crafthall.games.wordsmith.finder import index_for
from crafthall.games.wordsmith.options import WordsmithOptions
from crafthall.games.wordsmith.state import WordsmithState


class Wordsmith(WordGame):
    name = "wordsmith"
    title = "Wordsmith"
    version = "3"  # 2: the new-letter rule counts repeats, lost rolls, words of one letter;
    # 3: after Done a player who passed earlier still claims one more word
    earlier_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "2": {"last_word_after_pass": False},
    }
    min_seats = 1
    max_seats = 4
    Options = WordsmithOptions
    simultaneous = True
    options: WordsmithOptions
    actions: ClassVar[ActionShapes] = {
        "roll": ActionShape(),
        "take": ActionShape(required={"piece": str}),
        "claim": ActionShape(required={"word": str}, optional={"line": int}),
        "pass": ActionShape(),
    }

    symbols = True

    # --- set-up and turns ------------------------------------------------------------------

    def shortest_word(self) -> int:
        return self.options.min_length

    def check_seats(self, seats: int) -> None:
        super().check_seats(seats)
        if self.options.handicap and len(self.options.handicap) != seats:
            raise SetupError(
                f"The handicap option gives {len(self.options.handicap)} entries for {seats} "
                "seats; give one number (0 to 6) per seat, e.g. handicap=[0,3]."
            )

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        state = setup.new_state(self.options, self.lexicon, seats, seed, dict(fixed or {}))
        return cast(State, state)

    def active_seats(self, state: State) -> list[int]:
        return moves.active_seats(cast(WordsmithState, state))

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        return moves.legal_actions(self.options, self.lexicon, cast(WordsmithState, state), seat)

    # --- applying actions ------------------------------------------------------------------

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        table = cast(WordsmithState, state)
        if not moves.is_active(table, seat):  # a quick test on every move (playouts too)
            self.check_turn(state, seat)  # the engine's refusal, naming who is to play
        kind = action["type"]
        if kind == "roll":
            events = play.roll(table, seat)
        elif kind == "take":
            events = play.take(table, seat, action["piece"])
        elif kind == "claim":
            events = play.claim(self.options, self.lexicon, table, seat, action)
        else:
            events = play.pass_(table, seat)
        events.extend(play.advance(self.options, self.lexicon, table))
        return events

    # --- views, scores and results ---------------------------------------------------------

    def view(self, state: State, seat: int | None) -> View:
        table = cast(WordsmithState, state)
        frame = self.frame(
            state,
            seat,
            phase=table["phase"],
            prompt=views.prompt(table, seat),
            scores=views.seen_scores(self.options, table, seat),
        )
        return {**frame, **views.table_view(self.options, table, seat)}

    def scores_of(self, state: State) -> list[int]:
        return views.seen_scores(self.options, cast(WordsmithState, state), None)

    def result(self, state: State) -> Result | None:
        table = cast(WordsmithState, state)
        if table["phase"] != "over":
            return None
        totals = table["totals"]
        return Result.from_keys(
            totals,
            [[total] for total in totals],
            {"challenges": [entry["scores"] for entry in table["history"]]},
        )

    def evaluate(self, state: State, seat: int) -> float:
        return float(sheet.running_score(cast(WordsmithState, state), seat))

    # --- search hooks ----------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        copy = clone(state)
        hidden.determinize(self.options, self.lexicon, cast(WordsmithState, copy), seat, rng)
        return copy

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        table = cast(WordsmithState, state)
        return moves.sample_action(self.options, self.lexicon, table, seat, rng)

    def action_key(self, action: Action) -> Hashable:
        return codec.action_key(action, self.options.advanced)

    def action_space_size(self, seats: int) -> int:
        return codec.action_space_size(index_for(self.lexicon), self.options.advanced)

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        return codec.encode_action(index_for(self.lexicon), self.options.advanced, action)

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        return codec.decode_action(index_for(self.lexicon), self.options.advanced, index)

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return codec.observation_shape(seats)

    def encode_observation(self, view: View) -> np.ndarray:
        return codec.encode_observation(view)
