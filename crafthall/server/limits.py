"""Token buckets: how often one client may do something (send messages, create tables),
and how many connections one client address holds."""

from __future__ import annotations

import time


class Rate:
    """A token bucket of ``burst`` tokens refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def take(self) -> float:
        """Spend one token; the seconds until the bucket is out of debt (0: none)."""
        self.refill()
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def full(self) -> bool:
        self.refill()
        return self.tokens >= self.burst


class RatePerAddress:
    """One :class:`Rate` per client address (idle ones are forgotten)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, Rate] = {}

    def allow(self, address: str) -> bool:
        """May ``address`` do it once more now? (A refusal costs nothing.)"""
        if len(self.buckets) > 10_000:
            self.buckets = {a: b for a, b in self.buckets.items() if not b.full()}
        bucket = self.buckets.setdefault(address, Rate(self.rate, self.burst))
        if bucket.take() > 0:
            bucket.tokens += 1
            return False
        return True


class Connections:
    """How many live connections each client address holds, with a cap."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.held: dict[str, int] = {}

    def admit(self, address: str) -> bool:
        if self.held.get(address, 0) >= self.cap:
            return False
        self.held[address] = self.held.get(address, 0) + 1
        return True

    def release(self, address: str) -> None:
        left = self.held.get(address, 0) - 1
        if left > 0:
            self.held[address] = left
        else:
            self.held.pop(address, None)
