"""Table chat on a real server: the two rooms and who reads them, every refusal (each with
its sentence, nothing kept nor sent), the offensive-word filter, the rate per seat, the
history on hello, the chat kept in the database and shown with the replay."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from crafthall.engine.errors import IllegalAction
from crafthall.server.chat import filtered
from tests.server.helpers import (
    PG_URL,
    OwnRedis,
    ThreadServer,
    Ws,
    create,
    make_settings,
    pg_schema,
    play_randomly,
    postgres_up,
    seated,
    seats,
    service_or_skip,
    thread_pair_on_postgres,
)

SLUR = "faggot"


def say(client: Ws, text: str, msg_id: int, **extra: Any) -> dict[str, Any]:
    """Send a chat message; the server's answer to it (the room's message, or an error)."""
    client.send({"type": "chat", "text": text, "id": msg_id, **extra})
    return client.answer(msg_id)


def heard(client: Ws) -> dict[str, Any]:
    """The next chat line this client is sent as it is said (not a history)."""
    message = client.until(lambda m: m["type"] == "chat" and not m["full"])
    [line] = message["messages"]
    return dict(line)


def history(client: Ws) -> dict[str, Any]:
    """The room's history sent with the welcome."""
    return client.until(lambda m: m["type"] == "chat" and m["full"])


def watcher(base: str, table_id: str, name: str | None = None) -> Ws:
    client = Ws(base, table_id)
    client.hello(chat=True, **({"name": name} if name else {}))
    return client


def pair(base: str, game: str = "toy-turns", **spec: Any) -> tuple[dict[str, Any], Ws, Ws]:
    """A new table of Ann and Ben, both seated and past their welcome's history."""
    made = create(base, game=game, seats=seats("Ann", "Ben"), seed=3, **spec)
    ann, ben = seated(base, made, 0, chat=True), seated(base, made, 1, chat=True)
    history(ann), history(ben)
    return made, ann, ben


@pytest.fixture
def table(server: ThreadServer) -> Iterator[tuple[dict[str, Any], Ws, Ws]]:
    """A table of Ann and Ben (a toy game), both seated and past their welcome's history."""
    made, ann, ben = pair(server.base)
    yield made, ann, ben
    ann.close()
    ben.close()


def test_the_players_chat_and_the_spectators_chat_never_meet(
    server: ThreadServer, table: tuple[dict[str, Any], Ws, Ws]
) -> None:
    made, ann, ben = table
    table_id = made["table"]["id"]
    eve = watcher(server.base, table_id, "Eve")
    assert history(eve) == {"type": "chat", "room": "spectators", "messages": [], "full": True}
    answer = say(ann, "Good game", 1)
    assert answer["type"] == "chat" and answer["room"] == "players"
    line = heard(ben)
    shown = (line["seat"], line["name"], line["text"], line["room"])
    assert shown == (0, "Ann", "Good game", "players")
    assert say(eve, "Ann is winning", 2)["room"] == "spectators"
    said = say(ann, "Your turn", 3)["messages"][0]
    # Ben's next line is Ann's second: Eve's never came to the players.
    assert heard(ben)["n"] == said["n"]
    # Eve heard neither of Ann's: her next line is her own next one.
    mine = say(eve, "still watching", 4)["messages"][0]
    assert not [m for m in eve.pending if m["type"] == "chat"]
    assert all(
        line["room"] == "spectators"
        for m in eve.messages
        if m["type"] == "chat"
        for line in m["messages"]
    )
    assert mine["name"] == "Eve" and mine["seat"] is None
    eve.close()


def test_a_spectator_cannot_post_to_the_players_chat(
    server: ThreadServer, table: tuple[dict[str, Any], Ws, Ws]
) -> None:
    made, ann, ben = table
    eve = watcher(server.base, made["table"]["id"], "Eve")
    history(eve)
    refused = say(eve, "play the Q!", 1, room="players")
    assert refused["type"] == "error" and refused["code"] == "chat-other-room"
    assert "players' chat is for the players" in refused["message"]
    # Nor a player to the spectators' chat.
    assert say(ann, "hello watchers", 2, room="spectators")["code"] == "chat-other-room"
    # Nothing reached Ben: his next line is the one said after.
    said = say(ann, "after", 3)["messages"][0]
    assert heard(ben)["n"] == said["n"]
    eve.close()


def test_a_player_cannot_speak_for_another_seat(
    server: ThreadServer, table: tuple[dict[str, Any], Ws, Ws]
) -> None:
    _made, ann, ben = table
    for claim in ({"seat": 1}, {"name": "Ben"}, {"from": 1}):
        refused = say(ann, "I resign", 1, **claim)
        assert refused["type"] == "error" and refused["code"] == "invalid-message", refused
    line = say(ann, "I am Ann", 2)["messages"][0]
    assert (line["seat"], line["name"]) == (0, "Ann")
    assert heard(ben)["seat"] == 0


