"""Requests for finished games: a page of the history, and a page of a game's replay. Each is
paid for by its size from the session's history budget and its address's (`HistoryLane`)."""

from __future__ import annotations

from dataclasses import replace

import trio

from cardtable.protocol import ErrorCode, ListHistory, Message, Replay, ReplaySteps
from cardtable.protocol.framing import pack
from cardtable.server.config import ServerConfig
from cardtable.server.errors import ServerError
from cardtable.server.history.lane import Charge, HistoryLane
from cardtable.server.history.pages import history_page, replay_cursor
from cardtable.server.lobby.session import Session
from cardtable.server.storage.journal import Journal
from cardtable.wire.codec import to_wire
from cardtable.wire.records import record_from


class HistoryDesk:
    """Answers `list_history` and `replay`, reading the database through the journal."""

    def __init__(self, config: ServerConfig, journal: Journal) -> None:
        self.journal = journal
        #: History and replays: a budget and a turn per address.
        self.lane = HistoryLane(config.history_rate, config.history_burst)
        #: Replays are made one at a time, in a worker thread (`_replay_page`).
        self._replay_worker = trio.CapacityLimiter(1)

    async def list_history(self, session: Session, request: ListHistory) -> Message:
        async with self.lane.turn(session.address, session.history_limiter) as charge:
            store = self.journal.store
            page = await self.journal.read(
                lambda: history_page(store, request.limit, request.before)
            )
            charge(len(pack(to_wire(page.games))))
        return replace(page, rid=request.rid)

    async def replay(self, session: Session, request: Replay) -> Message:
        async with self.lane.turn(session.address, session.history_limiter) as charge:
            return await self._replay_page(session, request, charge)

    async def _replay_page(self, session: Session, request: Replay, charge: Charge) -> Message:
        cursor = session.replay_cursor
        if cursor is None or not cursor.fits(request.game_id, request.seat):
            session.replay_cursor = None  # let the last game go before reading the next
            store = self.journal.store
            cursor = await self.journal.read(
                lambda: replay_cursor(store, request.game_id, request.seat)
            )
            session.replay_cursor = cursor
        if request.start >= cursor.total:
            raise ServerError(
                ErrorCode.BAD_MESSAGE,
                f"Game {request.game_id} has steps 0 to {cursor.total - 1}; "
                f"there is no step {request.start}.",
            )
        # The engine's work runs in a thread of its own, one replay at a time for the whole
        # server: the event loop and the journal never wait for it.
        page = await trio.to_thread.run_sync(
            cursor.page, request.start, request.count, limiter=self._replay_worker
        )
        charge(page.size)
        return record_from(
            ReplaySteps,
            page,
            entry=cursor.entry,
            seat=cursor.seat,
            total=cursor.total,
            rid=request.rid,
        )
