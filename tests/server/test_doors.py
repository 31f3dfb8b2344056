"""What may come in at all: bodies past the limit (chunked too), WebSocket frames past the
limit, non-finite numbers and lone surrogates, blank-looking names. Each is refused with a
sentence and changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from crafthall.server.messages import clean_name
from tests.patience import A_WHILE, PATIENCE
from tests.server.helpers import ThreadServer, create, seated, seats

LIMIT = 2_000_000


def _chunks(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    sent = 0
    while sent < total:
        yield b"x" * min(size, total - sent)
        sent += size


def _uploads(server: ThreadServer) -> int:
    from sqlalchemy import func, select

    from crafthall.server import db

    with server.hub.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(db.uploads)).scalar_one())


@pytest.mark.parametrize(
    ("path", "content_type"),
    [("/api/replays", "application/x-ndjson"), ("/api/tables", "application/json")],
)
def test_a_chunked_body_past_the_limit_is_cut_off_with_413(
    server: ThreadServer, path: str, content_type: str
) -> None:
    before = _uploads(server)
    answer = httpx.post(
        f"{server.base}{path}",
        content=_chunks(3 * LIMIT),  # a generator: sent chunked, with no Content-Length
        headers={"content-type": content_type},
        timeout=PATIENCE,
    )
    assert answer.status_code == 413, answer.text
    assert answer.json()["error"]["message"] == f"A request may be at most {LIMIT} bytes."
    assert _uploads(server) == before


def test_a_websocket_frame_past_the_limit_closes_the_connection(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"))
    ann = seated(server.base, made)
    # A little over the message limit: a clear error, the connection stays.
    ann.send({"type": "ping", "id": 1, "pad": "x" * 9000})
    assert ann.until(lambda m: m["type"] == "error")["code"] == "message-too-large"
    # Far over it: the WebSocket layer closes the connection (1009) without reading it all.
    with pytest.raises(ConnectionClosed):
        ann.send("x" * 1_000_000)
        ann.recv()
    assert ann.conn.close_code == 1009
    assert server.hub.tables[made["table"]["id"]].version == 1


@pytest.mark.parametrize(
    "body",
    [
        '{"game": "toy-turns", "seats": [{"kind": "human", "name": "Ann"}], "grace": NaN}',
        '{"game": "toy-turns", "seats": [{"kind": "human", "name": "Ann"}], "grace": Infinity}',
        '{"game": "toy-turns", "seats": [{"kind": "human", "name": "\\ud800"}]}',
        '{"game": "toy-turns", "seats": [{"kind": "human", "name": "Ann"}], '
        '"options": {"\\udfff": 1}}',
    ],
)
def test_non_finite_numbers_and_lone_surrogates_are_refused_at_the_door(
    server: ThreadServer, body: str
) -> None:
    answer = httpx.post(
        f"{server.base}/api/tables",
        content=body,
        headers={"content-type": "application/json"},
        timeout=A_WHILE,
    )
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad-json" and error["message"].endswith(".")


def test_a_record_with_a_lone_surrogate_or_nan_is_not_stored(server: ThreadServer) -> None:
    from crafthall.engine.match import Match
    from crafthall.games import make_game

    match = Match.start(make_game("toy-turns"), ["Ann", "Ben"], seed=3)
    header = match.record_lines()[0]
    before = _uploads(server)
    for move in (
        '{"seat": 0, "action": {"type": "add", "amount": 1, "note": "\\ud800"}}',
        '{"seat": 0, "action": {"type": "add", "amount": 1}, "at": NaN}',
    ):
        answer = httpx.post(
            f"{server.base}/api/replays",
            content=f"{header}\n{move}\n",
            headers={"content-type": "application/x-ndjson"},
            timeout=A_WHILE,
        )
        assert answer.status_code == 422, answer.text
        assert "cannot be kept" in answer.json()["error"]["message"]
    assert _uploads(server) == before


def test_non_finite_numbers_and_lone_surrogates_in_messages_are_refused(
    server: ThreadServer,
) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"))
    ann = seated(server.base, made)
    for raw in (
        '{"type": "act", "id": 7, "action": {"type": "add", "amount": NaN}}',
        '{"type": "act", "id": 8, "action": {"type": "add", "amount": 1, "x": "\\ud800"}}',
    ):
        ann.send(raw)
        answer = ann.until(lambda m: m["type"] == "error")
        assert answer["code"] == "invalid-message" and answer["id"] in (7, 8)
    assert server.hub.tables[made["table"]["id"]].version == 1


@pytest.mark.parametrize(
    "name", ["\u3164", "\u2800\u2800", "\u115f\u1160", "a" + "\u0301" * 12, "\u200b\u2060"]
)
def test_blank_looking_names_are_refused(server: ThreadServer, name: str) -> None:
    spec: dict[str, Any] = {"game": "toy-turns", "seats": [{"kind": "human", "name": name}]}
    answer = httpx.post(f"{server.base}/api/tables", json=spec, timeout=A_WHILE)
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"]["code"] == "bad-name"


@pytest.mark.parametrize(
    "name", ["👩\u200d🚀", "Ann 👨🏽\u200d🍳", "❤\ufe0f\u200d🔥", "👨\u200d👩\u200d👧"]
)
def test_joined_emoji_names_are_accepted(name: str) -> None:
    """The zero width joiner is invisible, but between emoji it draws one picture."""
    assert clean_name(name) == name


@pytest.mark.parametrize("name", ["\u200d", "\u200d\u200d", "a\u200db", "\u200d🚀", "👩\u200d"])
def test_a_joiner_outside_an_emoji_is_still_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"visible|invisible"):
        clean_name(name)
