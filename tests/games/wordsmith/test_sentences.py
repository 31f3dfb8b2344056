"""The sentences of Wordsmith's events: one for every event, worded by the game, the same in
every front end, and none telling a seat what Secret Wordsmith hides from it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Match, Seat
from crafthall.games import entry, new_match
from crafthall.games.entry import TextUI
from crafthall.games.wordsmith.text import REMINDERS, WordsmithText
from crafthall.lexicon import load
from tests.games.wordsmith.helpers import BAG_POOL, PASS, ROLL, SIX_WORDS, claim, table, take

LEXICON = load("standard")
SEEDS = (3, 8)


def text_of(match: Match) -> WordsmithText:
    text = entry("wordsmith").text(match.game, match.seat_names)
    assert isinstance(text, WordsmithText)
    return text


def random_game(options: dict[str, Any], seed: int) -> Match:
    names = [Seat(name) for name in ("Ann", "You", "Cy")]
    match = new_match(
        "wordsmith", names, seed=seed, options={"challenges": 2, **options}, lexicon=LEXICON
    )
    return play_to_end(match, seat_bots(match, ["random"], seed), seed=seed)


def said_in(match: Match) -> list[tuple[dict[str, Any], str | None, str | None]]:
    """Each event of a finished match, with the game's sentence and the generic one."""
    text = text_of(match)
    found = []
    for event in match.events:
        mover = match.moves[event["move"]].seat
        found.append((event, text.say(mover, event), TextUI.say(text, mover, event)))
    return found


@pytest.mark.parametrize(
    "options",
    [{}, {"secret": True}, {"advanced": True}, {"mode": "word-by-word"}],
    ids=["race", "secret", "advanced", "word-by-word"],
)
def test_every_event_of_random_games_gets_the_games_own_sentence(options: dict[str, Any]) -> None:
    kinds = set()
    for seed in SEEDS:
        for event, said, generic in said_in(random_game(options, seed)):
            kinds.add(event["type"])
            assert said and said != generic, event
            assert said.endswith((".", "!")) and "{" not in said, said
    # a roll lost to an empty tray is too rare for random games: see the exact sentences
    expected = {"claimed", "passed", "took", "scored", "challenge", "game-over"}
    expected |= {"round"} if "mode" in options else {"rolled", "done"}
    assert expected <= kinds


def test_secret_sentences_never_name_a_word_before_it_is_scored() -> None:
    for seed in SEEDS:
        match = random_game({"secret": True}, seed)
        words = {
            line["word"].upper()
            for entry_ in match.state["history"]
            for lines in entry_["sheets"]
            for line in lines
        }
        for event, said, _ in said_in(match):
            if event["type"] == "claimed":
                assert said is not None
                assert not words & set(re.findall(r"[A-Z'-]{2,}", said)), said


# --- exact sentences --------------------------------------------------------------------------


def test_a_claim_says_the_word_its_line_and_what_it_discards() -> None:
    match = table(pool={**BAG_POOL, "red": 5})
    text = text_of(match)
    events = match.apply(0, claim("bag"))
    assert text.say(0, events[0]) == (
        "P1 claims BAG, discarding 2 pieces. BAG stands: a dictionary word, built from the pool, "
        "not yet claimed."
    )
    assert text.describe(0, claim("bag"), events) == text.say(0, events[0])
    match = table(options={"advanced": True}, required="glibsa")
    events = match.apply(1, claim("bag", 0))
    assert text_of(match).say(1, events[0]) == (
        "P2 claims BAG on line 1. BAG stands: a dictionary word, built from the pool, not yet "
        "claimed, holds the required letter G."
    )


def test_a_secret_claim_says_only_how_many_words_the_sheet_holds() -> None:
    match = table(options={"secret": True})
    events = match.apply(0, claim("bag"))
    assert text_of(match).say(0, events[0]) == (
        "P1 writes word 1 on the sheet; it stays secret until the challenge is scored."
    )


def test_an_unused_wild_circle_is_discarded_with_the_leftovers() -> None:
    pool = {"red": 3, "yellow": 3, "blue": 2, "green": 0}
    match = table(pool=pool, dice=["red", "blue", "red"], options={"mode": "word-by-word"})
    events = match.apply(0, claim("it"))
    assert text_of(match).say(0, events[0]) == (
        "P1 claims IT, discarding 7 pieces and 1 unused wild circle. IT stands: a dictionary "
        "word, built from the pool, not yet claimed."
    )


