"""The table's own tools, in a real browser: undo a move, leave a seat to a bot, the clocks on
the score sheet. One browser holds both seats' tokens (as when two people share a screen)."""

from __future__ import annotations

import re
from typing import Any

from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page, shot

CUT = ("0,2", "3,2")
"""A legal first cut of the Sword Crafters grid (see test_games.py)."""


def _two_people(server: Server, **spec: Any) -> dict[str, Any]:
    return server.create(
        {
            "game": "swordcrafters",
            "seats": seats("Ann", "Ben"),
            "seed": 5,
            "fixed": {"first_player": 0},
            **spec,
        }
    )


def _cut(page: Any) -> None:
    for point in CUT:
        page.click(f"circle[data-point='{point}']")


def test_a_move_taken_back_on_the_page(page: Any, server: Server) -> None:
    seat_page(page, server, _two_people(server))
    page.wait_for_selector("#turn.mine")
    assert page.is_disabled("#undo")  # nothing to take back yet
    groups = page.locator(".sc-group").count()
    _cut(page)
    page.wait_for_function(f"() => document.querySelectorAll('.sc-group').length > {groups}")
    page.wait_for_selector("#undo:not([disabled])")
    page.click("#undo")
    page.wait_for_selector("#log li.log-undo")
    assert "Ann took back a move." in page.inner_text("#log li.log-undo")
    page.wait_for_function(f"() => document.querySelectorAll('.sc-group').length === {groups}")
    page.wait_for_selector("#turn.mine")
    page.wait_for_selector("#undo[disabled]")
    assert page.locator(".refusal.live").count() == 0


def test_leaving_hands_the_seat_to_a_bot(page: Any, server: Server) -> None:
    made = _two_people(server)
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    page.once("dialog", lambda dialog: dialog.accept())  # "Leave this game for good?"
    page.click("button:has-text('Leave')")
    page.wait_for_selector("#log li.log-zombie")
    assert "plays for Ann from now on (they left)" in page.inner_text("#log li.log-zombie")
    page.wait_for_selector("#turn.zombie")
    assert "bot now" in page.inner_text("#scores tbody tr:nth-child(1)")
    assert "bot now" not in page.inner_text("#scores tbody tr:nth-child(2)")
    # The seat's own tools are gone, and the bot moved for Ann: Ben is to play.
    assert page.locator("#undo").count() == 0
    assert page.locator("button:has-text('Leave')").count() == 0
    page.wait_for_selector("#scores tbody tr:nth-child(2).active")
    shot(page, "left-to-a-bot")


def test_the_clocks_on_the_score_sheet(page: Any, server: Server) -> None:
    seat_page(page, server, _two_people(server, clock={"initial": 600, "increment": 5}))
    page.wait_for_selector("#turn.mine")
    # Each clock sits under its player's name.
    ann = "#scores .clock[data-seat='0']"
    ben = "#scores .clock[data-seat='1']"
    page.wait_for_function(
        f'() => /^\\d+:\\d\\d$/.test(document.querySelector("{ann}").textContent)'
    )
    # Ann's clock runs while she thinks; Ben's stands still until his turn. (How far hers
    # has run depends on how long the page took to come up: anything under 10:00.)
    page.wait_for_function(f"() => document.querySelector(\"{ann}\").textContent !== '10:00'")
    assert page.inner_text(ben) == "10:00"
    assert re.fullmatch(r"\d:[0-5]\d", page.inner_text(ann))
