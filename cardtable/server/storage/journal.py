"""The journal: a change is stored before anyone hears of it.

The lobby and tables `record` each change (a table opened, a seat taken, an action, a chat line)
and `deliver` each message. A message goes out at once when nothing waits to be stored;
otherwise it waits until every change recorded before it has been committed, so nobody is ever
told of something a crash could undo. One task (`run`) stores what is waiting in batches, each
batch one transaction in the database's own thread (`DatabaseThread`), so the database never
blocks the event loop.
"""

from __future__ import annotations

import logging
import sqlite3
from collections import deque
from collections.abc import Callable
from functools import partial
from itertools import islice
from typing import Protocol, TypeVar

import trio

from cardtable.protocol import Message
from cardtable.server.storage import Store, Write
from cardtable.server.storage.db_thread import DatabaseThread
from cardtable.server.storage.seal import SealKeeper

log = logging.getLogger("cardtable.server")

T = TypeVar("T")

#: Seconds between attempts to store a batch while the database cannot take it (disk full...).
RETRY_DELAYS = (0.1, 0.5, 1.0, 2.0, 5.0)


class Recipient(Protocol):
    def send_now(self, *messages: Message) -> None: ...


class Journal:
    def __init__(self, store: Store, seal: SealKeeper | None = None) -> None:
        self.store = store
        #: Keeps the seal beside the database file, batch after batch (None: no file).
        self._seal = seal
        self._queue: deque[Write | tuple[Recipient, Message]] = deque()
        #: How many writes have been recorded, and how many of those are stored.
        self._recorded = 0
        self._stored = 0
        self._batch_done = trio.Event()
        self._work = trio.Event()
        self._idle = trio.Event()
        self._idle.set()
        #: The one thread that uses the store's connection (writes and reads, in turn).
        self._thread = DatabaseThread()

    def record(self, write: Write) -> None:
        """Queue a change to store; messages delivered from now on wait for it."""
        self._queue.append(write)
        self._recorded += 1
        self._idle = trio.Event() if self._idle.is_set() else self._idle
        self._work.set()

    def deliver(self, recipient: Recipient, message: Message) -> None:
        """Send `message` now, or once everything recorded before it is stored."""
        if self._queue:
            self._queue.append((recipient, message))
        else:
            recipient.send_now(message)

    async def read(self, query: Callable[[], T]) -> T:
        """Run a query on the store in the database's thread, between batches."""
        return await self._thread.run(query)

    async def caught_up(self) -> None:
        """Wait until everything recorded so far is stored. Bots wait for this before their
        next move, so a table never runs ahead of its own storage."""
        target = self._recorded
        while self._stored < target:
            await self._batch_done.wait()

    async def flush(self) -> None:
        """Wait until everything recorded so far is stored and its messages sent."""
        await self._idle.wait()

    async def run(self) -> None:
        """Store what is recorded, batch after batch, until cancelled; then store the rest."""
        try:
            while True:
                await self._work.wait()
                self._work = trio.Event()
                while self._queue:
                    await self._store_batch()
                self._idle.set()
        finally:
            with trio.CancelScope(shield=True):
                writes = [item for item in self._queue if not isinstance(item, tuple)]
                if writes:
                    await self._write(writes, retry=False)
            self._thread.stop()

    async def _store_batch(self) -> None:
        count = len(self._queue)
        writes = [item for item in islice(self._queue, count) if not isinstance(item, tuple)]
        if writes:
            await self._write(writes, retry=True)
            self._stored += len(writes)
            self._batch_done.set()
            self._batch_done = trio.Event()
        waiting: dict[Recipient, list[Message]] = {}  # (in order, for each recipient)
        for _ in range(count):
            item = self._queue.popleft()
            if isinstance(item, tuple):
                recipient, message = item
                waiting.setdefault(recipient, []).append(message)
        for recipient, messages in waiting.items():
            recipient.send_now(*messages)  # together: one write for a recipient's messages

    def _commit(self, writes: list[Write]) -> None:
        """Store `writes` in one transaction, then seal them (in the database's thread)."""
        self.store.write(writes)
        if self._seal is not None:
            self._seal.committed(writes)

    async def _write(self, writes: list[Write], *, retry: bool) -> None:
        """Store `writes` in one transaction. While the database cannot take them (a full disk,
        say) keep trying, holding everything back; a write the database rejects as wrong is
        logged and left out (as is one that cannot be encoded), so one bad record cannot stop
        the server."""
        attempt = 0
        while True:
            try:
                await self._thread.run(partial(self._commit, writes))
                return
            except sqlite3.OperationalError as error:
                if error.sqlite_errorcode == sqlite3.SQLITE_ERROR:
                    failure: Exception = error  # SQL the database cannot run: the write is wrong
                else:  # busy, full, failing disk: not the writes' fault
                    if not retry:
                        log.error("could not store %d changes at shutdown: %s", len(writes), error)
                        return
                    delay = RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)]
                    log.error("cannot store changes (%s); trying again in %g s", error, delay)
                    attempt += 1
                    await trio.sleep(delay)
                    continue
            except Exception as error:  # the database refused it, or it could not be encoded
                failure = error
            if len(writes) == 1:
                log.error(
                    "a change could not be stored and is left out: %r", writes[0], exc_info=failure
                )
                return
            for write in writes:  # find the culprit; store the rest
                await self._write([write], retry=retry)
            return
