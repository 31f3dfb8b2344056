"""axe finds no serious violation on the pages of players who come back (the account page, a
player's page, a leaderboard, the "Your turn" page, a table with its chat open and a finished
table's replay with its chat) and on each game's lesson, at desktop and phone widths, in light
and dark."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.helpers import available_real_games, register_toys, seats, unregister_toys
from tests.web.conftest import Server
from tests.web.helpers import PHONE, play_generic_board_to_end
from tests.web.test_accessibility import axe_source, no_serious_violations
from tests.web.test_accounts import CREATE, _enter

__all__ = ["axe_source"]  # a fixture, used by name


@pytest.fixture(scope="module")
def toys() -> Iterator[None]:
    """The toy turn game: a whole rated game in a few clicks."""
    register_toys()
    yield
    unregister_toys()


def _both_widths(page: Any, axe: str) -> None:
    no_serious_violations(page, axe)
    page.set_viewport_size(PHONE)
    no_serious_violations(page, axe)
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pages_of_an_account(
    page: Any, server: Server, axe_source: str, toys: None, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)
    name = f"Ann{uuid.uuid4().hex[:6]}"
    page.goto(f"{server.base}/")
    _enter(page, "up", name)
    page.wait_for_selector("#game option", state="attached")
    _both_widths(page, axe_source)  # the lobby, signed in

    spec = {"game": "toy-turns", "seats": seats("me", "bot"), "options": {"target": 6}}
    table_id = page.evaluate(CREATE, spec)
    page.goto(f"{server.base}/t/{table_id}")
    page.wait_for_selector("#chat .chat-input:visible")
    _both_widths(page, axe_source)  # a table, its chat open
    page.fill("#chat .chat-input", "good luck")
    page.press("#chat .chat-input", "Enter")
    page.wait_for_selector("#chat .chat-line")
    play_generic_board_to_end(page, "amount 3", 6)
    page.wait_for_selector("#end-rating")
    _both_widths(page, axe_source)  # the end, with the rating change

    page.goto(f"{server.base}/t/{table_id}?replay")
    page.wait_for_selector("#replay-chat .chat-line")
    _both_widths(page, axe_source)

    page.goto(f"{server.base}/players/{name}")
    page.wait_for_selector("#player-page svg.rating-plot")
    _both_widths(page, axe_source)

    page.goto(f"{server.base}/leaderboard/toy-turns")
    page.wait_for_selector("#leaderboard")
    _both_widths(page, axe_source)

    page.goto(f"{server.base}/turns")
    page.wait_for_selector("#your-turn")
    page.wait_for_selector("#notify input")
    _both_widths(page, axe_source)

    page.goto(f"{server.base}/account")
    page.wait_for_selector("#account-name")
    page.wait_for_load_state("networkidle")
    _both_widths(page, axe_source)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("game", available_real_games())
def test_a_lesson(page: Any, server: Server, axe_source: str, game: str, scheme: str) -> None:
    """Each game's lesson page, its first step on screen."""
    page.emulate_media(color_scheme=scheme)
    page.goto(server.base)
    page.click(f"#learn-{game}")
    page.wait_for_url("**/t/learn-*")
    page.wait_for_selector("#learn-step h2:has-text('Step 1 of')")
    page.wait_for_selector("#board:not([hidden])")
    _both_widths(page, axe_source)
