"""Accounts in the browser: sign up and sign in from the top bar, play a rated game against a
bot to its end and see the rating change on the end screen and the player page's plot; a guest
who signs up keeps the tables played in their browser."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.helpers import register_toys, seats, unregister_toys
from tests.web.conftest import Server, seat_page, shot
from tests.web.helpers import bots_finished, play_generic_board_to_end

PASSWORD = "a long pass phrase"

CREATE = """async (spec) => {
  const { api, remember } = await import("/static/js/api.js");
  const made = await api.create(spec);
  remember(made.table.id, { game: made.table.game, tokens: made.tokens, current: 0 });
  return made.table.id;
}"""


@pytest.fixture(scope="module")
def toys() -> Iterator[None]:
    """The toy turn game: a whole game in a few clicks."""
    register_toys()
    yield
    unregister_toys()


def _enter(page: Any, how: str, name: str) -> None:
    """Sign up or in (``how``: ``up`` or ``in``) through the top bar's dialog."""
    page.click("#sign-in")
    page.fill(f"#sign{how}-name", name)
    page.fill(f"#sign{how}-password", PASSWORD)
    page.click(f"#sign{how}-form button[type=submit]")
    expect(page.locator("#account-name")).to_have_text(name)


def test_sign_up_sign_in_and_a_rated_game_changes_the_rating_and_its_plot(
    page: Any, server: Server, toys: None
) -> None:
    name = f"Ann{uuid.uuid4().hex[:6]}"
    page.goto(f"{server.base}/")
    _enter(page, "up", name)
    page.click("#sign-out")
    expect(page.locator("#sign-in")).to_be_visible()
    _enter(page, "in", name)
    # The page's own client makes the table, as the account (cookie and CSRF token).
    spec = {"game": "toy-turns", "seats": seats("me", "bot"), "options": {"target": 6}}
    table_id = page.evaluate(CREATE, spec)
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#board:not([hidden])")
    play_generic_board_to_end(page, "amount 3", 6)
    note = page.locator("#end-rating")
    expect(note).to_contain_text(f"Rating: {name} 1000 → ")
    shot(page, "account-end-rating")
    after = int(note.inner_text().split("→ ")[1].split(" ")[0])
    page.click(f"#end-rating a:text('{name}')")
    page.wait_for_selector("#player-page")
    game = page.locator(".rating-game[data-game=toy-turns]")
    expect(game.locator("h3")).to_contain_text(str(after))
    plot = game.locator("svg.rating-plot")
    expect(plot.locator("circle.point")).to_have_count(2)  # before the game, and after it
    expect(plot.locator("text.label")).to_have_text(["Rated games", "Rating"])
    assert plot.locator("line.axis").count() == 2
    assert plot.locator(".tick.y text").count() >= 2
    expect(page.locator("#player-games tbody tr")).to_have_count(1)
    expect(page.locator("#player-recent a:text('Replay')")).to_have_attribute(
        "href", f"/t/{table_id}?replay"
    )
    expect(page.locator("#player-recent a:text('Review')")).to_have_attribute(
        "href", f"/t/{table_id}?replay&review"
    )
    shot(page, "account-player-page")
    word = game.locator(".level").inner_text()
    # The lobby's finished games show the account's level beside its name.
    page.goto(f"{server.base}/")
    level = page.locator(f"#finished-tables li[data-table='{table_id}'] .level")
    expect(level).to_have_text(word)
    expect(level).to_have_attribute("title", f"rating {after}")


def test_a_guest_who_signs_up_keeps_the_tables_of_the_browser(
    page: Any, server: Server, toys: None
) -> None:
    made = server.create({"game": "toy-turns", "seats": seats("Guest", "bot")})
    seat_page(page, server, made)  # this browser now holds the seat's token
    page.goto(f"{server.base}/")
    page.click("#sign-in")
    expect(page.locator("#signup-keep")).to_be_checked()
    expect(page.locator("#signup-form")).to_contain_text("Keep the table played in this browser")
    shot(page, "account-sign-in")
    name = f"Bo{uuid.uuid4().hex[:6]}"
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORD)
    page.click("#signup-form button[type=submit]")
    expect(page.locator("#account-name")).to_have_text(name)
    kept = page.evaluate("() => fetch('/api/account/seats').then((r) => r.json())")
    assert kept == {"seats": [{"table": made["table"]["id"], "seat": 0}]}


def test_the_create_form_makes_an_unrated_table(page: Any, server: Server) -> None:
    page.goto(f"{server.base}/")
    _enter(page, "up", f"Cy{uuid.uuid4().hex[:6]}")
    page.click("#create summary")
    page.uncheck("#rated")
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    table_id = page.url.rsplit("/", 1)[1]
    summary = page.evaluate(f"() => fetch('/api/tables/{table_id}').then((r) => r.json())")
    assert summary["rated"] is False


def test_a_player_pages_review_link_opens_the_review(page: Any, server: Server, toys: None) -> None:
    made = server.create({"game": "toy-turns", "seats": seats("bot", "bot")})
    table_id = made["table"]["id"]
    bots_finished(server, table_id)
    page.goto(f"{server.base}/t/{table_id}?replay&review")
    page.wait_for_selector("#review")
