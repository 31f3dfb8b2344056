"""Turns: crafting words, placing cubes, claiming achievements, passing, and every refusal."""

from __future__ import annotations

from typing import Any

import pytest

from crafthall.engine import IllegalAction, clone, to_json
from crafthall.lexicon import Lexicon
from tests.games.wordcraft.helpers import (
    LEXICON,
    PASS,
    QUIET_GRID,
    WORDS,
    cubes_on,
    table,
    word,
)
from tests.support import assert_refused


def test_a_word_places_one_cube_per_letter_on_its_cards() -> None:
    match = table()
    events = match.apply(0, word("tree"))
    assert cubes_on(match, "t") == [1, 0, 0]
    assert cubes_on(match, "r") == [1, 0, 0]
    assert cubes_on(match, "e") == [2, 0, 0]  # a repeated letter takes that many cubes
    assert match.state["supply"] == [14, 18, 18]
    assert events[0] == {
        "type": "word",
        "seat": 0,
        "side": 0,
        "word": "tree",
        "spelling": ["t", "r", "e", "e"],
        "achievements": [],
        "cubes": 4,
    }
    assert match.active_seats() == [1]  # clockwise: the next seat plays


def test_turns_go_clockwise_from_the_first_player() -> None:
    match = table(3, first=1)
    order = []
    for _ in range(5):
        seat = match.active_seats()[0]
        order.append(seat)
        match.apply(seat, word(["tree", "wage", "dead", "dart", "team"][len(order) - 1]))
    assert order == [1, 2, 0, 1, 2]


def test_words_are_case_insensitive_and_stored_lower_case() -> None:
    match = table()
    match.apply(0, word(" Tree "))
    assert match.state["used"] == [{"word": "tree", "side": 0, "round": 1}]


def test_claiming_fulfilled_achievements_is_optional_and_costs_a_cube_each() -> None:
    match = table()
    match.apply(0, word("wage", "A3", "A12"))
    assert match.state["claims"]["A3"] == [1, 0, 0]
    assert match.state["claims"]["A12"] == [1, 0, 0]
    assert match.state["supply"][0] == 18 - 4 - 2
    match.apply(1, word("tree"))  # fulfils A5 but claims nothing
    assert match.state["claims"]["A5"] == [0, 0, 0]
    assert match.state["supply"][1] == 14


def test_achievement_ids_are_case_insensitive() -> None:
    match = table()
    match.apply(0, word("tree", "a5"))
    assert match.state["claims"]["A5"] == [1, 0, 0]


def test_pass_changes_nothing_but_the_turn() -> None:
    match = table()
    before = clone(match.state)
    events = match.apply(0, PASS)
    assert events == [{"type": "pass", "seat": 0, "side": 0, "timed_out": False}]
    assert match.state["supply"] == before["supply"]
    assert match.state["cubes"] == before["cubes"]
    assert match.active_seats() == [1]
    match.apply(1, {"type": "pass", "timed_out": True})
    assert match.active_seats() == [2]


@pytest.mark.parametrize(
    ("action", "code", "says"),
    [
        (word("at"), "word-too-short", "at least 3"),
        (word("t-shirt"), "word-not-letters", "letters only"),
        (word("ab1"), "word-not-letters", "letters only"),
        (word("blade"), "letter-not-on-grid", "letter B"),
        (word("quiet"), "letter-not-on-grid", "letter Q"),
        (word("tad"), "word-not-in-dictionary", "TAD is not in"),  # letters on the grid
        (word("tsk", "A14"), "achievement-not-in-play", "A14"),
        (word("tree", "A5", "A5"), "achievement-repeated", "A5"),
        (word("wage", "A5"), "achievement-not-fulfilled", "starts Yellow, ends Blue"),
        (word("tree", spelling=["t", "r", "e"]), "bad-spelling", "T-R-E-E"),
        (word("   "), "word-too-short", "at least 3"),
        ({"type": "word"}, "bad-action", "'word'"),
        ({"type": "word", "word": "tree", "colour": "red"}, "bad-action", "'colour'"),
        ({"type": "word", "word": "tree", "spelling": "tree"}, "bad-action", "'spelling'"),
        ({"type": "word", "word": "tree", "achievements": "A5"}, "bad-action", "'achievements'"),
        ({"type": "word", "word": ["t", "r"]}, "bad-action", "'word'"),
        ({"type": "word", "word": "tree", "spelling": [1, 2]}, "bad-action", "'spelling'"),
        ({"type": "pass", "word": "tree"}, "bad-action", "'word'"),
        ({"type": "pass", "timed_out": "yes"}, "bad-action", "'timed_out'"),
        ({"type": "draw"}, "bad-action", "draw"),
        ("tree", "bad-action", "type"),
    ],
)
def test_refusals(action: Any, code: str, says: str) -> None:
    match = table()
    error = assert_refused(match, 0, action, code)
    assert says in error.message


