"""A budget per address for the requests that cost the server real work besides history
(listing the tables, a whole view again): the connections from one address share it, so a box
that opens many connections gets one connection's share of them, not one each."""

from __future__ import annotations

from cardtable.server.net.rate_limiter import RateLimiter


class AddressBudgets:
    """A token bucket per address with a connection open: `burst` at once, then `rate` a
    second."""

    def __init__(self, rate: float, burst: int) -> None:
        self._rate = rate
        self._burst = burst
        self._budgets: dict[str, RateLimiter] = {}

    def allow(self, address: str, now: float) -> bool:
        """Take one request from `address`'s budget if it has one left."""
        budget = self._budgets.get(address)
        if budget is None:
            budget = self._budgets[address] = RateLimiter(self._rate, self._burst)
        return budget.allow(now)

    def forget(self, address: str) -> None:
        """The last connection from `address` has closed."""
        self._budgets.pop(address, None)

    def __len__(self) -> int:
        return len(self._budgets)
