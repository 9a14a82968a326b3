"""Reading history and replays fairly: a budget per address as well as per connection, and one
such request at a time per address, so that many connections from one box get one box's share
and a flood of them slows only that box.

Each request waits its turn at its address, then until both its connection's budget and its
address's are out of debt; what it read is charged to both once it is done (its cost is known
only then). The budgets are `ServerConfig.history_rate` and `history_burst` (bytes).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import trio

from cardtable.server.net.rate_limiter import RateLimiter

#: What a request read, in bytes, charged once it is done.
Charge = Callable[[int], None]


@dataclass
class _AddressShare:
    """One address's budget, and its turn: one history request of the address at a time."""

    budget: RateLimiter
    turn: trio.Lock = field(default_factory=trio.Lock)


class HistoryLane:
    """The history budgets of every address with a connection open."""

    def __init__(self, rate: float, burst: int) -> None:
        self._rate = rate
        self._burst = burst
        self._shares: dict[str, _AddressShare] = {}

    @asynccontextmanager
    async def turn(self, address: str, own_budget: RateLimiter) -> AsyncIterator[Charge]:
        """Wait for the address's turn and both budgets; yields how to charge what was read."""
        share = self._shares.get(address)
        if share is None:
            share = self._shares[address] = _AddressShare(RateLimiter(self._rate, self._burst))
        async with share.turn:
            now = trio.current_time()
            await trio.sleep(max(own_budget.wait(now), share.budget.wait(now)))

            def charge(cost: int) -> None:
                now = trio.current_time()
                own_budget.charge(now, cost)
                share.budget.charge(now, cost)

            yield charge

    def forget(self, address: str) -> None:
        """The last connection from `address` has closed."""
        self._shares.pop(address, None)

    def __len__(self) -> int:
        return len(self._shares)
