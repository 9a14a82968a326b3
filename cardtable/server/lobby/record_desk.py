"""Requests for a player's record (`player_record`), read from the database through the journal
(so a record counts every game rated before the request) and paid for by their size from the
history's budgets (`HistoryLane`), as pages of the history are."""

from __future__ import annotations

from cardtable.protocol import PlayerRecord, RecordReply
from cardtable.protocol.framing import pack
from cardtable.server.history.lane import HistoryLane
from cardtable.server.lobby.session import Session
from cardtable.server.ratings.record import read_record
from cardtable.server.storage.journal import Journal
from cardtable.wire.codec import to_wire


class RecordDesk:
    """Answers `player_record`."""

    def __init__(self, journal: Journal, lane: HistoryLane) -> None:
        self.journal = journal
        self.lane = lane

    async def player_record(self, session: Session, request: PlayerRecord) -> RecordReply:
        async with self.lane.turn(session.address, session.history_limiter) as charge:
            connection = self.journal.store.database.connection
            await self.journal.caught_up()  # (the games rated so far are stored)
            games, favourite = await self.journal.read(
                lambda: read_record(connection, request.name)
            )
            charge(len(pack(to_wire(games))))
        return RecordReply(rid=request.rid, name=request.name, games=games, favourite=favourite)
