"""Malformed bodies get the API's own refusal (a code and a sentence), never the framework's;
numbers in bodies are bounded; HTML pages send security headers."""

from __future__ import annotations

import httpx
import pytest

from crafthall.server.bodies import json_problem
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer, create, seats


def _post(server: ThreadServer, path: str, body: bytes, kind: str | None) -> httpx.Response:
    headers = {"content-type": kind} if kind else {}
    return httpx.post(f"{server.base}{path}", content=body, headers=headers, timeout=A_WHILE)


def _refused(answer: httpx.Response, code: str) -> str:
    """``answer`` is a 422 in the API's shape with ``code``; its sentence."""
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert "detail" not in body, body
    assert body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    assert message.endswith("."), message
    return message


WORDCRAFT_LONG_TURN = (
    b'{"game": "wordcraft", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "open"}], '
    b'"options": {"turn_seconds": ' + b"9" * 4000 + b"}}"
)


@pytest.mark.parametrize("kind", ["application/json", None])
def test_malformed_bodies_get_the_apis_refusal(server: ThreadServer, kind: str | None) -> None:
    tables = "/api/tables"
    huge = b'{"game": "toy-turns", "seats": [], "seed": ' + b"7" * 5000 + b"}"
    assert "at most" in _refused(_post(server, tables, huge, kind), "bad-json")
    assert "at most" in _refused(_post(server, tables, WORDCRAFT_LONG_TURN, kind), "bad-json")
    float_huge = b'{"game": "toy-turns", "seats": [], "options": {"x": 1e300}}'
    assert "at most" in _refused(_post(server, tables, float_huge, kind), "bad-json")
    not_utf8 = b'{"game": "toy-turns\xff\xfe", "seats": []}'
    assert "UTF-8" in _refused(_post(server, tables, not_utf8, kind), "bad-json")
    deep = b'{"game": "toy-turns", "seats": [], "options": {"x": ' + b"[" * 5000
    deep += b"]" * 5000 + b"}}"
    assert "nest at most" in _refused(_post(server, tables, deep, kind), "bad-json")
    broken = b'{"game": "toy-turns", "seats": [}'
    assert "not JSON" in _refused(_post(server, tables, broken, kind), "bad-json")


def test_schema_errors_come_in_the_apis_shape(server: ThreadServer) -> None:
    answer = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "toy-turns", "seats": [{"kind": "alien"}]},
        timeout=A_WHILE,
    )
    message = _refused(answer, "invalid-request")
    assert "seats.0.kind" in message
    assert answer.json()["error"]["details"][0]["field"] == "seats.0.kind"
    seed = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "toy-turns", "seats": seats("Ann"), "seed": -1},
        timeout=A_WHILE,
    )
    assert "seed" in _refused(seed, "invalid-request")
    moved = httpx.post(f"{server.base}/api/learn/nobody/move", json={}, timeout=A_WHILE)
    assert "action" in _refused(moved, "invalid-request")


def test_numbers_within_the_bound_still_come_in(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=2**62)
    assert made["table"]["id"]
    assert json_problem(b'{"n": 9223372036854775807, "x": -1.5e18}') is None
    assert json_problem(b'{"n": 9223372036854775808}') is not None
    assert json_problem(b'"[[[{{{ not brackets"') is None  # brackets in text are not nesting


def test_html_pages_send_security_headers(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"))
    table = made["table"]["id"]
    for path in ("/", f"/t/{table}", f"/t/{table}/plain"):
        answer = httpx.get(f"{server.base}{path}", timeout=A_WHILE)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "'unsafe-inline'" not in policy
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
        assert answer.headers["x-frame-options"] == "DENY"
