"""A broadcast works out what every connection shares once: each seat's view (the
spectators' one included) is asked of the game once per change, however many connections
hold that seat, and connections alike get the very same text."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from crafthall.engine.data import View
from crafthall.server.clients import Client
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
