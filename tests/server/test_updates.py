"""A broadcast works out what every connection shares once: each seat's view (the
spectators' one included) is asked of the game once per change, however many connections
hold that seat, and connections alike get the very same text."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest

from crafthall.engine.data import View
from crafthall.server import updates
from crafthall.server.clients import Client
from crafthall.server.creation import new_table
from crafthall.server.store import as_read
from crafthall.server.table import LiveTable
from crafthall.server.updates import build_updates
from tests.server.helpers import ThreadServer, create, seats


def test_each_seats_view_is_worked_out_once_per_change(server: ThreadServer) -> None:
    made = create(server.base, game="toy-turns", seats=seats("Ann", "Ben"), seed=3)
    table = server.hub.tables[made["table"]["id"]]
    assert table.match is not None
    game = table.match.game
    asked: Counter[int | None] = Counter()
    real_view = game.view

    def counted(state: Any, seat: int | None) -> View:
        asked[seat] += 1
        return real_view(state, seat)

    clients = [
        Client(0, 0, True, 10),
        Client(0, 0, True, 10),  # the same seat in a second tab
        Client(1, 0, False, 10),
        *(Client(None, 0, False, 10) for _ in range(50)),
    ]
    game.view = counted
    try:
        built = build_updates(table, clients, 300, answer=(clients[2], "its-id"))
    finally:
        del game.view
    assert asked == {0: 1, 1: 1, None: 1}
    texts = [text for _, text in built]
    # Every spectator shares one string; the mover's update alone answers its request.
    assert len({id(text) for text in texts[3:]}) == 1
    assert texts[0] is texts[1]
    messages = [json.loads(text) for text in texts]
    assert [m.get("id") for m in messages[:4]] == [None, None, "its-id", None]
    assert messages[0]["legal"] and "legal" not in messages[2]
    assert messages[3]["seat"] is None and messages[3]["view"] == real_view(table.match.state, None)
    assert all(m["version"] == table.version and m["type"] == "update" for m in messages)


def test_a_crowd_of_spectators_is_told_a_few_at_a_time_and_in_order(
    toys: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Players are told at once; spectators past ``SPREAD`` over the next turns of the loop
    (other tables' messages go between), and a later update never overtakes an earlier one."""
    monkeypatch.setattr(updates, "SPREAD", 2)
    made = new_table(
        "toy-turns", {}, seats("Ann", "Ben"), seed=3, fixed=None, config={}, private=False
    )
    table = LiveTable(as_read(made.row, made.seats, made.change))
    players = [Client(0, 0, True, 10), Client(1, 0, True, 10)]
    crowd = [Client(None, 0, False, 10) for _ in range(5)]
    clients = players + crowd

    def told(client: Client) -> list[str]:
        texts = []
        while not client.outbox.empty():
            text = client.outbox.get_nowait()
            assert text is not None
            texts.append(text)
        return texts

    async def two_changes() -> list[list[str]]:
        updates.deliver(table, [(client, "v1") for client in clients])
        first = [client.outbox.qsize() for client in clients]
        assert first == [1, 1, 1, 1, 0, 0, 0]
        table.row.version += 1
        updates.deliver(table, [(client, "v2") for client in clients])
        # The players have both; the first two spectators have v1 only (v2 waits its turn).
        assert [client.outbox.qsize() for client in clients] == [2, 2, 1, 1, 0, 0, 0]
        assert all(client.sent_version == table.version for client in clients)
        while table.spread_task is not None:
            await asyncio.sleep(0)
        return [told(client) for client in clients]

    assert asyncio.run(two_changes()) == [["v1", "v2"]] * len(clients)
