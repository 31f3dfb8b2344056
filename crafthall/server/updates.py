"""What each client is told: its own seat's view, the public changes it missed and, if it
asked, its legal actions. Views are worked out once per seat for a whole broadcast."""

from __future__ import annotations

import time
from typing import Any

from crafthall.engine.data import Action
from crafthall.server.clients import Client
from crafthall.server.table import LiveTable


def broadcast(table: LiveTable, legal_limit: int) -> None:
    """Bring every client of ``table`` up to date."""
    views: dict[Any, Any] = {}
    now = time.time()
    for client in list(table.clients):
        client.push(update_for(table, client, legal_limit, views, now))


def update_for(
    table: LiveTable,
    client: Client,
    legal_limit: int,
    views: dict[Any, Any] | None = None,
    now: float | None = None,
) -> dict[str, Any]:
    """The message that brings ``client`` up to date: its own view and what it missed."""
    views = {} if views is None else views
    seat = client.seat
    match = table.match
    if seat not in views:
        views[seat] = None if match is None else match.view(seat)
    if "summary" not in views:
        # Shared by every client of one broadcast (the seat keys are ints or None).
        views["summary"] = table.summary()
        views["active"] = table.active()
    active = views["active"]
    message: dict[str, Any] = {
        "type": "update",
        "table": views["summary"],
        "version": table.version,
        "seat": seat,
        "view": views[seat],
        "active": active,
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
    client.sent_version = table.version
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
