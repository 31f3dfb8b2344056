"""Wordcraft's Qu card: typing QUIET offers both spellings (Qu·I·E·T, 4 cubes, and
Qu·U·I·E·T, 5), the achievements follow the one chosen and it is the one played; clicking
Qu, U, I, E, T spells QUIET; the achievement cards explain their 1▪3 tables; a word never
gets more achievements ticked for it than the cubes left pay for."""

from __future__ import annotations

from typing import Any

from crafthall.lexicon import load
from tests.games.wordcraft.helpers import EXAMPLE_ACHIEVEMENTS, QUIET_GRID
from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page
from tests.web.helpers import advance


def _quiet_table(page: Any, server: Server) -> None:
    made = server.create(
        {
            "game": "wordcraft",
            "seats": seats("Ann", "bot"),
            "fixed": {
                "grids": [QUIET_GRID] * 3,
                "achievements": EXAMPLE_ACHIEVEMENTS,  # A9: exactly 5 cubes
                "first_player": 0,
            },
        }
    )
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")


def _ticked(page: Any, card: str) -> bool:
    return page.get_attribute(f".wc-ach[data-id='{card}']", "aria-checked") == "true"


def test_typing_quiet_offers_both_spellings(page: Any, server: Server) -> None:
    _quiet_table(page, server)
    assert "1 cube scores 3 EP" in page.inner_text("#board")  # what 1▪3 means
    page.fill("#wc-word", "quiet")
    choices = page.locator(".wc-spelling")
    assert choices.count() == 2
    assert "(4 cubes)" in choices.nth(0).inner_text()
    assert not _ticked(page, "A9")
    page.click(".wc-spelling:has-text('5 cubes')")
    assert _ticked(page, "A9")  # exactly 5 cubes, with the Qu·U spelling
    assert "5 cubes" in page.inner_text(".board-note")
    page.click("#wc-play")
    page.wait_for_selector("#log li:has-text('QUIET'):has-text('5 cubes on letters, 1 on A9')")


def test_clicking_qu_then_u_spells_quiet(page: Any, server: Server) -> None:
    _quiet_table(page, server)
    for card in ("qu", "u", "i", "e", "t"):
        page.click(f".wc-card[data-card='{card}']")
    assert page.input_value("#wc-word") == "quiet"
    assert "5 cubes" in page.inner_text(".board-note")
    assert _ticked(page, "A9")
    assert "5 cubes" in page.inner_text(".wc-spelling.chosen")


def _low_on_cubes(update: dict[str, Any]) -> bool:
    view = update["view"]
    return view["phase"] == "play" and 0 in update["active"] and view["sides"][0]["supply"] <= 6


def test_no_achievement_is_ticked_beyond_the_cubes_left(page: Any, server: Server) -> None:
    made = server.create({"game": "wordcraft", "seats": seats("Ann", "bot"), "seed": 11})
    latest = advance(server, made, 500, seed=4, until=_low_on_cubes)
    if not _low_on_cubes(latest):
        return  # the random game ended first: nothing to check at this seed
    supply = latest["view"]["sides"][0]["supply"]
    seat_page(page, server, made)
    page.wait_for_selector("#turn.mine")
    cards = page.eval_on_selector_all(".wc-card", "els => els.map(e => e.dataset.card)")
    words = load("standard").words_from_letters(cards, reusable=True, min_length=3)
    tried = 0
    for word in [w for w in words if w.isalpha() and "q" not in w and len(w) <= supply][:30]:
        page.fill("#wc-word", word)
        ticked = page.locator(".wc-ach[aria-checked=true]").count()
        assert len(word) + ticked <= supply, (word, ticked, supply)
        tried += 1
    assert tried
