"""A finished game's history entry in words: its players, sides, scores, winners and options."""

from __future__ import annotations

import time
from collections.abc import Sequence

from cardtable.client.ui.plain import clean
from cardtable.client.ui.rules import options_shown
from cardtable.protocol import HistoryEntry
from cardtable.protocol.seat_holders import playing_at, seat_holders


def names_at(entry: HistoryEntry, step: int, *, bots: bool = True) -> list[str]:
    """Who played each seat at step `step`, made safe to show: ``bot for Cleo`` for a bot that
    played for its holder (with `bots`; else the holder)."""
    return [
        f"bot for {clean(name)}" if bot_for and bots else clean(name)
        for name, bot_for in playing_at(entry.players, entry.holders, step)
    ]


def holder_names(entry: HistoryEntry) -> list[str]:
    """Each seat's holders in turn, made safe to show: ``Cleo, then greedy bot 9590``."""
    held = seat_holders(entry.players, entry.holders)
    return [", then ".join(clean(name) for name in names) for names in held]


def seat_held_by(entry: HistoryEntry, name: str) -> int | None:
    """The seat `name` held in the game, at the deal or taken over later, if any."""
    held = seat_holders(entry.players, entry.holders)
    return next((seat for seat, names in enumerate(held) if name in names), None)


def side_words(side: Sequence[int], names: list[str]) -> str:
    return " & ".join(names[seat] if 0 <= seat < len(names) else "?" for seat in side)


def scores_words(entry: HistoryEntry) -> str:
    """``Tess 145 · Bram (bot) 180``: each side's final total (partners joined with &)."""
    names = holder_names(entry)
    result = entry.result
    if not result.totals:
        return " · ".join(names)
    return " · ".join(
        f"{side_words(side, names)} {total}"
        for side, total in zip(result.sides, result.totals, strict=False)
    )


def winner_words(entry: HistoryEntry) -> str:
    """Who won (``Ann & Cy`` for partners or a shared win), or ``—``."""
    names = holder_names(entry)
    result = entry.result
    seats = result.winning_seats
    if not seats:
        return "—"
    conceded = [seat for index in result.conceded for seat in result.sides[index]]
    won = side_words(seats, names)
    return f"{won} ({side_words(conceded, names)} conceded)" if conceded else won


def options_words(entry: HistoryEntry) -> str:
    """The game's options as the lobby shows them: ``decks: 1, strict: off``."""
    return clean(", ".join(options_shown(entry.game_kind, entry.options)))


def when(stamp: float, layout: str = "%d %b %H:%M") -> str:
    return time.strftime(layout, time.localtime(stamp))
