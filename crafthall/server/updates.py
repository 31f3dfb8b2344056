"""What each client is told: its own seat's view, the public changes it missed and, if it
asked, its legal actions, in one ``update`` per change (the mover's also answers its request).

A broadcast works out and serialises what every client shares once (the summary, the active
seats, each seat's view, the spectators' included, and the changes since each version), and
puts each client's message together from those texts: the thousand spectators of a table who
saw the same version share one text. It runs on a worker
thread (:meth:`Hub.compute <crafthall.server.hub.Hub.compute>`), since a big game's views and
legal actions can take milliseconds; it only reads the table, which the caller holds locked.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable
from itertools import islice
from typing import Any

from crafthall.engine.data import Action
from crafthall.server.clients import Client, dump
from crafthall.server.table import LiveTable
from crafthall.server.wire import Clock, MessageId, Part, Update

Built = list[tuple[Client, str]]
"""Each client with the text that brings it up to date."""

Answer = tuple[Client, MessageId | None]
"""The client whose request made the change, and that request's id: its update says so
(``"id"``), and is the request's only answer."""


class Broadcast:
    """The parts of one broadcast's messages, each worked out and serialised once: the
    table's summary, its active seats and clock, each seat's view (the spectators' one
    included) and the public changes since each version some client last saw. A client's
    :class:`~crafthall.server.wire.Update` holds these parts as they are, with its own few
    fields."""

    def __init__(self, table: LiveTable, legal_limit: int) -> None:
        self.table = table
        self.legal_limit = legal_limit
        match = table.match
        config = table.config
        self.summary = _part(table.summary())
        self.active = _part(table.active())
        clock: Clock | None = None
        if config["clock"] is not None:
            clock = {"since": table.row.clock_since, "now": time.time()}
        self.clock = _part(clock)
        self.views: dict[int | None, Part] = {}
        self.changes: dict[int, Part] = {}
        self.legal: dict[int, Part] = {}
        self.undo_allowed = bool(
            match is not None and table.status == "playing" and config["undo"] and match.moves
        )

    def view(self, seat: int | None) -> Part:
        if seat not in self.views:
            self.add_views([seat])
        return self.views[seat]

    def add_views(self, seats: Iterable[int | None]) -> None:
        """Work out these seats' views together (a game shares what they have in common)."""
        match = self.table.match
        wanted = [seat for seat in dict.fromkeys(seats) if seat not in self.views]
        if match is None:
            self.views.update((seat, _part(None)) for seat in wanted)
        elif wanted:
            self.views.update((seat, _part(view)) for seat, view in match.views(wanted).items())

    def changes_since(self, version: int) -> Part:
        if version not in self.changes:
            self.changes[version] = _part(self.table.changes_since(version))
        return self.changes[version]

    def legal_actions(self, seat: int) -> Part:
        if seat not in self.legal:
            self.legal[seat] = _part(legal_actions(self.table, seat, self.legal_limit))
        return self.legal[seat]

    def can_undo(self, seat: int) -> bool:
        match = self.table.match
        return (
            self.undo_allowed
            and match is not None
            and match.moves[-1].seat == seat
            and self.table.seats[seat].zombie is None
            and self.table.last_move_undoable()
        )

    def update(self, client: Client, answers: MessageId | None = None) -> Update:
        """``client``'s update; ``answers``: the id of its request this change answers."""
        seat = client.seat
        update: Update = {
            "type": "update",
            "table": self.summary,
            "version": self.table.version,
            "seat": seat,
            "view": self.view(seat),
            "active": self.active,
            "changes": self.changes_since(client.sent_version),
            "clock": self.clock,
        }
        if seat is not None:
            update["can_undo"] = self.can_undo(seat)
            if client.want_legal:
                update["legal"] = self.legal_actions(seat)
        if answers is not None:
            update["id"] = answers
        return update

    def text(self, client: Client, answers: MessageId | None = None) -> str:
        """``client``'s update as sent."""
        return dump(self.update(client, answers))


def _part(value: Any) -> Part:
    """A part of many clients' messages, serialised once."""
    return Part(dump(value))


def build_updates(
    table: LiveTable, clients: Iterable[Client], legal_limit: int, answer: Answer | None = None
) -> Built:
    """The update of every client in ``clients`` (run off the event loop). Clients alike
    (same seat, same version last seen, same wish for legal actions) share one text: the
    thousand spectators of a table who saw the same version get the same string."""
    clients = list(clients)
    broadcast = Broadcast(table, legal_limit)
    broadcast.add_views(client.seat for client in clients)
    texts: dict[tuple[int | None, int, bool], str] = {}
    built: Built = []
    for client in clients:
        if answer is not None and client is answer[0]:
            built.append((client, broadcast.text(client, answer[1])))
            continue
        key = (client.seat, client.sent_version, client.want_legal and client.seat is not None)
        if key not in texts:
            texts[key] = broadcast.text(client)
        built.append((client, texts[key]))
    return built


SPREAD = 10
"""Spectators of one table told in one turn of the event loop; a crowd beyond it is told over
the next turns. Told at once, a thousand spectators held every other table's messages for the
whole fan-out: with 50 tables, their p99 was 40-57 ms against 3.5 ms without the crowd; ten a
turn, 11 ms, and the crowd's own p99 stayed 64-69 ms (``bench/bench_server.py --tables 50
--think 1 --seconds 30 --spectators 1000``)."""


def deliver(table: LiveTable, built: Built) -> None:
    """Queue the built updates (on the event loop: outboxes are not thread-safe). Players
    are told at once, spectators ``SPREAD`` at a time, each client's updates in order."""
    spectators = 0
    later: Built = []
    for client, text in built:
        client.sent_version = table.version  # what its next update starts from
        if client.seat is None:
            if table.spreading or spectators >= SPREAD:
                later.append((client, text))
                continue
            spectators += 1
        client.push_text(text)
    if later:
        table.spreading.append(later)
        if table.spread_task is None:
            table.spread_task = asyncio.get_running_loop().create_task(_spread(table))


async def _spread(table: LiveTable) -> None:
    """Tell the spectators left waiting by :func:`deliver`, ``SPREAD`` a turn of the loop."""
    try:
        while table.spreading:
            await asyncio.sleep(0)  # the other tables' messages go first
            waiting = table.spreading[0]
            for client, text in waiting[:SPREAD]:
                client.push_text(text)
            del waiting[:SPREAD]
            if not waiting:
                table.spreading.popleft()
    finally:
        table.spread_task = None


def legal_actions(table: LiveTable, seat: int, limit: int) -> list[Action]:
    """Up to ``limit`` legal actions of a person's ``seat`` (none when it may not act)."""
    if table.match is None or seat not in table.active() or table.is_bot(seat):
        return []
    return list(islice(table.match.game.legal_actions(table.match.state, seat), limit))
