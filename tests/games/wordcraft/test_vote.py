"""The table's vote: the rulebook's "If the majority of the players agree that the chosen word
is unacceptable, the player must create another word."

A word may be disputed by another player until the next move; the call is a vote to reject it.
A majority of the players rejects it (the word's own player counted as keeping it: at 2
players no word is rejected, at 3 both others must reject it, at 4 all three); the option
``vote_majority="others"`` keeps rules version 2's count among the other players. A rejected
word is taken back as if never played; the player's next word that turn stands, so no vote can
hold a game up nor deny a player (a bot) every word."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from crafthall.engine import Match, Seat, clone
from crafthall.engine.errors import IllegalAction, RecordError
from crafthall.engine.record import parse_lines
from crafthall.games import make_bot, new_match, replay_match
from tests.games.wordcraft.helpers import (
    EXAMPLE_GRID,
    PASS,
    cubes_on,
    spend_sixteen,
    table,
    word,
)
from tests.support import assert_refused, assert_replays

DISPUTE = {"type": "dispute"}
KEEP = {"type": "vote", "keep": True}
REJECT = {"type": "vote", "keep": False}
OTHERS = {"vote_majority": "others"}


def _without_vote_keys(state: dict[str, object]) -> dict[str, object]:
    return {
        key: value
        for key, value in state.items()
        if key not in ("disputable", "vote", "rejected", "taken_back", "last_events")
    }


def _last(match: Match) -> dict[str, Any]:
    event: dict[str, Any] = match.state["last_events"][-1]
    return event


# --- how many reject a word ------------------------------------------------------------------


def test_issue_item1_three_players_both_others_reject_and_the_word_is_taken_back() -> None:
    match = table(3)
    before = clone(match.state)
    match.apply(0, word("tree", "A5"))
    # seat 2 is not to play, but may call the vote until the next move
    assert match.view(2)["disputable"]["callers"] == [1, 2]
    match.apply(2, DISPUTE)
    assert match.view(None)["phase"] == "vote" and match.view(None)["vote"]["needed"] == 2
    assert match.active_seats() == [1]  # the caller has voted; the author does not vote
    assert "Vote on TREE" in match.view(1)["prompt"]
    assert_refused(match, 1, word("wage"), "vote-first")
    assert_refused(match, 0, KEEP, "not-your-turn")
    match.apply(1, REJECT)
    assert _last(match) == {
        "type": "word-rejected",
        "seat": 0,
        "word": "tree",
        "side": 0,
        "keep": 1,  # its own player's
        "reject": 2,
        "needed": 2,
    }
    # as if never played: cubes, achievement cube, supply, words played, whose turn
    assert _without_vote_keys(match.state) == _without_vote_keys(before)
    assert match.state["rejected"] == ["tree"] and match.state["taken_back"] == 1
    assert match.active_seats() == [0]  # the player must create another word (or pass)
    assert "it stands" in match.view(0)["prompt"]
    assert_refused(match, 0, word("tree"), "word-rejected")
    assert all(a.get("word") != "tree" for a in match.legal_actions(0))
    assert_replays(match)


def test_issue_item1_three_players_one_reject_is_no_majority() -> None:
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(1, DISPUTE)
    assert match.active_seats() == [2]  # a second reject would be a majority: 2 of 3
    match.apply(2, KEEP)
    assert _last(match) == {
        "type": "word-kept", "word": "tree", "side": 0, "keep": 2, "reject": 1, "needed": 2,
    }  # fmt: skip
    assert cubes_on(match, "e") == [2, 0, 0]
    assert match.active_seats() == [1]
    # a word is voted on once
    assert_refused(match, 2, DISPUTE, "not-your-turn")
    match.apply(1, word("wage"))
    assert match.view(0)["disputable"]["word"] == "wage"


def test_issue_item1_two_players_the_other_alone_is_no_majority() -> None:
    match = table(2)
    match.apply(0, word("darts"))
    assert match.view(1)["disputable"] is None  # no button, no "dispute" line
    error = assert_refused(match, 1, DISPUTE, "vote-no-majority")
    assert "the dictionary decides" in error.message
    assert match.active_seats() == [1]
    match.apply(1, word("tree"))
    assert [entry["word"] for entry in match.state["used"]] == ["darts", "tree"]


def test_issue_item1_two_players_counting_the_others_the_call_alone_rejects() -> None:
    match = table(2, options=OTHERS)
    match.apply(0, word("darts"))
    match.apply(1, DISPUTE)
    assert [e["type"] for e in match.state["last_events"]] == ["dispute", "word-rejected"]
    assert _last(match)["keep"] == 0 and _last(match)["needed"] == 1
    assert match.state["supply"] == [18, 18] and match.active_seats() == [0]


def test_issue_item1_four_players_all_three_others_must_reject() -> None:
    match = table(4)
    match.apply(0, word("tree"))
    match.apply(3, DISPUTE)
    assert match.active_seats() == [1, 2]
    match.apply(2, REJECT)  # 2 of 4 is no majority
    assert match.state["vote"] is not None and match.active_seats() == [1]
    match.apply(1, REJECT)
    assert _last(match)["type"] == "word-rejected" and _last(match)["reject"] == 3
    assert match.active_seats() == [0]


def test_issue_item1_four_players_one_keep_decides_at_once() -> None:
    match = table(4)
    match.apply(0, word("tree"))
    match.apply(3, DISPUTE)
    match.apply(1, KEEP)  # 3 rejects are out of reach
    assert _last(match) == {
        "type": "word-kept", "word": "tree", "side": 0, "keep": 2, "reject": 1, "needed": 3,
    }  # fmt: skip
    assert match.active_seats() == [1]


def test_issue_item1_four_players_counting_the_others_two_rejects_of_three_decide() -> None:
    match = table(4, options=OTHERS)
    match.apply(0, word("tree"))
    match.apply(3, DISPUTE)
    assert match.active_seats() == [1, 2]
    match.apply(2, REJECT)
    assert _last(match)["type"] == "word-rejected"
    assert match.active_seats() == [0]


def test_issue_item1_two_teams_vote_as_two_players() -> None:
    match = table(4, options={"teams": [[0, 2], [1, 3]]})
    match.apply(2, word("tree"))
    assert match.view(1)["disputable"] is None
    assert_refused(match, 1, DISPUTE, "vote-no-majority")
    counted = table(4, options={"teams": [[0, 2], [1, 3]], **OTHERS})
    counted.apply(2, word("tree"))
    assert_refused(counted, 0, DISPUTE, "dispute-own-word")
    assert counted.view(0)["disputable"]["callers"] == [1, 3]
    counted.apply(1, DISPUTE)  # the other team is the other side: its call rejects the word
    assert counted.active_seats() == [0, 2]
    assert counted.state["supply"] == [18, 18]


def test_issue_item1_three_teams_need_both_other_teams() -> None:
    match = table(4, options={"teams": [[0, 3], [1], [2]]})
    match.apply(3, word("tree"))  # a seat of team 1
    match.apply(1, DISPUTE)
    assert match.active_seats() == [2]
    match.apply(2, REJECT)
    assert _last(match)["type"] == "word-rejected" and match.active_seats() == [0, 3]


# --- one word a turn taken back: the next stands ---------------------------------------------


def test_issue_item1_the_word_after_one_taken_back_stands() -> None:
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(1, DISPUTE)
    match.apply(2, REJECT)
    events = match.apply(0, word("wage"))
    assert events[-1] == {"type": "word-stands", "seat": 0, "side": 0, "word": "wage"}
    assert match.view(1)["disputable"] is None and match.view(2)["disputable"] is None
    error = assert_refused(match, 1, DISPUTE, "nothing-to-dispute")  # seat 1 is to play
    assert "it stands" in error.message
    assert_refused(match, 2, DISPUTE, "not-your-turn")
    # the next turn is a new turn: its word is open to a vote again
    match.apply(1, word("mad"))
    assert match.state["taken_back"] == 0
    assert match.view(0)["disputable"]["word"] == "mad"
    assert_replays(match)


def test_issue_item1_a_pass_after_a_word_taken_back_ends_the_turn() -> None:
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(1, DISPUTE)
    match.apply(2, REJECT)
    match.apply(0, PASS)
    assert match.state["taken_back"] == 0 and match.active_seats() == [1]
    match.apply(1, word("wage"))
    assert match.view(2)["disputable"]["word"] == "wage"


def test_issue16_item4_the_window_closes_with_the_next_move() -> None:
    match = table(3)
    assert_refused(match, 1, DISPUTE, "not-your-turn")  # no word yet
    match.apply(0, word("tree"))
    assert_refused(match, 0, DISPUTE, "dispute-own-word")
    match.apply(1, PASS)
    assert match.view(2)["disputable"] is None
    assert_refused(match, 0, DISPUTE, "not-your-turn")
    assert_refused(match, 2, DISPUTE, "nothing-to-dispute")  # seat 2 is to play
    # a seat that may call still may not play out of turn
    match.apply(2, word("wage"))
    assert_refused(match, 1, word("mad"), "not-your-turn")


def test_issue16_item4_a_word_that_ended_the_round_takes_the_round_end_back() -> None:
    match = table(3)
    spend_sixteen(match, 0)  # the round end is triggered: seats 1 and 2 have a last turn
    match.apply(1, PASS)
    before = clone(match.state)
    match.apply(2, word("tree"))  # the last turn: round 1 is scored, round 2 dealt
    assert match.state["round"] == 2
    match.apply(1, DISPUTE)
    match.apply(0, REJECT)
    assert match.state["round"] == 1 and match.state["letter_ep"] == []
    after = _without_vote_keys(match.state)
    assert {k: v for k, v in after.items() if k != "rng"} == {
        k: v for k, v in _without_vote_keys(before).items() if k != "rng"
    }
    assert match.active_seats() == [2]
    match.apply(2, PASS)
    assert match.state["round"] == 2
    assert_replays(match)


def _to_the_last_turn(match: Match) -> None:
    """Two rounds of passes, then seat 0 triggers round 3's end: seat 1 has the last turn."""
    while match.state["round"] < 3:
        match.apply(match.active_seats()[0], PASS)
    for text in ("dread", "darts", "stared", "test", "mad"):  # 21 of 24 cubes: the trigger
        while 0 not in match.active_seats():
            match.apply(match.active_seats()[0], PASS)
        match.apply(0, word(text))
    assert match.state["round"] == 3 and match.state["trigger"] == 0


