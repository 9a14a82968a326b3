"""The task that keeps a table's turn clock: it sleeps until a player's time runs out, then
applies the table's rule (`drive_clock`). The counting is `cardtable.server.clock.turn_clock`'s."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from cardtable.protocol.clock import TimeoutRule
from cardtable.server.bots.schedule import BotTable, bot_move
from cardtable.server.clock.table_clock import TableClock

log = logging.getLogger("cardtable.server")


class ClockTable(BotTable, Protocol):
    """What the clock needs of a table (`cardtable.server.table.table.Table`)."""

    @property
    def turn_clock(self) -> TableClock: ...

    def time_out_seat(self, index: int) -> None: ...


def run_out_of_time(table: ClockTable) -> bool:
    """Apply the clock's rule to the first seat whose time has run out, if any: a bot plays
    that seat's move (which stays its player's), or plays the seat until the game ends.
    Returns whether a seat's time had run out."""
    clock, game = table.turn_clock.clock, table.game
    due = table.turn_clock.due(table.settings.bot_delay)
    if clock is None or game is None or not due or table.closed:
        return False
    index = due[0]
    clock.ran_out(index)
    if clock.settings.timeout == TimeoutRule.BOT_MOVE:
        bot_move(table, index, game.legal(index))
    else:
        table.time_out_seat(index)
    return True


async def drive_clock(table: ClockTable, caught_up: Callable[[], Awaitable[None]]) -> None:
    """Wait for each deadline of the table's clock and apply its rule, until cancelled (the
    table closes: see `cardtable.server.table.life`). After a move played for a player, wait
    until it is stored (`caught_up`), as bots do."""
    while True:
        await table.wait_for_change(table.turn_clock.deadline(table.settings.bot_delay))
        try:
            timed_out = run_out_of_time(table)
        except Exception:  # a broken clock stops its own table's clock, never the server
            log.exception("table %s: the turn clock stops after an error", table.id)
            return
        if timed_out:
            await caught_up()
