"""Every Sword Crafters event has its own sentence (``say``), the one every front end shows."""

from __future__ import annotations

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Match
from crafthall.games.swordcrafters.text import SwordCraftersText
from tests.games.swordcrafters.helpers import fixed_match, slice_at, take
from tests.support import event_types_said, start

EVENT_TYPES = {"sliced", "took", "returned", "first_player", "placed", "round", "game_over"}
"""Every event the rules emit (play.py); a game played to its end shows each of them."""


def text_for(match: Match, names: list[str] | None = None) -> SwordCraftersText:
    return SwordCraftersText(match.game, names or list(match.seat_names))


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_event_of_a_whole_game_has_its_own_sentence(seats: int, seed: int) -> None:
    match = start("swordcrafters", seats, seed=seed)
    play_to_end(match, seat_bots(match, ["random"], seed), seed)
    assert event_types_said(match) == EVENT_TYPES


def test_a_slice_names_its_line_and_points() -> None:
    match = fixed_match(4)
    events = match.apply(0, {"type": "slice", "from": [0, 2], "to": [4, 2]})
    assert text_for(match).say(0, events[0]) == (
        "P1 slices along vertical line 2, from point 0,2 to point 4,2: 2 groupings now."
    )


def test_the_log_of_a_move_is_its_sentences() -> None:
    """``describe`` (the terminal's log) says exactly what ``say`` says, line by line."""
    match = fixed_match(2)
    for line in (2, 1, 3):
        slice_at(match, vertical=True, line=line, group="A" if line < 3 else "C")
    slice_at(match, vertical=False, line=1, group="A")
    take(match, "A")
    take(match, "B")
    take(match, "C")
    seat = match.active_seats()[0]
    events = take(match, "D")
    text = text_for(match)
    assert text.describe(seat, {}, events).split("\n") == [
        text.say(seat, event) for event in events
    ]
    assert [event["type"] for event in events] == ["took", "returned", "first_player"]


def test_takes_and_the_leftover_name_their_tiles_in_full() -> None:
    text = text_for(fixed_match(2), ["Ann", "You"])
    took = {
        "type": "took",
        "seat": 1,
        "group": "B",
        "gems": ["red", "blank"],
        "first_player_tile": True,
    }
    assert text.say(1, took) == "You take grouping B: red, blank and the first-player tile."
    returned = {"type": "returned", "group": "E", "gems": ["orange"], "first_player_tile": True}
    assert text.say(0, returned) == (
        "Grouping E is left over and goes back to the box: orange; nobody took the "
        "first-player tile."
    )
    assert text.say(0, {"type": "first_player", "seat": 1}) == (
        "You will be first player next round."
    )


def test_slots_rounds_and_the_end_name_their_players() -> None:
    text = text_for(fixed_match(3), ["Ann", "Ben", "Cy"])
    placed = {"type": "placed", "seat": 2, "gem": "orange", "side": 4, "level": 3}
    assert text.say(2, placed) == "Cy slots an orange tile on side 4 (level 3)."
    assert text.say(0, {"type": "round", "round": 2, "first": 1}) == (
        "Round 2 begins with a new grid; Ben is first player."
    )
    assert text.say(0, {"type": "game_over", "scores": [31, 40, 12]}) == (
        "No full grid can be laid: the game is over. Scores: Ann 31, Ben 40, Cy 12."
    )
