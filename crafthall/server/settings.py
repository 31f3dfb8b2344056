"""Server settings, read from the environment (``CRAFTHALL_*``) or given by tests."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from typing import Any

DEFAULT_DATABASE_URL = "sqlite:///crafthall.sqlite3"


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
    """Once started, and after each full collection, move the objects alive (modules,
    games, loaded tables) out of the garbage collector's sight: its full passes then take
    milliseconds, not a tenth of a second that would stall every table at once (see
    :mod:`crafthall.server.pauses`; ``/healthz/gc`` reports the pauses). Tests running many
    servers in one process turn it off."""
    max_connections: int = 2000
    """Connections (HTTP and WebSocket) this process holds at once; past it new requests
    get 503 (uvicorn's ``limit_concurrency``). Keep it below the process's file limit."""
    max_connections_per_address: int = 40
    """Live connections one client address may hold at once (behind a reverse proxy, the
    address it forwards: see docs/operations.md)."""
    max_spectators: int = 500
    """Spectators one table may have at once; seated players are never turned away."""
    request_timeout: float = 30.0
    """Seconds a client has to send a whole HTTP request (head and body) once it starts;
    the connection is closed after that (slow senders would hold it forever)."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket has to say hello before it is closed."""
    idle_timeout: float = 300.0
    """Seconds a WebSocket may stay silent (the browser client pings every minute)."""
    create_rate: float = 0.2
    """Tables one client address may create per second on average..."""
    create_burst: int = 20
    """...with bursts of this many; past it creation answers 429."""
    unload_after: float = 600.0
    """Seconds a table nobody watches and nothing drives stays in memory; it is read back
    from the database when someone comes."""
    let_go_after: float = 5.0
    """With several processes: a table nobody here watches, not asked for here in this many
    seconds, is let go of (as if unloaded) when another process changes it, rather than
    followed move by move (a table made here counts as not asked for); its bots and clocks
    stop here, since the process that changed it runs its own. A table's players are then
    served by one process only when the reverse proxy routes by table (docs/operations.md)."""
    inline_change_ms: float = 1.0
    """A table whose last 16 changes took less than this many milliseconds of CPU as a rule
    (their median: the rules and the clients' updates, not the commit), and none more than
    five times it, has its next change worked out on the event loop itself, not handed to a
    game thread and back: in a closed loop of one game's moves that hand-over took 40%
    of the server's CPU (``bench/bench_server.py``). Slower tables stay off the loop. A new
    table is judged by its game's other tables until it has its own record. The commit goes
    with the next group either way (:mod:`crafthall.server.commits`).
    0 turns it off."""
    public_url: str = ""
    """Base of invite links (e.g. https://play.example.org); empty: relative links."""
    # --- quotas, connections and hardening (docs/operations.md, "Quotas and limits") ---
    trusted_proxies: str = "127.0.0.1"
    """Peers (comma-separated) whose connections carry many clients: not capped per address
    themselves; the client address they forward is (set it as uvicorn's FORWARDED_ALLOW_IPS)."""
    reviews_per_hour: int = 6
    """Different games one client address may have reviewed per hour (asking again is free)."""
    hints_per_turn: int = 3
    """Hints one seat may ask for while the table stays at one version (one turn)."""
    hint_seconds: float = 1.0
    """Wall seconds a hint answers within once a worker takes it, however heavy the position:
    its search stops short of them and shows the best moves found so far."""
    uploads_per_hour: int = 30
    """Records one client address may upload per hour."""
    upload_bytes_per_hour: int = 10_000_000
    """Bytes of records one client address may have stored per hour."""
    bot_tables_per_address: int = 2
    """Tables of bots only that one client address may have playing at once."""
    lessons_per_hour: int = 60
    """Tutorials one client address may start per hour."""
    lessons_per_address: int = 10
    """Tutorials kept at once per client address: its own oldest goes first, never another's."""
    listed_per_address: int = 3
    """Tables waiting for players the lobby lists per creating client address (newest first)."""
    max_body_depth: int = 32
    """How deeply a JSON body's lists and objects may nest."""
    max_body_number: int = 2**63 - 1
    """The largest number (in absolute value) a JSON body may hold."""
    redis_check_seconds: float = 1.0
    """Seconds between two pings of Redis; one unanswered for ``redis_stall_seconds`` means
    Redis has stalled, and tables watched here are read from the database until it answers."""
    redis_stall_seconds: float = 2.0
    """Seconds a Redis ping may take before Redis counts as stalled."""
    # --- table chat (docs/protocol.md, "Chat") ---
    chat_rate: float = 0.5
    """Chat lines one seat (or a table's spectators from one address) may say per second..."""
    chat_burst: int = 5
    """...with bursts of this many; past it a message is refused (``chat-too-fast``)."""
    chat_max_chars: int = 300
    """Characters one chat message may hold."""
    chat_history: int = 200
    """A room's latest messages sent to a connection as it says hello."""
    # --- turn-based tables' notifications (docs/operations.md, "Notifications") ---
    smtp_url: str = ""
    """``smtp://user:password@host:port`` (``smtps://`` for TLS from the start; ``smtp://``
    upgrades with STARTTLS where the server offers it); empty: no e-mail is sent."""
    mail_from: str = "crafthall <crafthall@localhost>"
    """The sender of the notification e-mails."""
    push_plain_hosts: str = ""
    """Hosts (comma-separated) a browser's push subscription may name over plain HTTP (tests'
    own push services on the loopback); every other push service is reached over HTTPS."""
    # --- the compute tier (docs/operations.md, "The compute tier") ---
    workers: int = -1
    """Local worker processes for bots, hints and reviews; -1: one per core (at least 2)."""
    worker_max_jobs: int = 500
    """Jobs a worker process runs before a fresh one takes its place (bounds its memory)."""
    job_system: bool = False
    """Send jobs through Dramatiq on ``redis_url`` to ``crafthall worker`` processes."""
    review_idle_seconds: float = 15.0
    """A review nobody has asked about for this many seconds (its page left) is cancelled."""
    signin_misses_per_hour: int = 30
    """Wrong passwords one client address may give an hour, whatever the accounts, before
    its sign-ins wait (each account also locks after five in a row)."""
    leaderboard_min_games: int = 5
    """Rated games of a game a player needs to be on its leaderboard."""
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_env(cls, **overrides: Any) -> Settings:
        """Settings from ``CRAFTHALL_*`` variables: every number and flag by its upper-case
        name (``CRAFTHALL_MAX_SPECTATORS=200``), and the few text settings below."""
        env = os.environ
        numbers: dict[str, Any] = {}
        for spec in fields(cls):
            raw = env.get(f"CRAFTHALL_{spec.name.upper()}")
            kind = type(spec.default)
            if raw in (None, "") or kind not in (int, float, bool):
                continue
            if kind is bool:
                numbers[spec.name] = raw.lower() in ("1", "true", "yes", "on")
                continue
            try:
                numbers[spec.name] = kind(float(raw))
            except ValueError:
                raise ValueError(
                    f"CRAFTHALL_{spec.name.upper()} must be a number, not '{raw[:40]}'."
                ) from None
        settings = cls(
            **numbers,
            database_url=env.get("CRAFTHALL_DATABASE_URL") or DEFAULT_DATABASE_URL,
            database_schema=env.get("CRAFTHALL_DATABASE_SCHEMA") or None,
            redis_url=env.get("CRAFTHALL_REDIS_URL") or None,
            redis_prefix=env.get("CRAFTHALL_REDIS_PREFIX") or "crafthall",
            public_url=env.get("CRAFTHALL_PUBLIC_URL", "").rstrip("/"),
            trusted_proxies=env.get("CRAFTHALL_TRUSTED_PROXIES", "127.0.0.1"),
            smtp_url=env.get("CRAFTHALL_SMTP_URL", ""),
            mail_from=env.get("CRAFTHALL_MAIL_FROM") or cls.mail_from,
        )
        return replace(settings, **overrides)
