"""Who may say what to whom at a table, under its settings: the table channel, private lines
between players, and private lines between partners."""

from __future__ import annotations

from collections.abc import Callable

from cardtable.protocol import ErrorCode, TableSettings
from cardtable.server.errors import ServerError
from cardtable.server.table.seating import Seating
from cardtable.server.table.seats import Seat


def addressee(
    settings: TableSettings,
    seating: Seating,
    partners_of: Callable[[int], tuple[int, ...]],
    sender: Seat | None,
    to: int | None,
) -> Seat | None:
    """Check that a line from `sender` (None: a spectator) may go to the table (`to` None) or
    privately to seat `to`; returns the seat that reads a private line (None: the table's line).
    `ServerError` says why a line may not go."""
    if to is None:
        if not settings.table_chat:
            raise ServerError(ErrorCode.CHAT_CLOSED, "The table channel is closed here.")
        return None
    if sender is None:
        raise ServerError(ErrorCode.NOT_SEATED, "Only seated players send private lines.")
    if not settings.private_chat:
        raise ServerError(ErrorCode.CHAT_CLOSED, "Private chat is closed at this table.")
    target = seating.seat(to)
    if target is sender or not target.held_by_player:
        raise ServerError(
            ErrorCode.NO_SUCH_PLAYER,
            f"Seat {to + 1} has no other player to read a private line.",
        )
    if not settings.partner_chat and target.index in partners_of(sender.index):
        raise ServerError(ErrorCode.CHAT_CLOSED, "Partners may not talk privately at this table.")
    return target
