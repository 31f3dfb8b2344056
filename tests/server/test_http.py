"""The HTTP part: games, table creation and its refusals, the lobby, joining, replays."""

from __future__ import annotations

import httpx

from crafthall.games import match_from_lines
from tests.patience import A_WHILE
from tests.server.helpers import ThreadServer, Ws, create, play_randomly


def test_games_list_options_as_json_schema(server: ThreadServer) -> None:
    games = {
        g["name"]: g for g in httpx.get(f"{server.base}/api/games", timeout=A_WHILE).json()["games"]
    }
    toy = games["toy-turns"]
    assert toy["options_schema"]["properties"]["target"]["maximum"] == 100
    assert toy["options"] == [
        {"name": "target", "default": 12, "description": "points that end the game"}
    ]
    assert {"random", "greedy"} <= set(toy["bots"])
    assert games["toy-race"]["simultaneous"] is True
    openapi = httpx.get(f"{server.base}/openapi.json", timeout=A_WHILE).json()
    assert "/api/tables" in openapi["paths"] and "/api/tables/{table_id}/join" in openapi["paths"]


def test_bad_tables_are_refused_with_a_sentence(server: ThreadServer) -> None:
    def refused(spec: dict[str, object], status: int, code: str) -> str:
        answer = httpx.post(f"{server.base}/api/tables", json=spec, timeout=A_WHILE)
        assert answer.status_code == status, answer.text
        if code:
            assert answer.json()["error"]["code"] == code
            return str(answer.json()["error"]["message"])
        return answer.text

    people = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]
    assert "no game called" in refused({"game": "chess", "seats": people}, 422, "bad-setup")
    message = refused(
        {"game": "toy-turns", "seats": people, "options": {"target": 0}}, 422, "bad-setup"
    )
    assert "target" in message
    many = [{"kind": "human", "name": f"P{n}"} for n in range(5)]
    assert "1 to 4 players" in refused({"game": "toy-turns", "seats": many}, 422, "bad-setup")
    bots = [{"kind": "bot", "level": "genius"}]
    assert "genius" in refused({"game": "toy-turns", "seats": bots}, 422, "bad-setup")
    names = [{"kind": "human", "name": "An\u0000n"}]
    assert "control" in refused({"game": "toy-turns", "seats": names}, 422, "bad-name")
    refused({"game": "toy-turns", "seats": people, "surprise": 1}, 422, "")
    big = httpx.post(
        f"{server.base}/api/tables",
        content=b"{" + b" " * 3_000_000 + b"}",
        headers={"content-type": "application/json"},
        timeout=A_WHILE,
    )
    assert big.status_code == 413 and big.json()["error"]["code"] == "too-large"


def test_lobby_invites_and_joining(server: ThreadServer) -> None:
    made = create(
        server.base,
        game="toy-turns",
        seats=[{"kind": "human", "name": "<b>Ann</b>"}, {"kind": "open"}],
    )
    table = made["table"]["id"]
    assert made["table"]["status"] == "waiting"
    invite = made["invites"]["1"]
    assert invite["url"] == f"/t/{table}?seat=1&invite={invite['code']}"
    lobby = httpx.get(f"{server.base}/api/tables", timeout=A_WHILE).json()["tables"]
    listed = next(t for t in lobby if t["id"] == table)
    assert listed["open_seats"] == [{"seat": 1, "invite": invite["code"], "url": invite["url"]}]
    assert httpx.get(f"{server.base}/t/{table}", timeout=A_WHILE).status_code == 200
    page = httpx.get(f"{server.base}/t/{table}/plain", timeout=A_WHILE).text
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page and "<b>Ann" not in page

    join = f"{server.base}/api/tables/{table}/join"
    wrong = httpx.post(join, json={"seat": 1, "invite": "nope", "name": "Ben"}, timeout=A_WHILE)
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad-invite"
    seated = httpx.post(
        join, json={"seat": 1, "invite": invite["code"], "name": " Ben  Lee "}, timeout=A_WHILE
    )
    assert seated.status_code == 200
    assert seated.json()["table"]["status"] == "playing"
    assert seated.json()["table"]["seats"][1]["name"] == "Ben Lee"
    again = httpx.post(
        join, json={"seat": 1, "invite": invite["code"], "name": "Cy"}, timeout=A_WHILE
    )
    assert again.status_code == 409 and again.json()["error"]["code"] == "table-full"
    assert all(
        t["id"] != table
        for t in httpx.get(f"{server.base}/api/tables", timeout=A_WHILE).json()["tables"]
    )
    ben = Ws(server.base, table)
    assert ben.hello(seated.json()["token"])["seat"] == 1


def test_private_tables_are_not_listed(server: ThreadServer) -> None:
    made = create(
        server.base,
        game="toy-turns",
        private=True,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "open"}],
    )
    tables = httpx.get(f"{server.base}/api/tables", timeout=A_WHILE).json()["tables"]
    assert all(t["id"] != made["table"]["id"] for t in tables)


def test_replays_records_and_uploads(server: ThreadServer) -> None:
    made = create(
        server.base,
        game="toy-turns",
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"}],
        seed=9,
    )
    table = made["table"]["id"]
    early = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=A_WHILE)
    assert early.status_code == 409 and early.json()["error"]["code"] == "game-not-finished"
    ann = Ws(server.base, table)
    ann.hello(made["tokens"]["0"], legal=True)
    final = play_randomly({0: ann}, seed=1)
    record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=A_WHILE)
    assert record.headers["content-type"].startswith("application/x-ndjson")
    match = match_from_lines(record.text.splitlines())
    result = match.result()
    assert result is not None
    assert result.to_json()["scores"] == final["table"]["result"]["scores"]

    first = httpx.get(
        f"{server.base}/api/tables/{table}/replay", params={"move": 0}, timeout=A_WHILE
    ).json()
    assert first["view"]["scores"] == [0, 0] and first["last"] is None
    one = httpx.get(
        f"{server.base}/api/tables/{table}/replay", params={"move": 1, "seat": 1}, timeout=A_WHILE
    )
    step = one.json()
    assert step["last"]["action"] == match.moves[0].action and step["events"]
    assert step["view"]["my_secret"] is not None
    end = len(match.moves)
    last = httpx.get(
        f"{server.base}/api/tables/{table}/replay", params={"move": end}, timeout=A_WHILE
    ).json()
    assert last["result"]["scores"] == final["table"]["result"]["scores"]
    past = httpx.get(
        f"{server.base}/api/tables/{table}/replay", params={"move": end + 1}, timeout=A_WHILE
    )
    assert past.status_code == 422

    uploaded = httpx.post(
        f"{server.base}/api/replays",
        content=record.text,
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    )
    assert uploaded.status_code == 201, uploaded.text
    upload = uploaded.json()
    assert upload["moves"] == end
    again = httpx.get(
        f"{server.base}/api/replays/{upload['id']}", params={"move": end}, timeout=A_WHILE
    ).json()
    assert again["view"] == last["view"]
    assert (
        httpx.get(f"{server.base}/api/replays/{upload['id']}/record", timeout=A_WHILE).text
        == record.text
    )
    broken = (
        record.text.replace('"amount":', '"amount":9', 1)
        if '"amount":' in record.text
        else (record.text + '{"seat": 7, "action": {"type": "add", "amount": 1}}\n')
    )
    bad = httpx.post(
        f"{server.base}/api/replays",
        content=broken,
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    )
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad-record"
    junk = httpx.post(
        f"{server.base}/api/replays",
        content="hello",
        headers={"content-type": "application/x-ndjson"},
        timeout=A_WHILE,
    )
    assert junk.status_code == 422
