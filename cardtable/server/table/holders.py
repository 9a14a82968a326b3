"""Who plays each seat of a table's game, noted for the history when it changes.

A seat is played by its holder (a player, or the server's bot placed on it), or by the server's
bot for its holder while they are away, out of time, or have given the seat up and nobody has
taken it yet. The table asks before each action it records, and once more when the game ends
for the seats taken by someone who played no step (see `cardtable.protocol.seat_holders`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardtable.protocol.seat_holders import SeatHolder, playing_at
from cardtable.server.table.seats import Seat


class HolderLog:
    """Who has played each seat of one game, as the history has it so far."""

    def __init__(self, players: Sequence[str], holders: Sequence[SeatHolder] = ()) -> None:
        last = max((holder.step for holder in holders), default=0)
        #: Each seat's latest player as noted: (name, whether a bot played for them).
        self._playing = playing_at(players, holders, last)

    def acting(self, seat: Seat, step: int, *, for_player: bool = False) -> SeatHolder | None:
        """Who plays `seat` at step `step`, if not whoever played it before (`for_player`: the
        server's bot plays this one step for the seat's holder)."""
        playing = self._now(seat, for_player)
        return None if playing == self._playing[seat.index] else self._note(seat, step, playing)

    def at_end(self, seats: Iterable[Seat], step: int) -> list[SeatHolder]:
        """The seats held by someone new at the end of the game, `step` being one past the last
        step (whether a bot played for a holder changes nothing once the game is over)."""
        return [
            self._note(seat, step, playing)
            for seat in seats
            if (playing := self._now(seat))[0] != self._playing[seat.index][0]
        ]

    def _now(self, seat: Seat, for_player: bool = False) -> tuple[str, bool]:
        """Who plays `seat` now: a seat given up stays its last holder's, a bot playing for them."""
        name = seat.name if seat.name is not None else self._playing[seat.index][0]
        return name, seat.bot is None and (seat.bot_driven or for_player)

    def _note(self, seat: Seat, step: int, playing: tuple[str, bool]) -> SeatHolder:
        self._playing[seat.index] = playing
        return SeatHolder(seat.index, step, *playing)
