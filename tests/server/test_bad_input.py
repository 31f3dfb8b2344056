"""Malformed, oversized, unauthorised and flooding clients get clear errors; nothing changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from crafthall import games
from crafthall.games import new_match
from tests.patience import PATIENCE
from tests.server.helpers import ThreadServer, Ws, available_real_games, create, make_settings


def _table(server: ThreadServer) -> tuple[str, dict[str, str]]:
    made = create(
        server.base,
        game="toy-turns",
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}],
        seed=1,
    )
    return made["table"]["id"], made["tokens"]


def test_malformed_messages_get_errors_and_change_nothing(server: ThreadServer) -> None:
    table, tokens = _table(server)
    ann = Ws(server.base, table)
    ann.send({"type": "act", "action": {"type": "add", "amount": 1}, "id": "early"})
    assert ann.until(lambda m: m["type"] == "error")["code"] == "hello-first"
    ann.hello(tokens["0"])
    cases = [
        ("not json", "malformed-message"),
        ("[1, 2]", "malformed-message"),
        ('{"type": "dance"}', "unknown-message"),
        ('{"type": "act"}', "invalid-message"),
        ('{"type": "act", "action": {"type": "add"}, "extra": 1}', "invalid-message"),
        (
            '{"type": "act", "action": {"type": "add", "amount": 1}, "id": {"x": 1}}',
            "invalid-message",
        ),
        ('{"type": "act", "action": ' + "[" * 50 + "]" * 50 + "}", "invalid-message"),
        ('{"type": "hello"}', "already-greeted"),
        ("x" * 20_000, "message-too-large"),
        (
            '{"type": "act", "action": {"type": "add", "amount": "' + "9" * 9000 + '"}}',
            "message-too-large",
        ),
    ]
    for text, code in cases:
        ann.send(text)
        error = ann.until(lambda m: m["type"] == "error")
        assert error["code"] == code, (text[:60], error)
        assert error["message"].endswith((".", ")")), error
    ann.send({"type": "ping", "id": 7})
    assert ann.until(lambda m: m["type"] == "pong")["id"] == 7
    assert server.hub.tables[table].version == 1


def test_malformed_actions_are_refused_by_the_engine_with_bad_action(server: ThreadServer) -> None:
    table, tokens = _table(server)
    ann = Ws(server.base, table)
    ann.hello(tokens["0"])
    for action in (
        {"amount": 1},
        {"type": 3},
        ["add", 1],
        "add",
        None,
        {"type": "add", "amount": "1"},
        {"type": "add", "amount": 1.5},
        {"type": "add", "amount": True},
        {"type": "roll", "amount": 1},
    ):
        answer = ann.act(action)
        assert answer["type"] == "error" and answer["code"] == "bad-action", (action, answer)
        assert answer["message"].endswith("."), answer
    assert server.hub.tables[table].version == 1


def test_bad_tokens_and_tables_are_refused(server: ThreadServer) -> None:
    table, tokens = _table(server)
    intruder = Ws(server.base, table)
    answer = intruder.hello("x" * 32)
    assert answer["type"] == "error" and answer["code"] == "bad-token"
    with pytest.raises(ConnectionClosed):
        intruder.recv()
    other, _ = _table(server)
    stranger = Ws(server.base, other)
    assert stranger.hello(tokens["0"])["code"] == "bad-token"
    nowhere = Ws(server.base, "no-such-table")
    assert nowhere.recv()["code"] == "no-such-table"


@pytest.fixture
def strict_server(toys: None, tmp_path: Path) -> Iterator[ThreadServer]:
    settings = make_settings(tmp_path, flood_rate=5.0, flood_burst=5, flood_strikes=10)
    with ThreadServer(settings) as running:
        yield running


def test_a_flooding_client_is_slowed_then_cut_off(strict_server: ThreadServer) -> None:
    table, tokens = _table(strict_server)
    ann = Ws(strict_server.base, table)
    ann.hello(tokens["0"])
    for number in range(40):
        try:
            ann.send({"type": "ping", "id": number})
        except ConnectionClosed:
            break
    codes = []
    with pytest.raises(ConnectionClosed):
        while True:
            message = ann.recv()
            if message["type"] == "error":
                codes.append(message["code"])
    # Slowed first (warned once per run of slowed messages), then cut off.
    assert codes[0] == "slow-down" and codes[-1] == "flood"
    assert set(codes) == {"slow-down", "flood"}
    assert ann.conn.close_code == 4429
    assert strict_server.hub.tables[table].version == 1


def _upload(server: ThreadServer, lines: list[str]) -> httpx.Response:
    return httpx.post(
        f"{server.base}/api/replays",
        content="\n".join(lines) + "\n",
        headers={"content-type": "application/x-ndjson"},
        timeout=PATIENCE,
    )


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "add", "amount": [2]}, "The field 'amount' of a add must be a whole number"),
        ({"type": "add", "amount": 2, "note": "hi"}, "A add has no field 'note'"),
        ({"type": "add"}, "A add needs the field 'amount'"),
        ({"type": "fly"}, "'fly' is not an action here"),
    ],
)
def test_an_uploaded_record_with_a_malformed_move_is_refused_with_the_sentence(
    server: ThreadServer, action: dict[str, Any], words: str
) -> None:
    header = new_match("toy-turns", ["Ann", "Ben"], seed=1).record_lines()[0]
    answer = _upload(server, [header, json.dumps({"seat": 0, "action": action})])
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad-record"
    assert "Line 2" in error["message"] and words in error["message"], error


def _wrong_typed(action: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The first field of ``action`` (a word, a cell, a direction...) and the action with that
    field wrapped in a list."""
    for name, value in action.items():
        if name != "type":
            return name, {**action, name: [value, value]}
    return None


@pytest.mark.parametrize("game", available_real_games())
def test_a_real_games_record_with_a_wrong_typed_field_is_refused_with_the_sentence(
    server: ThreadServer, game: str
) -> None:
    match = new_match(game, ["Ann", "Ben"], seed=5)
    seat = match.active_seats()[0]
    wrong = [found for found in map(_wrong_typed, match.legal_actions(seat)) if found]
    if not wrong:
        pytest.skip(f"the first move of {game} has no field to get wrong")
    field, action = wrong[0]
    move = {"seat": seat, "action": action}
    answer = _upload(server, [match.record_lines()[0], json.dumps(move)])
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad-record"
    assert "Line 2" in error["message"] and f"'{field}'" in error["message"], error


@pytest.fixture
def choking(toys: None) -> Iterator[None]:
    games.register("toy-choking", "tests.server.choking_game")
    yield
    games.unregister("toy-choking")


def test_a_record_the_rules_choke_on_is_refused_not_a_crash(
    choking: None, server: ThreadServer
) -> None:
    # Without declared shapes the rules meet the missing field themselves (a KeyError), in
    # the worker process that replays the upload.
    header = new_match("toy-choking", ["Ann", "Ben"], seed=1).record_lines()[0]
    answer = _upload(server, [header, json.dumps({"seat": 0, "action": {"type": "add"}})])
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad-record" and "cannot make sense" in error["message"], error
