"""A table as data: its row, its seats, its moves and changes (a :class:`Snapshot` read back),
and one change to it as the rows to write (a :class:`Commit`)."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import JSON, Row

from crafthall.engine.record import Move
from crafthall.server import db
from crafthall.server.clients import dump


@dataclass
class SeatRow:
    idx: int
    kind: str
    """``human``, ``bot`` or ``open`` (waiting for someone to join)."""
    name: str | None = None
    bot_level: str | None = None
    token_hash: str | None = None
    invite: str | None = None
    zombie: str | None = None
    """Why a bot took this seat over (``left`` or ``timeout``), else ``None``."""
    zombie_move: int | None = None
    clock: float | None = None
    """Seconds left on this seat's clock when ``clock_since`` was stamped."""

    def to_row(self, table_id: str) -> dict[str, Any]:
        return {"table_id": table_id, **self.__dict__}


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    config: dict[str, Any]
    seed: int
    status: str
    private: bool
    version: int
    created: float
    fixed: dict[str, Any] | None = None
    header: dict[str, Any] | None = None
    clock_since: float | None = None
    result: dict[str, Any] | None = None


@dataclass
class Snapshot:
    table: TableRow
    seats: list[SeatRow]
    moves: list[Move]
    changes: list[dict[str, Any]] = field(default_factory=list)
    moves_from: int = 0
    """The index of ``moves[0]`` in the record: more than 0 when only the moves the reader
    lacked were read (see :meth:`Store.load`)."""


@dataclass
class Commit:
    """One change to a table, written in one transaction if the table is still at ``expected``."""

    table_id: str
    expected: int
    change: dict[str, Any]
    table_updates: dict[str, Any] = field(default_factory=dict)
    seat_updates: dict[int, dict[str, Any]] = field(default_factory=dict)
    insert_move: Move | None = None
    move_index: int | None = None
    delete_move: int | None = None
    writer: str = field(default_factory=lambda: secrets.token_hex(8), compare=False)
    """This commit's own token, written with its change (see :meth:`Store.landed`)."""

    def to_message(self) -> dict[str, Any]:
        """The commit as JSON data, for other processes to follow it without a read."""
        move = self.insert_move
        return {
            "table_id": self.table_id,
            "expected": self.expected,
            "change": self.change,
            "table_updates": self.table_updates,
            "seat_updates": [[idx, values] for idx, values in self.seat_updates.items()],
            "insert_move": None if move is None else [move.seat, move.action, move.at],
            "move_index": self.move_index,
            "delete_move": self.delete_move,
        }

    @classmethod
    def from_message(cls, data: dict[str, Any]) -> Commit:
        move = data["insert_move"]
        return cls(
            str(data["table_id"]),
            int(data["expected"]),
            dict(data["change"]),
            dict(data["table_updates"]),
            {int(idx): dict(values) for idx, values in data["seat_updates"]},
            None if move is None else Move(int(move[0]), dict(move[1]), move[2]),
            data["move_index"],
            data["delete_move"],
        )


_JSON_COLUMNS = frozenset(c.name for c in db.game_tables.columns if isinstance(c.type, JSON))


def as_read(table: TableRow, seats: list[SeatRow], change: dict[str, Any]) -> Snapshot:
    """The snapshot :meth:`Store.load` would read of a table just created with these rows
    (:meth:`Store.create`), without the read: JSON columns come back as JSON has them
    (lists for tuples, keys as text), and nothing is shared with the rows given."""
    values = {
        name: json.loads(dump(value)) if name in _JSON_COLUMNS and value is not None else value
        for name, value in vars(table).items()
    }
    return Snapshot(
        TableRow(**values), [replace(seat) for seat in seats], [], [json.loads(dump(change))]
    )


def seat_row(row: Row[Any]) -> SeatRow:
    return SeatRow(**{k: v for k, v in row._mapping.items() if k != "table_id"})
