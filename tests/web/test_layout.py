"""Every game's page mid-game, at desktop and phone width: nothing scrolls sideways, the score
sheet keeps its columns in view with a 32-character name, and the status bar (always on
screen) shows your score, the player to act and the clocks; a spectator is given no control.
The games are the registry's. Screenshots: GAME-1280.png and GAME-390.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.helpers import available_real_games, seats
from tests.web.conftest import Server
from tests.web.helpers import (
    LONG_NAME,
    PHONE,
    advance,
    both_sizes,
    no_controls,
    no_sideways_scroll,
)

CLOCK = {"initial": 600, "increment": 5}
SEED = 5


@pytest.mark.parametrize("game", available_real_games())
def test_every_game_mid_game_fits_desktop_and_phone(page: Any, server: Server, game: str) -> None:
    made = server.create(
        {"game": game, "seats": seats(LONG_NAME, "bot"), "clock": CLOCK, "seed": SEED}
    )
    advance(server, made, 4)
    both_sizes(page, server, made, game)
    # The status bar: my score and my clock, whose turn it is.
    me = page.inner_text("#status-me")
    assert "You" in me and "pts" in me
    clocks = "[...document.querySelectorAll('#glance .clock')]"
    page.wait_for_function(f"() => {clocks}.some((c) => /\\d:\\d\\d/.test(c.textContent))")
    assert page.locator("#status-turn .seat-chip").count() >= 1
    # Scrolled to the bottom of a phone page, the status bar is still on screen.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    top = page.evaluate("() => document.querySelector('#glance').getBoundingClientRect().top")
    assert 0 <= top < PHONE["height"]


@pytest.mark.parametrize("game", available_real_games())
def test_a_spectator_has_no_controls(page: Any, server: Server, game: str) -> None:
    made = server.create({"game": game, "seats": seats("Ann", "bot"), "seed": SEED})
    page.goto(f"{server.base}/t/{made['table']['id']}")
    page.wait_for_selector("#board:not([hidden]) > *")
    assert page.inner_text("#status-me") == "Watching"
    no_controls(page)
    no_sideways_scroll(page)
