"""The history's messages: listing finished games (`list_history`, `history`) and replaying one
page by page (`replay`, `replay_steps`)."""

from __future__ import annotations

from typing import Any

from cardtable.protocol.fields import Bool, Int, ListOf, Nullable, Record
from cardtable.protocol.history_entry import HistoryEntry
from cardtable.protocol.messages.base import Message, client, server, wire
from cardtable.protocol.messages.values import GAME_ID, REPLAY_PAGE_STEPS, SEAT, WIRE_MAP


@client("list_history")
class ListHistory(Message):
    """Ask for finished games, the latest first: at most ``limit``, with ids below ``before``."""

    limit: int = wire(Int(1, 200), 50)
    before: int | None = wire(Nullable(GAME_ID), None)


@client("replay")
class Replay(Message):
    """Ask for a page of a finished game's steps, seen from ``seat`` (None: as a spectator):
    up to ``count`` steps from step ``start`` (0 is the deal)."""

    game_id: int = wire(GAME_ID)
    seat: int | None = wire(Nullable(SEAT), None)
    start: int = wire(Int(0, 2**31 - 1), 0)
    count: int = wire(Int(1, REPLAY_PAGE_STEPS), REPLAY_PAGE_STEPS)


@server("history")
class History(Message):
    """Finished games, the latest first, and whether older ones remain."""

    games: tuple[HistoryEntry, ...] = wire(Record(tuple[HistoryEntry, ...], "history entries"))
    more: bool = wire(Bool(), False)


@server("replay_steps")
class ReplaySteps(Message):
    """A page of a finished game from one seat: steps ``start`` onward (step 0 is the deal,
    then one per action), each with the events as that seat saw them and its view after them;
    ``total`` steps in all, and ``more`` when steps follow this page."""

    #: The game these steps are of.
    entry: HistoryEntry = wire(Record(HistoryEntry, "a history entry"))
    seat: int | None = wire(Nullable(SEAT))
    start: int = wire(Int(0, 2**31 - 1), 0)
    total: int = wire(Int(1, 2**31 - 1), 1)
    more: bool = wire(Bool(), False)
    steps: list[dict[str, Any]] = wire(ListOf(WIRE_MAP, high=REPLAY_PAGE_STEPS))
