"""Evocabulary's page: activation buttons say the action and its gain ("Publish SENATOR +7,
claims len7 +9"), a pass is always in view, discarding with no letter chosen says what to do,
and the activation bar is gone for a spectator."""

from __future__ import annotations

import re
from typing import Any

from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page, shot


def _table(page: Any, server: Server) -> dict[str, Any]:
    made = server.create(
        {
            "game": "evocabulary",
            "seats": seats("Ann", "bot"),
            "seed": 5,
            "fixed": {"hands": [["s", "e", "n", "a", "t", "o", "r"], None], "first": 0},
        }
    )
    seat_page(page, server, made)
    page.wait_for_selector(".evo-hand-card")
    return made


def test_publishing_says_what_it_gains(page: Any, server: Server) -> None:
    _table(page, server)
    assert page.is_visible("#evo-draw") and "Pass" in page.inner_text("#evo-draw")
    page.click("#evo-discard")  # no letter chosen: the page says what to do
    said = page.wait_for_selector("#evo-bar + .refusal").inner_text()
    assert "click the letter" in said
    page.fill("#evo-word", "senator")
    page.press("#evo-word", "Enter")
    page.wait_for_selector("#evo-activation button")
    labels = page.eval_on_selector_all(
        "#evo-activation button", "els => els.map(e => e.textContent)"
    )
    assert "Your team 6+ activates" in page.inner_text("#evo-activation")
    assert any(re.search(r"Publish SENATOR \+7 \(leader\)", label) for label in labels)
    assert any(
        re.search(r"Publish SENATOR \+\d+, claims len7 \(leader\)", label) for label in labels
    )
    assert any("claims syl3 ×" in label for label in labels)  # a multiplier names its letter
    assert "End the activation" in labels
    shot(page, "evocabulary-activation")
    before = page.locator("#log li").count()
    page.click("#evo-activation button:has-text('claims len7')")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    assert "published SENATOR" in page.inner_text("#log")


def test_a_spectator_sees_no_activation_bar(page: Any, server: Server) -> None:
    made = server.create({"game": "evocabulary", "seats": seats("bot", "bot"), "seed": 5})
    page.goto(f"{server.base}/t/{made['table']['id']}")
    page.wait_for_selector("#board:not([hidden]) .evo-wizard")
    assert not page.is_visible("#evo-activation")
    assert not page.is_visible("#evo-bar")
