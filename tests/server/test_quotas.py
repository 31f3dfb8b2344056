"""Quotas per client address and per seat: each refusal is a 429 with ``Retry-After`` and a
sentence saying what the limit is and when to try again; other addresses are not touched."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from crafthall.games import new_match
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer, Ws, create, make_settings, seats


@pytest.fixture
def quota_server(
    toys: None, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[ThreadServer]:
    """A server with the quotas the test's ``limits`` marker names."""
    marker = request.node.get_closest_marker("limits")
    overrides: dict[str, Any] = marker.kwargs if marker else {}
    with ThreadServer(make_settings(tmp_path, **overrides)) as running:
        yield running


def other_address() -> httpx.Client:
    """A client from another loopback address (127.0.0.2): another client to the server."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))


def over_quota(answer: httpx.Response, code: str) -> str:
    """Check ``answer`` is a quota's refusal with ``code``; its sentence."""
    assert answer.status_code == 429, answer.text
    assert int(answer.headers["retry-after"]) >= 1
    error = answer.json()["error"]
    assert error["code"] == code, error
    message: str = error["message"]
    assert message.endswith("."), message
    return message


@pytest.mark.limits(reviews_per_hour=2)
def test_reviews_per_hour_count_each_game_once(quota_server: ThreadServer) -> None:
    base = quota_server.base
    tables = [
        create(base, game="toy-turns", seats=seats("Ann", "bot"))["table"]["id"] for _ in range(3)
    ]

    def review(table: str, client: httpx.Client | None = None) -> httpx.Response:
        return (client or httpx).get(f"{base}/api/tables/{table}/review", timeout=A_WHILE)

    assert review(tables[0]).status_code == 409  # not finished: asked all the same
    for _poll in range(5):  # asking again for the same review is free
        assert review(tables[0]).status_code == 409
    assert review(tables[1]).status_code == 409
    message = over_quota(review(tables[2]), "too-many-reviews")
    assert "2 games reviewed an hour" in message and "Try again in" in message
    with other_address() as other:
        assert review(tables[2], other).status_code == 409


@pytest.mark.limits(hints_per_turn=2)
def test_hints_per_turn_come_back_with_the_next_turn(quota_server: ThreadServer) -> None:
    base = quota_server.base
    made = create(base, game="toy-turns", seats=seats("Ann", "bot"), seed=3)
    table, token = made["table"]["id"], made["tokens"]["0"]
    url = f"{base}/api/tables/{table}/hints"

    def hint() -> httpx.Response:
        return httpx.post(url, json={"token": token}, timeout=A_WHILE)

    assert hint().status_code == 200
    assert hint().status_code == 200
    assert "2 hints a turn" in over_quota(hint(), "too-many-hints")
    ann = Ws(base, table)
    ann.hello(token)
    version = ann.act({"type": "add", "amount": 1})["version"]
    ann.until(lambda m: m["type"] == "update" and m["version"] > version and 0 in m["active"])
    assert hint().status_code == 200
    ann.close()


def _record(seed: int) -> str:
    match = new_match("toy-turns", ["Ann", "Ben"], seed=seed)
    return "\n".join(match.record_lines()) + "\n"


def _upload(base: str, record: str, client: httpx.Client | None = None) -> httpx.Response:
    return (client or httpx).post(
        f"{base}/api/replays",
        content=record,
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    )


@pytest.mark.limits(uploads_per_hour=2)
def test_uploads_per_hour(quota_server: ThreadServer) -> None:
    base = quota_server.base
    assert _upload(base, _record(1)).status_code == 201
    assert _upload(base, _record(2)).status_code == 201
    assert "2 records an hour" in over_quota(_upload(base, _record(3)), "too-many-uploads")
    with other_address() as other:
        assert _upload(base, _record(3), other).status_code == 201


@pytest.mark.limits(upload_bytes_per_hour=1000)
def test_uploaded_bytes_per_hour(quota_server: ThreadServer) -> None:
    base = quota_server.base
    record = _record(1)
    fits = 1000 // len(record.encode())
    assert fits >= 1
    for _ in range(fits):
        assert _upload(base, record).status_code == 201
    assert "1000 bytes" in over_quota(_upload(base, record), "too-many-upload-bytes")


