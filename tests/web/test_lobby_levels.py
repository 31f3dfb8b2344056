"""Bot levels in the browser lobby: each level's line beside its select, the take-over bot and
the hints switch in the create form; a first visit plays a casual bot at once, a return visit
finds its last choices; a bot's move in the log says how long the bot thought."""

from __future__ import annotations

import re
from typing import Any

import httpx

from crafthall.bots.levels import LADDER
from crafthall.games import game_class
from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import seats
from tests.web.conftest import Server, shot
from tests.web.helpers import PHONE, no_sideways_scroll

THOUGHT = re.compile(r"casual bot thought (under 0\.1|\d+\.\d) s")


def _table(server: Server, page: Any) -> dict[str, Any]:
    """The public state of the table the page shows."""
    table_id = page.url.rsplit("/t/", 1)[1].split("?")[0]
    found: dict[str, Any] = httpx.get(
        f"{server.base}/api/tables/{table_id}", timeout=A_WHILE
    ).json()
    return found


def test_each_bot_level_shows_its_line(page: Any, server: Server) -> None:
    page.goto(server.base + "/")
    page.select_option("#game", "swordcrafters")
    level = page.locator(".seat-row:nth-child(2) .seat-level")
    line = page.locator(".seat-row:nth-child(2) .level-line")
    assert level.input_value() == "casual"
    assert line.inner_text() == LADDER["casual"].description
    # The ladder and the yardsticks are offered; the old names of levels are not.
    offered = level.locator("option").all_inner_texts()
    assert offered[: len(LADDER)] == list(LADDER) and {"greedy", "random"} <= set(offered)
    assert not {"easy", "medium", "search"} & set(offered)
    level.select_option("expert")
    assert line.inner_text() == LADDER["expert"].description
    page.click("summary:has-text('Options')")
    assert page.input_value("#zombie-level") == "casual"
    assert LADDER["casual"].description in page.inner_text(".zombie-box")
    page.select_option("#zombie-level", "strong")
    assert LADDER["strong"].description in page.inner_text(".zombie-box")
    shot(page, "lobby-bot-levels")
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page)
    shot(page, "lobby-bot-levels-390")


def test_a_first_visit_plays_a_casual_bot_at_once(page: Any, server: Server) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("#create-table")
    page.click("#create-table")  # nothing chosen, not even a name
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector("#board:not([hidden])")
    table = _table(server, page)
    assert table["status"] == "playing"
    assert [(s["kind"], s["bot"]) for s in table["seats"]] == [("human", None), ("bot", "casual")]
    assert table["zombie_level"] == "casual" and table["hints"] is None
    if page.locator("#turn.mine").count():
        # The visitor moves first: a pass, and the bot answers.
        page.evaluate("() => window.crafthallTable.act({type: 'pass'})")
    page.wait_for_selector("#log .thought")
    said = page.locator("#log .log-move:has(.thought)").first.inner_text()
    assert THOUGHT.search(said), said
    shot(page, "first-visit-against-casual")


def test_a_returning_visitor_finds_their_last_choices(page: Any, server: Server) -> None:
    page.goto(server.base + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#game", "evocabulary")
    page.select_option("#seat-count", "3")
    page.select_option(".seat-row:nth-child(2) .seat-kind", "open")
    page.select_option(".seat-row:nth-child(3) .seat-level", "beginner")
    page.click("summary:has-text('Options')")
    offered = page.eval_on_selector_all(
        "#opt-dictionary option", "found => found.map((o) => o.value)"
    )
    schema = game_class("evocabulary").Options.model_json_schema()["properties"]["dictionary"]
    assert offered == schema["examples"], "the dictionaries offered are the game's, from its schema"
    page.select_option("#zombie-level", "expert")
    page.select_option("#hints", "on")
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/t/"))
    made = _table(server, page)
    assert made["zombie_level"] == "expert" and made["hints"] is True
    assert [(s["kind"], s["bot"]) for s in made["seats"]] == [
        ("human", None),
        ("open", None),
        ("bot", "beginner"),
    ]

    page.goto(server.base + "/")
    page.wait_for_selector(".seat-row:nth-child(3)")
    assert page.input_value("#game") == "evocabulary"
    assert page.input_value("#seat-count") == "3"
    assert page.input_value(".seat-row:nth-child(2) .seat-kind") == "open"
    assert page.input_value(".seat-row:nth-child(3) .seat-level") == "beginner"
    assert page.input_value("#zombie-level") == "expert"
    assert page.input_value("#hints") == "on"
    # Its open seat is listed with the hints it gives, and the join page says so too.
    row = page.locator(f"li[data-table='{made['id']}']")
    assert "hints on" in row.inner_text()
    row.locator("a.button", has_text="Join seat 2").click()
    page.wait_for_selector("#join-button")
    settings = page.inner_text("#join-settings")
    assert "hints on" in settings and "expert bot" in settings


def _against_a_bot(page: Any, server: Server, hints: str) -> None:
    """Create a Sword Crafters table against a casual bot from the lobby with ``hints``, and
    wait for the player's turn."""
    page.goto(server.base + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#game", "swordcrafters")
    page.select_option(".seat-row:nth-child(2) .seat-kind", "bot")
    page.click("summary:has-text('Options')")
    page.select_option("#hints", hints)
    page.click("#create-table")
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector("#turn.mine")


def test_hints_off_against_a_bot_hide_the_hint_button(page: Any, server: Server) -> None:
    _against_a_bot(page, server, "off")
    assert _table(server, page)["hints"] is False
    page.wait_for_selector("#undo, .tools button")
    assert page.locator("#hint").count() == 0
    token = page.evaluate("() => window.crafthallTable.token")
    refused = httpx.post(
        f"{server.base}/api/tables/{_table(server, page)['id']}/hints",
        json={"token": token},
        timeout=PATIENCE,
    )
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "no-hints"


def test_hints_on_against_a_bot_give_hints(page: Any, server: Server) -> None:
    _against_a_bot(page, server, "on")
    assert _table(server, page)["hints"] is True
    page.click("#hint")
    page.wait_for_selector("#hint-panel .hint-list li")
    assert 1 <= page.locator("#hint-panel .hint-list li").count() <= 5


def test_a_hints_off_table_is_marked_in_the_lobby(page: Any, server: Server) -> None:
    made = server.create({"game": "swordcrafters", "seats": seats("Ann", "open"), "hints": False})
    page.goto(server.base + "/")
    row = page.locator(f"li[data-table='{made['table']['id']}']")
    row.wait_for()
    assert "hints off" in row.inner_text()
