"""A finished game's history entry in words: its players, sides, scores, winners and options."""

from __future__ import annotations

import time
from typing import Any

from cardtable.client.ui.plain import clean
from cardtable.client.ui.rules import options_shown
from cardtable.protocol.seat_holders import SeatHolder, playing_at, seat_holders


def holders(entry: dict[str, Any]) -> list[SeatHolder]:
    """Who played a seat from a step on, when not the player dealt to (none in an entry that
    does not say, such as a game stored before the history kept them)."""
    found: list[SeatHolder] = []
    for data in entry.get("holders") or []:
        try:
            found.append(SeatHolder.from_wire(data))
        except (ValueError, AttributeError):
            continue  # (not a holder this version can read: the players dealt to stand)
    return found


def names_at(entry: dict[str, Any], step: int, *, bots: bool = True) -> list[str]:
    """Who played each seat at step `step`, made safe to show: ``bot for Cleo`` for a bot that
    played for its holder (with `bots`; else the holder)."""
    return [
        f"bot for {clean(name)}" if bot_for and bots else clean(name)
        for name, bot_for in playing_at(_players(entry), holders(entry), step)
    ]


def holder_names(entry: dict[str, Any]) -> list[str]:
    """Each seat's holders in turn, made safe to show: ``Cleo, then greedy bot 9590``."""
    held = seat_holders(_players(entry), holders(entry))
    return [", then ".join(clean(name) for name in names) for names in held]


def seat_held_by(entry: dict[str, Any], name: str) -> int | None:
    """The seat `name` held in the game, at the deal or taken over later, if any."""
    held = seat_holders(_players(entry), holders(entry))
    return next((seat for seat, names in enumerate(held) if name in names), None)


def _players(entry: dict[str, Any]) -> list[str]:
    return [str(name) for name in entry["players"]]


def side_words(side: list[int], names: list[str]) -> str:
    return " & ".join(names[seat] if 0 <= seat < len(names) else "?" for seat in side)


def scores_words(entry: dict[str, Any]) -> str:
    """``Tess 145 · Bram (bot) 180``: each side's final total (partners joined with &)."""
    names = holder_names(entry)
    result = entry.get("result") or {}
    sides = result.get("sides") or [[seat] for seat in range(len(names))]
    totals = result.get("totals") or []
    if not totals:
        return " · ".join(names)
    return " · ".join(
        f"{side_words(side, names)} {total}" for side, total in zip(sides, totals, strict=False)
    )


def winner_words(entry: dict[str, Any]) -> str:
    """Who won (``Ann & Cy`` for partners or a shared win), or ``—``."""
    names = holder_names(entry)
    result = entry.get("result") or {}
    seats = result.get("winning_seats") or []
    if not seats:
        return "—"
    sides = result.get("sides") or []
    conceded = [seat for index in result.get("conceded") or [] for seat in sides[index]]
    won = side_words(list(seats), names)
    return f"{won} ({side_words(conceded, names)} conceded)" if conceded else won


def options_words(entry: dict[str, Any]) -> str:
    """The game's options as the lobby shows them: ``decks: 1, strict: off``."""
    return clean(", ".join(options_shown(str(entry["game"]), entry["options"])))


def when(stamp: float, layout: str = "%d %b %H:%M") -> str:
    return time.strftime(layout, time.localtime(stamp))
