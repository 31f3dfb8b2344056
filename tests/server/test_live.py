"""Live play over real WebSockets: views per seat, events, refusals, bots, reconnect."""

from __future__ import annotations

import time
from typing import Any

import httpx

from tests.patience import A_WHILE
from tests.server.helpers import (
    ThreadServer,
    Ws,
    available_real_games,
    create,
    play_against_a_bot,
    seats,
)

BACK_GRACE = 3
"""The grace of the seat whose player drops and comes back, past which the test waits."""


def two_humans(server: ThreadServer, **spec: Any) -> tuple[str, dict[str, str]]:
    made = create(
        server.base,
        game=spec.pop("game", "toy-turns"),
        seats=seats("Ann", "Ben"),
        seed=spec.pop("seed", 5),
        **spec,
    )
    return made["table"]["id"], made["tokens"]


def greeted(server: ThreadServer, table: str, tokens: dict[str, str]) -> tuple[Ws, Ws]:
    """Ann and Ben, each connected to their own seat."""
    ann, ben = Ws(server.base, table), Ws(server.base, table)
    ann.hello(tokens["0"])
    ben.hello(tokens["1"])
    return ann, ben


def test_each_seat_gets_its_own_view_and_the_events(server: ThreadServer) -> None:
    table, tokens = two_humans(server)
    ann, ben, watcher = Ws(server.base, table), Ws(server.base, table), Ws(server.base, table)
    first_ann = ann.hello(tokens["0"])
    first_ben = ben.hello(tokens["1"])
    first_watch = watcher.hello()
    assert first_ann["seat"] == 0 and first_ben["seat"] == 1 and first_watch["seat"] is None
    assert first_ann["view"]["my_secret"] is not None
    assert first_watch["view"]["my_secret"] is None
    assert first_ann["active"] == [0]
    assert first_ann["changes"][0]["kind"] == "created"

    answer = ann.act({"type": "add", "amount": 2})
    assert answer["type"] == "update" and answer["version"] == 2
    for client in (ann, ben, watcher):
        update = client.until(lambda m: m["type"] == "update" and m["version"] == 2)
        assert update["active"] == [1]
        assert update["view"]["scores"] == [2, 0]
        assert [c["kind"] for c in update["changes"]] == ["move"]
        assert update["changes"][0]["events"] == [
            {"type": "added", "seat": 0, "amount": 2, "move": 0}
        ] or update["changes"][0]["events"] == [{"type": "added", "seat": 0, "amount": 2}]
    for client in (ann, ben, watcher):
        client.close()


def test_each_change_is_one_message_per_connection_the_movers_answering_it(
    server: ThreadServer,
) -> None:
    table, tokens = two_humans(server)
    ann, ben = greeted(server, table, tokens)
    watcher = Ws(server.base, table)
    watcher.hello()
    answer = ann.act({"type": "add", "amount": 2}, msg_id="first")
    assert answer["type"] == "update" and answer["id"] == "first" and answer["version"] == 2
    assert ben.act({"type": "add", "amount": 1}, msg_id="second")["version"] == 3
    for client in (ann, ben, watcher):
        client.update_at(3)
    # Everything after the greeting: one update per change, and nothing else.
    for client in (ann, ben, watcher):
        after_hello = client.messages[2:]
        assert [(m["type"], m["version"]) for m in after_hello] == [("update", 2), ("update", 3)]
    assert [m.get("id") for m in ann.messages[2:]] == ["first", None]
    assert [m.get("id") for m in ben.messages[2:]] == [None, "second"]
    assert all("id" not in m for m in watcher.messages[2:])
    for client in (ann, ben, watcher):
        client.close()


def test_illegal_and_out_of_turn_actions_change_nothing(server: ThreadServer) -> None:
    table, tokens = two_humans(server)
    ann, ben = greeted(server, table, tokens)
    refused = ann.act({"type": "add", "amount": 7})
    assert refused["type"] == "error" and refused["code"] == "bad-amount"
    assert refused["message"].endswith(".")
    out_of_turn = ben.act({"type": "add", "amount": 1})
    assert out_of_turn["code"] == "not-your-turn"
    unknown = ann.act({"type": "fly"})
    assert unknown["code"] == "bad-action"
    wrong_type = ann.act({"type": "add", "amount": [1]})
    assert wrong_type["code"] == "bad-action" and "'amount'" in wrong_type["message"]
    assert wrong_type["details"] == {"field": "amount"}
    unknown_field = ann.act({"type": "add", "amount": 1, "note": "hi"})
    assert unknown_field["code"] == "bad-action" and "'note'" in unknown_field["message"]
    watcher = Ws(server.base, table)
    watcher.hello()
    spectator = watcher.act({"type": "add", "amount": 1})
    assert spectator["code"] == "not-seated"
    state = server.hub.tables[table]
    assert state.version == 1 and state.match.moves == []


