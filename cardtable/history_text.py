"""`cardtable history`: the finished games in a database file, as lines of text."""

from __future__ import annotations

import time
from pathlib import Path

from cardtable.client.ui.history_words import scores_words, winner_words
from cardtable.protocol import HistoryEntry
from cardtable.server.history.pages import history_entry
from cardtable.server.storage import Store, open_for_reading
from cardtable.text_lines import wrapped


def history_lines(path: Path | str, limit: int) -> list[str]:
    """The finished games, the latest first, each in lines of at most 80 columns (the lines
    after its first indented), or a line saying there are none."""
    store = Store(open_for_reading(path))
    try:
        entries = store.history(limit)
    finally:
        store.close()
    if not entries:
        return [f"No finished games in {path} yet."]
    return [
        line
        for entry in entries
        for line in wrapped(describe(history_entry(entry)), continued="      ")
    ]


def describe(entry: HistoryEntry) -> str:
    """``#12  2026-11-22 18:04  Chinese Ten (table 3, game 2)  Ada 61 · Bram 49  won by Ada``;
    a seat taken over names its holders in turn (``Cleo, then greedy bot 9590``)."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.finished or entry.started))
    winners = winner_words(entry)
    won = f"won by {winners}" if winners != "—" else ""
    where = f"(table {entry.table_id}, game {entry.game_no})"
    return (
        f"#{entry.game_id:<4} {when}  {entry.title} {where}  {scores_words(entry)}  {won}"
    ).rstrip()
