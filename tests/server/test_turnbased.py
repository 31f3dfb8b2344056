"""Turn-based tables: a move takes days, deadlines live in the database and fire as the
table chose (skip, take-over bot, wait), after a restart too, claimed by one process alone;
players hear of each turn once, by Web Push and by e-mail, and of a move about to time out
once. The server's clock is moved on (``hub.turns.clock``) to play a week in seconds."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from crafthall.server.creation import new_table
from crafthall.server.turnbased import rows
from crafthall.server.turnbased.notify import smtp_address
from crafthall.server.turnbased.rows import TurnState
from tests.patience import A_WHILE
from tests.server.helpers import (
    ThreadServer,
    Ws,
    create,
    make_settings,
    seats,
    store_on,
    thread_pair_on_postgres,
)
from tests.server.notices import DAY, Mailbox, Player, PushKeys, PushService
from tests.support import wait_until

PACE = {"move": 3 * DAY, "timeout": "skip"}


def turn_list(base: str, table: str, token: str) -> dict[str, Any]:
    answer = httpx.post(
        f"{base}/api/turns", json={"seats": [{"table": table, "token": token}]}, timeout=A_WHILE
    )
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def wait_for_turn(base: str, made: dict[str, Any], seat: int, what: str) -> None:
    """Wait until the table just ``made`` waits for ``seat``'s move (its deadline written)."""
    table, token = made["table"]["id"], made["tokens"][str(seat)]
    wait_until(lambda: turn_list(base, table, token)["count"], what)


def turn_based_table(base: str, timeout: str, bank: float = 0.0) -> dict[str, Any]:
    """A started toy table of Ann and Ben, a day a move, Ann's deadline written."""
    pace = {"move": DAY, "bank": bank, "timeout": timeout}
    made = create(base, game="toy-turns", seats=seats("Ann", "Ben"), pace=pace)
    wait_for_turn(base, made, 0, "Ann's deadline")
    return made


def summary(base: str, table: str) -> dict[str, Any]:
    found: dict[str, Any] = httpx.get(f"{base}/api/tables/{table}", timeout=A_WHILE).json()
    return found


def test_two_accounts_play_a_week_hearing_once_of_each_turn(toys: None, tmp_path: Path) -> None:
    with (
        Mailbox() as mail,
        PushService() as push,
        ThreadServer(
            make_settings(tmp_path, smtp_url=mail.url, push_plain_hosts="127.0.0.1")
        ) as server,
    ):
        ann, ben = Player(server.base, "Ann"), Player(server.base, "Ben")
        keys = {0: PushKeys(push.endpoint("ann")), 1: PushKeys(push.endpoint("ben"))}
        address = {0: "ann@example.org", 1: "ben@example.org"}
        ann.notify(keys[0], address[0])
        ben.notify(keys[1], address[1])
        made = ann.http.post(
            "/api/tables",
            json={
                "game": "toy-turns",
                "options": {"target": 50},
                "seats": seats("Ann", "open"),
                "pace": PACE,
            },
        ).json()
        table = made["table"]["id"]
        joined = ben.http.post(
            f"/api/tables/{table}/join",
            json={"seat": 1, "invite": made["invites"]["1"]["code"], "name": "Ben"},
        ).json()
        tokens = {0: made["tokens"]["0"], 1: joined["token"]}
        name = {0: "ann", 1: "ben"}

        def heard(turns: dict[int, int]) -> bool:
            return all(
                len(push.bodies(name[seat])) == count and len(mail.to(address[seat])) == count
                for seat, count in turns.items()
            )

        # Ben's joining started the game on Ann's move: she hears of it; he sat down.
        turns = {0: 1, 1: 0}
        wait_until(lambda: heard(turns), f"one notice each per turn: {turns}")
        clients = {}
        for seat in (0, 1):
            clients[seat] = Ws(server.base, table)
            clients[seat].hello(tokens[seat])
        clock = server.hub.turns.clock
        for day in range(7):
            clock.advance(DAY)  # a day to think, of the three a move may take
            mover = day % 2
            answer = clients[mover].act({"type": "add", "amount": 1})
            assert answer["type"] == "update", answer
            turns[1 - mover] += 1
            wait_until(lambda: heard(turns), f"one notice each per turn: {turns}")
        time.sleep(1.0)  # nothing more comes: no second notice of a turn
        assert heard(turns) and turns == {0: 4, 1: 4}

        for seat in (0, 1):
            for body in push.bodies(name[seat]):
                notice = keys[seat].read(body)
                assert notice["title"] == "Your turn at Toy Turns"
                assert notice["url"].endswith(f"/t/{table}")
            for message in mail.to(address[seat]):
                assert message["Subject"] == "Your turn at Toy Turns"
                assert f"/t/{table}" in message.get_content()
        # Ann moved last: the table waits for Ben, in his list and not in hers.
        assert ben.http.post("/api/turns", json={}).json()["count"] == 1
        assert ann.http.post("/api/turns", json={}).json()["count"] == 0
        waiting = turn_list(server.base, table, tokens[1])
        assert [t["table"] for t in waiting["tables"]] == [table]
        assert waiting["tables"][0]["against"] == ["Ann"]
        assert waiting["tables"][0]["left"] == pytest.approx(3 * DAY, abs=60)
        for client in clients.values():
            client.close()
        ann.close()
        ben.close()


