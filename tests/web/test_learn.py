"""Learn to play in the browser: the lobby starts the Wordsmith tutorial, whose steps are
followed on the game's own board, with a refused move explained in the tutorial's words."""

from __future__ import annotations

from typing import Any

from crafthall.tutorial import load
from tests.web.conftest import Server, shot


def _step(page: Any, number: int) -> None:
    page.wait_for_selector(f"#learn-step h2:text-is('Step {number} of 7')")


def _claim(page: Any, word: str) -> None:
    page.fill("#ws-word", word)
    page.press("#ws-word", "Enter")


def test_the_wordsmith_tutorial_from_the_lobby(page: Any, server: Server) -> None:
    steps = load("wordsmith").steps
    page.goto(server.base)
    page.click("#learn-wordsmith")
    page.wait_for_url("**/t/learn-*")
    _step(page, 1)
    assert "Claim BAG" in page.inner_text("#learn-step")

    _claim(page, "hats")  # not buildable from the pool: refused, in the tutorial's words
    note = page.wait_for_selector(".refusal.live")
    assert steps[0].wrong in note.inner_text() and "HATS needs" in note.inner_text()
    _step(page, 1)

    _claim(page, "bag")
    _step(page, 2)
    assert steps[0].after in page.inner_text("#learn-said")
    assert page.locator(".refusal.live").count() == 0

    _claim(page, "gab")  # only BAG's letters moved around
    note = page.wait_for_selector(".refusal.live")
    assert steps[1].wrong in note.inner_text()

    _claim(page, "cast")
    _step(page, 3)
    page.click("#ws-roll")
    _step(page, 4)
    assert "You rolled red" in page.inner_text("#learn-said")
    shot(page, "learn-wordsmith")

    page.reload()  # the lesson is kept by the server: the page comes back at the same step
    _step(page, 4)
