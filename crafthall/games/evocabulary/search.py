"""What the search levels need to know about Evocabulary: which moves to weigh, a cheap rollout
move, and a leaf value.

Moves: a hand with wilds spells hundreds of words, most of them poor. At the root the search
weighs the spells the greedy bot ranks best (:func:`~crafthall.games.evocabulary.bots.spell_value`:
points where the team publishes, the team's actions where it does not), a draw and the
discards the greedy bot would make first; in an activation, the uses it values, best first,
and ``done`` (a draw or a wild, when there is one, is taken first without a search). The
ranking reads only the seat's view, so it is the same whatever the hidden cards are. Below the
root the tree does not branch: each node holds the move a rollout would make.

Rollouts play on the way the greedy bot would, cheaply: the best of a few spells drawn at
random (listing every spell costs more than a whole rollout), and in an activation the use the
greedy bot values most.

Leaves project each seat's final score: points banked, plus what its position is still worth
(:func:`projected_gain`): each familiar's action times how often its team activates in the turns
left, spells waiting to be published, letters and wilds in hand. The rates come from the greedy
bot's games; the values of the actions are set by hand (a least-squares fit of final scores on
these features in greedy games found little beyond the turns left: both players build alike)
and checked in tournaments against the greedy bot, where halving the familiars' values
narrowed strong's winning margin by half.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import cast

from crafthall.bots.ismcts import SearchPolicy, margin_utility
from crafthall.bots.levels import Level
from crafthall.engine.data import Action, State, View
from crafthall.engine.game import Game
from crafthall.games.evocabulary import tableau
from crafthall.games.evocabulary.bots import (
    discard_order,
    refill,
    spell_value,
    turn_filler,
    use_value,
)
from crafthall.games.evocabulary.components import TEAMS, WILD, team_for_length
from crafthall.games.evocabulary.state import EvocabularyState
from crafthall.games.wordgame import WordGame

KINDS = ("draw", "wild", "burn", "publish", "hire", "teamwork", "pickup")
"""Familiar actions that act each time their team activates."""
TEAM_SHARE = {3: 0.15, 4: 0.12, 5: 0.1, 6: 0.2}
"""How often each team activates, per turn of its player. In greedy games a player lays about
0.6 spells a turn, half of them at the 6+ team and a third at the 3 team; a team with familiars
draws more spells, so the shares here lean towards even."""
LETTERS_PER_TURN = 2.25
"""Letters leaving the deck per turn of any player (measured in greedy games)."""
GAIN_WEIGHTS: dict[str, float] = {
    "turns": 1.0,
    **{kind: w for kind, w in zip(KINDS, (1.2, 1.5, 1.5, 3.0, 1.5, 1.5, 0.3), strict=True)},
    "lock": 0.5,
    "spells": 0.5,
    "hand_points": 0.3,
    "hand_cards": 0.3,
    "wilds": 1.5,
}
"""Points each feature of :func:`features` adds to a seat's final score."""
SPELLS_KEPT = 10
"""Spells the search weighs at a turn (the best by the greedy bot's ranking)."""
DISCARDS_KEPT = 2
USES_KEPT = 6
"""Uses the search weighs in an activation, besides ``done``."""
SPELLS_DRAWN = 6
"""Random draws a rollout move looks through for a spell."""


def turns_left(state: EvocabularyState) -> float:
    """About how many more turns each player takes (the game ends soon after the deck does)."""
    seats = len(state["players"])
    return len(state["deck"]) / (LETTERS_PER_TURN * seats) + 1.0


def features(state: EvocabularyState, seat: int) -> dict[str, float]:
    """What ``seat``'s position is still worth, feature by feature (see ``GAIN_WEIGHTS``)."""
    player = state["players"][seat]
    left = turns_left(state)
    found = dict.fromkeys(GAIN_WEIGHTS, 0.0)
    found["turns"] = left
    for number in TEAMS:
        data = tableau.team(state, seat, number)
        for familiar in data["familiars"]:
            kind = tableau.familiar_action(familiar)
            if kind == "lock":
                found["lock"] += 1.0
            else:
                found[kind] += TEAM_SHARE[number] * left
        if data["spell"] is not None:
            locked = tableau.locked_cards(data)
            found["spells"] += sum(
                tableau.card_points(c) for c in data["spell"]["cards"] if c not in locked
            )
    for card in player["hand"]:
        if tableau.face(card) == WILD:
            found["wilds"] += 1.0
        else:
            found["hand_points"] += tableau.card_points(card)
            found["hand_cards"] += 1.0
    return found


