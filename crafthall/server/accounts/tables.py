"""The accounts' tables (SQLAlchemy Core, on the server's one ``metadata``; migration 0004).

- ``accounts``: a display name (unique whatever its case, by ``name_key``) and an Argon2 hash;
  ``failures`` and ``locked_until`` slow down guessing (see :mod:`.signin`).
- ``account_sessions``: one row per signed-in browser, keyed by the SHA-256 of its session id
  (the cookie holds the id itself, signed), so signing out ends that row and signing out
  everywhere ends all of the account's rows.
- ``seat_accounts``: which account sat at a seat of a table (made when a signed-in player
  creates or joins a table, or a guest turns their seats into an account's), with the seat's
  token sealed (Fernet, under the server secret ``seat-key``; migration 0007) so that the
  account can take the seat up in another browser.
- ``ratings``, ``rating_history``: a rating per game and account, and its value after each
  rated game; ``rated_games`` marks a table whose ratings are done, so it is rated once.
- ``server_secrets``: secrets the server makes on first run (the cookie signing key, the
  seat tokens' sealing key).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table

from crafthall.server.db import metadata

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),
    Column("name_key", String(32), nullable=False, unique=True),
    Column("password_hash", String(200), nullable=False),
    Column("created", Float, nullable=False),
    Column("failures", Integer, nullable=False, default=0),
    Column("locked_until", Float, nullable=True),
)

account_sessions = Table(
    "account_sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
)

seat_accounts = Table(
    "seat_accounts",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("linked", Float, nullable=False),
    Column("token_sealed", String(200), nullable=True),
)

ratings = Table(
    "ratings",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

rating_history = Table(
    "rating_history",
    metadata,
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("at", Float, nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("before", Float, nullable=False),
    Column("after", Float, nullable=False),
    Column("rank", Integer, nullable=False),
)

rated_games = Table(
    "rated_games",
    metadata,
    Column("table_id", String(32), ForeignKey("game_tables.id"), primary_key=True),
    Column("at", Float, nullable=False),
)

server_secrets = Table(
    "server_secrets",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(200), nullable=False),
)