def test_reconnect_gets_the_view_and_missed_changes(server: ThreadServer) -> None:
    table, tokens = two_humans(server)
    ann, ben = Ws(server.base, table), Ws(server.base, table)
    ann.hello(tokens["0"])
    seen = ben.hello(tokens["1"])["version"]
    ben.close()
    ann.act({"type": "add", "amount": 1})
    back = Ws(server.base, table)
    first = back.hello(tokens["1"], since=seen)
    assert first["version"] == 2 and first["active"] == [1]
    assert [c["version"] for c in first["changes"]] == [2]
    assert back.act({"type": "add", "amount": 3})["type"] == "update"
    again = Ws(server.base, table)
    assert len(again.hello(tokens["1"])["changes"]) == 3  # since omitted: everything


def test_bots_play_server_side_to_the_end(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("bot", "bot:greedy"), seed=3)
    watcher = Ws(server.base, made["table"]["id"])
    watcher.hello()
    final = watcher.final_update()
    assert final["table"]["result"]["winners"]
    assert final["active"] == []


def test_a_player_who_leaves_is_replaced_by_a_bot(server: ThreadServer) -> None:
    table, tokens = two_humans(server)
    ann, ben = greeted(server, table, tokens)
    ben.send({"type": "leave", "id": "bye"})
    assert ben.until(lambda m: m.get("id") == "bye")["type"] == "update"
    # Ann plays on alone; the zombie bot answers each of her moves until the game ends.
    while True:
        update = ann.until(
            lambda m: (
                m["type"] == "update" and (0 in m["active"] or m["table"]["status"] == "finished")
            )
        )
        if update["table"]["status"] == "finished":
            break
        ann.act({"type": "add", "amount": 3})
    result = update["table"]["result"]
    assert result["zombies"] == [{"seat": 1, "reason": "left", "move": 0, "bot": "casual"}]
    assert update["table"]["seats"][1]["zombie"] == "left"
    assert ben.act({"type": "add", "amount": 1})["code"] in ("seat-taken-over", "game-over")


def test_a_seat_out_of_time_is_taken_over(server: ThreadServer) -> None:
    # The clocks start when the game does, once Ben sits down: Ann is there to see it (made
    # with both seated, her second on the clock could run out before her hello).
    made = create(
        server.base,
        game="toy-turns",
        seats=seats("Ann", "open"),
        seed=5,
        clock={"initial": 1, "increment": 0},
    )
    table = made["table"]["id"]
    ann = Ws(server.base, table)
    ann.hello(made["tokens"]["0"])
    joined = httpx.post(
        f"{server.base}/api/tables/{table}/join",
        json={"seat": 1, "invite": made["invites"]["1"]["code"], "name": "Ben"},
        timeout=A_WHILE,
    )
    assert joined.status_code == 200, joined.text
    first = ann.update_at(2)
    assert first["table"]["seats"][0]["clock"] == 1.0 and first["clock"]["since"]
    update = ann.until(
        lambda m: m["type"] == "update" and any(c["kind"] == "zombie" for c in m["changes"])
    )
    zombie = next(c for c in update["changes"] if c["kind"] == "zombie")
    assert zombie["seat"] == 0 and zombie["reason"] == "timeout"
    assert ann.act({"type": "add", "amount": 1})["code"] in ("seat-taken-over", "not-your-turn")


def test_a_seat_away_on_its_turn_past_the_grace_is_taken_over(server: ThreadServer) -> None:
    tables = {
        "off": two_humans(server),  # no grace: an away seat waits for its player
        "back": two_humans(server, grace=BACK_GRACE),  # Ben drops and comes back in time
        "gone": two_humans(server, grace=1),  # Ben never comes
    }
    anns = {}
    for key, (table, tokens) in tables.items():
        anns[key] = Ws(server.base, table)
        assert anns[key].hello(tokens["0"])["table"]["grace"] == (
            None if key == "off" else float(BACK_GRACE if key == "back" else 1)
        )
    back_table, back_tokens = tables["back"]
    ben = Ws(server.base, back_table)
    ben.hello(back_tokens["1"])
    for ann in anns.values():
        assert ann.act({"type": "add", "amount": 1})["type"] == "update"  # Ben's turn now
    again = Ws(server.base, back_table)  # connected beforehand: back within his grace at once
    ben.close()
    again.hello(back_tokens["1"])

    update = anns["gone"].until(
        lambda m: m["type"] == "update" and any(c["kind"] == "zombie" for c in m["changes"])
    )
    zombie = next(c for c in update["changes"] if c["kind"] == "zombie")
    assert zombie == {
        "version": 3,
        "kind": "zombie",
        "seat": 1,
        "reason": "disconnected",
        "move": 1,
        "bot": "casual",
        "said": [],
    }
    # The bot plays Ben's turn, and Ann (connected all along) is never taken over.
    assert anns["gone"].update_at(4)["active"] == [0]
    assert anns["gone"].act({"type": "add", "amount": 1})["type"] == "update"
    # Past the longer grace: the seat that came back, and the table without one, still wait.
    anns["back"].send({"type": "ping", "id": "wait"})
    anns["back"].answer("wait")
    time.sleep(BACK_GRACE + 0.5)  # time made to pass (a slower machine lets more pass)
    for key in ("off", "back"):
        live = server.hub.tables[tables[key][0]]
        assert live.seats[1].zombie is None and live.active() == [1], key
    for client in (*anns.values(), again):
        client.close()


