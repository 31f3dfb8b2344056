"""What a seat sees of a Wordcraft table.

Everything in Wordcraft is public except the order of the letter decks (the next rounds' grids),
which no view shows; every seat and a spectator therefore see the same table, but for ``seat``,
``your_side`` and ``prompt``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crafthall.engine.data import State, View
from crafthall.games.wordcraft import scoring, vote
from crafthall.games.wordcraft.components import achievement, constants, letter

if TYPE_CHECKING:
    from crafthall.games.wordcraft.rules import Wordcraft


def build_view(game: Wordcraft, state: State, seat: int | None) -> View:
    sides = state["sides"]
    side_of = state["side_of"]
    banked = scoring.banked(state)
    projected = scoring.projected(state)
    letters_now = scoring.letter_points(state["cubes"], sides)
    on_cards = scoring.achievement_cubes(state["claims"], sides)
    ballot = state["vote"]
    over = state["final"] is not None and ballot is None
    members = [[s for s, side in enumerate(side_of) if side == team] for team in range(sides)]
    turn = None if over or state["final"] is not None else state["turn"]
    view = game.frame(
        state,
        seat,
        phase="over" if over else "vote" if ballot is not None else "play",
        prompt=_prompt(state, seat, turn),
        scores=[banked[side] for side in side_of],
    )
    view.update(
        your_side=None if seat is None else side_of[seat],
        teams=game.opts.teams is not None,
        round=state["round"],
        rounds=constants()["rounds"],
        turn=turn,
        first=state["first"],
        turn_seconds=game.opts.turn_seconds,
        dictionary=game.opts.dictionary,
        grid=[
            {
                "card": card,
                "label": letter(card).label,
                "colour": letter(card).colour,
                "points": letter(card).points,
                "cubes": list(counts),
                "scoring": scoring.card_points(card, counts),
            }
            for card, counts in state["cubes"].items()
        ],
        achievements=[
            {
                "id": card,
                "type": achievement(card).type,
                "difficulty": achievement(card).difficulty,
                "requirement": achievement(card).requirement,
                "points": achievement(card).points,
                "cubes": list(state["claims"][card]),
            }
            for card in state["achievements"]
        ],
        sides=[
            {
                "side": side,
                "seats": members[side],
                "supply": state["supply"][side],
                "letter_ep": [rounds[side] for rounds in state["letter_ep"]],
                "bonus_ep": state["bonus_ep"][side],
                "score": banked[side],
                "letters_now": letters_now[side],
                "achievement_cubes": on_cards[side],
                "projected": projected[side],
            }
            for side in range(sides)
        ],
        round_end={"triggered_by": state["trigger"], "last_turns": list(state["last_turns"])},
        passes=state["passes"],
        used_words=[dict(entry) for entry in state["used"]],
        vote_on=game.opts.vote,
        disputable=_disputable(state),
        vote=None
        if ballot is None
        else {
            "word": ballot["word"],
            "seat": ballot["seat"],
            "side": ballot["side"],
            "caller": ballot["caller"],
            "ballots": list(ballot["ballots"]),
            "voters": vote.voters(state),
        },
        rejected_words=list(state["rejected"]),
        last_events=[dict(event) for event in state["last_events"]],
        final=None if not over else dict(state["final"]),
    )
    return view


def _disputable(state: State) -> dict[str, object] | None:
    """The last word, while the other players may call a vote on it: who played it and which
    seats may call the vote."""
    pending = state["disputable"]
    if pending is None or state["vote"] is not None:
        return None
    return {
        "word": pending["word"],
        "seat": pending["seat"],
        "side": pending["side"],
        "callers": [s for s, side in enumerate(state["side_of"]) if side != pending["side"]],
    }


def _prompt(state: State, seat: int | None, turn: int | None) -> str:
    """What ``seat`` is to do now; empty for a seat that waits, a spectator, or at the end."""
    ballot = state["vote"]
    if ballot is not None:
        if seat is None or seat not in vote.voters(state):
            return ""
        last = " (the last word of the game)" if ballot["caller"] is None else ""
        return f"Vote on {ballot['word'].upper()}{last}: keep it, or reject it as unacceptable."
    if turn is None or seat is None or state["side_of"][seat] != turn:
        return ""
    if state["trigger"] is not None:
        return "Last turn of the round: play a word or pass."
    return "Play a word from the grid, or pass."