def test_issue16_item4_the_last_word_of_the_game_is_voted_on_before_the_game_ends() -> None:
    match = table(3)
    _to_the_last_turn(match)
    match.apply(1, PASS)
    match.apply(2, word("tree"))  # the last turn of the game
    assert match.result() is None
    assert match.view(None)["phase"] == "vote" and match.active_seats() == [0, 1]
    match.apply(0, REJECT)
    match.apply(1, REJECT)
    assert match.result() is None and match.active_seats() == [2]
    assert match.state["final"] is None and len(match.state["letter_ep"]) == 2
    events = match.apply(2, word("wage"))  # it stands: the game ends at once
    assert {"type": "word-stands", "seat": 2, "side": 2, "word": "wage"} in events
    result = match.result()
    assert result is not None and match.view(None)["phase"] == "over"
    assert_replays(match)


def test_issue_item1_two_players_the_last_word_ends_the_game_at_once() -> None:
    match = table(2)
    _to_the_last_turn(match)
    match.apply(1, word("tree"))
    assert match.result() is not None and match.state["vote"] is None


def test_issue_item1_two_players_counting_the_others_the_last_word_is_voted_on() -> None:
    match = table(2, options=OTHERS)
    _to_the_last_turn(match)
    match.apply(1, word("tree"))
    assert match.result() is None and match.active_seats() == [0]
    match.apply(0, REJECT)
    assert match.result() is None and match.active_seats() == [1]
    match.apply(1, word("wage"))
    assert match.result() is not None
    assert_replays(match)


