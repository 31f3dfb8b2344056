"""Smaller things: an invite link to a seat taken since opens the table to watch; a bad turn
timer in the lobby gets a number as its example; the page draws its icons itself (no emoji
font needed); the log and the replay name each player once, with their mark."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.patience import A_WHILE
from tests.server.helpers import seats
from tests.web.conftest import Server, seat_page
from tests.web.helpers import advance


def test_an_invite_to_a_taken_seat_opens_the_table_to_watch(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "open"), "seed": 3})
    invite = server.base + made["invites"]["1"]["url"].removeprefix(server.base)
    page.goto(invite)
    page.wait_for_selector("#join-name")  # open: the join form
    # Someone else takes the seat.
    code = made["invites"]["1"]["code"]
    table = made["table"]["id"]
    answer = httpx.post(
        f"{server.base}/api/tables/{table}/join",
        json={"seat": 1, "invite": code, "name": "Bo"},
        timeout=A_WHILE,
    )
    assert answer.status_code == 200
    page.goto(invite)
    page.wait_for_selector("#board:not([hidden])")
    assert page.locator("#join-name").count() == 0
    assert page.inner_text("#status-me") == "Watching"


def test_a_bad_turn_timer_gets_a_number_for_example(page: Any, server: Server) -> None:
    page.goto(server.base + "/")
    page.fill("#your-name", "Ann")
    page.select_option("#game", "wordcraft")
    page.click("summary:has-text('Options')")
    page.fill("#opt-turn_seconds", "three minutes")
    page.click("#create-table")
    said = page.wait_for_selector(".refusal").inner_text()
    assert "whole number" in said and "[[0, 2]" not in said


def test_icons_are_drawn_and_a_refusal_shows_one(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "seed": 3})
    seat_page(page, server, made)
    page.fill("#ws-word", "qqqq")
    page.press("#ws-word", "Enter")
    page.wait_for_selector(".refusal.live")
    assert page.locator(".refusal.live .refusal-icon svg").count() == 1
    emoji = re.compile("[\u2600-\u27bf\u2300-\u23ff\U0001f300-\U0001faff]")
    found = emoji.findall(page.inner_text("body"))
    assert not set(found) & {"\u270b", "\u23ee", "\u23ed", "\u23f1"}


def test_replay_names_the_mover_once(page: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "seed": 3})
    advance(server, made, 100_000)
    page.goto(f"{server.base}/t/{made['table']['id']}?replay")
    page.click("#replay-next")
    page.wait_for_function("() => /Ann/.test(document.querySelector('.replay-events').textContent)")
    said = page.inner_text(".replay-events")
    assert said.count("Ann") == 1, said
