"""Every game words each public event once, in its text's ``say``, for every front end: every
event of whole random games gets a sentence of the game's own, at its smallest and its largest
table (each game's own tests check the wording of each kind of event); a player named You is
spoken to in the second person in every game ("You play", "Your BE is broken")."""

from __future__ import annotations

import re

import pytest

from crafthall.engine import Seat
from crafthall.games import entry, names, new_match
from tests.support import event_types_said, play_out, start

CASES = [
    (name, seats)
    for name in names()
    for seats in sorted({entry(name).game.min_seats, max(2, entry(name).game.max_seats)})
]


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_every_event_of_a_random_game_has_a_sentence_of_the_games_own(
    name: str, seats: int
) -> None:
    match = play_out(start(name, seats, seed=seats), seed=seats)
    assert match.result() is not None
    assert event_types_said(match), "a whole game has events"


NAMED = re.compile(r"\b(?:Ann|You)(\S*)(?: (\w+))?")
"""A player's name in a sentence, what sticks to it (``'s``) and the word after it."""


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_a_player_named_you_is_spoken_to_in_every_game(name: str, seats: int) -> None:
    """The same game with seat 0 named Ann and then You: wherever Ann's sentence has a verb
    after her name ("Ann plays") or her possessive ("Ann's"), You's has the second person
    ("You play", "Your"); the lone player against bots in the browser is named You."""
    said = {}
    for who in ("Ann", "You"):
        names = [who, *(f"P{n + 2}" for n in range(seats - 1))]
        match = play_out(new_match(name, [Seat(n) for n in names], seed=seats), seed=seats)
        text = entry(name).text(match.game, list(match.seat_names))
        said[who] = [text.say(match.moves[e["move"]].seat, e) or "" for e in match.events]
    assert len(said["Ann"]) == len(said["You"]), "the same game, whatever the name"
    named = 0
    for ann, you in zip(said["Ann"], said["You"], strict=True):
        assert "You's" not in you, you
        for (stuck, word), (stuck_you, word_you) in zip(
            NAMED.findall(ann), NAMED.findall(you), strict=True
        ):
            named += 1
            if stuck == "'s":
                assert stuck_you == "r", (ann, you)  # You's -> Your
            elif word.endswith("s") and not word.isdigit():
                assert word_you != word, (ann, you)  # You plays -> You play
    assert named, "a whole game has sentences naming seat 0"
