"""Notifications of turn-based tables, for the accounts that chose them: Web Push to each
browser the account subscribed, and e-mail when the server has an SMTP server.

One notice per turn: each is noted in ``turn_notices`` before it goes out, and a second for
the same seat's same turn finds the note there (whichever process tries), so a player hears
once that it is their move, never again for it, and once a day at most that one of their
games is about to time out (one message listing every such game).

The Web Push key pair (VAPID) is made on the server's first run and kept in the database
with its other secrets, so every process and every restart signs with the same key and the
browsers' subscriptions stay valid.
"""

from __future__ import annotations

import asyncio
import json
import logging
import smtplib
import ssl
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import SplitResult, unquote, urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid
from py_vapid.utils import b64urlencode
from pywebpush import WebPushException, webpush
from sqlalchemy import Engine

from crafthall.games import entry as game_entry
from crafthall.server.settings import Settings
from crafthall.server.store import Store
from crafthall.server.turnbased import rows
from crafthall.server.turnbased.clock import Clock
from crafthall.server.turnbased.rows import Choices, Subscription, Waiting

log = logging.getLogger("crafthall.server")

VAPID_SECRET = "vapid"
"""The name of the server secret the VAPID private key is derived from."""

PUSH_TIMEOUT = 10.0
"""Seconds a push service may take to answer."""

GONE = frozenset({404, 410})
"""A push service's answer for a subscription that no longer exists: it is forgotten."""


@dataclass(frozen=True)
class Notice:
    title: str
    body: str
    url: str

    def payload(self) -> str:
        return json.dumps({"title": self.title, "body": self.body, "url": self.url})


def vapid_of(secret: str) -> Vapid:
    """The VAPID key pair derived from the server secret (64 hex digits): the same secret
    gives the same key in every process."""
    order = int("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551", 16)
    scalar = int(secret, 16) % (order - 1) + 1
    return Vapid(private_key=ec.derive_private_key(scalar, ec.SECP256R1()))


def public_key_of(vapid: Vapid) -> str:
    """The key a browser subscribes with (``applicationServerKey``): the uncompressed point,
    base64url without padding."""
    raw = vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return str(b64urlencode(raw))


def title_of(game: str) -> str:
    try:
        return str(game_entry(game).game.title)
    except Exception:  # a game no longer hosted: its name will do
        return game


def hours(seconds: float) -> str:
    left = max(1, round(seconds / 3600))
    return f"{left} hour{'s' if left != 1 else ''}"


def accounts_of_table(engine: Engine, table_id: str) -> dict[int, int]:
    """The account seated at each seat of ``table_id`` (imported here: the accounts'
    package reaches the routes, which reach the hub, which reaches this module)."""
    from crafthall.server.accounts import accounts_of_table as of_table

    return of_table(engine, table_id)


def vapid_secret(engine: Engine) -> str:
    from crafthall.server.accounts.sessions import server_secret

    return server_secret(engine, VAPID_SECRET)


