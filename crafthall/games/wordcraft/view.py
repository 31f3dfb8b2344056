"""What a seat sees of a Wordcraft table.

Everything in Wordcraft is public except the order of the letter decks (the next rounds' grids),
which no view shows; every seat and a spectator therefore see the same table, but for ``seat``,
``your_side`` and ``prompt``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from crafthall.engine.data import State, View
from crafthall.games.wordcraft import scoring, vote
from crafthall.games.wordcraft.components import achievement, constants, letter
from crafthall.games.wordcraft.state import WordcraftState

if TYPE_CHECKING:
    from crafthall.games.wordcraft.rules import Wordcraft


def build_views(
    game: Wordcraft, state: WordcraftState, seats: Iterable[int | None]
) -> dict[int | None, View]:
    """Several seats' views of one state, the table worked out once for all of them (the
    views share its parts: see ``Game.views``)."""
    shared = table_view(game, state)
    return {seat: build_view(game, state, seat, shared) for seat in seats}


def build_view(
    game: Wordcraft, state: WordcraftState, seat: int | None, shared: dict[str, Any] | None = None
) -> View:
    """``seat``'s view; ``shared``: the state's :func:`table_view`, if already worked out."""
    if shared is None:
        shared = table_view(game, state)
    side_of = state["side_of"]
    ballot = state["vote"]
    over = state["final"] is not None and ballot is None
    view = game.frame(
        cast(State, state),
        seat,
        phase="over" if over else "vote" if ballot is not None else "play",
        prompt=_prompt(state, seat, shared["turn"], game.options.take_backs),
        scores=[shared["sides"][side]["score"] for side in side_of],
    )
    view["your_side"] = None if seat is None else side_of[seat]
    view.update(shared)
    return view


def table_view(game: Wordcraft, state: WordcraftState) -> dict[str, Any]:
    """The view's keys after ``your_side``: the table, the same for every viewer."""
    sides = state["sides"]
    side_of = state["side_of"]
    cubes = state["cubes"]
    claims = state["claims"]
    banked = scoring.banked(state)
    # each card's EP per side, as the round would score now: the grid shows them, and their
    # sums are the letters' EP
    per_card = [scoring.card_points(card, counts) for card, counts in cubes.items()]
    letters_now = scoring.side_totals(per_card, sides)
    projected = scoring.projected(state, letters_now)
    on_cards = scoring.achievement_cubes(claims, sides)
    ballot = state["vote"]
    turn = None if state["final"] is not None else state["turn"]
    options = game.options
    return {
        "teams": options.teams is not None,
        "round": state["round"],
        "rounds": constants()["rounds"],
        "turn": turn,
        "first": state["first"],
        "turn_seconds": options.turn_seconds,
        "dictionary": options.dictionary,
        "grid": [
            {**_card_face(card), "cubes": list(counts), "scoring": points}
            for (card, counts), points in zip(cubes.items(), per_card, strict=True)
        ],
        "achievements": [
            {**_achievement_face(card), "cubes": list(claims[card])}
            for card in state["achievements"]
        ],
        "sides": [
            {
                "side": side,
                "seats": [s for s, other in enumerate(side_of) if other == side],
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
        "round_end": {"triggered_by": state["trigger"], "last_turns": list(state["last_turns"])},
        "passes": state["passes"],
        "used_words": [dict(entry) for entry in state["used"]],
        "vote_on": options.vote,
        "vote_majority": options.vote_majority,
        "families": options.families,
        "taken_back": state["taken_back"],
        "disputable": _disputable(state),
        "vote": None
        if ballot is None
        else {
            "word": ballot["word"],
            "seat": ballot["seat"],
            "side": ballot["side"],
            "caller": ballot["caller"],
            "ballots": list(ballot["ballots"]),
            "needed": ballot["needed"],
            "voters": vote.voters(state),
        },
        "rejected_words": list(state["rejected"]),
        "last_events": [dict(event) for event in state["last_events"]],
        "final": None if state["final"] is None or ballot is not None else dict(state["final"]),
    }


@cache
def _card_face(card: str) -> dict[str, Any]:
    """A grid card's fixed keys, made once (read it, never change it: views copy it)."""
    face = letter(card)
    return {"card": card, "label": face.label, "colour": face.colour, "points": face.points}


@cache
def _achievement_face(card: str) -> dict[str, Any]:
    """An achievement card's fixed keys, made once (read it, never change it: views copy it)."""
    face = achievement(card)
    return {
        "id": card,
        "type": face.type,
        "difficulty": face.difficulty,
        "requirement": face.requirement,
        "points": face.points,
    }


def _disputable(state: WordcraftState) -> dict[str, object] | None:
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


def _prompt(state: WordcraftState, seat: int | None, turn: int | None, take_backs: int) -> str:
    """What ``seat`` is to do now; empty for a seat that waits, a spectator, or at the end."""
    ballot = state["vote"]
    if ballot is not None:
        if seat is None or seat not in vote.voters(state):
            return ""
        last = " (the last word of the game)" if ballot["caller"] is None else ""
        return f"Vote on {ballot['word'].upper()}{last}: keep it, or reject it as unacceptable."
    if turn is None or seat is None or state["side_of"][seat] != turn:
        return ""
    stands = (
        " (it stands: no more words this turn can be taken back)"
        if (state["taken_back"] >= take_backs)
        else ""
    )
    if state["trigger"] is not None:
        return f"Last turn of the round: play a word{stands} or pass."
    if state["taken_back"]:
        return f"Your word was taken back: play another word{stands}, or pass."
    return "Play a word from the grid, or pass."
