"""Every other game's page: opened, a move the rules refuse (its sentence seen on the page next
to where the player acted) and a legal move; a screenshot of each table page."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page, shot


def _refused(page: Any, near: str) -> str:
    note = page.wait_for_selector(f"{near} + .refusal")
    text: str = note.inner_text().strip()
    assert text.endswith((".", ")", "!")), text
    return text


def _moves(page: Any) -> int:
    count: int = page.locator("#log li").count()
    return count


def _accepted(page: Any, before: int) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    assert page.locator(".refusal.live").count() == 0


def test_wordsmith(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "seed": 3})
    seat_page(page, server, made)
    page.wait_for_selector(".ws-letter")
    page.fill("#ws-word", "qqqq")
    page.press("#ws-word", "Enter")
    _refused(page, "#ws-bar")
    before = _moves(page)
    page.click("#ws-roll")
    _accepted(page, before)
    # The connection drops: the page reconnects by itself and play goes on.
    page.evaluate("() => window.crafthallTable.live.ws.close()")
    page.wait_for_selector("#conn.offline, #conn.connecting")
    page.wait_for_selector("#conn.live")
    before = _moves(page)
    if page.locator(".ws-takes button").count():
        page.click(".ws-takes button >> nth=0")
    else:
        page.click("#ws-roll")
    _accepted(page, before)
    shot(page, "wordsmith")


def test_wordsmith_secret_sheets_of_others_stay_hidden(page: Any, server: Server) -> None:
    made = server.create(
        {"game": "wordsmith", "seats": seats("Ann", "Bo"), "seed": 3, "options": {"secret": True}}
    )
    seat_page(page, server, made)
    hidden = page.wait_for_selector(".ws-sheet:not(.mine) .ws-hidden")
    assert "hidden until scoring" in hidden.inner_text()
    assert page.locator(".ws-sheet.mine .ws-lines li").count() == 6


def test_swordcrafters(page: Any, server: Server) -> None:
    made = server.create(
        {
            "game": "swordcrafters",
            "seats": seats("Ann", "bot"),
            "seed": 5,
            "fixed": {"first_player": 0},
        }
    )
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    # Along the grid's top edge: refused.
    page.click("circle[data-point='0,0']")
    page.click("circle[data-point='0,4']")
    _refused(page, "#sc-grid")
    before = _moves(page)
    page.click("circle[data-point='0,2']")
    page.hover("circle[data-point='3,2']")
    page.wait_for_selector(".sc-preview[visibility='visible']", state="attached")  # drawn
    page.click("circle[data-point='3,2']")
    _accepted(page, before)
    page.wait_for_function("() => document.querySelectorAll('.sc-group').length >= 2")
    shot(page, "swordcrafters")


def _evocabulary_table(page: Any, server: Server) -> None:
    """Ann, first, holding S A T E R O N, against a bot."""
    made = server.create(
        {
            "game": "evocabulary",
            "seats": seats("Ann", "bot"),
            "seed": 5,
            "fixed": {"hands": [["s", "a", "t", "e", "r", "o", "n"], None], "first": 0},
        }
    )
    seat_page(page, server, made)
    page.wait_for_selector(".evo-hand-card")


def test_evocabulary(page: Any, server: Server) -> None:
    _evocabulary_table(page, server)
    page.fill("#evo-word", "xyzzy")
    page.press("#evo-word", "Enter")
    _refused(page, "#evo-bar")
    before = _moves(page)
    page.fill("#evo-word", "sat")
    page.press("#evo-word", "Enter")
    _accepted(page, before)
    # The team activates: its actions are offered as buttons.
    page.wait_for_selector("#evo-activation button")
    page.wait_for_selector(".evo-spell:has-text('SAT')")
    shot(page, "evocabulary")


def test_enchanted_grid(page: Any, server: Server) -> None:
    made = server.create(
        {
            "game": "enchanted-grid",
            "seats": seats("Ann", "bot"),
            "seed": 5,
        }
    )
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    page.click(".eg-hand-card >> nth=0")
    page.click(".eg-cell[data-at='1,0']")  # the first card must go in the middle
    _refused(page, "#eg-board")
    before = _moves(page)
    page.click(".eg-cell[data-at='0,0']")  # the card stays chosen after a refusal
    _accepted(page, before)
    page.wait_for_selector("#turn.mine")  # the bot answered
    shot(page, "enchanted-grid")


def test_evocabulary_modify_that_only_removes_a_letter(page: Any, server: Server) -> None:
    _evocabulary_table(page, server)
    page.fill("#evo-word", "rate")
    page.press("#evo-word", "Enter")
    page.wait_for_selector(".evo-spell:has-text('RATE')")
    page.click("#evo-activation button:has-text('End the activation')")
    page.wait_for_selector("#turn.mine")  # the bot has played its turn
    before = _moves(page)
    page.fill("#evo-word", "ate")
    page.select_option("#evo-modify-team", "4")
    page.click("#evo-modify")
    _accepted(page, before)
    page.wait_for_selector(".evo-spell:has-text('ATE')")
    # the letter taken out is discarded, and the log says so
    page.wait_for_selector("#log li:has-text('modified ATE at team 3, discarding R')")