def test_a_timed_out_seat_is_handled_as_its_table_chose(toys: None, server: ThreadServer) -> None:
    tables = {
        "skip": turn_based_table(server.base, "skip"),
        "bot": turn_based_table(server.base, "bot"),
        "wait": turn_based_table(server.base, "wait"),
        "banked": turn_based_table(server.base, "bot", bank=DAY),
    }
    ids = {kind: made["table"]["id"] for kind, made in tables.items()}
    server.hub.turns.clock.advance(DAY + 60)

    # skip: the take-over bot made this one move for Ann (the game has no time-out move),
    # and the seat stays hers; Ben's turn now.
    wait_until(lambda: summary(server.base, ids["skip"])["moves"] == 1, "the skipped move")
    skipped = summary(server.base, ids["skip"])
    assert skipped["seats"][0]["zombie"] is None
    assert turn_list(server.base, ids["skip"], tables["skip"]["tokens"]["1"])["count"] == 1
    # bot: the take-over bot plays Ann's seat from now on.
    wait_until(
        lambda: summary(server.base, ids["bot"])["seats"][0]["zombie"] == "timeout",
        "the seat handed to the bot",
    )
    # wait: the table waits for Ann, with no deadline left.
    wait_until(
        lambda: (
            turn_list(server.base, ids["wait"], tables["wait"]["tokens"]["0"])["tables"][0]["due"]
            is None
        ),
        "the table waiting for Ann",
    )
    assert summary(server.base, ids["wait"])["moves"] == 0
    clocks = httpx.get(f"{server.base}/api/tables/{ids['wait']}/turns", timeout=A_WHILE).json()
    assert [(c["seat"], c["due"], c["bank"]) for c in clocks["seats"]] == [
        (0, None, 0.0),
        (1, None, 0.0),
    ]
    assert clocks["seats"][0]["since"] is not None and clocks["seats"][1]["since"] is None
    banked = httpx.get(f"{server.base}/api/tables/{ids['banked']}/turns", timeout=A_WHILE).json()
    assert banked["seats"][0]["left"] == pytest.approx(DAY - 60, abs=60)  # its bank, running
    realtime = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"))
    answer = httpx.get(f"{server.base}/api/tables/{realtime['table']['id']}/turns", timeout=A_WHILE)
    assert answer.json()["seats"] == []
    # A day's bank: a day more before the time-out.
    assert summary(server.base, ids["banked"])["seats"][0]["zombie"] is None
    server.hub.turns.clock.advance(DAY)
    wait_until(
        lambda: summary(server.base, ids["banked"])["seats"][0]["zombie"] == "timeout",
        "the banked seat handed to the bot once its bank ran out too",
    )


