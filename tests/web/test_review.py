"""Hints and reviews in the browser: a hint at a table against a bot, and the review of a
finished game (with screenshots)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.patience import A_WHILE, LONG_WORK, PATIENCE
from tests.server.helpers import seated, seats
from tests.web.conftest import Server, seat_page, shot
from tests.web.helpers import advance, bots_finished

LONG_WORK_MS = LONG_WORK * 1000


def test_a_hint_at_a_table_against_a_bot(page: Any, server: Server) -> None:
    made = server.create({"game": "swordcrafters", "seats": seats("Ann", "bot:greedy"), "seed": 4})
    seat_page(page, server, made)
    page.click("#hint")
    page.wait_for_selector("#hint-panel .hint-list li")
    assert 1 <= page.locator("#hint-panel .hint-list li").count() <= 5
    assert "chance" in page.inner_text("#hint-panel")
    shot(page, "swordcrafters-hint")
    page.click("#hint-close")
    assert page.locator("#hint-panel").count() == 0
    page.click("#hint")
    page.wait_for_selector("#hint-panel .hint-list li")
    # A move (here, the first hint's) makes the hints stale: they go.
    action = httpx.post(
        f"{server.base}/api/tables/{made['table']['id']}/hints",
        json={"token": made["tokens"]["0"]},
        timeout=PATIENCE,
    ).json()["hints"][0]["action"]
    other_tab = seated(server.base, made, 0)
    try:
        assert other_tab.act(action)["type"] == "update"
    finally:
        other_tab.close()
    page.wait_for_selector("#hint-panel", state="detached")


def test_no_hint_button_where_other_people_sit(page: Any, server: Server) -> None:
    made = server.create({"game": "swordcrafters", "seats": seats("Ann", "Ben"), "seed": 4})
    seat_page(page, server, made)
    page.wait_for_selector("#undo, .tools button")
    assert page.locator("#hint").count() == 0


def test_the_review_of_a_finished_game(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "bot:greedy"), "seed": 2})
    advance(server, made, 100_000)
    seat_page(page, server, made)
    page.wait_for_selector("#end:not([hidden]) #end-review")
    page.click("#end-review")
    page.wait_for_selector("#review-summary", timeout=LONG_WORK_MS)  # a whole game reviewed
    assert page.locator("#review-summary tbody tr").count() == 2
    assert page.locator("#review-moves tbody tr").count() >= 1
    assert page.locator("#review svg.review-chart polyline").count() == 2
    # A word game's turn lists the best words the player had, folded until opened.
    words = page.locator("#review-moves details.review-words").first
    words.locator("summary").click()
    listed = words.locator("ol li")
    assert 1 <= listed.count() <= 10
    assert listed.first.locator("b").inner_text().isalpha()
    shot(page, "wordsmith-review")
    page.click("#review-close")
    page.wait_for_selector("#review", state="hidden")


@pytest.mark.slow
def test_the_replay_pages_review(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("bot", "bot:greedy"), "seed": 3})
    table = made["table"]["id"]
    bots_finished(server, table)
    record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=A_WHILE).text
    upload = httpx.post(
        f"{server.base}/api/replays",
        content=record,
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    ).json()["id"]
    for address in (f"/t/{table}?replay", f"/?upload={upload}"):
        page.goto(f"{server.base}{address}")
        page.click("#review-button")
        page.wait_for_selector("#review-summary", timeout=LONG_WORK_MS)
        assert page.locator("#review-summary tbody tr").count() == 2
    shot(page, "wordsmith-upload-review")
