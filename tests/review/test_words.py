"""Hints and reviews in the game's own words: every move said as the log says it, effects in
plain words, the review's best word at the top of its list, accuracy and value lost agreeing,
and the chart read in one line."""

from __future__ import annotations

import pytest

from crafthall.arena.autoplay import play_to_end, seat_bots
from crafthall.engine import Match, clone
from crafthall.games import names
from crafthall.games.entry import TextUI
from crafthall.review import Effort, MoveReview, assemble, hints, review
from crafthall.review.analysis import action_label
from crafthall.review.words import Wording, gains, text_for, worded_hints
from tests.support import midgame, start

TINY = Effort(iterations=30, seed=7)


def _log_line(match: Match, seat: int, action: dict[str, object], text: TextUI) -> str:
    """What the log would say first of ``action`` played now, in the real game."""
    events = match.game.apply(clone(match.state), seat, action)
    return next(line for line in (text.say(seat, e) for e in events) if line)


@pytest.mark.parametrize("name", names())
def test_every_hint_is_said_as_the_log_says_its_move(name: str) -> None:
    match = midgame(name, 3 if name != "swordcrafters" else 2, 7, 11)
    game, state = match.game, match.state
    seat = match.active_seats()[0]
    text = text_for(game, match.seat_names)
    found = worded_hints(game, match.seat_names, state, seat, hints(game, state, seat, TINY))
    assert found
    for hint in found:
        said = str(hint["said"])
        assert said != hint["label"]
        assert match.seat_names[seat] in said  # a sentence naming its player
        if said.endswith("…"):  # a move whose outcome the player cannot know yet
            assert _log_line(match, seat, hint["action"], text).startswith(said[:-2])
        else:
            assert said == _log_line(match, seat, hint["action"], text)
        # Never the engine's generic wording of an event.
        assert "(" not in said.split(" ")[1]


def test_a_move_whose_outcome_is_unknown_is_said_up_to_it() -> None:
    match = midgame("wordsmith", 2, 2, 11)
    seat = match.active_seats()[0]
    wording = Wording(match.game, text_for(match.game, match.seat_names), match.state, seat)
    said = wording.say({"type": "roll"})
    assert said == f"{match.seat_names[seat]} rolled …"
    refused = {"type": "claim", "word": "qqqq"}
    assert wording.say(refused) == action_label(refused)  # no world words it


def test_effects_in_plain_words() -> None:
    assert gains({"scores": 4.0, "hand_sizes": -3.0}) == ["+4 points"]
    assert gains({"pending": 1.0, "score_table.lengths": 1.0}) == ["+1 card to be won"]
    assert gains({"score_table.total": -2.0, "scores": 0.0}) == ["-2 points"]
    assert gains({"hand_sizes": -6.0}) == []


def _finished(name: str, seed: int) -> Match:
    match = start(name, 2, seed=seed)
    return play_to_end(match, seat_bots(match, ["greedy", "random"], 1), 1)


@pytest.mark.parametrize("name", ["wordcraft", "swordcrafters"])
def test_a_reviewed_move_carries_its_action_and_its_best_move_in_words(name: str) -> None:
    match = _finished(name, 5)
    found = review(match, Effort(iterations=12, seed=3))
    assert [m.action for m in found.moves] == [m.action for m in match.moves]
    judged = [m for m in found.moves if m.best is not None]
    assert judged
    for move in judged:
        best = move.best
        assert best is not None and best.said and best.said != best.label
        if match.game.action_key(best.action) == match.game.action_key(move.action or {}):
            assert best.said == move.played
        assert all(one.said for one in move.alternatives)
        if best.words and move.words:  # the "Best" word tops the row's own list
            assert move.words[0].word == " ".join(best.words).upper()
            assert move.words[0].action == best.action
            assert len({w.word for w in move.words}) == len(move.words)


def _turns(*moves: tuple[float, float]) -> list[MoveReview]:
    """Moves of two seats in turn, each given as (value lost, value after it)."""
    return [
        MoveReview(index, index % 2, f"move {index}", False, value, None, lost)
        for index, (lost, value) in enumerate(moves)
    ]


def test_accuracy_is_what_is_left_of_the_value_a_move_could_have() -> None:
    match = _finished("wordsmith", 5)
    # Ann loses a little on every move; Ben nothing but once, much.
    reviewed = _turns((0.04, 0.5), (0.0, 0.5), (0.06, 0.45), (0.3, 0.2), (0.05, 0.7), (0.0, 0.25))
    ann, ben = assemble(match, reviewed).summary
    assert ann.mean_lost == pytest.approx(0.05)
    assert ann.accuracy == pytest.approx(95.0)  # not 0%, beside a 5% loss a move
    assert ann.good == 0
    assert ben.accuracy == pytest.approx(90.0)
    assert ben.good == 2
    for seat in (ann, ben):
        assert seat.accuracy == pytest.approx(100 * (1 - seat.mean_lost))


def test_the_chart_is_read_in_one_line() -> None:
    match = _finished("wordsmith", 5)
    one, two = match.seat_names
    reviewed = _turns((0, 0.5), (0, 0.5), (0, 0.55), (0, 0.45), (0, 0.9), (0, 0.1))
    reading = assemble(match, reviewed).reading
    assert reading == (
        f"{one}'s chance rose the most at move 5, from 55% to 90%; after each player's last "
        f"move: {one} 90%, {two} 10%."
    )
    flat = _turns((0, 0.5), (0, 0.5), (0, 0.5))
    assert assemble(match, flat).reading.startswith("Each player's chance held steady")
    assert "\n" not in reading
