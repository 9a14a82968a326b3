"""Who played a seat of a game from a step on, as a history entry's ``holders`` carry it.

A game's ``players`` name each seat's holder at the deal. A seat taken over later (given up and
taken by someone else, left to the server's bot) has a holder from the first step its newcomer
played; a seat whose holder was away, gave it up or ran out of time has a bot playing for that
holder from the first step the bot played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SeatHolder:
    """Seat `seat` played by `name` (or by a bot for them, `bot_for`) from step `step` on: the
    step that shows the game's `step`-th action (one past the last: they played none)."""

    seat: int
    step: int
    name: str
    bot_for: bool = False


def playing_at(
    players: Sequence[str], holders: Sequence[SeatHolder], step: int
) -> list[tuple[str, bool]]:
    """Who played each seat at step `step`: (name, whether a bot played for them)."""
    playing = [(name, False) for name in players]
    for holder in sorted(holders, key=lambda holder: holder.step):
        if holder.step <= step and 0 <= holder.seat < len(playing):
            playing[holder.seat] = (holder.name, holder.bot_for)
    return playing


def seat_holders(players: Sequence[str], holders: Sequence[SeatHolder]) -> list[list[str]]:
    """Each seat's holders in turn, the first at the deal (bots playing for them aside)."""
    held = [[name] for name in players]
    for holder in sorted(holders, key=lambda holder: holder.step):
        if 0 <= holder.seat < len(held) and held[holder.seat][-1] != holder.name:
            held[holder.seat].append(holder.name)
    return held
