"""Every game's page mid-game, at desktop and phone width: nothing scrolls sideways, the score
sheet keeps its columns in view with a 32-character name, and the status bar (always on
screen) shows your score, the player to act and the clocks. Screenshots: GAME-1280.png and
GAME-390.png."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page
from tests.web.helpers import LONG_NAME, PHONE, advance, both_sizes, no_sideways_scroll

CLOCK = {"initial": 600, "increment": 5}
GAMES: dict[str, dict[str, Any]] = {
    "wordcraft": {"seed": 7},
    "wordsmith": {"seed": 3},
    "swordcrafters": {"seed": 5, "fixed": {"first_player": 0}},
    "evocabulary": {"seed": 5},
    "enchanted-grid": {"seed": 5},
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_mid_game_fits_desktop_and_phone(page: Any, server: Server, game: str) -> None:
    made = server.create(
        {"game": game, "seats": seats(LONG_NAME, "bot"), "clock": CLOCK, **GAMES[game]}
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


def test_a_spectator_sees_no_action_bar(page: Any, server: Server) -> None:
    made = server.create({"game": "wordcraft", "seats": seats("Ann", "bot"), "seed": 7})
    page.goto(f"{server.base}/t/{made['table']['id']}")
    page.wait_for_selector("#board:not([hidden]) .wc-card")
    assert page.inner_text("#status-me") == "Watching"
    assert not page.is_visible("#wc-bar")
    assert page.locator(".wc-ach input[type=checkbox]").count() == 0
    no_sideways_scroll(page)


def test_seat_page_after_game_over_hides_the_bars(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "seed": 3})
    advance(server, made, 10_000)
    seat_page(page, server, made)
    page.wait_for_selector("#end:not([hidden])")
    page.click("#close-end")
    assert not page.is_visible("#ws-bar")
    assert "over" in page.inner_text("#turn")
