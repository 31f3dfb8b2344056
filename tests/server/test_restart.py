"""A server killed mid-game (SIGKILL) and started again loses no accepted action."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest

from crafthall.engine.record import Header
from crafthall.games import match_from_lines, replay_match
from crafthall.server.db import make_engine
from crafthall.server.store import Store
from tests.patience import A_WHILE
from tests.server.helpers import ProcessServer, Ws, create, play_randomly, seated, seats


@pytest.mark.slow
def test_kill_and_restart_loses_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    server = ProcessServer({"CRAFTHALL_DATABASE_URL": url}).start()
    try:
        made = create(server.base, game="swordcrafters", seats=seats("Ann", "Ben"), seed=11)
        table, tokens = made["table"]["id"], made["tokens"]
        clients = {seat: seated(server.base, made, seat, legal=True) for seat in (0, 1)}
        latest = {seat: client.latest for seat, client in clients.items()}
        picker = random.Random(3)
        accepted: list[tuple[int, dict[str, object]]] = []
        in_flight: tuple[int, dict[str, object]] | None = None
        for step in range(40):
            seat = next(s for s in (0, 1) if s in latest[s]["active"] and latest[s]["legal"])
            action = picker.choice(latest[seat]["legal"])
            if step == 39:
                # Send one more action and kill the server at once, answer or not.
                clients[seat].send({"type": "act", "action": action, "id": "last"})
                in_flight = (seat, action)
                break
            answer = clients[seat].act(action)
            assert answer["type"] == "update", answer
            accepted.append((seat, action))
            version = answer["version"]
            for s in (0, 1):
                latest[s] = clients[s].update_at(version)
            if latest[0]["table"]["status"] == "finished":
                break
        seen = latest[0]["version"]
        server.kill()
        for client in clients.values():
            client.close()

        # Everything acknowledged is in the database; the in-flight action is there or not.
        snapshot = Store(make_engine(url)).load(table)
        assert snapshot is not None
        stored = [(m.seat, m.action) for m in snapshot.moves]
        assert stored[: len(accepted)] == accepted
        assert stored in (accepted, [*accepted, in_flight])

        server = ProcessServer({"CRAFTHALL_DATABASE_URL": url}, sock=server.sock).start()
        clients = {seat: Ws(server.base, table) for seat in (0, 1)}
        back = {s: clients[s].hello(tokens[str(s)], since=seen, legal=True) for s in (0, 1)}
        assert back[0]["version"] == snapshot.table.version
        missed = [c["version"] for c in back[0]["changes"]]
        assert missed == list(range(seen + 1, snapshot.table.version + 1))
        replayed = replay_match(Header.from_json(snapshot.table.header), snapshot.moves)
        for s in (0, 1):
            assert back[s]["view"] == replayed.view(s)

        final = play_randomly(clients, seed=5)
        assert final["table"]["status"] == "finished"
        record = httpx.get(f"{server.base}/api/tables/{table}/record", timeout=A_WHILE)
        assert record.status_code == 200
        again = match_from_lines(record.text.splitlines())
        assert [(m.seat, m.action) for m in again.moves][: len(stored)] == stored
        result = again.result()
        assert result is not None
        assert result.to_json()["scores"] == final["table"]["result"]["scores"]
        for client in clients.values():
            client.close()
    finally:
        server.close()