def test_a_spectator_chats_under_the_name_it_watches_under(
    server: ThreadServer, table: tuple[dict[str, Any], Ws, Ws]
) -> None:
    made, _ann, _ben = table
    nameless = watcher(server.base, made["table"]["id"])
    refused = say(nameless, "hi", 1)
    assert refused["code"] == "chat-needs-name" and "name" in refused["message"]
    badly = Ws(server.base, made["table"]["id"])
    badly.send({"type": "hello", "name": "\u0007bell", "chat": True, "id": "h"})
    refusal = badly.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "bad-name" and "control" in refusal["message"]
    badly.until(lambda m: m["type"] == "update")  # it watches all the same
    assert say(badly, "hi", 2)["code"] == "chat-needs-name"
    slurred = Ws(server.base, made["table"]["id"])
    slurred.send({"type": "hello", "name": f"{SLUR} fan", "chat": True, "id": "h"})
    assert slurred.until(lambda m: m["type"] == "error")["code"] == "bad-name"
    rude = watcher(server.base, made["table"]["id"], "Bastard")
    assert say(rude, "hi", 3)["messages"][0]["name"] == "B******"
    slurred.close()
    rude.close()
    nameless.close()
    badly.close()


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("x" * 301, "chat-too-long", "at most 300 characters; this one has 301"),
        ("   ", "chat-empty", "at least one visible character"),
        ("hi\u200bthere", "chat-unreadable", "control or invisible characters"),
        (f"you {SLUR}", "chat-slur", "never shown"),
        (f"{SLUR.upper()}S!", "chat-slur", "never shown"),
    ],
)
def test_refusals_say_what_is_wrong_and_send_nothing(
    table: tuple[dict[str, Any], Ws, Ws], text: str, code: str, words: str
) -> None:
    _made, ann, ben = table
    refused = say(ann, text, 1)
    assert refused["type"] == "error" and refused["code"] == code
    assert words in refused["message"]
    said = say(ann, "next", 2)["messages"][0]
    assert heard(ben)["n"] == said["n"]


def test_vulgar_words_are_masked_unless_the_table_allows_adult_words(
    server: ThreadServer,
) -> None:
    for adult, shown in ((False, "well played, B******!"), (True, "well played, Bastard!")):
        _made, ann, ben = pair(server.base, "wordcraft", options={"adult_words": adult})
        assert say(ann, "well played, Bastard!", 1)["messages"][0]["text"] == shown
        assert heard(ben)["text"] == shown
        ann.close()
        ben.close()


def test_the_filter_reads_words_not_letters_inside_words() -> None:
    assert filtered("Scunthorpe and classic passes", adult_words=False) == (
        "Scunthorpe and classic passes"
    )
    assert filtered("what a bastard-ish move", adult_words=False) == "what a b********** move"
    assert filtered("Bastards.", adult_words=False) == "B*******."
    assert filtered("<b>bastard</b>", adult_words=False) == "<b>b******</b>"
    with pytest.raises(IllegalAction, match="slur"):
        filtered(f"a {SLUR}-lover", adult_words=True)


def test_markup_is_kept_as_text(table: tuple[dict[str, Any], Ws, Ws]) -> None:
    _made, ann, ben = table
    markup = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    assert say(ann, markup, 1)["messages"][0]["text"] == markup
    assert heard(ben)["text"] == markup


def test_the_rate_is_per_seat_and_refused_with_a_sentence(tmp_path: Path, toys: None) -> None:
    settings = make_settings(tmp_path, chat_rate=0.01, chat_burst=2)
    with ThreadServer(settings) as server:
        made, ann, ben = pair(server.base)
        assert say(ann, "one", 1)["type"] == "chat"
        assert say(ann, "two", 2)["type"] == "chat"
        refused = say(ann, "three", 3)
        assert refused["code"] == "chat-too-fast"
        assert "2 chat messages in a row, then one every 100 s; try again in" in refused["message"]
        assert refused["details"]["retry_after"] > 0
        # A second connection of Ann's seat shares her limit; Ben has his own.
        again = seated(server.base, made, 0, chat=True)
        assert say(again, "three", 4)["code"] == "chat-too-fast"
        assert say(ben, "mine", 5)["type"] == "chat"
        # Spectators are counted by their address, however many connections they open.
        first, second = (watcher(server.base, made["table"]["id"], "Eve") for _ in range(2))
        assert say(first, "one", 6)["type"] == "chat"
        assert say(second, "two", 7)["type"] == "chat"
        assert say(second, "three", 8)["code"] == "chat-too-fast"
        for client in (ann, ben, again, first, second):
            client.close()


