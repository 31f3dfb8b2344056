"""Every game's tutorial plays through with its expected moves, and one wrong move per step is
refused, explained in the tutorial's words, and changes nothing."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from crafthall.engine.data import Action, clone
from crafthall.engine.errors import SetupError
from crafthall.games import entry, folder, names
from crafthall.tutorial import Lesson, Tutorial, available, load, matches
from crafthall.tutorial.lesson import ALLOWED
from crafthall.tutorial.model import STEP_WORDS

TERMINAL = re.compile(
    r"\btype\b\s*:|\(type\b|\btype help\b|crafthall \w+|marked \*|\s\*\s|drawn as dots"
    r"|\b-?\d+,-?\d+\b|(?<![\w?])[@=?][a-z]\b|\w=\w"
)
"""Terminal wording: what to type, the terminal's marks (``*``, dots), cells by coordinates
the board does not show, the typed card tokens (``@s``, ``=a``, ``?e``) and option syntax."""


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


def _logged(lesson: Lesson, action: Action) -> str:
    """The game's log sentence for ``action`` by the learner, made on a copy of the table."""
    events = lesson.match.game.apply(clone(lesson.match.state), lesson.learner, action)
    text = entry(lesson.tutorial.game).text(lesson.match.game, lesson.tutorial.seats)
    return next(s for s in (text.say(lesson.learner, e) for e in events) if s)


@pytest.mark.parametrize("screen", [False, True])
@pytest.mark.parametrize("game", names())
def test_a_legal_move_other_than_the_wrong_one_hears_what_it_does_and_what_the_step_asks(
    game: str, screen: bool
) -> None:
    """``wrong`` gives the reason the ``try`` move fails; any other legal move hears what it
    would do, in the game's own sentence (the log's), that the rules allow it and what the
    step asks, never a reason written for another move."""
    lesson = Lesson(load(game), screen=screen)
    heard = 0
    while (step := lesson.step) is not None:
        legal = lesson.match.legal_actions(lesson.learner)
        other = [
            action
            for action in legal
            if not any(matches(action, pattern) for pattern in step.expect)
            and not matches(action, step.trial)
        ]
        if other:
            said = _logged(lesson, other[0])
            refused = lesson.move(other[0])
            assert not refused.accepted and refused.rule == ""
            assert refused.text == f"{said} {ALLOWED} {step.asks(screen)}"
            assert step.words("wrong", screen) not in refused.text
            heard += 1
        assert lesson.move(step.play).accepted
    assert heard, "some step of every tutorial has another legal move"


def test_an_illegal_move_other_than_the_wrong_one_hears_the_rules_and_the_step() -> None:
    lesson = Lesson(load("swordcrafters"))
    outcome = lesson.move({"type": "slice", "from": [2, 0], "to": [2, 2]})
    assert not outcome.accepted and outcome.rule
    assert outcome.text == lesson.tutorial.steps[0].asks()
    assert "stopping halfway" not in outcome.text
    on_screen = Lesson(load("swordcrafters"), screen=True)
    outcome = on_screen.move({"type": "slice", "from": [2, 0], "to": [2, 2]})
    assert outcome.rule and outcome.text == on_screen.tutorial.steps[0].words("text", True)


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


def _screen_words(game: str) -> dict[str, str]:
    tutorial = load(game)
    found = {name: tutorial.words(name, screen=True) for name in ("intro", "outro")}
    for step in tutorial.steps:
        found |= {f"step {step.number} {n}": step.words(n, screen=True) for n in STEP_WORDS}
    return found


@pytest.mark.parametrize("game", names())
def test_no_terminal_wording_reaches_the_screen(game: str) -> None:
    for where, text in _screen_words(game).items():
        assert not TERMINAL.search(text), f"{game} {where}: {text}"
    assert "Play a real game below" in load(game).words("outro", screen=True)


def test_the_terminal_keeps_its_wording() -> None:
    tutorial = load("enchanted-grid")
    first = tutorial.steps[0]
    assert TERMINAL.search(first.wrong) and TERMINAL.search(first.asks())
    assert "Type: place U 0,0" in first.asks()
    assert not TERMINAL.search(first.asks(screen=True))
    assert "crafthall play enchanted-grid" in tutorial.outro


@pytest.mark.parametrize("game", names())
def test_on_screen_the_tutorial_plays_through_in_the_screens_words(game: str) -> None:
    lesson = Lesson(load(game), screen=True)
    while (step := lesson.step) is not None:
        refused = lesson.move(step.trial)
        assert not refused.accepted and refused.text == step.words("wrong", True)
        done = lesson.move(step.play)
        assert done.accepted and done.text == step.words("after", True)
    assert lesson.move({"type": "pass"}).text.endswith(lesson.tutorial.words("outro", True))


def test_the_screen_words_only_a_steps_texts() -> None:
    data: dict[str, Any] = json.loads((folder("wordcraft") / "tutorial.json").read_text())
    data["steps"][0]["screen"] = {"typed": "tree"}
    with pytest.raises(SetupError, match="'screen' words only look, text, wrong, after, not typed"):
        Tutorial.from_json("wordcraft", data)
