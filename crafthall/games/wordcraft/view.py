"""What a seat sees of a Wordcraft table.

Everything in Wordcraft is public except the order of the letter decks (the next rounds' grids),
which no view shows; every seat and a spectator therefore see the same table, but for ``seat``,
``your_side`` and ``prompt``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, TypedDict, cast

from crafthall.engine.data import Event, State, View
from crafthall.games.wordcraft import scoring, vote
from crafthall.games.wordcraft.components import achievement, constants, letter
from crafthall.games.wordcraft.state import FinalScores, UsedWord, VoteOnWord, WordcraftState

if TYPE_CHECKING:
    from crafthall.games.wordcraft.rules import Wordcraft


class CardFace(TypedDict):
    """A letter card's printed face."""

    card: str
    label: str
    colour: str
    points: int


class CardView(CardFace):
    """A grid card with each side's cubes on it and the EP each would score on it now."""

    cubes: list[int]
    scoring: list[int]


class AchievementFace(TypedDict):
    """An achievement card's printed face."""

    id: str
    type: str
    difficulty: str
    requirement: str
    points: list[int]


class AchievementView(AchievementFace):
    """An achievement card in play with each side's cubes on it."""

    cubes: list[int]


class SideView(TypedDict):
    """A side's sheet: its seats, cubes and EP (banked, and projected if all ended now)."""

    side: int
    seats: list[int]
    supply: int
    letter_ep: list[int]
    bonus_ep: int
    score: int
    letters_now: int
    achievement_cubes: int
    projected: int


class RoundEndView(TypedDict):
    triggered_by: int | None
    last_turns: list[int]


class DisputableView(TypedDict):
    """The last word while a vote may be called on it, and the seats that may call it."""

    word: str
    seat: int
    side: int
    callers: list[int]


class BallotView(VoteOnWord):
    """The vote under way, with the seats still to vote."""

    voters: list[int]


class TableView(TypedDict):
    """The view's keys after ``your_side``: the table, the same for every viewer."""

    teams: bool
    round: int
    rounds: int
    turn: int | None
    """The side to play; None once the game is over (or its last word is voted on)."""
    first: int
    turn_seconds: int | None
    dictionary: str
    grid: list[CardView]
    achievements: list[AchievementView]
    sides: list[SideView]
    round_end: RoundEndView
    passes: int
    used_words: list[UsedWord]
    vote_on: bool
    vote_majority: str
    families: str
    taken_back: int
    disputable: DisputableView | None
    vote: BallotView | None
    rejected_words: list[str]
    last_events: list[Event]
    final: FinalScores | None


def build_views(
    game: Wordcraft, state: WordcraftState, seats: Iterable[int | None]
) -> dict[int | None, View]:
    """Several seats' views of one state, the table worked out once for all of them (the
    views share its parts: see ``Game.views``)."""
    shared = table_view(game, state)
    return {seat: build_view(game, state, seat, shared) for seat in seats}


def build_view(
    game: Wordcraft, state: WordcraftState, seat: int | None, shared: TableView | None = None
) -> View:
    """``seat``'s view; ``shared``: the state's :func:`table_view`, if already worked out."""
    if shared is None:
        shared = table_view(game, state)
    side_of = state["side_of"]
    ballot = state["vote"]
    over = state["final"] is not None and ballot is None
    view: View = {
        **game.frame(
            cast(State, state),
            seat,
            phase="over" if over else "vote" if ballot is not None else "play",
            prompt=_prompt(state, seat, shared["turn"], game.options.take_backs),
            scores=[shared["sides"][side]["score"] for side in side_of],
        )
    }
    view["your_side"] = None if seat is None else side_of[seat]
    view.update(shared)
    return view


def table_view(game: Wordcraft, state: WordcraftState) -> TableView:
    """The table as every viewer sees it (:class:`TableView`)."""
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
        "used_words": [entry.copy() for entry in state["used"]],
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
        "final": None if state["final"] is None or ballot is not None else state["final"].copy(),
    }


@cache
def _card_face(card: str) -> CardFace:
    """A grid card's fixed keys, made once (read it, never change it: views copy it)."""
    face = letter(card)
    return {"card": card, "label": face.label, "colour": face.colour, "points": face.points}


@cache
def _achievement_face(card: str) -> AchievementFace:
    """An achievement card's fixed keys, made once (read it, never change it: views copy it)."""
    face = achievement(card)
    return {
        "id": card,
        "type": face.type,
        "difficulty": face.difficulty,
        "requirement": face.requirement,
        "points": face.points,
    }


def _disputable(state: WordcraftState) -> DisputableView | None:
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
