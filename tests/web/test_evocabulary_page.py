"""Evocabulary's page: the activation asks one decision at a time, the best option first and
focused, each with what it gains ("claims len7 +16" before "no achievement +7"), its places
marked on the board; a pass is always in view, discarding with no letter picked says what to
do, and the activation bar is gone for a spectator."""

from __future__ import annotations

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


def _options(page: Any) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        "#evo-activation .evo-option", "els => els.map(e => e.textContent)"
    )
    return found


def _focused_option(page: Any) -> str:
    page.wait_for_function("() => document.activeElement.matches('.evo-option')")
    text: str = page.evaluate("() => document.activeElement.textContent")
    return text


def test_the_activation_offers_the_best_choice_first(page: Any, server: Server) -> None:
    _table(page, server)
    assert page.is_visible("#evo-draw") and "Pass" in page.inner_text("#evo-draw")
    page.click("#evo-discard")  # no letter picked: the page says what to do
    said = page.wait_for_selector("#evo-bar + .refusal").inner_text()
    assert "pick the one letter" in said
    page.fill("#evo-word", "senator")
    page.press("#evo-word", "Enter")
    page.wait_for_selector("#evo-activation .evo-option")
    assert "Your team 6+ activates" in page.inner_text("#evo-activation")
    # Which card acts: the leader's publish, its best gain shown, focused; the end comes last.
    assert _focused_option(page) == "☰ publish (leader)+16"
    assert _options(page) == ["☰ publish (leader)+16", "End the activation"]
    page.keyboard.press("Enter")
    # Which achievement: SENATOR (+7) claims len7 (its top card, 9 points) before syl3 (×3 on
    # a letter of 1 point), and publishing with no claim comes last.
    page.wait_for_selector("#evo-asks:has-text('achievement')")
    assert _options(page) == [
        "claims len7: a spell of exactly 7 letters+16",
        "claims syl3: a spell of 3 or more syllables+9",
        "no achievement+7",
    ]
    assert _focused_option(page).startswith("claims len7")
    marked = page.eval_on_selector_all("#board .target", "els => els.map(e => e.dataset.key)")
    assert sorted(marked) == ["plen7", "psyl3"]  # the piles it may claim, on the board
    shot(page, "evocabulary-activation")
    page.click("#evo-back")
    page.wait_for_selector("#evo-asks:has-text('which card acts')")
    page.keyboard.press("Enter")
    before = page.locator("#log li").count()
    page.click("[data-key='plen7']")  # the pile itself takes the choice, as its button would
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    assert "published SENATOR" in page.inner_text("#log")
    assert "len7" in page.inner_text(".evo-wizard.mine")


def test_a_spectator_sees_no_activation_bar(page: Any, server: Server) -> None:
    made = server.create({"game": "evocabulary", "seats": seats("bot", "bot"), "seed": 5})
    page.goto(f"{server.base}/t/{made['table']['id']}")
    page.wait_for_selector("#board:not([hidden]) .evo-wizard")
    assert not page.is_visible("#evo-activation")
    assert not page.is_visible("#evo-bar")
