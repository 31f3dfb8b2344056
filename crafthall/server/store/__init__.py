"""The database of the server, one module per concept:

- :mod:`~crafthall.server.store.rows`: a table as data (its row, seats, moves and changes)
  and a change as the rows to write (:class:`Commit`);
- :mod:`~crafthall.server.store.statements`, :mod:`~crafthall.server.store.groups`: a
  commit's statements, compiled once, and a group of commits written together;
- :mod:`~crafthall.server.store.writes`: new tables and groups of commits, each checked
  against its table's version, with a lost ``COMMIT`` looked into;
- :mod:`~crafthall.server.store.reads`, :mod:`~crafthall.server.store.uploads`: reading
  tables back; uploaded records;
- :mod:`~crafthall.server.store.sqlite_log`: SQLite's write-ahead log, emptied by a thread;
- :mod:`~crafthall.server.store.database`: :class:`Store`, the one object over them all.
"""

from __future__ import annotations

from crafthall.server.store.connections import Conflict, OutcomeUnknown
from crafthall.server.store.database import Store
from crafthall.server.store.groups import InOne, Plan
from crafthall.server.store.rows import Commit, SeatRow, Snapshot, TableRow, as_read

__all__ = [
    "Commit",
    "Conflict",
    "InOne",
    "OutcomeUnknown",
    "Plan",
    "SeatRow",
    "Snapshot",
    "Store",
    "TableRow",
    "as_read",
]
