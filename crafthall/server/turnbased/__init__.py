"""Turn-based tables: a move takes hours or days, the deadlines wait in the database (not in
memory), and the players hear that it is their turn by Web Push or e-mail.

- :mod:`.clock`: the time deadlines are counted in (tests move it on);
- :mod:`.schema`, :mod:`.rows`: the rows, read and written;
- :mod:`.deadlines`: :class:`Turns`, tracking each change and firing what is due;
- :mod:`.notify`: the notices (Web Push with the server's VAPID key, e-mail over SMTP).
"""

from __future__ import annotations

from crafthall.server.turnbased.deadlines import Turns

__all__ = ["Turns"]
