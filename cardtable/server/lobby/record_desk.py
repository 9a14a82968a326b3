"""Requests for a player's record (`player_record`), read from the database through the
journal, so a record counts every game rated before the request."""

from __future__ import annotations

from cardtable.protocol import PlayerRecord, RecordReply
from cardtable.server.lobby.session import Session
from cardtable.server.ratings.record import read_record
from cardtable.server.storage.journal import Journal


class RecordDesk:
    """Answers `player_record`."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    async def player_record(self, session: Session, request: PlayerRecord) -> RecordReply:
        connection = self.journal.store.database.connection
        await self.journal.caught_up()  # (the games rated so far are stored)
        games, favourite = await self.journal.read(lambda: read_record(connection, request.name))
        return RecordReply(rid=request.rid, name=request.name, games=games, favourite=favourite)