@pytest.mark.limits(bot_tables_per_address=1, bot_delay=600.0)
def test_tables_of_bots_only_per_address(quota_server: ThreadServer) -> None:
    base = quota_server.base
    create(base, game="toy-turns", seats=seats("bot", "bot"))
    answer = httpx.post(
        f"{base}/api/tables",
        json={"game": "toy-turns", "seats": seats("bot", "bot")},
        timeout=A_WHILE,
    )
    assert "1 tables of bots only" in over_quota(answer, "too-many-bot-tables")
    create(base, game="toy-turns", seats=seats("Ann", "bot"))  # a person plays: not counted
    with other_address() as other:
        answer = other.post(
            f"{base}/api/tables",
            json={"game": "toy-turns", "seats": seats("bot", "bot")},
            timeout=A_WHILE,
        )
        assert answer.status_code == 201, answer.text


@pytest.mark.limits(lessons_per_hour=3, lessons_per_address=2)
def test_lessons_per_address_never_evict_anothers(quota_server: ThreadServer) -> None:
    base = quota_server.base

    def start(client: httpx.Client) -> str:
        answer = client.post(f"{base}/api/learn/swordcrafters", timeout=A_WHILE)
        assert answer.status_code == 201, answer.text
        found: str = answer.json()["id"]
        return found

    def held(lesson: str) -> int:
        return httpx.get(f"{base}/api/learn/{lesson}/state", timeout=A_WHILE).status_code

    with other_address() as learner, httpx.Client() as busy:
        theirs = start(learner)
        mine = [start(busy) for _ in range(3)]
        # Past its share the busy address loses its own oldest lesson, never the learner's.
        assert [held(lesson) for lesson in mine] == [404, 200, 200]
        assert held(theirs) == 200
        refused = busy.post(f"{base}/api/learn/swordcrafters", timeout=A_WHILE)
        assert "3 tutorials an hour" in over_quota(refused, "too-many-lessons")
        start(learner)


def test_the_busiest_address_gives_way_when_the_server_holds_its_most() -> None:
    from crafthall.server.routes import learn

    lessons = learn.Lessons(per_address=100)
    kept = learn.KEPT
    learn.KEPT = 4
    try:
        theirs = [lessons.add(object(), "learner") for _ in range(2)]  # type: ignore[arg-type]
        mine = [lessons.add(object(), "busy") for _ in range(6)]  # type: ignore[arg-type]
    finally:
        learn.KEPT = kept
    assert len(lessons) == 4
    for lesson in theirs + mine[-2:]:
        lessons.get(lesson)


@pytest.mark.limits(listed_per_address=2)
def test_the_lobby_lists_a_few_tables_per_address(quota_server: ThreadServer) -> None:
    base = quota_server.base
    made = [create(base, game="toy-turns", seats=seats("Ann", "open")) for _ in range(3)]
    assert "unlisted" not in made[0] and "unlisted" not in made[1]
    assert "2 tables waiting" in made[2]["unlisted"]
    with other_address() as other:
        answer = other.post(
            f"{base}/api/tables",
            json={"game": "toy-turns", "seats": seats("Cy", "open")},
            timeout=A_WHILE,
        )
        assert answer.status_code == 201 and "unlisted" not in answer.json()
        theirs = answer.json()["table"]["id"]
    listed = {t["id"] for t in httpx.get(f"{base}/api/tables", timeout=A_WHILE).json()["tables"]}
    assert listed == {made[0]["table"]["id"], made[1]["table"]["id"], theirs}
    # The unlisted table's invite works as any other's.
    invite = made[2]["invites"]["1"]["code"]
    joined = httpx.post(
        f"{base}/api/tables/{made[2]['table']['id']}/join",
        json={"seat": 1, "invite": invite, "name": "Dee"},
        timeout=A_WHILE,
    )
    assert joined.status_code == 200, joined.text
