"""Bots that think (the search bots) think in worker processes, never on the server's thread.

A search bot's move takes the table's `bot_think` seconds of search. Run on the event loop it
would stop every table for that long, and in a thread it would still take the interpreter's
lock from them; so it runs in a process of a pool the server keeps (one worker per core but
one, at least one). The bot gets its seat's view, the legal actions and the events its seat
was told of, pickled, and nothing else: it never reaches the game. When it returns, the table
may have moved on (a player took the seat back, a take-back, the table closed); the caller
checks before it acts.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.pool
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import trio

from cardtable.engine import GameAction, SeatView
from cardtable.engine.events import SeenEvent
from cardtable.engine.search import Budget, SearchBot

_pool: multiprocessing.pool.Pool | None = None
#: How to answer each search under way (called with its move, or an exception).
_waiting: set[Callable[[Any], None]] = set()
_answering = threading.Lock()

T = TypeVar("T")


def _workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def _the_pool() -> multiprocessing.pool.Pool:
    global _pool
    if _pool is None:  # (spawned, not forked: the server's threads and sockets stay here)
        # Started with the process's own stderr: an app in the terminal (`cardtable play`)
        # holds `sys.stderr` with no real file behind it, which multiprocessing's helper
        # process cannot be given (it would fail, and no bot could think).
        with contextlib.redirect_stderr(sys.__stderr__ or sys.stderr):
            _pool = multiprocessing.get_context("spawn").Pool(_workers())
    return _pool


def stop_thinking() -> None:
    """End the worker processes now, searches under way and all (the server is stopping: a
    search must not hold up its exit). The next search starts a new pool."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.terminate()
        pool.join()
    for deliver in list(_waiting):  # nobody waits for a search that will never answer
        deliver(SearchStopped("The server stopped the search bots' workers."))


class SearchStopped(RuntimeError):
    """A search ended by `stop_thinking` before it answered."""


@dataclass(frozen=True)
class Search:
    """What a search bot is sent to a worker with: its seat's view, the legal actions, the
    events its seat was told of, and the seconds it thinks."""

    bot: SearchBot
    view: SeatView[Any]
    legal: list[GameAction]
    history: list[SeenEvent[Any]]
    seconds: float

    def run(self) -> GameAction:
        """In a worker: search for `seconds` from when the worker starts on it."""
        self.bot.budget = Budget.for_seconds(self.seconds, time.monotonic)
        self.bot.hear(self.history)
        return self.bot.choose(self.view, self.legal)


async def think(search: Search) -> GameAction:
    """The move `search.bot` finds in `search.seconds` of search in a worker process.
    Cancelled, it stops waiting (the search ends on its own time, or with `stop_thinking`)."""
    return await in_worker(search.run)


async def in_worker(job: Callable[[], T]) -> T:
    """What `job` (picklable, and bounded in time by itself) returns, run in a worker process
    of the pool. Cancelled, it stops waiting."""
    token = trio.lowlevel.current_trio_token()
    done = trio.Event()
    answer: list[Any] = []

    def deliver(value: Any) -> None:  # (in the pool's result thread, or `stop_thinking`)
        with _answering:
            if deliver not in _waiting:
                return  # answered already
            _waiting.discard(deliver)
        answer.append(value)
        with contextlib.suppress(trio.RunFinishedError):  # (stopped meanwhile: nobody waits)
            token.run_sync_soon(done.set)

    _waiting.add(deliver)
    try:
        _the_pool().apply_async(job, (), {}, deliver, deliver)
        await done.wait()
    finally:
        _waiting.discard(deliver)
    if isinstance(answer[0], BaseException):
        raise answer[0]
    result: T = answer[0]
    return result
