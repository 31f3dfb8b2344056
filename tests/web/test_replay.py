"""The replay viewer in a real browser: a finished table stepped through move by move, and a
match record uploaded in the lobby and viewed the same way."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.patience import A_WHILE
from tests.server.helpers import seats
from tests.web.conftest import Server, shot
from tests.web.helpers import bots_finished


@pytest.fixture(scope="module")
def finished(server: Server) -> dict[str, Any]:
    """A Sword Crafters game two bots played to the end; its summary."""
    made = server.create({"game": "swordcrafters", "seats": seats("bot", "bot:greedy"), "seed": 4})
    return bots_finished(server, made["table"]["id"])


def _at(page: Any, move: int, moves: int) -> None:
    page.wait_for_function(
        "text => document.querySelector('.replay-count')?.textContent === text",
        arg=f"Move {move} of {moves}",
    )


def test_a_finished_table_stepped_through(
    page: Any, server: Server, finished: dict[str, Any]
) -> None:
    moves = finished["moves"]
    page.goto(f"{server.base}/t/{finished['id']}?replay")
    _at(page, 0, moves)
    assert page.inner_text(".replay-events") == "The table as it was set."
    page.wait_for_selector("#board .sc-group")
    page.click("#replay-next")
    _at(page, 1, moves)
    first = page.inner_text(".replay-events")
    assert "Bot random" in first  # the seat that made move 1, and what it did
    page.keyboard.press("ArrowRight")
    _at(page, 2, moves)
    page.keyboard.press("ArrowLeft")
    _at(page, 1, moves)
    assert page.inner_text(".replay-events") == first
    page.click("button[aria-label='End']")
    _at(page, moves, moves)
    # Seen by a player instead of a spectator: the same move, that seat's view.
    page.select_option("#replay-seat", "1")
    page.wait_for_function(
        "() => !(document.querySelector('.replay-count')?.textContent ?? 'Move 0')"
        ".startsWith('Move 0')"
    )
    _at(page, moves, moves)
    page.click("button[aria-label='Start']")
    _at(page, 0, moves)
    href = page.get_attribute("a:has-text('Download record')", "href")
    assert href == f"/api/tables/{finished['id']}/record"
    shot(page, "replay")


def test_an_uploaded_record(page: Any, server: Server, finished: dict[str, Any]) -> None:
    record = httpx.get(f"{server.base}/api/tables/{finished['id']}/record", timeout=A_WHILE).text
    page.goto(f"{server.base}/")
    # Not a record: the server's sentence is shown by the upload box.
    page.set_input_files(
        "#replay-file", files=[{"name": "bad.jsonl", "mimeType": "text/plain", "buffer": b"{}"}]
    )
    refusal = page.wait_for_selector("#replays .refusal")
    assert refusal.inner_text().strip().endswith(".")
    page.set_input_files(
        "#replay-file",
        files=[
            {"name": "game.jsonl", "mimeType": "application/x-ndjson", "buffer": record.encode()}
        ],
    )
    page.wait_for_url(re.compile(r"/\?upload="))
    moves = finished["moves"]
    _at(page, 0, moves)
    page.click("#replay-next")
    _at(page, 1, moves)
    page.click("button[aria-label='End']")
    _at(page, moves, moves)
    assert page.get_attribute("a:has-text('Download record')", "href").endswith("/record")
