"""Hints for a seat at a table against bots, none where other people sit, and the review of a
finished table (refused while the game is on)."""

from __future__ import annotations

from typing import Any

import httpx

from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import (
    ThreadServer,
    Ws,
    create,
    play_randomly,
    seats,
    upload,
    when_worked_out,
)


def test_hints_against_bots_only(server: ThreadServer) -> None:
    made = create(server.base, game="swordcrafters", seats=seats("Ann", "bot:greedy"), seed=4)
    table = made["table"]["id"]
    url = f"{server.base}/api/tables/{table}/hints"
    answer = httpx.post(url, json={"token": made["tokens"]["0"]}, timeout=PATIENCE)
    assert answer.status_code == 200, answer.text
    found = answer.json()
    assert found["seat"] == 0 and 1 <= len(found["hints"]) <= 5
    assert {"label", "immediate", "estimate", "effects", "action"} <= set(found["hints"][0])
    stranger = httpx.post(url, json={"token": "nobody"}, timeout=A_WHILE)
    assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "not-a-player"

    people = create(server.base, game="swordcrafters", seats=seats("Ann", "Ben"), seed=4)
    refused = httpx.post(
        f"{server.base}/api/tables/{people['table']['id']}/hints",
        json={"token": people["tokens"]["0"]},
        timeout=A_WHILE,
    )
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "no-hints"


def _review_when_done(url: str) -> dict[str, Any]:
    """Ask for a review until it is done (it runs on a thread); its body."""
    answer = when_worked_out(url)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()["review"]
    return found


def test_a_finished_table_is_reviewed(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "bot"), seed=9)
    table = made["table"]["id"]
    url = f"{server.base}/api/tables/{table}/review"
    early = httpx.get(url, timeout=A_WHILE)
    assert early.status_code == 409 and early.json()["error"]["code"] == "not-finished"
    ann = Ws(server.base, table)
    ann.hello(made["tokens"]["0"], legal=True)
    try:
        play_randomly({0: ann}, seed=1)
    finally:
        ann.close()
    found = _review_when_done(url)
    assert found["game"] == "toy-turns" and len(found["summary"]) == 2
    assert all("lost" in move for move in found["moves"])

    record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=A_WHILE).text
    uploaded = upload(server.base, record)
    again = _review_when_done(f"{server.base}/api/replays/{uploaded}/review")
    # The same game and seed, the same verdicts (a toy's log line shows its action's key order).
    assert [(m["best"], m["lost"]) for m in again["moves"]] == [
        (m["best"], m["lost"]) for m in found["moves"]
    ]
    unfinished = "\n".join(record.splitlines()[:3]) + "\n"
    partial = upload(server.base, unfinished)
    refused = httpx.get(f"{server.base}/api/replays/{partial}/review", timeout=A_WHILE)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not-finished"
    missing = httpx.get(f"{server.base}/api/replays/nothing-here/review", timeout=A_WHILE)
    assert missing.status_code == 404


def test_the_tables_hints_setting_decides_first(server: ThreadServer) -> None:
    people = create(
        server.base, game="swordcrafters", seats=seats("Ann", "Ben"), seed=4, hints=True
    )
    assert people["table"]["hints"] is True
    allowed = httpx.post(
        f"{server.base}/api/tables/{people['table']['id']}/hints",
        json={"token": people["tokens"]["0"]},
        timeout=PATIENCE,
    )
    assert allowed.status_code == 200, allowed.text
    bots = create(server.base, game="swordcrafters", seats=seats("Ann", "bot"), seed=4, hints=False)
    refused = httpx.post(
        f"{server.base}/api/tables/{bots['table']['id']}/hints",
        json={"token": bots["tokens"]["0"]},
        timeout=A_WHILE,
    )
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "no-hints"