class Notifier:
    """Sends the notices of turn-based tables (see the module's description)."""

    def __init__(self, settings: Settings, store: Store, clock: Clock) -> None:
        if settings.smtp_url:
            smtp_address(settings.smtp_url)
        self.settings = settings
        self.store = store
        self.clock = clock
        self._vapid: Vapid | None = None

    async def vapid(self) -> Vapid:
        if self._vapid is None:
            secret = await self.store.run(vapid_secret, self.store.engine)
            self._vapid = vapid_of(secret)
        return self._vapid

    async def public_key(self) -> str:
        return public_key_of(await self.vapid())

    def link(self, table_id: str) -> str:
        return f"{self.settings.public_url}/t/{table_id}"

    # --- what is said ----------------------------------------------------------------------

    async def turn_began(
        self, table_id: str, game: str, names: Sequence[str | None], seats: list[int], turn: int
    ) -> None:
        """Tell the players of ``seats`` (their turn began at version ``turn``) that it is
        their move, each once."""
        engine = self.store.engine
        accounts = await self.store.run(accounts_of_table, engine, table_id)
        for seat in seats:
            account = accounts.get(seat)
            if account is None:
                continue
            choices = await self.store.run(rows.choices_of, engine, account)
            if not choices.push and not choices.email:
                continue
            if not await self.store.run(
                rows.claim_notice, engine, table_id, seat, turn, "turn", self.clock.now()
            ):
                continue
            rivals = others(names, seat)
            against = f" against {', '.join(rivals)}" if rivals else ""
            notice = Notice(
                f"Your turn at {title_of(game)}",
                f"It is your move in {title_of(game)}{against}.",
                self.link(table_id),
            )
            await self.send(account, choices, notice)

    async def time_ran_out(self, table_id: str, game: str, seat: int, turn: int) -> None:
        """Tell the player whose time ran out at a table that waits for them."""
        engine = self.store.engine
        account = (await self.store.run(accounts_of_table, engine, table_id)).get(seat)
        if account is None:
            return
        now = self.clock.now()
        if not await self.store.run(rows.claim_notice, engine, table_id, seat, turn, "late", now):
            return
        choices = await self.store.run(rows.choices_of, engine, account)
        notice = Notice(
            f"Your time ran out at {title_of(game)}",
            f"Your time for this move in {title_of(game)} ran out; the others wait for you.",
            self.link(table_id),
        )
        await self.send(account, choices, notice)

    async def remind(self, now: float, horizon: float) -> int:
        """One message to each account with moves whose time runs out within ``horizon``
        seconds and that were not reminded of this turn yet, listing them all. Returns how
        many accounts were reminded."""
        engine = self.store.engine
        soon = await self.store.run(rows.due_within, engine, now, horizon)
        by_account: dict[int, list[Waiting]] = defaultdict(list)
        for waiting in soon:
            account = (await self.store.run(accounts_of_table, engine, waiting.table_id)).get(
                waiting.seat
            )
            if account is None:
                continue
            claimed = await self.store.run(
                rows.claim_notice,
                engine,
                waiting.table_id,
                waiting.seat,
                waiting.turn,
                "reminder",
                now,
            )
            if claimed:
                by_account[account].append(waiting)
        for account, games in by_account.items():
            choices = await self.store.run(rows.choices_of, engine, account)
            lines = [
                f"{title_of(w.game)}: {hours((w.due or now) - now)} left, {self.link(w.table_id)}"
                for w in games
            ]
            count = len(games)
            notice = Notice(
                f"{count} move{'s' if count != 1 else ''} about to time out",
                "\n".join(lines),
                self.link(games[0].table_id) if count == 1 else f"{self.settings.public_url}/turns",
            )
            await self.send(account, choices, notice)
        return len(by_account)

    # --- how it goes out -------------------------------------------------------------------

    async def send(self, account: int, choices: Choices, notice: Notice) -> None:
        """``notice`` by each channel the account chose; a channel that fails is logged
        and the others still go."""
        if choices.push:
            subs = await self.store.run(rows.subscriptions_of, self.store.engine, account)
            vapid = await self.vapid()
            for sub in subs:
                await asyncio.to_thread(self._push, vapid, sub, notice)
        if choices.email and self.settings.smtp_url:
            try:
                await asyncio.to_thread(self._mail, choices.email, notice)
            except (OSError, smtplib.SMTPException) as err:
                log.warning("a turn notice could not be e-mailed: %s", err)

    def _push(self, vapid: Vapid, sub: Subscription, notice: Notice) -> None:
        try:
            webpush(
                sub.info(),
                notice.payload(),
                vapid_private_key=vapid,
                vapid_claims={"sub": f"mailto:{self._sender_address()}"},
                timeout=PUSH_TIMEOUT,
                ttl=24 * 3600,
            )
        except WebPushException as err:
            status = getattr(err.response, "status_code", None)
            if status in GONE:
                rows.unsubscribe(self.store.engine, sub.id)
            else:
                log.warning("a turn notice could not be pushed: %s", err)
        except OSError as err:
            log.warning("a turn notice could not be pushed: %s", err)

    def _sender_address(self) -> str:
        sender = self.settings.mail_from
        return sender[sender.find("<") + 1 : sender.rfind(">")] if "<" in sender else sender

    def _mail(self, to: str, notice: Notice) -> None:
        message = EmailMessage()
        message["From"] = self.settings.mail_from
        message["To"] = to
        message["Subject"] = notice.title
        message.set_content(f"{notice.body}\n\n{notice.url}\n")
        with smtp_session(self.settings.smtp_url) as smtp:
            smtp.send_message(message)


def smtp_address(url: str) -> SplitResult:
    """The parts of an SMTP server's address; a malformed one stops the server with a
    sentence saying what to write."""
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = -1
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname or port == -1:
        raise ValueError(
            "CRAFTHALL_SMTP_URL must look like smtp://user:password@mail.example.org:587 "
            "(or smtps:// for TLS from the start); the one set does not (it is not repeated "
            "here: it may hold a password)."
        )
    return parts


def smtp_session(url: str) -> smtplib.SMTP:
    """A connection to the SMTP server of ``url`` (``smtp://`` or ``smtps://``, with a user
    and password if given), upgraded with STARTTLS where the server offers it."""
    parts = smtp_address(url)
    host = parts.hostname or ""
    context = ssl.create_default_context()
    smtp: smtplib.SMTP
    if parts.scheme == "smtps":
        smtp = smtplib.SMTP_SSL(host, parts.port or 465, context=context, timeout=30)
    else:
        smtp = smtplib.SMTP(host, parts.port or 25, timeout=30)
        smtp.ehlo()
        if smtp.has_extn("starttls"):
            smtp.starttls(context=context)
            smtp.ehlo()
    if parts.username:
        smtp.login(unquote(parts.username), unquote(parts.password or ""))
    return smtp


def others(names: Sequence[str | None], seat: int) -> list[str]:
    """The names of the other players at a table."""
    return [name for idx, name in enumerate(names) if idx != seat and name]


def describe(waiting: Waiting, names: Sequence[str | None], now: float) -> dict[str, Any]:
    """One table of the "your turn" list, as the HTTP answer gives it."""
    return {
        "table": waiting.table_id,
        "seat": waiting.seat,
        "game": waiting.game,
        "title": title_of(waiting.game),
        "against": others(names, waiting.seat),
        "since": waiting.since,
        "due": waiting.due,
        "waited": max(0.0, now - waiting.since),
        "left": None if waiting.due is None else max(0.0, waiting.due - now),
    }
