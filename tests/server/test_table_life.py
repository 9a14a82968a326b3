"""A table's own tasks, its bots and its turn clock, live in a task scope of the table's own:
closing the table ends them at once, whatever they are waiting for."""

from __future__ import annotations

import trio

from cardtable.server.app import RunningServer
from cardtable.server.table.table import Table
from tests.server.conftest import Connect

#: The coroutines a table runs for itself.
TABLE_TASKS = {"drive_bots", "drive_clock"}


def tasks_of(table: Table) -> set[str]:
    """The names of the table's own tasks running now, found in trio's task tree."""
    found: set[str] = set()
    pending = [trio.lowlevel.current_root_task()]
    while pending:
        task = pending.pop()
        name = task.name.rpartition(".")[2]
        frame = getattr(task.coro, "cr_frame", None)
        if name in TABLE_TASKS and frame is not None and frame.f_locals.get("table") is table:
            found.add(name)
        for nursery in task.child_nurseries:
            pending.extend(nursery.child_tasks)
    return found


async def test_closing_a_table_ends_its_bot_and_clock_tasks_at_once(
    client: Connect, server: RunningServer
) -> None:
    """Two bots play at a table whose bots wait an hour before each move; the table is
    closed while the first bot waits, and both of its tasks end without that hour passing."""
    with trio.fail_after(10):
        async with client("Ada") as ada:
            created = await ada.create_table("chinese-ten", seats=2, settings={"bot_delay": 3600})
            table_id = int(created.table_id)
            await ada.add_bot(table_id, 0)
            await ada.add_bot(table_id, 1)
            await ada.start(table_id)
            table = server.lobby.tables[table_id]
            while tasks_of(table) != TABLE_TASKS:
                await trio.sleep(0.01)
            server.lobby.remove_table(table)
            assert table.closed
            while tasks_of(table):
                await trio.sleep(0.01)
            assert not table.actions  # the bot never moved: it was waiting when the table closed
