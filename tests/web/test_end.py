"""End screens: every game's explains its score (parts adding up to each player's total, or a
sentence), and "Play again" seats the same players, bots and options at a new table."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.patience import A_WHILE
from tests.server.helpers import available_real_games, play_randomly, seated, seats
from tests.web.conftest import Server, patient_context, seat_page, shot
from tests.web.helpers import PHONE, advance, no_controls, no_sideways_scroll

CELLS = "(found) => found.map((cell) => cell.textContent)"
ROWS = "(rows) => rows.map((row) => [...row.querySelectorAll('td')].map((c) => c.textContent))"


def _finished(server: Server, game: str, who: tuple[str, ...] = ("Ann", "bot")) -> dict[str, Any]:
    made = server.create({"game": game, "seats": seats(*who), "options": {}})
    advance(server, made, 100_000)
    return made


def _points(part: str) -> int:
    """A part's points: its last number ("12 tiles → 10" is 10 points)."""
    return int(re.findall(r"-?\d+", part)[-1])


@pytest.mark.parametrize("game", available_real_games())
def test_end_screen_breaks_the_score_down(page: Any, server: Server, game: str) -> None:
    made = _finished(server, game)
    seat_page(page, server, made)
    page.wait_for_selector("#end:not([hidden]) #end-scores")
    scores = page.eval_on_selector_all("#end-scores tbody td.score", CELLS)
    assert len(scores) == 2
    # The score is explained: by parts adding up to each player's total, or in a sentence.
    if page.locator("#end-breakdown").count():
        parts = page.eval_on_selector_all("#end-breakdown tbody tr:not(.total)", ROWS)
        totals = page.eval_on_selector_all("#end-breakdown tr.total td", CELLS)
        assert parts and sorted(totals) == sorted(scores)
        added = [sum(_points(row[seat]) for row in parts) for seat in range(2)]
        assert [str(points) for points in added] == totals
    else:
        assert page.locator("#end .end-card > p.hint:not(.fairness)").count() >= 1
    page.set_viewport_size(PHONE)
    no_sideways_scroll(page)
    shot(page, f"{game}-end-390")
    page.click("#close-end")
    no_controls(page)
    assert "over" in page.inner_text("#turn")


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
