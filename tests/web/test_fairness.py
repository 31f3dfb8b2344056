"""Fair tables on the page: a prepared table (its creator chose the shuffle) is marked in the
lobby and on the join page before anyone joins; a normal one shows its seed's commitment."""

from __future__ import annotations

from typing import Any

from tests.server.helpers import seats
from tests.web.conftest import Server, shot


def test_a_prepared_table_is_marked_in_the_lobby_and_on_the_join_page(
    page: Any, server: Server
) -> None:
    prepared = server.create({"game": "swordcrafters", "seats": seats("Ann", "open"), "seed": 4})
    normal = server.create({"game": "swordcrafters", "seats": seats("Ann", "open")})
    page.goto(f"{server.base}/")
    row = page.locator(f"li[data-table='{prepared['table']['id']}']")
    row.locator(".prepared-mark").wait_for()
    assert "Prepared table" in row.inner_text()
    fair_row = page.locator(f"li[data-table='{normal['table']['id']}']")
    fair_row.wait_for()
    assert fair_row.locator(".prepared-mark").count() == 0
    shot(page, "lobby-prepared-table")

    page.goto(server.base + prepared["invites"]["1"]["url"])
    page.wait_for_selector("#join-button")
    assert "may know every card" in page.locator(".prepared-mark").inner_text()
    shot(page, "join-prepared-table")

    page.goto(server.base + normal["invites"]["1"]["url"])
    page.wait_for_selector("#join-button")
    assert page.locator(".prepared-mark").count() == 0
    commitment = normal["table"]["commitment"]
    assert page.locator(f".fairness code[title='{commitment}']").count() == 1