def test_an_out_of_turn_move_gets_the_engines_sentence_naming_who_is_to_play() -> None:
    match = table()
    error = assert_refused(match, 1, word("tree"), "not-your-turn")
    assert error.message == "It is not your turn: P1 is to play."
    teams = table(4, options={"teams": [[0, 2], [1, 3]]})
    teams.apply(2, word("tree"))
    error = assert_refused(teams, 0, PASS, "not-your-turn")
    assert error.message == "It is not your turn: P2 and P4 are to play."


def test_while_a_vote_may_be_called_another_move_out_of_turn_still_names_who_is_to_play() -> None:
    """A call of a vote may come out of turn; any other action from that seat gets the engine's
    sentence with the players' names, not seat numbers."""
    match = table(3)
    match.apply(0, word("tree"))
    assert match.state["disputable"] is not None
    error = assert_refused(match, 2, word("quiet"), "not-your-turn")
    assert error.message == "It is not your turn: P2 is to play."
    match.apply(2, {"type": "dispute"})
    assert match.state["vote"] is not None


def test_a_word_is_played_once_per_game() -> None:
    match = table()
    match.apply(0, word("tree"))
    error = assert_refused(match, 1, word("TREE"), "word-already-used")
    assert "TREE was already played" in error.message


def test_no_derivative_of_a_played_word() -> None:
    match = table()
    match.apply(0, word("trees"))
    error = assert_refused(match, 1, word("tree"), "word-same-family")
    assert "TREE is a form of TREES, played in round 1" in error.message
    match.apply(1, word("dart"))
    assert_refused(match, 2, word("darts"), "word-same-family")


def test_not_enough_cubes_for_the_letters_or_the_achievements() -> None:
    match = table()
    match.state["supply"][0] = 4
    error = assert_refused(match, 0, word("darts"), "not-enough-cubes")
    assert "needs 5 cubes" in error.message
    assert_refused(match, 0, word("tree", "A5"), "not-enough-cubes")
    match.apply(0, word("tree"))  # exactly enough
    assert match.state["supply"][0] == 0


def test_quiet_needs_a_spelling_when_both_qu_and_u_are_on_the_grid() -> None:
    match = table(2, grids=[QUIET_GRID] * 3, achievements=["A1", "A5", "A8", "A12"])
    error = assert_refused(match, 0, word("quiet"), "ambiguous-spelling")
    assert "QU-I-E-T (4 cubes)" in error.message and "QU-U-I-E-T (5 cubes)" in error.message
    assert error.details["choices"] == [["qu", "i", "e", "t"], ["qu", "u", "i", "e", "t"]]


def test_qu_card_can_stand_for_q_alone_without_u_card() -> None:
    grid = ["i", "e", "t", "n", "s", "c", "d", "l", "b", "p", "qu", "z"]
    match = table(2, grids=[grid] * 3, achievements=["A1", "A5", "A8", "A12"])
    match.apply(0, word("quiet"))  # one spelling only: no spelling needed
    assert cubes_on(match, "qu") == [1, 0]
    assert match.state["supply"][0] == 14


def test_qu_card_stands_for_q_alone_in_a_word_without_u() -> None:
    grid = ["a", "e", "t", "n", "s", "c", "d", "l", "b", "p", "qu", "z"]
    match = table(2, grids=[grid] * 3, achievements=["A1", "A5", "A8", "A12"])
    assert any(action.get("word") == "qat" for action in match.legal_actions(0))
    match.apply(0, word("qat"))
    assert cubes_on(match, "qu") == [1, 0]
    assert match.state["supply"][0] == 15


def test_state_round_trips_through_json() -> None:
    import json

    match = table()
    match.apply(0, word("wage", "A3"))
    assert json.loads(to_json(match.state)) == match.state


def all_word_actions(match: Any, seat: int) -> list[dict[str, Any]]:
    """Brute force: every dictionary word with every spelling and every claim list."""
    from itertools import combinations

    from crafthall.games.wordcraft.spelling import spellings

    grid = match.state["grid"]
    found = []
    for text in LEXICON.words:
        for spelling in spellings(text, grid) or [[]]:
            cards = match.state["achievements"]
            for size in range(len(cards) + 1):
                for claims in combinations(cards, size):
                    found.append(
                        {
                            "type": "word",
                            "word": text,
                            "spelling": spelling,
                            "achievements": list(claims),
                        }
                    )
    return found


