"""Offers of a rematch at a table: who offered, who has accepted, and who turned it down.

Any player at a finished table may offer; the offer goes to everyone there. The next game starts
once every player present at the table has accepted: bots accept by themselves, and a player who
is away is not waited for. One player declining closes the offer (everyone sees who did); a new
offer may be made at any time. Offers live in memory only: a server restart drops them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardtable.protocol import ErrorCode, RematchState, TableStatus
from cardtable.server.errors import ServerError
from cardtable.server.table.play import Play
from cardtable.server.table.seating import Seating
from cardtable.server.table.seats import Member, Seat


@dataclass
class RematchOffer:
    """An offer of a rematch, by the player on seat `by`."""

    by: int
    #: The seats whose players have accepted (the one who offered among them).
    accepted: set[int] = field(default_factory=set)
    #: The seat whose player declined, which closed the offer (None: still open).
    declined_by: int | None = None

    @property
    def open(self) -> bool:
        return self.declined_by is None

    def waiting_for(self, present: Sequence[Seat]) -> list[int]:
        """The seats of the players present who have not accepted yet."""
        return [seat.index for seat in present if seat.index not in self.accepted]

    def state(self, present: Sequence[Seat]) -> RematchState:
        """The offer as the table's players see it in the table's summary."""
        return RematchState(
            by=self.by,
            accepted=tuple(sorted(self.accepted)),
            waiting=tuple(self.waiting_for(present)) if self.open else (),
            declined_by=self.declined_by,
        )


class Rematches:
    """The offers of a rematch at one table: `offer` is the latest (open, or closed by a
    player declining), if any."""

    def __init__(
        self,
        table_id: int,
        seating: Seating,
        play: Play,
        *,
        start: Callable[[], None],
        changed: Callable[[], None],
    ) -> None:
        self.table_id = table_id
        self.offer: RematchOffer | None = None
        self._seating = seating
        self._play = play
        self._start = start
        self._changed = changed

    def state(self) -> RematchState | None:
        """The latest offer as the table's players see it, if any."""
        return self.offer.state(self._seating.present_players()) if self.offer else None

    def _player_seat(self, member: Member, doing: str) -> Seat:
        """`member`'s seat, or `ServerError(NOT_SEATED)` saying only players may do `doing`."""
        seat = self._seating.seat_of(member)
        if seat is None:
            raise ServerError(
                ErrorCode.NOT_SEATED,
                f"Only the players at table {self.table_id} may {doing}; you are watching it.",
            )
        return seat

    def offer_by(self, member: Member) -> None:
        """`member`, a player here, offers everyone a rematch (or accepts the open offer)."""
        seat = self._player_seat(member, "offer a rematch")
        if self._play.status == TableStatus.PLAYING:
            raise ServerError(
                ErrorCode.GAME_IN_PROGRESS,
                "A game is being played here; a rematch can be offered once it is over.",
            )
        if self._play.status == TableStatus.WAITING:
            raise ServerError(
                ErrorCode.TABLE_NOT_READY,
                "No game has been played here yet: start the first one instead.",
            )
        self._play.check_seats_filled()
        if self.offer is None or not self.offer.open:
            self.offer = RematchOffer(seat.index)
        self._accept(seat)

    def answer(self, member: Member, accept: bool) -> None:
        """`member`, a player here, accepts or declines the open offer of a rematch."""
        seat = self._player_seat(member, "answer an offer of a rematch")
        offer = self.offer
        if offer is None or not offer.open or self._play.status != TableStatus.FINISHED:
            raise ServerError(ErrorCode.NO_OFFER, "Nobody has offered a rematch here.")
        if accept:
            self._accept(seat)
            return
        offer.declined_by = seat.index
        self._changed()

    def _accept(self, seat: Seat) -> None:
        """Count `seat`'s acceptance; start the rematch once every player present accepted."""
        offer = self.offer
        assert offer is not None
        offer.accepted.add(seat.index)
        if offer.waiting_for(self._seating.present_players()):
            self._changed()
        else:
            self._start()
