"""What each client is told: its own seat's view, the public changes it missed and, if it
asked, its legal actions.

A broadcast works out each seat's view once, and serialises each distinct message once: the
thousand spectators of a table who saw the same version share one text. It runs on a worker
thread (:meth:`Hub.compute <crafthall.server.hub.Hub.compute>`), since a big game's views and
legal actions can take milliseconds; it only reads the table, which the caller holds locked.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from crafthall.engine.data import Action
from crafthall.server.clients import Client, dump
from crafthall.server.table import LiveTable

Built = list[tuple[Client, str]]
"""Each client with the text that brings it up to date."""


def build_updates(table: LiveTable, clients: Iterable[Client], legal_limit: int) -> Built:
    """The update of every client in ``clients`` (run off the event loop)."""
    shared: dict[Any, Any] = {}
    texts: dict[tuple[int | None, int, bool], str] = {}
    now = time.time()
    built: Built = []
    for client in clients:
        legal = client.want_legal and client.seat is not None
        key = (client.seat, client.sent_version, legal)
        if key not in texts:
            texts[key] = dump(update_for(table, client, legal_limit, shared, now))
        built.append((client, texts[key]))
    return built


def deliver(table: LiveTable, built: Built) -> None:
    """Queue the built updates (on the event loop: outboxes are not thread-safe)."""
    for client, text in built:
        client.push_text(text)
        client.sent_version = table.version


def update_for(
    table: LiveTable,
    client: Client,
    legal_limit: int,
    shared: dict[Any, Any] | None = None,
    now: float | None = None,
) -> dict[str, Any]:
    """The message that brings ``client`` up to date: its own view and what it missed."""
    shared = {} if shared is None else shared
    seat = client.seat
    match = table.match
    if seat not in shared:
        shared[seat] = None if match is None else match.view(seat)
    if "summary" not in shared:
        # Shared by every client of one broadcast (the seat keys are ints or None).
        shared["summary"] = table.summary()
        shared["active"] = table.active()
    message: dict[str, Any] = {
        "type": "update",
        "table": shared["summary"],
        "version": table.version,
        "seat": seat,
        "view": shared[seat],
        "active": shared["active"],
        "changes": table.changes_since(client.sent_version),
        "clock": None
        if not table.row.config.get("clock")
        else {"since": table.row.clock_since, "now": now or time.time()},
    }
    if seat is not None:
        message["can_undo"] = bool(
            match is not None
            and table.status == "playing"
            and table.row.config.get("undo", True)
            and match.moves
            and match.moves[-1].seat == seat
            and table.seats[seat].zombie is None
        )
        if client.want_legal:
            message["legal"] = legal_actions(table, seat, legal_limit)
    return message


def legal_actions(table: LiveTable, seat: int, limit: int) -> list[Action]:
    """Up to ``limit`` legal actions of a person's ``seat`` (none when it may not act)."""
    if table.match is None or seat not in table.active() or table.is_bot(seat):
        return []
    actions = []
    for action in table.match.game.legal_actions(table.match.state, seat):
        actions.append(action)
        if len(actions) >= limit:
            break
    return actions
