"""A table to and from the database: the record of its opening, and the table rebuilt exactly
from what is stored."""

from __future__ import annotations

import time
from typing import Any

from cardtable.engine import GameSpec
from cardtable.protocol import TableSettings, TableStatus
from cardtable.server.config import updated_settings
from cardtable.server.storage import StoredTable, TableRecord
from cardtable.server.storage.writes import OpenTable
from cardtable.server.table.table import Table
from cardtable.wire.codec import to_wire


def opening(table: Table) -> OpenTable:
    """The record of `table`'s opening."""
    return OpenTable(
        TableRecord(
            id=table.id,
            game=table.spec.id,
            seats=len(table.seats),
            options=table.options,
            settings=to_wire(table.settings),
            creator=table.creator,
            opened_at=time.time(),
            creator_token_hash=table.creator_token_hash,
        ),
        table.seating.records(),
    )


def restore_table(stored: StoredTable, spec: GameSpec, **context: Any) -> Table:
    """Rebuild a stored table exactly: seats, settings, chat, and its game by replaying its
    actions through the engine. Players' seats wait for them to come back (away)."""
    record = stored.table
    settings = updated_settings(TableSettings(), record.settings)
    table = Table(
        record.id,
        spec,
        record.seats,
        record.options,
        settings,
        record.creator,
        creator_token_hash=record.creator_token_hash,
        **context,
    )
    table.seating.restore(stored.seats, table.clock())
    if table.creator_token_hash is None:  # stored before creator tokens: the creator's seat
        table.creator_seat_token_hash = next(
            (s.token_hash for s in table.seats if s.held_by_player and s.name == table.creator),
            None,
        )
    table.chat.restore(stored.chat, stored.next_chat_id)
    if stored.game is not None:
        table.play.restore(stored)
    if table.status == TableStatus.PLAYING:
        table.seating.cover_given_up(True)
    table.play.tick_clock()  # the time of whoever may act runs again from now
    return table
