"""A finished game's history entry in words: its players, sides, scores, winners and options."""

from __future__ import annotations

import time
from typing import Any

from cardtable.client.ui.plain import clean
from cardtable.client.ui.rules import options_shown


def player_names(entry: dict[str, Any]) -> list[str]:
    """Each seat's name when the game was dealt, made safe to show."""
    return [clean(str(name)) for name in entry["players"]]


def side_words(side: list[int], names: list[str]) -> str:
    return " & ".join(names[seat] if 0 <= seat < len(names) else "?" for seat in side)


def scores_words(entry: dict[str, Any]) -> str:
    """``Tess 145 · Bram (bot) 180``: each side's final total (partners joined with &)."""
    names = player_names(entry)
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
    names = player_names(entry)
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
