"""End screens: a score breakdown for every game (rounds, challenges, length / quality /
magic), and "Play again", which seats the same players, bots and options at a new table."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.patience import A_WHILE
from tests.server.helpers import play_randomly, seated, seats
from tests.web.conftest import Server, patient_context, seat_page, shot
from tests.web.helpers import PHONE, advance, no_sideways_scroll

BREAKDOWN = {
    "wordcraft": ["Round 1", "Round 3", "Bonus", "Achiev."],
    "wordsmith": ["Challenge 1", "Challenge 3"],
    "swordcrafters": ["Length", "Quality", "Magic"],
    "enchanted-grid": [],
    "evocabulary": [],
}


def _finished(server: Server, game: str, who: tuple[str, ...] = ("Ann", "bot")) -> dict[str, Any]:
    made = server.create({"game": game, "seats": seats(*who), "options": {}})
    advance(server, made, 100_000)
    return made


@pytest.mark.parametrize("game", sorted(BREAKDOWN))
def test_end_screen_breaks_the_score_down(page: Any, server: Server, game: str) -> None:
    made = _finished(server, game)
    seat_page(page, server, made)
    page.wait_for_selector("#end:not([hidden]) #end-scores")
    assert page.locator("#end-scores tbody tr").count() == 2
    if BREAKDOWN[game]:
        parts = page.inner_text("#end-breakdown tbody")
        for part in [*BREAKDOWN[game], "Total"]:
            assert part in parts
    if game in ("enchanted-grid", "evocabulary"):
        assert page.locator("#end .hint").count() >= 1
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page)
    shot(page, f"{game}-end-390")


def test_play_again_seats_the_same_players(page: Any, server: Server) -> None:
    made = _finished(server, "wordsmith", ("Ann", "bot:greedy"))
    old = made["table"]["id"]
    seat_page(page, server, made)
    page.click("#play-again")
    page.wait_for_url(lambda url: old not in url)
    page.wait_for_selector("#turn.mine")
    table = page.evaluate("() => window.crafthallTable.summary")
    assert table["game"] == "wordsmith"
    assert [s["kind"] for s in table["seats"]] == ["human", "bot"]
    assert table["seats"][0]["name"] == "Ann" and table["seats"][1]["bot"] == "greedy"
    assert not table["prepared"]  # a fresh, fair shuffle


def test_play_again_opens_the_other_players_seats(page: Any, browser: Any, server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann", "Ben"), "seed": 3})
    clients = {seat: seated(server.base, made, seat, legal=True) for seat in (0, 1)}
    try:
        play_randomly(clients, seed=2)
    finally:
        for client in clients.values():
            client.close()
    old = made["table"]["id"]
    ben_context = patient_context(browser, viewport=PHONE)
    try:
        ben = ben_context.new_page()
        # Each browser holds only its own seat.
        seat_page(page, server, {**made, "tokens": {"0": made["tokens"]["0"]}})
        seat_page(ben, server, {**made, "tokens": {"1": made["tokens"]["1"]}}, seat=1)
        page.click("#play-again")
        page.wait_for_url(lambda url: old not in url)
        page.wait_for_selector("#waiting .invite-link")  # Ann may send Ben the link too
        new = page.url
        ben.click("#play-again")
        ben.wait_for_url(new)
        ben.wait_for_selector("#board:not([hidden])")
        page.wait_for_selector("#board:not([hidden])")  # both seated: the game began
        names = page.evaluate("() => window.crafthallTable.summary.seats.map((s) => s.name)")
        assert names == ["Ann", "Ben"]
        assert ben.inner_text("#status-me").startswith(chr(0x25CF))  # Ben's seat mark
    finally:
        ben_context.close()


def test_play_again_is_for_the_players_only(server: Server) -> None:
    made = server.create({"game": "wordsmith", "seats": seats("Ann"), "seed": 3})
    url = f"{server.base}/api/tables/{made['table']['id']}/again"
    early = httpx.post(url, json={"token": made["tokens"]["0"]}, timeout=A_WHILE)
    assert early.status_code == 409 and "finish it first" in early.json()["error"]["message"]
    advance(server, made, 100_000)
    stranger = httpx.post(url, json={"token": "not-a-token"}, timeout=A_WHILE)
    assert stranger.status_code == 403
