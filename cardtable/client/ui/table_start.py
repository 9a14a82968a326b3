"""Getting a table's first game going, as its screen does it: bots in the empty seats (`b`),
then the start (`s`), for whoever may run the table."""

from __future__ import annotations

from cardtable.client.session import ClientSession
from cardtable.client.ui.host import host
from cardtable.client.ui.players_panel import empty_seats
from cardtable.client.ui.table_context import TableContext
from cardtable.protocol import SeatKind, TableStatus


class TableStart:
    """The first game at one table: its empty seats filled, and its start."""

    def __init__(self, table: TableContext) -> None:
        self.table = table

    def may_start(self) -> bool:
        """Whether `s` starts the first game: every seat is taken, and none was played yet."""
        state = self.table.state
        return (
            self.table.may_start()
            and state is not None
            and state.view is None
            and not empty_seats(state)
        )

    def may_add_bots(self) -> bool:
        state = self.table.state
        return (
            state is not None
            and self.table.runs_table()
            and state.summary.status is TableStatus.WAITING
            and bool(empty_seats(state))
        )

    def start(self) -> None:
        if self.table.state is not None:
            table = self.table.table_id
            host(self.table.screen).request(lambda session: session.start(table))

    def add_bots(self) -> None:
        """A bot in each empty seat."""
        state = self.table.state
        if state is None:
            return
        table = self.table.table_id
        empty = [seat.seat for seat in state.summary.seats if seat.kind is SeatKind.EMPTY]

        async def fill(session: ClientSession) -> None:
            for seat in empty:
                await session.add_bot(table, seat)

        host(self.table.screen).request(fill)