def test_issue16_item4_the_option_turns_the_vote_off() -> None:
    match = table(2, options={"vote": False})
    match.apply(0, word("tree"))
    assert match.view(1)["disputable"] is None and match.view(1)["vote_on"] is False
    assert_refused(match, 1, DISPUTE, "vote-off")


def test_the_view_names_the_readings() -> None:
    view = table(3).view(0)
    assert view["vote_majority"] == "players" and view["families"] == "derivatives"
    assert view["taken_back"] == 0
    assert table(3, options=OTHERS).view(None)["vote_majority"] == "others"


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_issue16_item4_bots_vote_with_the_dictionary(level: str) -> None:
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(1, DISPUTE)
    bot = make_bot(match.game, level, 1)
    assert bot.choose(match.state, 2) == KEEP
    assert match.legal_actions(2) == [KEEP]  # a reject or a call is never a bot's move
    assert match.game.sample_action(match.state, 2, random.Random(3)) == KEEP
    assert match.game.timeout_action(match.state, 2) == KEEP


def test_issue16_item4_votes_are_in_the_record_and_the_codec() -> None:
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(2, DISPUTE)
    match.apply(1, REJECT)
    assert [move.action["type"] for move in match.moves] == ["word", "dispute", "vote"]
    assert_replays(match)
    game, state = match.game, match.state
    for action in (DISPUTE, KEEP, REJECT, PASS):
        code = game.encode_action(state, 0, action)
        assert game.decode_action(state, 0, code) == action
        assert game.action_key(game.decode_action(state, 0, code)) == game.action_key(action)


