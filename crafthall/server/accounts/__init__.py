"""Accounts: optional sign-up, sessions in a signed cookie, seats linked to accounts, and
ratings per game (``docs/web.md``, "Accounts and ratings").

What other parts of the server use:

- :func:`account_of` (a request or WebSocket: its signed-in :class:`Account`, or None) and
  :data:`AccountDep` (the same as a FastAPI dependency);
- :func:`seats_of_account` (``engine, account_id`` -> ``[(table_id, seat), ...]``) and
  :func:`accounts_of_table`.
"""

from __future__ import annotations

from crafthall.server.accounts.seats import accounts_of_table, link_seats, seats_of_account
from crafthall.server.accounts.sessions import Account
from crafthall.server.accounts.web import AccountDep, account_of

__all__ = [
    "Account",
    "AccountDep",
    "account_of",
    "accounts_of_table",
    "link_seats",
    "seats_of_account",
]