def projected_gain(state: EvocabularyState, seat: int) -> float:
    """Points ``seat`` may still expect to add to its score (by ``GAIN_WEIGHTS``)."""
    return sum(GAIN_WEIGHTS[name] * value for name, value in features(state, seat).items())


def _spell_value(game: WordGame, view: View, seat: int, move: Action) -> float:
    number = team_for_length(len(move["word"]))
    modify = move["type"] == "modify"
    return spell_value(game, view, seat, number, move["word"], move["cards"], modify)


def _kind(view: View, use: Action) -> str:
    """The action a ``use`` takes (a teamwork's: the one it copies)."""
    if "copy" in use:
        return str(use["copy"])
    return next(str(u["action"]) for u in view["pending"]["unused"] if u["card"] == use["card"])


class EvocabularyPolicy(SearchPolicy):
    margin_scale = 15.0
    """About one good publish: a clear but not decisive lead (games end near 120 to 150)."""
    rollout_moves = 6

    def prune(self, game: Game, state: State, seat: int, moves: list[Action]) -> list[Action]:
        assert isinstance(game, WordGame)
        return self._ranked(game, game.view(state, seat), seat, moves)

    def _ranked(self, game: WordGame, view: View, seat: int, moves: list[Action]) -> list[Action]:
        """The moves worth weighing, best first by the greedy bot's values."""
        if view["phase"] == "activation":
            valued = [(use_value(view, seat, m), m) for m in moves if m["type"] == "use"]
            valued.sort(key=lambda pair: pair[0], reverse=True)
            done = [m for m in moves if m["type"] == "done"]
            worth = [m for value, m in valued[:USES_KEPT] if value > 0]
            if worth and _kind(view, worth[0]) in ("draw", "wild"):
                # a letter drawn first only widens the choices after it: nothing to weigh
                return worth[:1]
            # done first when no use is worth anything (the greedy bot's choice then)
            return worth + done if worth else done + [m for _, m in valued[:1]]
        spells: list[Action] = []
        others: list[Action] = []
        for move in moves:
            (spells if move["type"] in ("start", "modify") else others).append(move)
        spells.sort(key=lambda m: _spell_value(game, view, seat, m), reverse=True)
        worst = discard_order(view["hand"])[:DISCARDS_KEPT]
        kept = [m for m in others if m["type"] == "draw"]
        kept += [m for face in worst for m in others if m.get("letter") == face]
        return spells[:SPELLS_KEPT] + kept or moves

    def actions(self, game: Game, state: State, seat: int) -> list[Action]:
        """Below the root (the levels hand the search the root's moves), the one move a
        rollout would make, drawn by a generator seeded from the determinized state so that
        the search repeats for a seed: the tree branches at the root only. Listing every spell
        at every node costs more than the rest of the search, and branching on an activation's
        uses below the root spent most visits of a spell that publishes on trying not to
        publish it."""
        table = cast(EvocabularyState, state)
        rng = random.Random(table["rng"]["seed"] * 1_000_003 + table["turns"])
        return [self.rollout_action(game, state, seat, rng)]

    def rollout_action(self, game: Game, state: State, seat: int, rng: random.Random) -> Action:
        """The greedy bot's move, but choosing among a few spells drawn at random."""
        assert isinstance(game, WordGame)
        view = game.view(state, seat)
        if view["phase"] == "activation":
            return self._ranked(game, view, seat, list(game.legal_actions(state, seat)))[0]
        if view["phase"] == "turn":
            best, best_value = None, 0.0
            for _ in range(SPELLS_DRAWN):
                move = game.sample_action(state, seat, rng)
                if move["type"] in ("start", "modify"):
                    value = _spell_value(game, view, seat, move)
                    if value > best_value:
                        best, best_value = move, value
            if best is not None:
                return best
            return turn_filler(game, state, seat, view)
        return refill(view)

    def leaf_values(self, game: Game, state: State) -> list[float]:
        table = cast(EvocabularyState, state)
        totals = [p["score"] + projected_gain(table, s) for s, p in enumerate(table["players"])]
        return margin_utility(totals, self.margin_scale)

    def tune(self, level: Level) -> Level:
        # An iteration takes 1.5 to 2 ms of CPU on a busy core (a rollout move reads the
        # seat's view and draws a few spells); moves that need no search (one option, a draw
        # first) bring a level's average per move down to about 1 ms per iteration.
        budgets = {"strong": 150, "expert": 400}
        return replace(level, iterations=budgets.get(level.name, level.iterations))


POLICY = EvocabularyPolicy()
