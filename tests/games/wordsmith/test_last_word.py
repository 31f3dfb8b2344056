"""The one more word after Done (rules version 3): "Now all other players are allowed to build
and claim 1 more word, but without adding new letter pieces." Every other player gets it,
also one who passed before Done; nobody claims two; the challenge ends once everyone has
claimed or declined it. Records of version 2, where a pass kept a player out, still replay."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from crafthall.engine import Match
from crafthall.engine.record import parse_lines
from crafthall.games import make_bot, replay_match
from crafthall.games.wordsmith.rules import Wordsmith
from tests.games.wordsmith.helpers import (
    BAG_POOL,
    LEXICON,
    PASS,
    ROLL,
    SIX_WORDS,
    claim,
    pool_of,
    table,
    take,
)
from tests.support import assert_refused, assert_replays


def done_after_a_pass(options: dict[str, Any] | None = None, **kwargs: Any) -> Match:
    """Three seats: seat 1 passes at once, seat 2 plays on, seat 0 claims six words (Done)."""
    match = table(seats=3, options={"challenges": 1, **(options or {})}, **kwargs)
    match.apply(1, PASS)
    assert match.active_seats() == [0, 2]
    for word in SIX_WORDS:
        match.apply(0, claim(word))
    assert match.state["phase"] == "last-words"
    return match


@pytest.mark.parametrize("options", [{}, {"secret": True}])
def test_a_player_who_passed_and_one_who_did_not_each_claim_exactly_one_more_word(
    options: dict[str, Any],
) -> None:
    match = done_after_a_pass(options)
    assert match.active_seats() == [1, 2]
    assert match.state["players"][1]["status"] == "playing"
    assert match.view(1)["prompt"].startswith("Another player called Done")
    # without adding pieces, passed or not
    for seat in (1, 2):
        assert {a["type"] for a in match.legal_actions(seat)} == {"claim", "pass"}
        assert_refused(match, seat, ROLL, "no-adding-after-done")
        assert_refused(match, seat, take("blue"), "no-adding-after-done")
    # the Done caller claims nothing more
    assert_refused(match, 0, claim("cats"), "not-your-turn")
    match.apply(2, claim("cats"))  # did not pass: one word, then no more
    assert_refused(match, 2, claim("lid"), "not-your-turn")
    assert match.active_seats() == [1]
    assert match.result() is None  # the challenge waits for the passed player's word
    events = match.apply(1, claim("lid"))  # passed before Done: one word too, discarding
    assert [e["type"] for e in events] == ["claimed", "scored", "game-over"]
    assert events[0]["discarded"] == 3  # LID keeps 3 red, 1 yellow, 1 blue
    sheets = match.state["history"][0]["sheets"]
    assert [len(lines) for lines in sheets] == [6, 1, 1]
    result = match.result()
    assert result is not None
    assert result.scores == [3 + 4 * 5 + 6, 3 + 6, 4 + 6]
    assert_replays(match)


def test_the_challenge_ends_when_everyone_has_claimed_or_declined_the_last_word() -> None:
    match = done_after_a_pass({"challenges": 2})
    match.apply(1, PASS)  # declines the last word
    assert match.active_seats() == [2]
    assert match.state["challenge"] == 1
    events = match.apply(2, claim("acts"))
    assert [e["type"] for e in events] == ["claimed", "scored", "challenge"]
    assert match.state["history"][0]["scores"] == [3 + 4 * 5 + 6, 0 + 6, 4 + 6]
    # the next challenge starts everyone afresh
    assert match.state["phase"] == "race" and match.active_seats() == [0, 1, 2]


def test_a_pass_gives_up_a_waiting_roll_and_keeps_the_pool_for_the_last_word() -> None:
    match = table(dice=["red", "blue"], options={"challenges": 1})
    match.apply(1, ROLL)  # a red piece
    match.apply(1, ROLL)  # a wild: a piece to choose
    match.apply(1, PASS)  # gives the choice up
    pool = pool_of(match, 1)
    assert pool == {**BAG_POOL, "red": BAG_POOL["red"] + 1}
    for word in SIX_WORDS:
        match.apply(0, claim(word))
    assert match.active_seats() == [1]  # alone with the Done caller, still gets the word
    assert match.view(1)["players"][1]["pending"] is None
    assert_refused(match, 1, take("blue"), "no-adding-after-done")
    match.apply(1, claim("cats"))
    assert match.result() is not None
    assert match.state["history"][0]["sheets"][1][0]["word"] == "cats"


def test_when_everyone_passes_before_done_the_challenge_ends_without_last_words() -> None:
    match = table(seats=3, options={"challenges": 2})
    match.apply(0, claim("bag"))
    for seat in (1, 2, 0):
        events = match.apply(seat, PASS)
    assert [e["type"] for e in events] == ["passed", "scored", "challenge"]
    assert match.state["history"][0]["scores"] == [3 + 6, 6, 6]


@pytest.mark.parametrize("level", ["easy", "medium", "strong", "expert", "greedy", "random"])
def test_the_bots_claim_their_last_word_passed_or_not(level: str) -> None:
    match = done_after_a_pass()
    bots = {seat: make_bot(match.game, level, seed=seat) for seat in (1, 2)}
    while match.result() is None:
        for seat in match.active_seats():
            action = bots[seat].choose(match.state, seat)
            assert action["type"] == "claim", (seat, action)
            match.apply(seat, action)
    sheets = match.state["history"][0]["sheets"]
    assert [len(lines) for lines in sheets] == [6, 1, 1]


# --- rules version 2 ----------------------------------------------------------------------------


def test_under_the_version_two_option_a_pass_still_keeps_the_player_out() -> None:
    match = done_after_a_pass({"last_word_after_pass": False})
    assert match.active_seats() == [2]
    assert_refused(match, 1, claim("lid"), "not-your-turn")
    match.apply(2, claim("cats"))
    assert [len(lines) for lines in match.state["history"][0]["sheets"]] == [6, 0, 1]


def test_a_record_of_rules_version_two_replays_as_it_was_played() -> None:
    old = done_after_a_pass({"last_word_after_pass": False})
    old.apply(2, claim("cats"))
    assert old.result() is not None
    header, moves = parse_lines(old.record_lines())
    # the record as version 2 wrote it: no such option yet
    options = {k: v for k, v in header.options.items() if k != "last_word_after_pass"}
    v2 = dataclasses.replace(header, game_version="2", options=options)
    assert Wordsmith.version == "3" and Wordsmith.replays("2")
    again = replay_match(v2, moves, LEXICON)
    assert isinstance(again.game, Wordsmith)
    assert again.game.options.last_word_after_pass is False
    assert again.state == old.state
    assert again.result() == old.result()
    # under version 3 the same moves leave the passed player's last word open
    v3 = dataclasses.replace(header, options=options)
    now = replay_match(v3, moves, LEXICON)
    assert now.result() is None and now.active_seats() == [1]
