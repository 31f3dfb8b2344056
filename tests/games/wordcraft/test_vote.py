"""The table's vote (issue 16, item 4): the rulebook's "If the majority of the players agree
that the chosen word is unacceptable, the player must create another word."

A word may be disputed by another player until the next move; the call is a vote to reject it;
a strict majority of the other sides rejects it and it is taken back as if never played."""

from __future__ import annotations

import random

import pytest

from crafthall.engine import Seat, clone
from crafthall.games import make_bot, new_match
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


def _without_vote_keys(state: dict[str, object]) -> dict[str, object]:
    return {
        key: value
        for key, value in state.items()
        if key not in ("disputable", "vote", "rejected", "last_events")
    }


def test_issue16_item4_a_majority_rejects_the_word_and_it_is_taken_back() -> None:
    match = table(3)
    before = clone(match.state)
    match.apply(0, word("tree", "A5"))
    # seat 2 is not to play, but may call the vote until the next move
    assert match.view(2)["disputable"]["callers"] == [1, 2]
    match.apply(2, DISPUTE)
    assert match.view(None)["phase"] == "vote"
    assert match.active_seats() == [1]  # the caller has voted; the author does not vote
    assert "Vote on TREE" in match.view(1)["prompt"]
    assert_refused(match, 1, word("wage"), "vote-first")
    assert_refused(match, 0, KEEP, "not-your-turn")
    match.apply(1, REJECT)
    assert match.state["last_events"][-1] == {
        "type": "word-rejected",
        "seat": 0,
        "word": "tree",
        "side": 0,
        "keep": 0,
        "reject": 2,
    }
    # as if never played: cubes, achievement cube, supply, words played, whose turn
    assert _without_vote_keys(match.state) == _without_vote_keys(before)
    assert match.state["rejected"] == ["tree"]
    assert match.active_seats() == [0]  # the player must create another word (or pass)
    assert_refused(match, 0, word("tree"), "word-rejected")
    assert all(a.get("word") != "tree" for a in match.legal_actions(0))
    match.apply(0, word("wage"))
    assert_replays(match)


def test_issue16_item4_a_tie_or_a_majority_keeps_the_word() -> None:
    match = table(3)
    match.apply(0, word("tree"))
    match.apply(1, DISPUTE)
    match.apply(2, KEEP)  # one of two others rejects: no majority
    assert match.state["last_events"][-1]["type"] == "word-kept"
    assert cubes_on(match, "e") == [2, 0, 0]
    assert match.active_seats() == [1]
    # a word is voted on once
    assert_refused(match, 2, DISPUTE, "not-your-turn")
    match.apply(1, word("wage"))
    assert match.view(0)["disputable"]["word"] == "wage"


def test_issue16_item4_two_players_the_call_alone_is_a_majority() -> None:
    match = table(2)
    match.apply(0, word("darts"))
    match.apply(1, DISPUTE)
    assert [e["type"] for e in match.state["last_events"]] == ["dispute", "word-rejected"]
    assert match.state["supply"] == [18, 18] and match.active_seats() == [0]


def test_issue16_item4_four_players_two_rejects_of_three_decide_at_once() -> None:
    match = table(4)
    match.apply(0, word("tree"))
    match.apply(3, DISPUTE)
    assert match.active_seats() == [1, 2]
    match.apply(2, REJECT)
    assert match.state["last_events"][-1]["type"] == "word-rejected"
    assert match.active_seats() == [0]


def test_issue16_item4_teams_vote_as_teams() -> None:
    match = table(4, options={"teams": [[0, 2], [1, 3]]})
    match.apply(2, word("tree"))
    assert_refused(match, 0, DISPUTE, "dispute-own-word")
    assert match.view(0)["disputable"]["callers"] == [1, 3]
    match.apply(1, DISPUTE)  # the other team is the other side: its call rejects the word
    assert match.active_seats() == [0, 2]
    assert match.state["supply"] == [18, 18]


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


def test_issue16_item4_the_last_word_of_the_game_is_voted_on_before_the_game_ends() -> None:
    match = table(2)
    for _ in range(2):  # two rounds of passes
        match.apply(match.active_seats()[0], PASS)
        match.apply(match.active_seats()[0], PASS)
    assert match.state["round"] == 3
    for text in ("dread", "darts", "stared", "test", "mad"):  # 21 of 24 cubes: the trigger
        if 0 not in match.active_seats():
            match.apply(1, PASS)
        match.apply(0, word(text))
    assert match.state["trigger"] == 0
    match.apply(1, word("tree"))  # the last turn of the game
    assert match.result() is None
    assert match.view(None)["phase"] == "vote" and match.active_seats() == [0]
    match.apply(0, REJECT)
    assert match.result() is None and match.active_seats() == [1]
    assert match.state["final"] is None and len(match.state["letter_ep"]) == 2
    match.apply(1, word("wage"))
    match.apply(0, KEEP)
    result = match.result()
    assert result is not None and match.view(None)["phase"] == "over"
    assert_replays(match)


def test_issue16_item4_the_option_turns_the_vote_off() -> None:
    match = table(2, options={"vote": False})
    match.apply(0, word("tree"))
    assert match.view(1)["disputable"] is None and match.view(1)["vote_on"] is False
    assert_refused(match, 1, DISPUTE, "vote-off")


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
    ("seats", "options"), [(2, None), (3, None), (4, {"teams": [[0, 2], [1, 3]]}), (4, None)]
)
def test_issue16_item4_any_rejected_word_leaves_the_game_as_before_it(
    seats: int, options: dict[str, object] | None
) -> None:
    """Random games in which random players call votes and vote at random: every word voted
    down leaves the table exactly as before it (but for the generator), and the record
    replays."""
    match = new_match(
        "wordcraft", [Seat(f"P{n}") for n in range(seats)], seed=seats, options=options
    )
    game, rng = match.game, random.Random(seats)
    rejected = 0
    for _ in range(600):
        if match.result() is not None:
            break
        seat = match.active_seats()[0]
        if match.state["vote"] is not None:
            match.apply(seat, {"type": "vote", "keep": rng.random() < 0.4})
        else:
            before = clone(match.state)
            match.apply(seat, game.sample_action(match.state, seat, rng))
            pending = match.state["disputable"]
            if pending is None or rng.random() < 0.5:
                continue
            if match.state["vote"] is None:
                callers = [
                    s for s, side in enumerate(match.state["side_of"]) if side != pending["side"]
                ]
                match.apply(rng.choice(callers), DISPUTE)
            while match.state["vote"] is not None:
                match.apply(match.active_seats()[0], {"type": "vote", "keep": rng.random() < 0.4})
            if match.state["last_events"][-1]["type"] == "word-rejected":
                rejected += 1
                after = _without_vote_keys(match.state)
                expected = _without_vote_keys(before)
                after.pop("rng"), expected.pop("rng")
                assert after == expected
    assert match.result() is not None and rejected > 3
    assert_replays(match)