def test_a_late_comer_gets_its_own_rooms_history(
    server: ThreadServer, table: tuple[dict[str, Any], Ws, Ws]
) -> None:
    made, ann, _ben = table
    table_id = made["table"]["id"]
    eve = watcher(server.base, table_id, "Eve")
    history(eve)
    say(ann, "first", 1)
    say(ann, "second", 2)
    say(eve, "watching", 3)
    late = seated(server.base, made, 1, chat=True)
    texts = [line["text"] for line in history(late)["messages"]]
    assert texts == ["first", "second"]
    spectator = watcher(server.base, table_id)
    assert [line["text"] for line in history(spectator)["messages"]] == ["watching"]
    for client in (eve, late, spectator):
        client.close()


def test_the_replay_shows_both_rooms_once_the_game_is_over(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "bot"), seed=4)
    table_id = made["table"]["id"]
    ann = seated(server.base, made, 0, legal=True, chat=True)
    eve = watcher(server.base, table_id, "Eve")
    say(ann, "good luck", 1)
    say(eve, "go Ann", 2)
    url = f"{server.base}/api/tables/{table_id}/chat"
    early = httpx.get(url)
    assert early.status_code == 409 and early.json()["error"]["code"] == "game-not-finished"
    play_randomly({0: ann}, seed=1)
    say(ann, "good game", 3)
    lines = httpx.get(url).json()["messages"]
    assert [(line["room"], line["name"], line["text"]) for line in lines] == [
        ("players", "Ann", "good luck"),
        ("spectators", "Eve", "go Ann"),
        ("players", "Ann", "good game"),
    ]
    assert lines[0]["move"] == 0 and lines[2]["move"] > 0
    ann.close()
    eve.close()


def test_chat_is_kept_in_postgresql_and_travels_between_processes(
    tmp_path: Path, toys: None
) -> None:
    """Two server processes share PostgreSQL and Redis: a line said through one reaches a
    player connected to the other, and a server started afresh still has it."""
    with thread_pair_on_postgres(tmp_path, "chat") as (one, two):
        made = create(one.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=3)
        ann, ben = seated(one.base, made, 0, chat=True), seated(two.base, made, 1, chat=True)
        history(ann), history(ben)
        say(ann, "through Redis", 1)
        assert heard(ben)["text"] == "through Redis"
        say(ben, "and back", 2)
        assert heard(ann)["text"] == "and back"
        ann.close()
        ben.close()
        with ThreadServer(one.settings) as three:  # a third process, started afresh
            late = seated(three.base, made, 0, chat=True)
            texts = [line["text"] for line in history(late)["messages"]]
            assert texts == ["through Redis", "and back"]
            late.close()


def test_a_connection_that_does_not_follow_the_chat_is_sent_none_of_it(
    server: ThreadServer, table: tuple[dict[str, Any], Ws, Ws]
) -> None:
    made, ann, _ben = table
    plain = seated(server.base, made, 1)
    say(ann, "anyone there?", 1)
    ann.act({"type": "add", "amount": 1})  # after the line, on the same outboxes
    plain.update_at(2)
    assert [m["type"] for m in plain.messages] == ["welcome", "update", "update"]
    plain.close()


def test_a_line_the_database_cannot_keep_is_refused_and_costs_no_turn(
    tmp_path: Path, toys: None
) -> None:
    settings = make_settings(tmp_path, chat_rate=0.01, chat_burst=1)
    database = tmp_path / "server.sqlite3"
    with ThreadServer(settings) as server:
        _made, ann, ben = pair(server.base)
        with sqlite3.connect(database) as conn:
            conn.execute("ALTER TABLE chat RENAME TO chat_away")
        refused = say(ann, "lost?", 1)
        assert refused["code"] == "storage-unavailable" and "try again" in refused["message"]
        with sqlite3.connect(database) as conn:
            conn.execute("ALTER TABLE chat_away RENAME TO chat")
        # The refused line did not spend Ann's one line.
        assert say(ann, "kept", 2)["messages"][0]["text"] == "kept"
        assert heard(ben)["text"] == "kept"
        ann.close()
        ben.close()


def test_a_line_said_while_redis_was_away_reaches_the_other_process(
    tmp_path: Path, toys: None, own_redis: OwnRedis
) -> None:
    """Kept in the database though not announced: once Redis is back, every connection of the
    other process following its room is sent the room again, that line in it."""
    service_or_skip("PostgreSQL", postgres_up)
    with pg_schema() as schema:
        shared = {"database_url": PG_URL, "database_schema": schema, "redis_url": own_redis.url}
        one = ThreadServer(make_settings(tmp_path / "one", **shared))
        two = ThreadServer(make_settings(tmp_path / "two", **shared))
        with one, two:
            made = create(one.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=3)
            ann, ben = seated(one.base, made, 0, chat=True), seated(two.base, made, 1, chat=True)
            history(ann), history(ben)
            own_redis.stop()
            assert say(ann, "while Redis was away", 1)["type"] == "chat"
            own_redis.start()
            again = ben.until(
                lambda m: (
                    m["type"] == "chat"
                    and m["full"]
                    and [line["text"] for line in m["messages"]] == ["while Redis was away"]
                )
            )
            assert again["room"] == "players"
            ann.close()
            ben.close()