def test_another_player_may_give_the_one_to_move_more_time(
    toys: None, server: ThreadServer
) -> None:
    made = turn_based_table(server.base, "bot")
    table = made["table"]["id"]
    url = f"{server.base}/api/tables/{table}/turns/more"

    def give(token: str, seat: int = 0) -> httpx.Response:
        return httpx.post(url, json={"token": token, "seat": seat}, timeout=A_WHILE)

    before = turn_list(server.base, table, made["tokens"]["0"])["tables"][0]["due"]
    assert give("not-a-token").json()["error"]["code"] == "not-a-player"
    assert give(made["tokens"]["0"]).json()["error"]["code"] == "own-time"
    assert give(made["tokens"]["0"], 1).json()["error"]["code"] == "no-deadline"
    given = give(made["tokens"]["1"])
    assert given.status_code == 200, given.text
    assert given.json()["due"] == pytest.approx(before + DAY)
    again = give(made["tokens"]["1"])
    assert again.status_code == 409 and "this turn already" in again.json()["error"]["message"]
    # Past the first day, Ann still has hers: the table waits as Ben agreed.
    clock = server.hub.turns.clock
    clock.advance(DAY + 60)
    wait_until(lambda: (server.hub.turns.swept_at or 0) >= clock.now() - 60, "a look")
    clocks = httpx.get(f"{server.base}/api/tables/{table}/turns", timeout=A_WHILE).json()
    assert clocks["seats"][0]["left"] == pytest.approx(DAY - 60, abs=60)
    assert summary(server.base, table)["seats"][0]["zombie"] is None
    clock.advance(DAY)
    wait_until(
        lambda: summary(server.base, table)["seats"][0]["zombie"] == "timeout",
        "the seat handed over once the time given ran out too",
    )


