"""What the server allows of password work, against guessing and against being worn out by
it: a few Argon2 computations at once in a process (each holds 64 MiB and a core for a good
part of a second), and a number of wrong passwords an hour from one client address, whatever
accounts they were for (the account's own lock, in :mod:`.book`, stops guessing at one
account; this stops trying one password on many).

The wrong passwords are counted on a quota's sliding window (:class:`~crafthall.server.
limits.Quota`): with ``redis_url`` set, in Redis, one count for every process of the
deployment; otherwise (or while Redis does not answer) in the process's memory."""

from __future__ import annotations

import asyncio

from crafthall.server.limits import HOUR, Quota, SharedWindows

HASHING = 2
"""Argon2 computations one process runs at once; more wait their turn."""


class PasswordGuard:
    def __init__(self, misses_per_hour: int, shared: SharedWindows | None = None) -> None:
        self.hashing = asyncio.Semaphore(HASHING)
        self.misses_per_hour = misses_per_hour
        self.misses = Quota(misses_per_hour, HOUR, "signin-misses", shared)

    async def attempt(self, address: str) -> float:
        """``address`` is about to try a password: seconds it must wait first (0: go on, and
        the try counts as a miss until :meth:`not_missed` gives it back). Counting the try
        before its answer keeps tries sent at once from all passing a nearly full count."""
        return await self.misses.take(address)

    async def not_missed(self, address: str) -> None:
        """The try of ``address`` was no wrong password: it does not count."""
        await self.misses.take(address, -1)
