"""Bot levels over HTTP and at the table: the games list describes each level, the bot that
takes over a seat left for good is a ladder level (``casual`` unless the table chose), and a
bot's move says how long the bot thought."""

from __future__ import annotations

from typing import Any

import httpx

from crafthall.bots.levels import LADDER, OLD_NAMES, describe_levels
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer, Ws, create, seated, seats


def _games(server: ThreadServer) -> dict[str, Any]:
    answer = httpx.get(f"{server.base}/api/games", timeout=A_WHILE)
    assert answer.status_code == 200
    found: dict[str, Any] = answer.json()
    return found


def test_the_games_list_describes_every_bot_level(server: ThreadServer) -> None:
    listed = _games(server)
    assert listed["zombie_level"] == "casual"
    lines = describe_levels()
    for game in listed["games"]:
        names = [level["name"] for level in game["bot_levels"]]
        # The old list of names stays as it was, for clients that read only that.
        assert game["bots"] == names, game["name"]
        assert names[: len(LADDER)] == list(LADDER)
        for level in game["bot_levels"]:
            assert level["description"], (game["name"], level)
            assert level["alias_of"] == OLD_NAMES.get(level["name"])
        described = {level["name"]: level["description"] for level in game["bot_levels"]}
        assert described["casual"] == LADDER["casual"].description
        assert described["greedy"] == lines["greedy"]


def _leave(server: ThreadServer, made: dict[str, Any]) -> dict[str, Any]:
    """Ben (seat 1) leaves the table at once: the update handing his seat to a bot."""
    ben = seated(server.base, made, 1)
    try:
        ben.send({"type": "leave", "id": "bye"})
        update: dict[str, Any] = ben.until(lambda m: m.get("id") == "bye")
    finally:
        ben.close()
    assert update["type"] == "update", update
    return update


def _zombie(server: ThreadServer, **spec: Any) -> dict[str, Any]:
    """The change handing Ben's seat to a bot at a new table of Ann and Ben (``spec``)."""
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=5, **spec)
    update = _leave(server, made)
    zombie: dict[str, Any] = next(c for c in update["changes"] if c["kind"] == "zombie")
    return zombie


def test_a_seat_left_for_good_goes_to_a_casual_bot_by_default(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "open"))
    assert made["table"]["zombie_level"] == "casual"
    assert _zombie(server)["bot"] == "casual"
    assert _zombie(server, zombie_level="expert")["bot"] == "expert"


def test_a_table_that_chose_random_keeps_it(server: ThreadServer) -> None:
    assert _zombie(server, zombie_level="random")["bot"] == "random"


def test_a_table_stored_without_a_take_over_level_keeps_the_random_bot(
    server: ThreadServer,
) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=5)
    table = made["table"]["id"]
    # As a table stored before tables chose the bot: no zombie_level in its settings.
    del server.hub.tables[table].row.config["zombie_level"]
    update = _leave(server, made)
    zombie = next(c for c in update["changes"] if c["kind"] == "zombie")
    assert zombie["bot"] == "random"
    assert update["table"]["zombie_level"] == "random"


def test_an_unknown_take_over_level_is_refused_with_the_levels(server: ThreadServer) -> None:
    answer = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "wordcraft", "seats": seats("Ann", "open"), "zombie_level": "grandmaster"},
        timeout=A_WHILE,
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "bad-setup"
    message = error["message"]
    assert "'grandmaster'" in message
    for name, level in LADDER.items():
        assert f"{name}: {level.description}" in message


def _bot_moves(watcher: Ws, seat: int, count: int) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    while len(found) < count:
        update = watcher.until(lambda m: m["type"] == "update")
        found += [c for c in update["changes"] if c["kind"] == "move" and c["seat"] == seat]
        if update["table"]["status"] == "finished":
            break
    return found


def test_a_bot_move_says_how_long_the_bot_thought(server: ThreadServer) -> None:
    made = create(
        server.base,
        game="toy-turns",
        seats=seats("Ann", "bot:casual"),
        seed=3,
        zombie_level="strong",
    )
    ann = seated(server.base, made, 0, legal=True)
    try:
        mine = ann.act({"type": "add", "amount": 1})
        assert mine["type"] == "update"
        own = [c for c in mine["changes"] if c["kind"] == "move" and c["seat"] == 0]
        assert own and all("thought_ms" not in c and "bot" not in c for c in own)
        bot_move = _bot_moves(ann, 1, 1)[0]
        assert bot_move["bot"] == "casual"
        assert isinstance(bot_move["thought_ms"], int) and bot_move["thought_ms"] >= 0
        # Ann leaves: the take-over bot's moves carry its own level.
        ann.send({"type": "leave", "id": "bye"})
        ann.until(lambda m: m.get("id") == "bye")
        taken_over = _bot_moves(ann, 0, 1)[0]
        assert taken_over["bot"] == "strong" and taken_over["thought_ms"] >= 0
    finally:
        ann.close()


def test_the_open_tables_list_says_whether_hints_are_given(server: ThreadServer) -> None:
    chosen = {
        value: create(server.base, game="toy-turns", seats=seats("Ann", "open"), hints=value)
        for value in (True, False, None)
    }
    listed = httpx.get(f"{server.base}/api/tables", timeout=A_WHILE).json()["tables"]
    by_id = {t["id"]: t for t in listed}
    for value, made in chosen.items():
        assert by_id[made["table"]["id"]]["hints"] is value
        assert made["table"]["hints"] is value