def test_rolls_say_the_face_and_the_piece_or_the_choice() -> None:
    box = {"red": 20, "yellow": 4, "blue": 20, "green": 20}
    match = table(box=box, dice=["red", "green", "yellow"])
    text = text_of(match)
    rolled = match.apply(0, ROLL)
    assert text.say(0, rolled[0]) == "P1 rolled red and took a red piece."
    rolled = match.apply(0, ROLL)
    assert text.say(0, rolled[0]) == "P1 rolled green, a wild face, and chooses any piece."
    assert text.say(0, match.apply(0, take("red"))[0]) == "P1 took a red piece."
    rolled = match.apply(1, ROLL)  # the yellow compartment is empty: every yellow is dealt
    assert text.say(1, rolled[0]) == (
        "P2 rolled yellow with its compartment empty and chooses another piece."
    )


def test_a_lost_roll_names_its_player_not_the_mover() -> None:
    box = {piece: 2 * count + (piece == "red") for piece, count in BAG_POOL.items()}
    match = table(box=box, dice=["blue", "red"])
    match.apply(0, ROLL)
    events = match.apply(1, ROLL)
    assert text_of(match).say(1, events[1]) == (
        "P1's roll comes to nothing: the tray holds none of the pieces it offered."
    )


@pytest.mark.parametrize(
    ("last_word_after_pass", "done", "passed"),
    [
        (
            True,
            "P1 calls DONE! The others may each claim one more word, without adding pieces.",
            "P2 passes: no more rolls or words until Done, then one more word.",
        ),
        (
            False,
            "P1 calls DONE! The others still in may each claim one more word, without adding "
            "pieces.",
            "P2 passes and is out of this challenge.",
        ),
    ],
)
def test_done_and_a_pass_in_the_race_say_who_still_claims(
    last_word_after_pass: bool, done: str, passed: str
) -> None:
    match = table(seats=3, options={"last_word_after_pass": last_word_after_pass})
    text = text_of(match)
    assert text.say(1, match.apply(1, PASS)[0]) == passed
    for word in SIX_WORDS:
        events = match.apply(0, claim(word))
    assert text.say(0, events[-1]) == done
    assert text.say(2, match.apply(2, PASS)[0]) == "P3 declines the one more word after Done."


def test_the_table_s_events_give_scores_totals_dice_and_required_letters() -> None:
    options = {"mode": "word-by-word", "advanced": True}
    dice = ["red", "red", "red", "yellow", "blue", "red"]
    match = table(seats=2, dice=dice, options=options, required="glibsa")
    text = text_of(match)
    match.apply(0, PASS)
    events = match.apply(1, PASS)
    assert text.say(1, events[0]) == "P2 skips this word."
    assert text.say(1, events[1]) == "Word 2: the dice show yellow, blue, red."
    while match.state["challenge"] == 1:
        events = match.apply(match.active_seats()[0], PASS)
    scored, begins = events[-3], events[-2]
    assert text.say(None, scored) == "Challenge 1 scored: P1 6, P2 6."
    assert text.say(None, begins) == (
        "Challenge 2 begins; everyone starts with 3 red, 2 yellow, 1 blue, 2 green. "
        "Required letters, line by line: G L I B S A."
    )
    while match.result() is None:
        events = match.apply(match.active_seats()[0], PASS)
    assert text.say(None, events[-2]) == "Challenge 3 scored: P1 6, P2 6. Totals: P1 18, P2 18."
    assert text.say(None, events[-1]) == "The game is over: P1 18, P2 18."


def test_a_player_named_you_is_spoken_to() -> None:
    match = new_match(
        "wordsmith",
        ["You", "Bo"],
        seed=1,
        fixed={"pool": BAG_POOL, "dice": ["blue"]},
        lexicon=LEXICON,
    )
    text = text_of(match)
    assert text.say(0, match.apply(0, ROLL)[0]) == (
        "You rolled blue, a wild face, and choose any piece."
    )
    assert text.say(1, match.apply(1, PASS)[0]) == (
        "Bo passes: no more rolls or words until Done, then one more word."
    )


# --- reminders ------------------------------------------------------------------------------


def test_the_reminders_are_the_entrys_and_the_terminal_help_shows_them_once() -> None:
    assert entry("wordsmith").reminders == REMINDERS
    help_text = " ".join(text_of(table()).help().split())
    for reminder in REMINDERS:
        assert help_text.count(reminder) == 1, reminder
    assert help_text.count("bonus box") == 1  # the scoring is stated by its reminder alone
