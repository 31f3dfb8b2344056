"""Every number a client sends has an upper bound: each game's numeric options (their schema
says it, as the lobby shows it) and the replay routes' move and seat. One past a bound is a
422 in the API's shape with a sentence, never a 500 or the framework's own answer."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from crafthall.games import game_class, new_match
from crafthall.server.routes.records import MAX_MOVE, MAX_SEAT
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer, available_real_games, create, seats, upload


def _numbers(schema: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each number (and list) of an option's JSON schema, by where it is: ``teams[][]``."""
    for choice in schema.get("anyOf", []):
        yield from _numbers(choice, path)
    kind = schema.get("type")
    if kind in ("integer", "number", "array"):
        yield path, schema
    if kind == "array":
        items = schema.get("items") or schema.get("prefixItems") or {}
        for item in items if isinstance(items, list) else [items]:
            yield from _numbers(item, f"{path}[]")


def _bounded_options() -> list[tuple[str, str, dict[str, Any]]]:
    found: list[tuple[str, str, dict[str, Any]]] = []
    for game in available_real_games():
        schema = game_class(game).Options.model_json_schema()
        for name, option in schema["properties"].items():
            found.extend((game, where, part) for where, part in _numbers(option, name))
    return found


@pytest.mark.parametrize(("game", "where", "part"), _bounded_options())
def test_every_numeric_option_of_every_game_has_an_upper_bound(
    game: str, where: str, part: dict[str, Any]
) -> None:
    bound = "maxItems" if part["type"] == "array" else "maximum"
    assert bound in part, f"{game} option {where} has no upper bound: {part}"


def _one_past(game: str, name: str) -> Any:
    """A value of option ``name`` one past its bound (a number, or one item too many)."""
    option = game_class(game).Options.model_json_schema()["properties"][name]
    for where, part in _numbers(option, name):
        if part["type"] in ("integer", "number") and where == name:
            return part["maximum"] + 1
        if part["type"] == "array" and where == name:
            return [_item(part)] * (part["maxItems"] + 1)
    raise AssertionError(f"{game} option {name} is not a number or a list")


def _item(array: dict[str, Any]) -> Any:
    items = array.get("items", {})
    if items.get("type") == "array":
        return [0]
    return "easy" if items.get("type") == "string" else 0


def _top_level_options() -> list[tuple[str, str]]:
    return sorted({(game, where.split("[")[0]) for game, where, _part in _bounded_options()})


@pytest.mark.parametrize(("game", "name"), _top_level_options())
def test_an_option_past_its_bound_is_refused_with_a_sentence(
    server: ThreadServer, game: str, name: str
) -> None:
    value = _one_past(game, name)
    answer = httpx.post(
        f"{server.base}/api/tables",
        json={"game": game, "seats": seats("Ann", "Ben", "Cy", "Di"), "options": {name: value}},
        timeout=A_WHILE,
    )
    assert answer.status_code == 422, answer.text
    error = answer.json()["error"]
    assert error["code"] == "bad-setup", error
    assert name in error["message"] and error["message"].endswith("."), error


def test_wordcrafts_turn_timer_is_a_day_at_most(server: ThreadServer) -> None:
    spec = {"game": "wordcraft", "seats": seats("Ann", "Ben")}
    longest = create(server.base, **spec, options={"turn_seconds": 86_400})
    assert longest["table"]["id"]
    answer = httpx.post(
        f"{server.base}/api/tables",
        json={**spec, "options": {"turn_seconds": 10**18}},
        timeout=A_WHILE,
    )
    assert answer.status_code == 422
    assert "86400" in answer.json()["error"]["message"]


@pytest.fixture(scope="module")
def uploaded(server: ThreadServer) -> str:
    match = new_match("toy-turns", ["Ann", "Ben"], seed=1, options={"target": 4})
    while match.result() is None:
        match.apply(match.active_seats()[0], {"type": "add", "amount": 1})
    return upload(server.base, "\n".join(match.record_lines()) + "\n")


@pytest.mark.parametrize(
    ("query", "code", "words"),
    [
        ({"move": -1}, "invalid-request", "move"),
        ({"move": MAX_MOVE + 1}, "invalid-request", "move"),
        ({"move": "9" * 5000}, "invalid-request", "move"),
        ({"move": "two"}, "invalid-request", "move"),
        ({"seat": MAX_SEAT + 1}, "invalid-request", "seat"),
        ({"seat": -1}, "invalid-request", "seat"),
        ({"move": MAX_MOVE}, "bad-replay", "there is no move"),
        ({"seat": MAX_SEAT}, "bad-replay", "seats 0 to 1"),
    ],
)
def test_replay_parameters_out_of_range_are_refused_with_a_sentence(
    server: ThreadServer, uploaded: str, query: dict[str, Any], code: str, words: str
) -> None:
    answer = httpx.get(f"{server.base}/api/replays/{uploaded}", params=query, timeout=A_WHILE)
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert "detail" not in body, body
    assert body["error"]["code"] == code, body
    assert words in body["error"]["message"] and body["error"]["message"].endswith("."), body


def test_the_bounds_are_in_the_lobbys_option_schemas(server: ThreadServer) -> None:
    games = httpx.get(f"{server.base}/api/games", timeout=A_WHILE).json()["games"]
    wordcraft = next(game for game in games if game["name"] == "wordcraft")
    turn = json.dumps(wordcraft["options_schema"]["properties"]["turn_seconds"])
    assert '"maximum": 86400' in turn
