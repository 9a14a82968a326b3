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
import os
import time
from collections.abc import Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

import trio

from cardtable.engine import GameAction, SeatView
from cardtable.engine.core import SeenEvent
from cardtable.engine.search import Budget, SearchBot

_pool: ProcessPoolExecutor | None = None


def _workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def _the_pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:  # (spawned, not forked: the server's threads and sockets stay here)
        _pool = ProcessPoolExecutor(_workers(), mp_context=multiprocessing.get_context("spawn"))
    return _pool


def _search(
    bot: SearchBot,
    view: SeatView[Any],
    legal: Sequence[GameAction],
    history: Sequence[SeenEvent[Any]],
    seconds: float,
) -> GameAction:
    """In a worker: search for `seconds` from when the worker starts on it."""
    deadline = time.monotonic() + seconds
    bot.budget = Budget(should_stop=lambda: time.monotonic() >= deadline)
    bot.hear(history)
    return bot.choose(view, legal)


async def think(
    bot: SearchBot,
    view: SeatView[Any],
    legal: Sequence[GameAction],
    history: Sequence[SeenEvent[Any]],
    seconds: float,
) -> GameAction:
    """The move `bot` finds in `seconds` of search in a worker process. Cancelled, it stops
    waiting (a search not started yet is dropped; one under way ends on its own time)."""
    future = _the_pool().submit(_search, bot, view, list(legal), list(history), seconds)
    await _finished(future)
    return future.result()


async def _finished(future: Future[Any]) -> None:
    token = trio.lowlevel.current_trio_token()
    done = trio.Event()

    def wake(_: Future[Any]) -> None:
        with contextlib.suppress(trio.RunFinishedError):  # (stopped meanwhile: nobody waits)
            token.run_sync_soon(done.set)

    future.add_done_callback(wake)
    try:
        await done.wait()
    except trio.Cancelled:
        future.cancel()
        raise
