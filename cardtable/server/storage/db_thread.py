"""One thread that owns the database: the journal's writes and reads run there, one at a time.

Handing each batch to a thread of trio's pool costs about twice what handing it to a thread
waiting on a queue does (a capacity limiter, a cancel scope and a pool lookup each time), and a
server hands the database a batch for almost every action. One thread also means the store's
connection is used by one thread only, in order, with no lock.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import trio

T = TypeVar("T")

#: A function, and what to call with its result (or the exception it raised) when it is done.
_Job = tuple[Callable[[], Any], Callable[[Any, BaseException | None], None]]


class DatabaseThread:
    """Runs functions in one worker thread, in the order they are given (`run`)."""

    def __init__(self, name: str = "cardtable-database") -> None:
        self._name = name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    async def run(self, function: Callable[[], T]) -> T:
        """`function()`, run in the thread; its result or its exception. Like
        `trio.to_thread.run_sync`, a cancelled caller still waits for it to finish, and gets
        its result."""
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._work, args=(self._jobs,), name=self._name, daemon=True
            )
            self._thread.start()
        token = trio.lowlevel.current_trio_token()
        done = trio.Event()
        result: list[Any] = []

        def deliver(value: Any, error: BaseException | None) -> None:
            result[:] = [value, error]
            token.run_sync_soon(done.set)

        self._jobs.put((function, deliver))
        with trio.CancelScope(shield=True):
            await done.wait()
        # (No checkpoint here: a caller cancelled meanwhile still gets what the job did, as
        # from `trio.to_thread.run_sync`, and hears of the cancellation at its next one. The
        # journal relies on it: a batch written is a batch stored, cancelled or not.)
        value, error = result
        if error is not None:
            raise error
        return value  # type: ignore[no-any-return]

    def stop(self) -> None:
        """Let the thread end once the jobs given so far are done."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread = None
            self._jobs = queue.SimpleQueue()  # (a thread started later has its own queue)

    def _work(self, jobs: queue.SimpleQueue[_Job | None]) -> None:
        while True:
            job = jobs.get()
            if job is None:
                return
            function, deliver = job
            try:
                value, error = function(), None
            except BaseException as raised:  # handed to the caller, who raises it
                value, error = None, raised
            try:
                deliver(value, error)
            except trio.RunFinishedError:
                return  # the server's run is over: nobody waits for the answer
