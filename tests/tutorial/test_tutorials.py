"""Every game's tutorial plays through with its expected moves, and one wrong move per step is
refused, explained in the tutorial's words, and changes nothing."""

from __future__ import annotations

import json

import pytest

from crafthall.engine.errors import SetupError
from crafthall.games import entry, names
from crafthall.tutorial import Lesson, Tutorial, available, load, matches
from crafthall.tutorial.lesson import ALLOWED


def snapshot(lesson: Lesson) -> str:
    return json.dumps([lesson.match.state, len(lesson.match.moves), lesson.index], default=str)


def test_every_game_has_a_tutorial() -> None:
    assert available() == names()


@pytest.mark.parametrize("game", names())
def test_the_tutorial_plays_through_and_refuses_a_wrong_move_per_step(game: str) -> None:
    tutorial = load(game)
    lesson = Lesson(tutorial)
    text = entry(game).text(lesson.match.game, tutorial.seats)
    assert tutorial.steps, "a tutorial has steps"
    while (step := lesson.step) is not None:
        assert step.text and step.look and step.wrong and step.after
        # how the step says to type its move reads as a move the step accepts
        typed = text.parse(step.typed, lesson.match.view(lesson.learner), lesson.learner)
        assert any(matches(typed, pattern) for pattern in step.expect), (step.number, typed)
        assert any(matches(step.play, pattern) for pattern in step.expect), step.number
        before = snapshot(lesson)
        refused = lesson.move(step.trial)
        assert not refused.accepted, f"step {step.number}: the wrong move was accepted"
        assert refused.text == step.wrong
        assert snapshot(lesson) == before
        done = lesson.move(step.play)
        assert done.accepted, f"step {step.number}: {done.rule or done.text}"
        assert done.text == step.after
        assert len(done.scripted) == len(step.then)
    assert lesson.finished
    assert not lesson.move(tutorial.steps[-1].play).accepted


def test_a_legal_move_off_the_lesson_is_refused_without_a_rule() -> None:
    lesson = Lesson(load("wordcraft"))
    outcome = lesson.move({"type": "pass"})
    assert not outcome.accepted and outcome.rule == ""
    assert lesson.index == 0 and not lesson.match.moves


@pytest.mark.parametrize("game", names())
def test_a_move_other_than_the_wrong_one_hears_what_the_step_asks_not_its_reason(
    game: str,
) -> None:
    """``wrong`` gives the reason the ``try`` move fails; any other refused move hears the
    rules' own reason (an illegal move) or that the rules allow it (a legal one), then what
    the step asks, never a reason written for another move."""
    lesson = Lesson(load(game))
    while (step := lesson.step) is not None:
        legal = lesson.match.legal_actions(lesson.learner)
        other = [
            action
            for action in legal
            if not any(matches(action, pattern) for pattern in step.expect)
            and not matches(action, step.trial)
        ]
        if other:
            refused = lesson.move(other[0])
            assert not refused.accepted and refused.rule == ""
            assert refused.text == f"{ALLOWED} {step.asks()}"
            assert step.text in refused.text and step.wrong not in refused.text
        assert lesson.move(step.play).accepted


def test_an_illegal_move_other_than_the_wrong_one_hears_the_rules_and_the_step() -> None:
    lesson = Lesson(load("swordcrafters"))
    outcome = lesson.move({"type": "slice", "from": [2, 0], "to": [2, 2]})
    assert not outcome.accepted and outcome.rule
    assert outcome.text == lesson.tutorial.steps[0].asks()
    assert "stopping halfway" not in outcome.text


def test_matching_ignores_case_and_extra_fields_and_reads_includes() -> None:
    pattern = {"type": "word", "word": "tree", "achievements": {"includes": ["A5"]}}
    assert matches({"type": "word", "word": "TREE", "achievements": ["A12", "a5"]}, pattern)
    assert not matches({"type": "word", "word": "tree"}, pattern)
    assert matches({"type": "word", "word": "tree", "spelling": ["t"]}, {"word": "tree"})
    assert not matches({"spelling": ["qu", "i"]}, {"spelling": ["qu", "u", "i"]})
    assert not matches({"side": True}, {"side": 1})


def test_a_broken_tutorial_file_is_refused_with_a_sentence() -> None:
    with pytest.raises(SetupError, match="cannot be read"):
        Tutorial.from_json("wordcraft", {"title": "x"})


def test_a_refusal_by_the_rules_keeps_their_code_and_details() -> None:
    lesson = Lesson(load("wordcraft"))
    for step in lesson.tutorial.steps[:-1]:
        lesson.move(step.play)
    outcome = lesson.move({"type": "word", "word": "quiet", "achievements": ["A9"]})
    assert not outcome.accepted and outcome.code == "ambiguous-spelling"
    assert ["qu", "u", "i", "e", "t"] in outcome.details["choices"]
