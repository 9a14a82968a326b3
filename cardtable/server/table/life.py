"""A table's own tasks, its bots and its turn clock, run in a task scope of the table's own
(`Table.tasks`) within the server's nursery: closing the table cancels the scope, and with it
every task it holds."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import trio

from cardtable.server.bots.schedule import drive_bots
from cardtable.server.clock.driver import drive_clock
from cardtable.server.table.table import Table


async def run_table(
    table: Table,
    caught_up: Callable[[], Awaitable[None]],
    *,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Drive `table`'s bots and clock until the table closes (with ``nursery.start``: the
    tasks are running when it returns). After each move they make, they wait until it is
    stored (`caught_up`)."""
    with table.tasks:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(drive_bots, table, caught_up)
            nursery.start_soon(drive_clock, table, caught_up)
            task_status.started()


class TableTasks:
    """Starts each open table's tasks (`run_table`) in the server's nursery."""

    def __init__(self, nursery: trio.Nursery, caught_up: Callable[[], Awaitable[None]]) -> None:
        self._nursery = nursery
        self._caught_up = caught_up

    def begin(self, table: Table) -> None:
        """Start `table`'s tasks, from code that cannot wait (a request being handled)."""
        self._nursery.start_soon(self.run, table)

    async def run(self, table: Table) -> None:
        """Start `table`'s tasks, once they are running."""
        await self._nursery.start(run_table, table, self._caught_up)
