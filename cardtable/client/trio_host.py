"""Run trio inside an asyncio program (the Textual app) with trio's guest mode.

Trio's tasks then run on the asyncio loop's thread, between the loop's own callbacks, so trio code
may touch the app's objects directly; the app starts trio tasks with `TrioHost.start_soon`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVarTuple

import outcome
import trio

log = logging.getLogger("cardtable.client")

Args = TypeVarTuple("Args")


class TrioHost:
    """One trio run inside the running asyncio loop, with a nursery the host can start tasks in."""

    def __init__(self) -> None:
        self._nursery: trio.Nursery | None = None
        self._token: trio.lowlevel.TrioToken | None = None
        self._finished: asyncio.Future[outcome.Outcome[None]] | None = None
        self._started = asyncio.Event()
        self._reported = False

    @property
    def running(self) -> bool:
        return self._finished is not None and not self._finished.done()

    async def start(self) -> None:
        """Start trio as a guest of the running asyncio loop; returns once trio is running."""
        loop = asyncio.get_running_loop()
        self._finished = loop.create_future()
        trio.lowlevel.start_guest_run(
            self._main,
            run_sync_soon_threadsafe=loop.call_soon_threadsafe,
            done_callback=self._done,
            host_uses_signal_set_wakeup_fd=True,
        )
        await self._started.wait()

    async def _main(self) -> None:
        self._token = trio.lowlevel.current_trio_token()
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            self._started.set()
            await trio.sleep_forever()

    def _done(self, result: outcome.Outcome[None]) -> None:
        """Trio's done callback, with the run's `outcome`."""
        self._started.set()
        if self._finished is not None and not self._finished.done():
            self._finished.set_result(result)

    def start_soon(self, function: Callable[[*Args], Awaitable[object]], *args: *Args) -> None:
        """Run ``function(*args)`` as a trio task; an exception it raises ends the trio run."""
        if self._nursery is None or self._token is None or not self.running:
            raise RuntimeError("trio is not running")
        self._token.run_sync_soon(self._nursery.start_soon, function, *args)

    async def stop(self) -> None:
        """Cancel every trio task and wait until trio has finished."""
        if self._finished is None:
            return
        if not self._finished.done() and self._nursery is not None and self._token is not None:
            self._token.run_sync_soon(self._nursery.cancel_scope.cancel)
        result = await self._finished
        if self._reported:
            return
        self._reported = True
        try:
            result.unwrap()
        except BaseException:
            log.exception("the trio run ended with an error")