def test_issue16_item4_a_determinization_hides_the_grids_kept_for_a_take_back() -> None:
    later = ["i", "o", "h", "n", "s", "c", "m", "u", "b", "p", "j", "x"]
    match = table(3, grids=[EXAMPLE_GRID, later, later])
    spend_sixteen(match, 0)
    match.apply(1, PASS)
    match.apply(2, word("tree"))  # ends round 1: round 2's grid is dealt, round 3's still hidden
    kept = match.state["disputable"]["board"]
    assert kept["planned"] == [later, later]
    game = match.game
    for seat in range(3):
        sampled = game.determinize(match.state, seat, random.Random(5))
        assert sampled["disputable"]["board"]["planned"] == [None, None]
        assert game.view(sampled, seat) == game.view(match.state, seat)
        again = game.determinize(sampled, seat, random.Random(6))
        assert game.determinize(again, seat, random.Random(7)) == game.determinize(
            match.state, seat, random.Random(7)
        )
    # taken back in the true game, the fixed grid is laid again when the round ends again
    match.apply(1, DISPUTE)
    match.apply(0, REJECT)
    assert match.state["planned"] == [later, later]
    match.apply(2, PASS)
    assert match.state["round"] == 2 and sorted(match.state["grid"]) == sorted(later)


def test_issue16_item4_a_rejected_word_takes_its_round_end_trigger_back() -> None:
    match = table(3)
    spend_sixteen(match, 0)  # STARED leaves 2 cubes: round end triggered, +2 EP
    assert match.state["trigger"] == 0 and match.state["bonus_ep"] == [2, 0, 0]
    match.apply(2, DISPUTE)
    match.apply(1, REJECT)
    assert match.state["trigger"] is None and match.state["last_turns"] == []
    assert match.state["bonus_ep"] == [0, 0, 0] and match.state["supply"][0] == 8
    assert match.view(0)["scores"] == [0, 0, 0]
    assert match.active_seats() == [0]
    assert_replays(match)


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (2, OTHERS),
        (3, None),
        (3, OTHERS),
        (4, {"teams": [[0, 2], [1, 3]], **OTHERS}),
        (4, {"teams": [[0, 3], [1], [2]]}),
        (4, None),
    ],
)
def test_issue16_item4_any_rejected_word_leaves_the_game_as_before_it(
    seats: int, options: dict[str, object] | None
) -> None:
    """Random games in which random players call votes and vote at random: every word voted
    down leaves the table exactly as before it (but for the generator and the count of words
    taken back this turn), and the record replays."""
    match = new_match(
        "wordcraft", [Seat(f"P{n}") for n in range(seats)], seed=seats, options=options
    )
    game, rng = match.game, random.Random(seats)
    rejected = 0
    for _ in range(800):
        if match.result() is not None:
            break
        seat = match.active_seats()[0]
        if match.state["vote"] is not None:
            match.apply(seat, {"type": "vote", "keep": rng.random() < 0.3})
        else:
            before = clone(match.state)
            match.apply(seat, game.sample_action(match.state, seat, rng))
            pending = match.view(None)["disputable"]
            if pending is None or rng.random() < 0.3:
                continue
            if match.state["vote"] is None:
                match.apply(rng.choice(pending["callers"]), DISPUTE)
            while match.state["vote"] is not None:
                match.apply(match.active_seats()[0], {"type": "vote", "keep": rng.random() < 0.3})
            if _last(match)["type"] == "word-rejected":
                rejected += 1
                assert match.state["taken_back"] == 1
                after = _without_vote_keys(match.state)
                expected = _without_vote_keys(before)
                after.pop("rng"), expected.pop("rng")
                assert after == expected
    assert match.result() is not None and rejected > 3
    assert_replays(match)


