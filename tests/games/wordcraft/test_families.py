"""No word played earlier in the game, nor one of its family, on the standard dictionary.

The rulebook: "you may not create BIKE or BICYCLES if the word BICYCLE has already been created
in this game". The rule works both ways (BICYCLES after BIKE), in every round, for everyone,
and ``legal_actions`` must leave the whole family out too.
"""

from __future__ import annotations

import pytest

from crafthall.engine import Match
from crafthall.lexicon import load
from tests.games.wordcraft.helpers import PASS, table, word
from tests.support import assert_refused

BIKE_GRID = ["i", "e", "s", "t", "r", "c", "l", "d", "b", "y", "k", "z"]
"""I E | S T R | C L D | B Y | K Z: spells BIKE, BIKES, BICYCLE, BICYCLES."""


def bike_table() -> Match:
    return table(2, grids=[BIKE_GRID] * 3, lexicon=load("standard"))


def listed_words(match: Match, seat: int) -> set[str]:
    return {action["word"] for action in match.legal_actions(seat) if action["type"] == "word"}


@pytest.mark.parametrize(
    ("played", "later"),
    [
        ("bicycle", "bike"),
        ("bicycle", "bicycles"),
        ("bike", "bicycles"),
        ("bike", "bicycle"),
        ("bikes", "bicycle"),
        ("bicycles", "bikes"),
    ],
)
def test_a_family_member_of_a_played_word_is_refused_and_not_listed(
    played: str, later: str
) -> None:
    match = bike_table()
    assert later in listed_words(match, 0)
    match.apply(0, word(played))
    error = assert_refused(match, 1, word(later), "word-same-family")
    assert f"{later.upper()} is of the same family as {played.upper()}" in error.message
    listed = listed_words(match, 1)
    assert later not in listed and played not in listed
    assert "tired" in listed  # an unrelated word stays playable


def test_the_family_stays_blocked_in_later_rounds_for_the_same_player() -> None:
    match = bike_table()
    match.apply(0, word("bike"))
    match.apply(1, PASS)
    match.apply(0, PASS)
    match.apply(1, PASS)
    assert match.state["round"] == 2
    seat = match.active_seats()[0]
    error = assert_refused(match, seat, word("bicycles"), "word-same-family")
    assert "played in round 1" in error.message
    assert "bicycles" not in listed_words(match, seat)
