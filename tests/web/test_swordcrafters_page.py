"""Sword Crafters: the crafting hint follows the hand (no "green: now click a side" once the
last green tile is slotted); a refused cut shows under the grid and the Magic cards."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page
from tests.web.helpers import advance

SPEC = {"game": "swordcrafters", "seats": seats("Ann", "bot"), "fixed": {"first_player": 0}}


def _crafting(update: dict[str, Any]) -> bool:
    view = update["view"]
    return view["phase"] == "craft" and 0 in update["active"] and bool(view["hands"][0])


def test_the_crafting_hint_follows_the_hand(page: Any, server: Server) -> None:
    made = server.create(SPEC)
    latest = advance(server, made, 200, until=_crafting)
    assert _crafting(latest)
    hand: list[str] = latest["view"]["hands"][0]
    gem = hand[0]
    seat_page(page, server, made)
    for _ in range(hand.count(gem)):
        page.click(f".sc-hand[aria-label='tile {gem}'] >> nth=0")
        assert f"{gem}: now" in page.inner_text("#sc-actions .sc-say")
        before = page.locator("#log li").count()
        page.click(".sc-plus.target >> nth=0")
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
        page.wait_for_selector("#turn.mine")  # the bot may craft in between
    assert page.locator(f".sc-hand[aria-label='tile {gem}']").count() == 0
    if page.locator("#sc-actions .sc-say").count():
        assert gem not in page.inner_text("#sc-actions .sc-say")


def test_a_refused_cut_leaves_the_magic_cards_beside_the_grid(page: Any, server: Server) -> None:
    made = server.create({**SPEC, "seed": 5})
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    top = page.evaluate("() => document.querySelector('.sc-aside').getBoundingClientRect().top")
    page.click("circle[data-point='0,0']")
    page.click("circle[data-point='0,4']")  # along the edge: refused
    page.wait_for_selector("#sc-grid + .refusal")
    after = page.evaluate("() => document.querySelector('.sc-aside').getBoundingClientRect().top")
    assert after == top