def test_a_deadline_pending_at_a_restart_fires_after_it(toys: None, tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    with ThreadServer(settings) as first:
        made = turn_based_table(first.base, "bot")
        table = made["table"]["id"]
    with ThreadServer(settings) as second:
        assert table not in second.hub.tables  # a quiet turn-based table stays on disk
        second.hub.turns.clock.advance(DAY + 60)
        wait_until(lambda: table in second.hub.tables, "the table read in for its deadline")
        wait_until(
            lambda: summary(second.base, table)["seats"][0]["zombie"] == "timeout",
            "the deadline fired after the restart",
        )


@pytest.mark.parametrize("database", ["sqlite", "postgres"])
def test_each_deadline_is_claimed_by_one_process(toys: None, database: str) -> None:
    with store_on(database) as (store, _url, _schema):
        made = new_table(
            "toy-turns", {}, seats("Ann", "Ben"), seed=1, fixed=None, config={}, private=False
        )
        store.create(made.row, made.seats, made.change)
        pace = {"move": 3600.0, "bank": 0.0, "timeout": "skip"}
        state = TurnState(made.row.id, 1, "playing", pace, [0, 1], [0], False)  # type: ignore[arg-type]
        assert rows.track(store.engine, state, 1000.0) == [0]
        assert rows.track(store.engine, state, 1000.0) is None  # this version is written
        assert rows.next_due(store.engine) == 4600.0

        claims: list[list[rows.Deadline]] = []
        start = threading.Barrier(4)

        def claim() -> None:
            start.wait()
            claims.append(rows.claim_due(store.engine, 5000.0, 120.0))

        threads = [threading.Thread(target=claim) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        won = [deadline for found in claims for deadline in found]
        assert [(d.table_id, d.seat) for d in won] == [(made.row.id, 0)]
        assert rows.claim_due(store.engine, 5060.0, 120.0) == []  # held
        assert rows.next_due(store.engine) == 5120.0  # looked at again when the claim ends
        assert len(rows.claim_due(store.engine, 5121.0, 120.0)) == 1  # its holder died


def test_two_processes_fire_each_deadline_once(toys: None, tmp_path: Path) -> None:
    """Two server processes share PostgreSQL and Redis, their clocks moved on together: each
    time-out is carried out once, by one of them."""
    with thread_pair_on_postgres(tmp_path, "turns") as (one, two):
        pace = {"move": DAY, "timeout": "skip"}
        made = [
            create(
                one.base if n % 2 else two.base,
                game="toy-turns",
                seats=seats("A", "B"),
                pace=pace,
            )
            for n in range(6)
        ]
        for table in made:
            wait_for_turn(one.base, table, 0, "the deadline")
        for server in (one, two):
            server.hub.turns.clock.advance(DAY + 60)
        for table in made:
            wait_for_turn(two.base, table, 1, "the skipped move")
        time.sleep(1.0)  # a second firing would show by now
        assert [summary(one.base, t["table"]["id"])["moves"] for t in made] == [1] * 6
        assert one.hub.turns.fired + two.hub.turns.fired == 6


def test_a_move_about_to_time_out_is_reminded_once(toys: None, tmp_path: Path) -> None:
    with Mailbox() as mail, ThreadServer(make_settings(tmp_path, smtp_url=mail.url)) as server:
        ann = Player(server.base, "Ann")
        ann.notify(None, "ann@example.org")
        made = ann.http.post(
            "/api/tables", json={"game": "toy-turns", "seats": seats("Ann", "open"), "pace": PACE}
        ).json()
        table = made["table"]["id"]
        joined = httpx.post(
            f"{server.base}/api/tables/{table}/join",
            json={"seat": 1, "invite": made["invites"]["1"]["code"], "name": "Ben"},
            timeout=A_WHILE,
        )
        assert joined.status_code == 200, joined.text
        wait_until(lambda: len(mail.messages) == 1, "the notice of Ann's turn")
        clock = server.hub.turns.clock
        clock.advance(2.5 * DAY)
        wait_until(lambda: len(mail.messages) == 2, "the reminder")
        reminder = mail.messages[1]
        assert reminder["Subject"] == "1 move about to time out"
        assert "Toy Turns: 12 hours left" in reminder.get_content()
        clock.advance(3600)
        wait_until(lambda: (server.hub.turns.swept_at or 0) >= clock.now() - 60, "the next look")
        assert len(mail.messages) == 2
        ann.close()


def test_a_game_played_all_at_once_has_no_turn_based_form(server: ThreadServer) -> None:
    games = {g["name"]: g for g in httpx.get(f"{server.base}/api/games").json()["games"]}
    assert games["toy-turns"]["no_turn_based"] is None
    assert "no turn-based form" in games["toy-race"]["no_turn_based"]

    def refused(**spec: Any) -> dict[str, Any]:
        answer = httpx.post(f"{server.base}/api/tables", json=spec, timeout=A_WHILE)
        assert answer.status_code == 422, answer.text
        found: dict[str, Any] = answer.json()["error"]
        return found

    race = refused(game="toy-race", seats=seats("Ann", "Ben"), pace=PACE)
    assert race["message"].startswith("Toy Race is played by everyone at once")
    clock = refused(game="toy-turns", seats=seats("Ann", "Ben"), pace=PACE, clock={"initial": 60})
    assert "either it or a real-time clock" in clock["message"]
    grace = refused(game="toy-turns", seats=seats("Ann", "Ben"), pace=PACE, grace=60)
    assert "grace" in grace["message"]
    short = httpx.post(
        f"{server.base}/api/tables",
        json={"game": "toy-turns", "seats": seats("Ann", "Ben"), "pace": {"move": 60}},
        timeout=A_WHILE,
    )
    assert short.status_code == 422


def test_notification_choices_refuse_bad_input_and_change_nothing(server: ThreadServer) -> None:
    guest = httpx.get(f"{server.base}/api/notify", timeout=A_WHILE)
    assert guest.status_code == 401
    assert "sign in" in guest.json()["error"]["message"]
    cam = Player(server.base, "Cam")
    before = cam.http.get("/api/notify").json()
    assert before["push"] is False and before["email"] is None and before["push_key"]
    bad = cam.http.put("/api/notify", json={"push": True, "email": "not an address"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad-email"
    no_mail = cam.http.put("/api/notify", json={"push": True, "email": "cam@example.org"})
    assert no_mail.status_code == 409  # this server has no SMTP server
    assert "sends no e-mail" in no_mail.json()["error"]["message"]
    plain = PushKeys("http://push.example.org/cam").subscription()
    refused = cam.http.post("/api/notify/push", json=plain)
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad-push-endpoint"
    assert cam.http.get("/api/notify").json() == before
    cam.close()


def test_a_deleted_accounts_notification_choices_go_with_it(server: ThreadServer) -> None:
    dee = Player(server.base, "Dee")
    dee.notify(PushKeys("https://push.example.org/dee"), None)
    engine = server.hub.store.engine
    account = dee.http.get("/api/account").json()["account"]["id"]
    assert len(rows.subscriptions_of(engine, account)) == 1
    gone = dee.http.post("/api/account/delete", json={"password": "Dee plays all week long"})
    assert gone.status_code == 200, gone.text
    assert rows.subscriptions_of(engine, account) == []
    assert rows.choices_of(engine, account) == rows.Choices(False, None)
    dee.close()


def test_a_malformed_mail_server_address_is_refused_with_what_to_write() -> None:
    for wrong in ("mail.example.org", "http://ann:secret@mail.example.org", "smtp://mail:port"):
        with pytest.raises(ValueError, match="must look like smtp://user:password@") as refused:
            smtp_address(wrong)
        assert "secret" not in str(refused.value)
    assert smtp_address("smtps://ann:secret@mail.example.org:465").port == 465
