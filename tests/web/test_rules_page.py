"""The players' rules pages in the browser: opened from the lobby and from a table, each game's
page with the rulebook's sections, "How this table reads the rules" and its components drawn on
the game's own board; an unknown game's page says so and lists the games; axe-core finds no
serious violation at desktop and phone width, light and dark."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from crafthall.games import entry
from crafthall.tutorial.rules_pages import READING, players_page
from tests.server.helpers import available_real_games, seats
from tests.web.conftest import Server, seat_page, shot
from tests.web.helpers import PHONE
from tests.web.test_accessibility import axe_source, no_serious_violations

__all__ = ["axe_source"]  # the fixture, for the tests below


def _drawn(page: Any) -> None:
    """The page is whole: the rules and the components on the game's board."""
    page.wait_for_selector("#rules-board[data-drawn]")
    drawn = page.get_attribute("#rules-board", "data-drawn")
    assert drawn == "yes", page.inner_text("#rules-board")
    no_sideways = page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
    assert no_sideways, "the page scrolls sideways"


def test_the_lobby_opens_each_games_rules(page: Any, server: Server) -> None:
    page.goto(server.base)
    page.click("#rules-wordcraft")
    page.wait_for_url("**/rules/wordcraft")
    _drawn(page)
    assert page.inner_text("h1") == "Wordcraft: the rules"
    assert page.inner_text("#interpretations") == READING
    for section in players_page("wordcraft").sections:
        assert page.locator(f"h2#{section.id}").count() == 1
    # The sections for programs are folded away; the contents lead to every section.
    assert not page.locator("#for-programs").evaluate("d => d.open")
    page.click("#contents a[href='#interpretations']")
    assert page.evaluate("() => location.hash") == "#interpretations"
    # The components: the tutorial's grid of letter cards, as the table draws it.
    assert page.locator("#rules-board .wc-grid [data-card]").count() == 12
    shot(page, "rules-wordcraft")


def test_a_table_links_to_its_games_rules(page: Any, server: Server) -> None:
    made = server.create({"game": "swordcrafters", "seats": seats("Ann", "bot")})
    seat_page(page, server, made)
    link = page.locator("#rules-link")
    assert link.get_attribute("href") == "/rules/swordcrafters"
    page.goto(server.base + link.get_attribute("href"))
    _drawn(page)
    assert page.inner_text("h1") == "Sword Crafters: the rules"


def test_an_unknown_game_gets_a_page_with_the_games(page: Any, server: Server) -> None:
    answer = httpx.get(f"{server.base}/rules/chess")
    assert answer.status_code == 404
    assert "no game called “chess”" in answer.text
    assert answer.headers["content-security-policy"].startswith("default-src 'self'")
    page.goto(f"{server.base}/rules/chess")
    titles = page.locator(".rules-games a").all_inner_texts()
    assert titles == [entry(name).game.title for name in available_real_games()]
    page.click(".rules-games a >> text=Wordsmith")
    page.wait_for_url("**/rules/wordsmith")
    _drawn(page)
    refused = httpx.get(f"{server.base}/api/rules/chess/table")
    assert refused.status_code == 404
    assert "no game called 'chess'" in refused.json()["error"]["message"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", available_real_games())
def test_every_rules_page_passes_axe(
    page: Any, server: Server, axe_source: str, game: str, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(f"{server.base}/rules/{game}")
    _drawn(page)
    no_serious_violations(page, axe_source)
    page.set_viewport_size(PHONE)
    _drawn(page)
    no_serious_violations(page, axe_source)
    if scheme == "dark":
        shot(page, f"rules-{game}-390-dark")
