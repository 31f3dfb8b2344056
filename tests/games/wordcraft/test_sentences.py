"""Every Wordcraft event has its own sentence (``say``), the one every front end shows."""

from __future__ import annotations

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Match
from crafthall.engine.data import Event
from crafthall.games.wordcraft.text import WordcraftText
from tests.games.wordcraft.helpers import PASS, spend_sixteen, table, word
from tests.support import event_types_said, start

EVENT_TYPES = {
    "word",
    "pass",
    "round-end-triggered",
    "all-passed",
    "round-scored",
    "new-round",
    "game-over",
    "dispute",
    "vote",
    "vote-open",
    "word-kept",
    "word-rejected",
    "word-stands",
}
"""Every event the rules emit (play.py and vote.py)."""
DISPUTE = {"type": "dispute"}
REJECT = {"type": "vote", "keep": False}


def text_for(match: Match) -> WordcraftText:
    return WordcraftText(match.game, list(match.seat_names))


def random_games_events() -> set[str]:
    """The event types of a few seeded games of random bots, each event's sentence checked."""
    seen: set[str] = set()
    for seats, seed in [(2, 1), (3, 2), (4, 3), (3, 4)]:
        match = start("wordcraft", seats, seed=seed)
        play_to_end(match, seat_bots(match, ["random"], seed), seed)
        seen |= event_types_said(match)
    return seen


def scripted_vote_events() -> set[str]:
    """Bots never call a vote: a scripted one shows the events random games leave out."""
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(2, DISPUTE)
    match.apply(1, REJECT)
    match.apply(0, word("wage"))  # stands: the turn had its word taken back
    match.apply(1, PASS)
    match.apply(2, {"type": "pass", "timed_out": True})
    match.apply(0, PASS)  # everyone passed
    return event_types_said(match)


def test_every_event_type_has_its_own_sentence() -> None:
    seen = random_games_events()
    assert {"word", "round-scored", "new-round", "game-over", "vote-open", "word-kept"} <= seen
    assert seen | scripted_vote_events() == EVENT_TYPES


def said(match: Match, seat: int, events: list[Event], kind: str) -> str | None:
    event = next(event for event in events if event["type"] == kind)
    return text_for(match).say(seat, event)


def test_a_word_says_its_cards_and_where_its_cubes_went() -> None:
    match = table(2)
    events = match.apply(0, word("wage", "A3"))
    assert said(match, 0, events, "word") == (
        "P1 plays WAGE (W-A-G-E: 4 cubes on letters, 1 on A3)."
    )
    events = match.apply(1, {"type": "pass", "timed_out": True})
    assert said(match, 1, events, "pass") == "P2 passes (time ran out)."


def test_the_word_taken_back_says_its_player_makes_another_which_stands() -> None:
    match = table(3)
    match.apply(0, word("tree"))
    events = match.apply(2, DISPUTE)
    assert said(match, 2, events, "dispute") == (
        "P3 doubts TREE and calls the table's vote (a vote to reject it)."
    )
    events = match.apply(1, REJECT)
    assert said(match, 1, events, "word-rejected") == (
        "TREE is rejected (1 keep, 2 reject) and taken back: P1 makes another word, which "
        "stands, or passes."
    )
    events = match.apply(0, word("wage"))
    assert said(match, 0, events, "word-stands") == (
        "WAGE stands: the table's vote takes back one word a turn."
    )


def test_with_more_take_backs_the_next_word_is_not_said_to_stand() -> None:
    match = table(3, options={"take_backs": 2})
    match.apply(0, word("tree"))
    match.apply(2, DISPUTE)
    events = match.apply(1, REJECT)
    assert said(match, 1, events, "word-rejected") == (
        "TREE is rejected (1 keep, 2 reject) and taken back: P1 makes another word or passes."
    )


def test_the_round_end_names_who_triggered_it_and_who_plays_last() -> None:
    match = table(3)
    spend_sixteen(match, 0)
    triggered = next(e for e in match.events if e["type"] == "round-end-triggered")
    assert text_for(match).say(0, triggered) == (
        "P1 has 2 cubes or fewer left: round end triggered, +2 EP. Last turns: P2, P3."
    )


def test_the_game_over_says_the_achievements_and_the_places_in_one_line() -> None:
    match = table(2)
    match.apply(0, word("wage", "A3"))
    while match.result() is None:
        match.apply(match.active_seats()[0], PASS)
    over = next(e for e in match.events if e["type"] == "game-over")
    line = text_for(match).say(1, over)
    assert line is not None and "\n" not in line
    assert line.startswith("Achievements score: P1 3 EP, P2 0 EP. Final places: 1. P1 ")


def test_the_log_of_a_move_is_its_sentences() -> None:
    """``describe`` (the terminal's log) says exactly what ``say`` says, line by line."""
    match = table(2)
    match.apply(0, word("wage"))
    match.apply(1, PASS)
    events = match.apply(0, PASS)
    text = text_for(match)
    assert text.describe(0, PASS, events).split("\n") == [text.say(0, event) for event in events]
    assert [event["type"] for event in events] == [
        "pass",
        "all-passed",
        "round-scored",
        "new-round",
    ]