def accepted(match: Any, seat: int, action: dict[str, Any]) -> bool:
    try:
        match.game.apply(clone(match.state), seat, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("grid", ["example", "quiet"])
def test_legal_actions_are_exactly_the_accepted_ones(grid: str) -> None:
    from tests.games.wordcraft.helpers import EXAMPLE_GRID

    cards = EXAMPLE_GRID if grid == "example" else QUIET_GRID
    match = table(2, grids=[cards] * 3, achievements=["A1", "A5", "A8", "A12"])
    match.apply(0, word("test"))
    match.state["supply"][1] = 5  # some words and claims become unaffordable
    legal = match.legal_actions(1)
    assert {"type": "pass"} in legal
    words = [action for action in legal if action["type"] == "word"]
    assert len({to_json(a) for a in words}) == len(words)
    assert all(accepted(match, 1, action) for action in legal)
    expected = [a for a in all_word_actions(match, 1) if accepted(match, 1, a)]
    assert sorted(map(to_json, words)) == sorted(map(to_json, expected))
    assert not any(action["word"] == "test" for action in words)
    assert match.legal_actions(0) == []  # not seat 0's turn


@pytest.mark.parametrize(
    ("action", "code", "advice"),
    [
        (word("at"), "word-too-short", "play a longer word or pass"),
        (word("t-shirt"), "word-not-letters", "play another word or pass"),
        (word("blade"), "letter-not-on-grid", "use only the grid's letters"),
        (word("tad"), "word-not-in-dictionary", "try another word or pass"),
        (word("tsk", "A14"), "achievement-not-in-play", "claim only A5, A3, A12, A9"),
        (word("tree", "A5", "A5"), "achievement-repeated", "name it once"),
        (word("wage", "A5"), "achievement-not-fulfilled", "leave it out"),
    ],
)
def test_refusals_say_what_to_do(action: Any, code: str, advice: str) -> None:
    error = assert_refused(table(), 0, action, code)
    assert advice in error.message


def test_used_word_and_cube_refusals_say_what_to_do() -> None:
    match = table()
    match.apply(0, word("trees"))
    assert (
        "try another word or pass"
        in assert_refused(match, 1, word("trees"), "word-already-used").message
    )
    assert (
        "try another word or pass"
        in assert_refused(match, 1, word("tree"), "word-same-family").message
    )
    match.state["supply"][1] = 4
    error = assert_refused(match, 1, word("darts"), "not-enough-cubes")
    assert "play a shorter word or pass" in error.message
    error = assert_refused(match, 1, word("wage", "A3"), "not-enough-cubes")
    assert "claim fewer achievements" in error.message


def test_listed_actions_share_no_list_with_the_state_or_the_events() -> None:
    match = table()
    action = next(a for a in match.legal_actions(0) if a["type"] == "word" and a["achievements"])
    events = match.apply(0, action)
    assert events[0]["spelling"] == action["spelling"]
    assert events[0]["spelling"] is not action["spelling"]
    assert events[0]["achievements"] is not action["achievements"]


def test_issue18_item15_qua_is_three_letters_on_two_cubes() -> None:
    # "a word that consists of at least 3 letters found on these cards": QUA has 3 letters,
    # two of them on the Qu card, so it costs 2 cubes (3 when laid QU-U-A with the U card)
    grid = ["a", "e", "t", "r", "s", "d", "l", "u", "w", "g", "qu", "z"]
    match = table(2, grids=[grid] * 3, lexicon=Lexicon.from_words([*WORDS, "qua"]))
    match.state["supply"][0] = 2  # as after a round whose cubes went to achievements
    listed = [a for a in match.legal_actions(0) if a.get("word") == "qua"]
    assert [a["spelling"] for a in listed] == [["qu", "a"]]  # QU-U-A needs a 3rd cube
    match.apply(0, word("qua", spelling=["qu", "a"]))
    assert match.state["supply"][0] == 0
    assert cubes_on(match, "qu") == [1, 0] and cubes_on(match, "u") == [0, 0]
    match = table(2, grids=[grid] * 3, lexicon=Lexicon.from_words([*WORDS, "qua"]))
    assert_refused(match, 0, word("qua"), "ambiguous-spelling")
    match.apply(0, word("qua", spelling=["qu", "u", "a"]))
    assert match.state["supply"][0] == 15 and cubes_on(match, "u") == [1, 0]
