"""Wordcraft's rules: craft words from a grid of letter cards, one cube per letter used.

The state counts everything per *side*: a player, or a team in the teams variant (a team shares
one cube supply and one score, and any of its seats may play the team's word). Seats map to
sides through ``state["side_of"]``. See docs/rules/wordcraft.md for the rules as implemented.

The class dispatches to the game's modules: ``setup`` (set-up and fixed layouts), ``moves``
(listing and drawing moves), ``play`` (carrying a move out), ``vote`` (the table's vote on a
word, which another player may call out of turn), ``view``, ``hidden`` (what search may deal
afresh) and ``codec`` (numbers for learning libraries); ``words`` holds the dictionary worked
out once for fast grid queries.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, cast

import numpy as np

from crafthall.engine.data import Action, Event, State, View
from crafthall.engine.errors import IllegalAction
from crafthall.engine.game import Game, Result
from crafthall.games.wordcraft import codec, hidden, scoring, vote
from crafthall.games.wordcraft.moves import ACTIONS, Candidate, Moves, action_key
from crafthall.games.wordcraft.options import WordcraftOptions
from crafthall.games.wordcraft.play import family_clash, family_rule, game_result, take_turn
from crafthall.games.wordcraft.setup import check_team_seats, new_state
from crafthall.games.wordcraft.state import WordcraftState
from crafthall.games.wordcraft.view import build_view, build_views
from crafthall.games.wordcraft.words import DictionaryWords, dictionary_words
from crafthall.games.wordgame import WordGame


class Wordcraft(WordGame):
    name: ClassVar[str] = "wordcraft"
    title: ClassVar[str] = "Wordcraft"
    version: ClassVar[str] = "3"
    """2: the table's vote (the last word of a game is voted on before the game ends), and
    teams rank as teams. 3: a majority of all the players rejects a word, the word's player
    counted as keeping it; a turn has at most one word taken back, the next stands; a played
    word rules out the words that stem from it, not those it stems from."""
    earlier_versions: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        # Version 2 counted the majority among the other players, took back any number of words
        # a turn, and ruled out every word of a played word's family, either way
        # (docs/rules/wordcraft.md, Interpretations).
        "2": {"vote_majority": "others", "take_backs": 100, "families": "related"},
    }
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    """Without teams; the teams variant seats everyone its ``teams`` option names (4 or more)."""
    Options = WordcraftOptions
    options: WordcraftOptions
    actions = ACTIONS
    secret_stores = ("planned",)
    """Grids laid by a fixed set-up for later rounds are face down until their round."""

    def __init__(self, options: Any = None, lexicon: Any = None) -> None:
        super().__init__(options, lexicon)
        self._moves: Moves | None = None
        self._codec: codec.ActionCodec | None = None

    @property
    def words(self) -> DictionaryWords:
        """The table's dictionary worked out for Wordcraft (once per dictionary)."""
        return self.moves.table

    @property
    def moves(self) -> Moves:
        if self._moves is None:
            self._moves = Moves(dictionary_words(self.lexicon), self.options.families == "related")
        return self._moves

    def refuses_after(self, word: str, earlier: Sequence[str]) -> str | None:
        related = self.options.families == "related"
        for before in earlier:
            if before == word:
                return f"{word.upper()} was played earlier: each word is played once."
            clash = family_clash(word, before, self.words, related)
            if clash is not None:
                return f"{clash}, played earlier: {family_rule(related)}."
        return None

    def check_seats(self, seats: int) -> None:
        teams = self.options.teams
        if teams is None:
            super().check_seats(seats)
        else:
            check_team_seats(teams, seats)

    def sides(self, seats: int) -> int:
        """Players, or teams in the teams variant."""
        return len(self.options.teams) if self.options.teams is not None else seats

    # --- the rules --------------------------------------------------------------------------

    def setup(self, seats: int, seed: int, fixed: dict[str, Any] | None = None) -> State:
        self.check_seats(seats)
        state = new_state(self.options, seats, seed, fixed)
        self.moves  # noqa: B018 - load and work out the dictionary now, not mid-game
        return cast(State, state)

    def active_seats(self, state: State) -> list[int]:
        table = cast(WordcraftState, state)
        if table["vote"] is not None:
            return vote.voters(table)
        if table["final"] is not None:
            return []
        turn = table["turn"]
        return [seat for seat, side in enumerate(table["side_of"]) if side == turn]

    def check_turn(
        self, state: State, seat: int, names: Sequence[str] | None = None, action: Any = None
    ) -> None:
        """The engine's check, the one turn check, but for a call of a vote on the last word,
        which a player of another side may make until the next move."""
        calls = isinstance(action, dict) and action.get("type") == "dispute"
        if not (calls and vote.may_call(cast(WordcraftState, state))):
            super().check_turn(state, seat, names)

    def legal_actions(self, state: State, seat: int) -> Iterator[Action]:
        """Every word x spelling x affordable set of fulfilled achievements, then ``pass``
        (see :meth:`Moves.legal`: the listed lists are shared, read-only); in a vote, the vote
        to keep the word. Calling a vote and voting to reject are a person's judgement of a
        word the dictionary accepted, not moves: they are never listed, so no bot or search
        makes them (bots vote with the dictionary)."""
        if seat not in self.active_seats(state):
            return iter(())
        table = cast(WordcraftState, state)
        if table["vote"] is not None:
            return iter([dict(vote.KEEP)])
        return self.moves.legal(table, table["side_of"][seat])

    def playable(self, state: State) -> list[Candidate]:
        """Every way to lay every word still allowed on this grid (cubes not checked)."""
        return self.moves.playable(cast(WordcraftState, state))

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        kind = action.get("type")
        if kind not in ACTIONS:  # only without the engine's shape check, which refuses it first
            raise IllegalAction(
                "bad-action", f"'{kind}' is not an action here: a word, a pass, or a vote."
            )
        table = cast(WordcraftState, state)
        if kind == "dispute":
            events = vote.call(table, seat, self.options.vote, self.options.vote_majority)
        else:
            self.check_turn(state, seat, action=action)  # only a call may come out of turn
            if table["vote"] is not None or kind == "vote":
                events = vote.cast(table, seat, action)
            else:
                options = self.options
                return take_turn(
                    table,
                    seat,
                    action,
                    self.words,
                    options.dictionary,
                    options.vote_majority if options.vote else None,
                    options.families == "related",
                    options.take_backs,
                )
        table["last_events"] = events
        return events

    def view(self, state: State, seat: int | None) -> View:
        return build_view(self, cast(WordcraftState, state), seat)

    def views(self, state: State, seats: Iterable[int | None]) -> dict[int | None, View]:
        return build_views(self, cast(WordcraftState, state), seats)

    def result(self, state: State) -> Result | None:
        return game_result(cast(WordcraftState, state), self.options.teams)

    # --- reading the state ------------------------------------------------------------------

    def banked(self, state: State) -> list[int]:
        return scoring.banked(cast(WordcraftState, state))

    def projected(self, state: State) -> list[int]:
        return scoring.projected(cast(WordcraftState, state))

    def scores_of(self, state: State) -> list[int]:
        table = cast(WordcraftState, state)
        banked = scoring.banked(table)
        return [banked[side] for side in table["side_of"]]

    def evaluate(self, state: State, seat: int) -> float:
        """The seat's side's projected EP minus the best other side's (greedy bots maximise it)."""
        table = cast(WordcraftState, state)
        return scoring.margin(table, table["side_of"][seat])

    def turn_seconds(self, state: State) -> float | None:
        return self.options.turn_seconds

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """A pass, or in a vote the vote to keep the word (the dictionary accepted it)."""
        if cast(WordcraftState, state)["vote"] is not None:
            return dict(vote.KEEP)
        return {"type": "pass", "timed_out": True}

    # --- search hooks -----------------------------------------------------------------------

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Only the letter decks are hidden: see :func:`.hidden.determinize`."""
        return hidden.determinize(state, rng)

    def sample_action(self, state: State, seat: int, rng: random.Random) -> Action:
        """A word the side can pay for, uniformly (passing counts as one more word), then a
        spelling and a set of achievement cubes, without listing them all."""
        Game.check_turn(self, state, seat)
        table = cast(WordcraftState, state)
        if table["vote"] is not None:
            return dict(vote.KEEP)
        return self.moves.sample(table, table["side_of"][seat], rng)

    def action_key(self, action: Action) -> Hashable:
        """See :func:`.moves.action_key`: spelling, case and claim order make no new move."""
        return action_key(action)

    @property
    def codec(self) -> codec.ActionCodec:
        if self._codec is None:
            self._codec = codec.ActionCodec(self.words)
        return self._codec

    def action_space_size(self, seats: int) -> int:
        return self.codec.size

    def encode_action(self, state: State, seat: int, action: Action) -> int:
        return self.codec.encode(cast(WordcraftState, state), action)

    def decode_action(self, state: State, seat: int, index: int) -> Action:
        return self.codec.decode(cast(WordcraftState, state), index)

    def observation_shape(self, seats: int) -> tuple[int, ...]:
        return codec.observation_shape(self.sides(seats))

    def encode_observation(self, view: View) -> np.ndarray:
        return codec.encode_observation(view)
