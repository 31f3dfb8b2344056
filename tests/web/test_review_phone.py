"""The review on a 390 px phone: every part of it on the card and the card on the screen (the
summary, the chart, the board of a move, the Close button), and axe finds nothing serious on
it at either width, light or dark."""

from __future__ import annotations

from typing import Any

from tests.patience import LONG_WORK
from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page, shot
from tests.web.helpers import DESKTOP, PHONE, advance, no_sideways_scroll
from tests.web.test_accessibility import axe_source, no_serious_violations

__all__ = ["axe_source"]  # a fixture of this module's tests

PARTS = (
    "#review-title",
    "#review-summary",
    ".review-notes",
    "#review-chart",
    "#review-legend",
    "#review-reading",
    "#review-position",
    ".review-stepper",
    "#review-caption",
    "#review-moves",
    "#review-close",
)


def _inside(page: Any, selector: str, outer: dict[str, float]) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["x"] >= outer["x"] - 0.5, f"{selector} starts left of its card: {box} {outer}"
    right, outer_right = box["x"] + box["width"], outer["x"] + outer["width"]
    assert right <= outer_right + 0.5, f"{selector} runs off its card: {box} {outer}"


def test_the_review_fits_a_phone(page: Any, server: Server, axe_source: str) -> None:
    made = server.create({"game": "wordcraft", "seats": seats("Ann", "bot:greedy"), "seed": 3})
    advance(server, made, 100_000)
    page.set_viewport_size(PHONE)
    seat_page(page, server, made)
    page.wait_for_selector("#end:not([hidden]) #end-review")
    page.click("#end-review")
    page.wait_for_selector("#review-summary", timeout=LONG_WORK * 1000)
    page.wait_for_selector("#review-caption[data-move]")
    card = page.locator("#review .review-card").bounding_box()
    assert card is not None
    screen = {"x": 0.0, "y": 0.0, "width": PHONE["width"], "height": PHONE["height"]}
    _inside(page, "#review .review-card", screen)
    for part in PARTS:
        _inside(page, part, card)
    # The Close button whole, on the card and on the screen, once scrolled to.
    page.locator("#review-close").scroll_into_view_if_needed()
    close = page.locator("#review-close").bounding_box()
    card = page.locator("#review .review-card").bounding_box()
    assert close is not None and card is not None
    assert card["y"] <= close["y"] and close["y"] + close["height"] <= card["y"] + card["height"]
    assert close["y"] + close["height"] <= PHONE["height"]
    no_sideways_scroll(page)
    shot(page, "wordcraft-review-390")
    no_serious_violations(page, axe_source)
    page.emulate_media(color_scheme="dark")
    no_serious_violations(page, axe_source)
    page.set_viewport_size(DESKTOP)
    no_serious_violations(page, axe_source)
    page.emulate_media(color_scheme="light")
    no_serious_violations(page, axe_source)
    shot(page, "wordcraft-review-1280")
