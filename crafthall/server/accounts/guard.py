"""What one server process allows of password work, against guessing and against being
worn out by it: a few Argon2 computations at once (each holds 64 MiB and a core for a good
part of a second), and a number of wrong passwords an hour from one client address, whatever
accounts they were for (the account's own lock, in :mod:`.book`, stops guessing at one
account; this stops trying one password on many)."""

from __future__ import annotations

import asyncio

from crafthall.server.limits import Rate

HASHING = 2
"""Argon2 computations one process runs at once; more wait their turn."""

HOUR = 3600.0


class PasswordGuard:
    def __init__(self, misses_per_hour: int) -> None:
        self.hashing = asyncio.Semaphore(HASHING)
        self.misses_per_hour = misses_per_hour
        self._misses: dict[str, Rate] = {}

    def _bucket(self, address: str) -> Rate:
        if len(self._misses) > 10_000:
            self._misses = {a: b for a, b in self._misses.items() if not b.full()}
        return self._misses.setdefault(
            address, Rate(self.misses_per_hour / HOUR, self.misses_per_hour)
        )

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may try a password again (0: now)."""
        bucket = self._bucket(address)
        bucket.refill()
        return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) / bucket.rate

    def missed(self, address: str) -> None:
        """``address`` gave a wrong password."""
        self._bucket(address).take()