# --- a player who rejects every word cannot stop a game ----------------------------------------


def _play_against_rejecters(seats: int, options: dict[str, object] | None, seed: int) -> Match:
    """Seat 0 is the greedy bot; every other seat calls a vote on each of its words, rejects
    it, and passes on its own turns. Returns the finished match."""
    match = new_match(
        "wordcraft", [Seat(f"P{n}") for n in range(seats)], seed=seed, options=options
    )
    bot = make_bot(match.game, "greedy", seed)
    called_on = -1  # the move whose word the rejecters last tried to dispute
    for _ in range(2000):
        if match.result() is not None:
            return match
        state = match.state
        if state["vote"] is not None:
            seat = match.active_seats()[0]
            match.apply(seat, REJECT if seat != 0 else bot.choose(state, seat))
            continue
        if state["used"] and state["used"][-1]["side"] == 0 and called_on != len(match.moves):
            called_on = len(match.moves)
            for caller in range(1, seats):
                try:
                    match.apply(caller, DISPUTE)
                    break
                except IllegalAction:  # the word stands, or no majority can reject it
                    continue
            continue
        seat = match.active_seats()[0]
        match.apply(seat, bot.choose(state, seat) if seat == 0 else PASS)
    raise AssertionError("the game did not end in 2000 moves")


@pytest.mark.parametrize(
    ("seats", "options"), [(2, OTHERS), (3, None), (4, None), (4, OTHERS), (2, None)]
)
def test_issue_item1_an_endlessly_rejecting_table_cannot_stop_the_game(
    seats: int, options: dict[str, object] | None
) -> None:
    match = _play_against_rejecters(seats, options, seed=seats)
    result = match.result()
    assert result is not None and result.winners == [0]
    taken_back = match.state["rejected"]
    kept = [entry["word"] for entry in match.state["used"] if entry["side"] == 0]
    bot_passes = [move for move in match.moves if move.seat == 0 and move.action["type"] == "pass"]
    assert len(kept) >= 3  # a word or more in every round
    if seats == 2 and options is None:
        assert taken_back == []  # the lone other player is no majority
    else:
        # every turn's first word was voted down, and the next one stood: the vote denied the
        # bot no turn's word, and no word twice
        assert len(taken_back) == len(kept) + len(bot_passes)
        assert not set(taken_back) & set(kept)
    assert_replays(match)


def test_a_version_2_record_with_two_words_taken_back_in_a_turn_replays() -> None:
    # Version 2 took back any number of words a turn; its records replay with take_backs 100.
    version_2 = {"vote_majority": "others", "take_backs": 100, "families": "related"}
    match = table(3, options=version_2)
    for played in ("tree", "wage"):
        match.apply(0, word(played))
        match.apply(1, DISPUTE)
        match.apply(2, REJECT)
    match.apply(0, word("mad"))
    assert match.view(1)["disputable"]["word"] == "mad"  # a third word still open to a vote
    header, moves = parse_lines(match.record_lines())
    options = {key: value for key, value in header.options.items() if key not in version_2}
    record = dataclasses.replace(header, game_version="2", options=options)
    again = replay_match(record, moves, match.game.lexicon)
    assert again.state == match.state
    with pytest.raises(RecordError, match="refuse"):  # under version 3's one take-back a turn
        replay_match(dataclasses.replace(header, options=options), moves, match.game.lexicon)
