"""Real services that receive turn notices in tests: a local SMTP server (aiosmtpd) that
keeps the e-mails, and a push service (an HTTP server) that keeps each encrypted push; a
browser's push keys decrypt them (http_ece, as a browser would). And a player with an
account (signed up through the server's own API)."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

import http_ece
import httpx
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from tests.patience import A_WHILE

DAY = 86_400.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


class Mailbox:
    """An SMTP server on the loopback that keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    async def handle_DATA(self, _server: SMTP, _session: Session, envelope: Envelope) -> str:
        content = envelope.content
        raw = content if isinstance(content, bytes) else str(content).encode()
        message = message_from_bytes(raw, policy=policy.default)
        assert isinstance(message, EmailMessage)
        self.messages.append(message)
        return "250 Message accepted"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in list(self.messages) if m["To"] == address]

    def __enter__(self) -> Self:
        self.controller.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.controller.stop()


class PushService:
    """An HTTP server standing for a browser vendor's push service: it keeps each push
    (its path and encrypted body) and answers 201 as theirs do."""

    def __init__(self) -> None:
        received: list[tuple[str, bytes, dict[str, str]]] = []
        self.received = received

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                received.append((self.path, body, dict(self.headers)))
                self.send_response(201)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def endpoint(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/push/{name}"

    def bodies(self, name: str) -> list[bytes]:
        return [body for path, body, _ in list(self.received) if path == f"/push/{name}"]

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


class PushKeys:
    """A browser's side of a push subscription: its key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self) -> dict[str, Any]:
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64(public), "auth": b64(self.auth)},
        }

    def read(self, body: bytes) -> dict[str, Any]:
        """The notice a push carries, decrypted as the browser would."""
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        found: dict[str, Any] = json.loads(plain)
        return found


class Player:
    """A person with an account, signed in through the server's API (cookies kept)."""

    def __init__(self, base: str, name: str) -> None:
        self.name = name
        self.http = httpx.Client(base_url=base, timeout=A_WHILE)
        csrf = self.http.get("/api/account").json()["csrf"]
        self.http.headers["x-csrf-token"] = csrf
        made = self.http.post(
            "/api/account/signup", json={"name": name, "password": f"{name} plays all week long"}
        )
        assert made.status_code == 201, made.text
        self.http.headers["x-csrf-token"] = made.json()["csrf"]  # a new one with the session

    def notify(self, push: PushKeys | None, email: str | None) -> dict[str, Any]:
        """Choose push and e-mail notices (subscribing ``push``'s browser)."""
        if push is not None:
            answer = self.http.post("/api/notify/push", json=push.subscription())
            assert answer.status_code == 201, answer.text
        chosen = self.http.put("/api/notify", json={"push": push is not None, "email": email})
        assert chosen.status_code == 200, chosen.text
        found: dict[str, Any] = chosen.json()
        return found

    def close(self) -> None:
        self.http.close()