def test_undo_rules(server: ThreadServer) -> None:
    table, tokens = two_humans(server)
    ann, ben = greeted(server, table, tokens)
    ann.send({"type": "undo", "id": 1})
    assert ann.until(lambda m: m.get("id") == 1)["code"] == "nothing-to-undo"
    assert ann.act({"type": "add", "amount": 2})["type"] == "update"
    ben.send({"type": "undo", "id": 2})
    assert ben.until(lambda m: m.get("id") == 2)["code"] == "undo-not-yours"
    assert ann.until(lambda m: m["type"] == "update" and m["version"] == 2)["can_undo"] is True
    ann.send({"type": "undo", "id": 3})
    assert ann.until(lambda m: m.get("id") == 3)["type"] == "update"
    update = ben.until(lambda m: m["type"] == "update" and m["version"] == 3)
    assert update["view"]["scores"] == [0, 0] and update["active"] == [0]
    assert update["changes"][-1] == {
        "version": 3,
        "kind": "undo",
        "seat": 0,
        "move": 0,
        "said": [],
    }
    # A roll draws by chance: it cannot be taken back, and the update says so at once.
    rolled = ann.act({"type": "roll"})
    assert rolled["type"] == "update" and rolled["can_undo"] is False
    ann.send({"type": "undo", "id": 4})
    assert ann.until(lambda m: m.get("id") == 4)["code"] == "undo-not-allowed"
    assert server.hub.tables[table].match.moves[0].action == {"type": "roll"}

    table, tokens = two_humans(server, undo=False)
    ann = Ws(server.base, table)
    ann.hello(tokens["0"])
    ann.act({"type": "add", "amount": 2})
    ann.send({"type": "undo", "id": 5})
    assert ann.until(lambda m: m.get("id") == 5)["code"] == "undo-off"


def test_a_player_whose_seat_a_bot_took_over_cannot_undo_the_bots_moves(
    server: ThreadServer,
) -> None:
    table, tokens = two_humans(server)
    ann, ben = greeted(server, table, tokens)
    ann.send({"type": "leave", "id": "bye"})
    assert ann.answer("bye")["type"] == "update"
    # The zombie bot plays seat 0 at once; it is then Ben's turn, and the last move is the bot's.
    moved = ann.until(lambda m: m["type"] == "update" and m["table"]["moves"] == 1)
    assert moved["active"] == [1] and moved["can_undo"] is False
    ann.send({"type": "undo", "id": "back"})
    refused = ann.answer("back")
    assert refused["code"] == "seat-taken-over" and refused["message"].endswith(".")
    assert len(server.hub.tables[table].match.moves) == 1
    for client in (ann, ben):
        client.close()


def test_simultaneous_game_takes_actions_in_arrival_order(server: ThreadServer) -> None:
    table, tokens = two_humans(server, game="toy-race", options={"numbers": 3}, seed=None)
    ann, ben = Ws(server.base, table), Ws(server.base, table)
    assert ann.hello(tokens["0"])["active"] == [0, 1]
    ben.hello(tokens["1"])
    ann.send({"type": "act", "action": {"type": "claim", "number": 0}, "id": "a"})
    ben.send({"type": "act", "action": {"type": "claim", "number": 0}, "id": "b"})
    answers = [ann.until(lambda m: m.get("id") == "a"), ben.until(lambda m: m.get("id") == "b")]
    assert sorted(a["type"] for a in answers) == ["error", "update"]
    assert next(a for a in answers if a["type"] == "error")["code"] == "already-claimed"
    assert ben.act({"type": "claim", "number": 1})["type"] == "update"
    assert ann.act({"type": "claim", "number": 2})["type"] == "update"
    final = ann.until(lambda m: m["type"] == "update" and m["table"]["status"] == "finished")
    assert sum(final["table"]["result"]["scores"]) == 3


def test_every_real_game_plays_to_the_end_with_a_bot(server: ThreadServer) -> None:
    for game in available_real_games():
        _made, final = play_against_a_bot(server.base, game, seed=2, play_seed=4)
        assert final["table"]["status"] == "finished", game
