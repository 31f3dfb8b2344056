"""Random messages thrown at a live table never corrupt it: it still replays to its state."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crafthall.engine.record import Header
from crafthall.games import match_from_lines, replay_match
from tests.server.helpers import ThreadServer, Ws, available_real_games, create

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
ACTION_TYPES = st.sampled_from(["add", "roll", "claim", "play", "pass", "draw", "x"])
RANDOM_ACTION = st.builds(
    lambda kind, rest: {**rest, "type": kind},
    ACTION_TYPES,
    st.dictionaries(st.text(max_size=6), JSON, max_size=3),
)
MESSAGE = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 1000)),
    st.tuples(st.just("legal"), st.integers(0, 1000)),
    st.tuples(st.just("act"), RANDOM_ACTION),
    st.tuples(st.just("raw"), JSON.map(json.dumps)),
    st.tuples(st.just("raw"), st.text(max_size=30)),
    st.tuples(
        st.just("raw"),
        st.sampled_from(
            ['{"type": "undo"}', '{"type": "sync"}', '{"type": "hello"}', '{"type": "legal"}']
        ),
    ),
)
GAME = (available_real_games() or ["toy-turns"])[0]


@pytest.mark.parametrize("game", sorted({"toy-turns", GAME}))
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(script=st.lists(st.tuples(st.integers(0, 1), MESSAGE), min_size=1, max_size=25))
def test_random_messages_leave_a_table_that_replays(
    server: ThreadServer, game: str, script: list[tuple[int, tuple[str, Any]]]
) -> None:
    made = create(
        server.base,
        game=game,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}],
        seed=len(script),
    )
    table = made["table"]["id"]
    clients = [Ws(server.base, table), Ws(server.base, table)]
    for seat, client in enumerate(clients):
        client.hello(made["tokens"][str(seat)], legal=True)
    for number, (seat, (kind, payload)) in enumerate(script):
        client = clients[seat]
        if kind == "legal":
            legal = client.last_update["legal"] if client.last_update else []
            if legal:
                client.send({"type": "act", "action": legal[payload % len(legal)], "id": number})
                client.answer(number)
        elif kind == "act":
            client.send({"type": "act", "action": payload, "id": number})
            client.answer(number)
        else:
            client.send(payload)
    for number, client in enumerate(clients):
        client.send({"type": "ping", "id": f"end{number}"})
        client.answer(f"end{number}")
    live = server.hub.tables[table]
    snapshot = server.hub.store.load(table)
    assert snapshot.table.version == live.version
    assert [c["version"] for c in snapshot.changes] == list(range(1, live.version + 1))
    replayed = replay_match(Header.from_json(snapshot.table.header), snapshot.moves)
    assert replayed.state == live.match.state
    assert match_from_lines(live.match.record_lines()).state == live.match.state
    for client in clients:
        client.close()
