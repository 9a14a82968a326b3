"""Chat at one table: a line said is checked (`policy`), kept (`ChatLog`), recorded for the
database and delivered to whoever may read it."""

from __future__ import annotations

import time
from collections.abc import Callable

from cardtable.protocol import ChatLinePush, TableSettings
from cardtable.server.chat.log import ChatLog
from cardtable.server.chat.policy import addressee
from cardtable.server.storage import Write
from cardtable.server.storage.writes import AddChat
from cardtable.server.table.seating import Seating
from cardtable.server.table.seats import Member


class TableChat:
    """The lines said at table `table_id` (`log`), and saying one."""

    def __init__(
        self, table_id: int, seating: Seating, record: Callable[[Write], None], history: int
    ) -> None:
        self.table_id = table_id
        self.log = ChatLog(history)
        self._seating = seating
        self._record = record

    def say(
        self,
        member: Member,
        text: str,
        to: int | None,
        settings: TableSettings,
        partners_of: Callable[[int], tuple[int, ...]],
    ) -> None:
        """Post a line from `member` to the table, or privately to seat `to`; a private line
        between partners only where the table's `partner_chat` setting allows it."""
        seat = self._seating.seat_of(member)
        target = addressee(settings, self._seating, partners_of, seat, to)
        if target is None:
            entry = self.log.add(
                time=time.time(),
                sender=member.name,
                text=text,
                from_seat=seat.index if seat else None,
            )
            self._record(AddChat(self.table_id, entry))
            line = ChatLinePush(table_id=self.table_id, line=entry.line())
            for reader in self._seating.members():
                reader.deliver(line)
            return
        assert seat is not None  # (only a seated player's line goes privately)
        entry = self.log.add(
            time=time.time(),
            sender=member.name,
            text=text,
            from_seat=seat.index,
            to_seat=target.index,
            to_name=target.name,
            from_occupancy=seat.occupancy,
            to_occupancy=target.occupancy,
        )
        self._record(AddChat(self.table_id, entry))
        line = ChatLinePush(table_id=self.table_id, line=entry.line())
        member.deliver(line)
        if target.member is not None:
            target.member.deliver(line)
