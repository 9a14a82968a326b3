"""A token bucket, the budget behind every rate the server allows: requests, chat lines,
actions and bytes of history, per connection or per address."""

from __future__ import annotations


class RateLimiter:
    """A token bucket: `burst` at once, refilled at `rate` a second."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._stamp: float | None = None

    def allow(self, now: float) -> bool:
        """Take one token if there is one."""
        self._refill(now)
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def charge(self, now: float, cost: float) -> None:
        """Take `cost` tokens, into debt if need be (what was done is paid for afterwards)."""
        self._refill(now)
        self._tokens -= cost

    def wait(self, now: float) -> float:
        """Seconds until the bucket is out of debt (0: it is not in debt)."""
        self._refill(now)
        return max(0.0, -self._tokens / self.rate)

    def _refill(self, now: float) -> None:
        if self._stamp is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._stamp) * self.rate)
        self._stamp = now
