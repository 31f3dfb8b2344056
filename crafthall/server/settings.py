"""Server settings, read from the environment (``CRAFTHALL_*``) or given by tests."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import Any

DEFAULT_DATABASE_URL = "sqlite:///crafthall.sqlite3"


def _float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return default if raw in (None, "") else float(raw)


@dataclass(frozen=True)
class Settings:
    """Everything the server may be told; every field has a working default."""

    database_url: str = DEFAULT_DATABASE_URL
    """SQLAlchemy URL; an SQLite file in the working folder unless told otherwise."""
    database_schema: str | None = None
    """PostgreSQL only: the schema to keep the tables in (tests use one schema each)."""
    redis_url: str | None = None
    """Set to share tables between several server processes (pub/sub fan-out)."""
    redis_prefix: str = "crafthall"
    bot_delay: float = 1.0
    """Seconds a bot waits before acting, so people can follow the game (0 in tests)."""
    max_message_bytes: int = 8192
    """The largest WebSocket message the server reads; larger ones are refused."""
    max_upload_bytes: int = 2_000_000
    flood_rate: float = 20.0
    """Messages per second a connection may send on average..."""
    flood_burst: int = 40
    """...with bursts of this many; past it the server slows the client down..."""
    flood_strikes: int = 60
    """...and cuts it off after this many messages over the limit."""
    outbox_limit: int = 500
    """Messages queued for a client that does not read before it is dropped."""
    legal_limit: int = 300
    """At most this many legal actions are sent in one message."""
    freeze_gc: bool = True
    """Once started, move the objects loaded so far (modules, games, tables) out of the
    garbage collector's sight: its full passes then take milliseconds, not a tenth of a
    second that would stall every table at once. Tests running many servers in one process
    turn it off."""
    public_url: str = ""
    """Base of invite links (e.g. https://play.example.org); empty: relative links."""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        env = os.environ
        settings = cls(
            database_url=env.get("CRAFTHALL_DATABASE_URL") or DEFAULT_DATABASE_URL,
            database_schema=env.get("CRAFTHALL_DATABASE_SCHEMA") or None,
            redis_url=env.get("CRAFTHALL_REDIS_URL") or None,
            redis_prefix=env.get("CRAFTHALL_REDIS_PREFIX") or "crafthall",
            bot_delay=_float("CRAFTHALL_BOT_DELAY", 1.0),
            public_url=env.get("CRAFTHALL_PUBLIC_URL", "").rstrip("/"),
            flood_rate=_float("CRAFTHALL_FLOOD_RATE", 20.0),
            flood_burst=int(_float("CRAFTHALL_FLOOD_BURST", 40)),
        )
        return replace(settings, **overrides)
