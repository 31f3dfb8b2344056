"""``crafthall learn``: a tutorial followed in the terminal, with a refused move explained."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console

from crafthall.cli.learn import learn
from crafthall.cli.main import main
from crafthall.tutorial import load


def typist(lines: list[str]) -> Callable[[str], str]:
    given: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(given)
        except StopIteration:
            raise EOFError from None

    return read


def test_the_wordsmith_tutorial_in_the_terminal() -> None:
    steps = load("wordsmith").steps
    typed = ["show", "help", "claim hats", "what now", *[step.typed for step in steps]]
    out = io.StringIO()
    assert learn("wordsmith", Console(file=out, width=100), typist(typed)) == 0
    text = out.getvalue()
    assert f"Step {len(steps)} of {len(steps)}" in text
    assert "Type: claim bag" in text  # show
    assert "Commands:" in text  # the game's own help
    assert "HATS needs" in text  # the rules' reason for the refusal ...
    assert "Claim BAG (type: claim bag)" in text  # ... and the tutorial's
    assert "Well done" in text and "crafthall play wordsmith" in text


def test_stopping_early_says_how_to_start_over() -> None:
    out = io.StringIO()
    assert learn("wordcraft", Console(file=out, width=100), typist(["quit"])) == 1
    assert "Step 1 of" in out.getvalue() and "Stopped" in out.getvalue()


def test_learn_is_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "no-such-game"]) == 2
    assert "There is no game called" in capsys.readouterr().err


def test_without_a_game_the_tutorials_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn"]) == 0
    said = capsys.readouterr().out
    assert "enchanted-grid" in said and "SAT spell" in said and "crafthall learn GAME" in said
