"""Pages of the variants: Wordcraft teams, Wordsmith Word by Word and Advanced, and the
Enchanted Grid's final scramble; each is opened mid-game, a move is made from the page (the teams
page is checked as it stands), and a screenshot is saved."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page, shot
from tests.web.helpers import advance, no_sideways_scroll


def _moves(page: Any) -> int:
    count: int = page.locator("#log li").count()
    return count


def _logged_after(page: Any, before: int) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")


def test_wordcraft_teams(page: Any, server: Server) -> None:
    made = server.create(
        {
            "game": "wordcraft",
            "seats": seats("Ann", "bot", "bot", "bot"),
            "seed": 7,
            "options": {"teams": [[0, 2], [1, 3]]},
        }
    )
    advance(server, made, 2)
    seat_page(page, server, made)
    sides = page.inner_text(".wc-sides")
    assert "Team 1" in sides and "Team 2" in sides
    assert page.locator("#scores tbody tr").count() == 4
    no_sideways_scroll(page)
    shot(page, "wordcraft-teams")


def test_wordsmith_word_by_word(page: Any, server: Server) -> None:
    made = server.create(
        {
            "game": "wordsmith",
            "seats": seats("Ann", "bot"),
            "seed": 3,
            "options": {"mode": "word-by-word"},
        }
    )
    advance(server, made, 2)
    seat_page(page, server, made)
    assert "Word by Word" in page.inner_text(".board-info")
    no_sideways_scroll(page)
    shot(page, "wordsmith-word-by-word")
    page.wait_for_selector("#turn.mine")
    before = _moves(page)
    if page.locator(".ws-takes button").count():
        page.click(".ws-takes button >> nth=0")
    else:
        page.click("#ws-pass")
    _logged_after(page, before)


def test_wordsmith_advanced_asks_for_a_line(page: Any, server: Server) -> None:
    made = server.create(
        {
            "game": "wordsmith",
            "seats": seats("Ann", "bot"),
            "seed": 3,
            "options": {"advanced": True},
        }
    )
    seat_page(page, server, made)
    page.wait_for_selector("#ws-line")
    assert page.is_visible("#ws-line")
    lines = page.eval_on_selector_all("#ws-line option", "els => els.map((e) => e.textContent)")
    assert len(lines) == 6 and lines[0].startswith("line 1 (")
    assert "Letters per line" in page.inner_text(".board-info")
    page.fill("#ws-word", "qqqq")
    page.press("#ws-word", "Enter")
    said = page.wait_for_selector("#ws-bar + .refusal").inner_text()
    assert said.strip().endswith((".", ")"))
    shot(page, "wordsmith-advanced")


def _scramble(update: dict[str, Any]) -> bool:
    return update["view"]["phase"] == "scramble" and 0 in update["active"]


def test_enchanted_grid_scramble(page: Any, server: Server) -> None:
    made = server.create({"game": "enchanted-grid", "seats": seats("Ann", "bot"), "seed": 5})
    latest = advance(server, made, 100_000, until=_scramble)
    if latest["table"]["status"] == "finished":
        return  # no word was left for a scramble with this shuffle (the seed keeps one)
    seat_page(page, server, made)
    assert "Final scramble" in page.inner_text(".board-info")
    shot(page, "enchanted-grid-scramble")
    before = _moves(page)
    claims = page.locator("#eg-bar button:not(#eg-pass)")
    if claims.count():
        claims.first.click()
    else:
        page.click("#eg-pass")
    _logged_after(page, before)
