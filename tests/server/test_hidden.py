"""No frame sent to a seat carries another seat's hidden information.

Every seat of a whole game is a person on a real WebSocket; every raw frame is kept. Each
frame's ``view`` must be exactly what the engine's ``view(state, seat)`` gives for that seat at
that version (the server adds nothing of its own), and everything else in the frame must be
the same for every seat (so no per-seat secret travels outside the view).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from crafthall.games import match_from_lines
from tests.server.helpers import ThreadServer, Ws, create, play_randomly

PER_SEAT = {"seat", "view", "legal", "can_undo", "changes", "clock", "id"}
"""Fields that differ by connection (``id``: the mover's update answers its request)."""


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("evocabulary", 3),
        ("enchanted-grid", 2),
        ("toy-turns", 3),
    ],
)
def test_raw_frames_hold_only_each_seats_own_view(
    server: ThreadServer, game: str, seats: int
) -> None:
    made = create(
        server.base,
        game=game,
        seats=[{"kind": "human", "name": f"P{n}"} for n in range(seats)],
        seed=17,
    )
    table = made["table"]["id"]
    clients = {s: Ws(server.base, table) for s in range(seats)}
    for s, client in clients.items():
        client.hello(made["tokens"][str(s)], legal=True)
    watcher = Ws(server.base, table)
    watcher.hello()
    final = play_randomly(clients, seed=9, max_actions=5000)
    assert final["table"]["status"] == "finished"
    record = server.hub.tables[table].match.record_lines()

    # The state at every version, rebuilt from the record alone.
    replay = match_from_lines(record[:1])
    views: dict[int, dict[int | None, Any]] = {}
    moves = [json.loads(line) for line in record[1:]]
    changes = server.hub.tables[table].changes
    done = 0
    for change in changes:
        if change["kind"] == "move":
            move = moves[done]
            replay.apply(move["seat"], move["action"])
            done += 1
        views[change["version"]] = {s: replay.view(s) for s in [None, *range(seats)]}

    shared: dict[int, str] = {}
    for seat, client in [*clients.items(), (None, watcher)]:
        watcher_frames = client.frames
        for frame in watcher_frames:
            message = json.loads(frame)
            if message["type"] != "update":
                assert "view" not in message
                continue
            version = message["version"]
            assert message["seat"] == seat
            assert message["view"] == views[version][seat], (seat, version)
            rest = {k: v for k, v in message.items() if k not in PER_SEAT}
            rest["table"] = {k: v for k, v in rest["table"].items()}
            text = json.dumps(rest, sort_keys=True)
            assert shared.setdefault(version, text) == text, (seat, version)
            for change in message["changes"]:
                # Changes are the public log: the same entries for everyone, never an action.
                assert change == changes[change["version"] - 1]
                assert "action" not in change
    for client in [*clients.values(), watcher]:
        client.close()
