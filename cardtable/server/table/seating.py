"""Who is at a table: its seats and spectators, and the rules of sitting, leaving, bots on
seats, and players away (covered by a bot, or their seat given up).

These rules change the seats only; the table records each change and tells everyone
(`cardtable.server.table.table.Table`). Seating also keeps its seats' tokens in the server's
`SeatTokens`, as it gives and takes them.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from cardtable.engine import GameSpec, OptionError
from cardtable.protocol import ErrorCode
from cardtable.server.bots.names import bot_name, bot_name_for
from cardtable.server.errors import ServerError
from cardtable.server.storage import SeatRecord
from cardtable.server.table.seats import Member, Seat, new_token
from cardtable.server.table.tokens import SeatTokens


class Seating:
    """The seats of table `table_id` and the people watching it."""

    def __init__(self, table_id: int, spec: GameSpec, seats: int, tokens: SeatTokens) -> None:
        self.table_id = table_id
        self.spec = spec
        self.seats = [Seat(index) for index in range(seats)]
        self.spectators: list[Member] = []
        self._occupancies = itertools.count(1)
        self._tokens = tokens

    def restore(self, saved: Iterable[SeatRecord], now: float) -> None:
        """Fill the seats as stored; their players are away until they come back."""
        for seat, record in zip(self.seats, saved, strict=True):
            seat.name, seat.token_hash, seat.bot = record.name, record.token_hash, record.bot
            seat.occupancy = record.occupancy
            if seat.held_by_player:
                seat.away_since = now
                self._tokens.add(self.table_id, seat)
        self._occupancies = itertools.count(max(seat.occupancy for seat in self.seats) + 1)

    def records(self) -> tuple[SeatRecord, ...]:
        """The seats as the database keeps them."""
        return tuple(
            SeatRecord(seat.index, seat.name, seat.token_hash, seat.bot, seat.occupancy)
            for seat in self.seats
        )

    # -- who is here ------------------------------------------------------------------------------

    def members(self) -> Iterator[Member]:
        for seat in self.seats:
            if seat.member is not None:
                yield seat.member
        yield from self.spectators

    def has_people(self) -> bool:
        return bool(self.spectators) or any(seat.held_by_player for seat in self.seats)

    def seat_of(self, member: Member) -> Seat | None:
        for seat in self.seats:
            if seat.member is member:
                return seat
        return None

    def seat(self, index: int) -> Seat:
        if not 0 <= index < len(self.seats):
            raise ServerError(
                ErrorCode.NO_SUCH_SEAT,
                f"Table {self.table_id} has seats 1 to {len(self.seats)}; "
                f"there is no seat {index + 1}.",
            )
        return self.seats[index]

    def names(self) -> list[str]:
        """What to call each seat in a sentence: its player's name, else "seat N" from 1."""
        return [seat.name or f"seat {seat.index + 1}" for seat in self.seats]

    def present_players(self) -> list[Seat]:
        """The seats whose players are at the table now."""
        return [seat for seat in self.seats if seat.held_by_player and seat.member is not None]

    # -- people coming and going ------------------------------------------------------------------

    def sit(self, member: Member, index: int) -> str:
        """Seat `member`; returns the secret token that resumes the seat later."""
        seat = self.seat(index)
        if not seat.is_empty:
            raise ServerError(ErrorCode.SEAT_TAKEN, f"That seat is taken by {seat.name}.")
        seat.name = member.name
        seat.member = member
        token = self._new_token(seat)
        seat.occupancy = next(self._occupancies)
        seat.covered = False
        seat.cover_votes.clear()
        return token

    def reissue_token(self, seat: Seat) -> str:
        """A new secret token for a player's seat; the old one stops working."""
        return self._new_token(seat)

    def _new_token(self, seat: Seat) -> str:
        """Give `seat` a new secret token (the old one stops working), and return it."""
        self._tokens.drop(seat)
        token, seat.token_hash = new_token()
        self._tokens.add(self.table_id, seat)
        return token

    def _clear(self, seat: Seat) -> None:
        """Empty `seat`; its token stops working."""
        self._tokens.drop(seat)
        seat.clear()

    def close(self) -> None:
        """The table is gone: none of its seats' tokens works any more."""
        for seat in self.seats:
            self._tokens.drop(seat)

    def resume(self, member: Member, seat: Seat) -> None:
        """`member` is back on its seat (with the seat's token)."""
        seat.member = member
        seat.away_since = None
        seat.covered = False
        seat.cover_votes.clear()

    def leave(self, member: Member, *, playing: bool) -> bool:
        """`member` leaves for good; a seat left in a game in play goes to a bot. Returns
        whether a seat changed."""
        if member in self.spectators:
            self.spectators.remove(member)
        elif (seat := self.seat_of(member)) is not None:
            player = seat.name
            self._clear(seat)
            if playing:
                self._place_bot(seat, self.spec.default_bot, player)
            return True
        return False

    def detach(self, member: Member, now: float) -> None:
        """`member`'s connection is gone: a seat waits for them (away); a spectator just goes."""
        if member in self.spectators:
            self.spectators.remove(member)
        elif (seat := self.seat_of(member)) is not None:
            seat.member = None
            seat.away_since = now

    def add_bot(self, index: int, kind: str | None, *, playing: bool) -> None:
        seat = self.seat(index)
        if not seat.is_empty:
            raise ServerError(ErrorCode.SEAT_TAKEN, f"That seat is taken by {seat.name}.")
        if playing:
            raise ServerError(
                ErrorCode.GAME_IN_PROGRESS,
                "A bot already plays that seat until someone sits there.",
            )
        try:
            kind = self.spec.bot_kind(kind)
        except OptionError as error:
            raise ServerError(ErrorCode.NO_SUCH_BOT, str(error)) from None
        self._place_bot(seat, kind)

    def _place_bot(self, seat: Seat, kind: str, player: str | None = None) -> None:
        """A bot of `kind` on `seat`, named after the `player` it plays on for (if any, and if
        no other seat has that name), else after the seat."""
        name = bot_name_for(player) if player is not None else None
        if name is None or any(other.name == name for other in self.seats):
            name = bot_name(seat.index)
        seat.bot = kind
        seat.name = name
        seat.occupancy = next(self._occupancies)

    def remove_bot(self, index: int, *, playing: bool) -> None:
        seat = self.seat(index)
        if seat.bot is None:
            raise ServerError(ErrorCode.NO_SUCH_BOT, f"There is no bot on seat {index + 1}.")
        if playing:
            raise ServerError(
                ErrorCode.GAME_IN_PROGRESS,
                "A bot stays until the game ends; the game needs its seat.",
            )
        self._clear(seat)

    # -- players away -----------------------------------------------------------------------------

    def _away_seat(self, index: int) -> Seat:
        """Seat `index`, whose player must be away; `ServerError(NOT_AWAY)` otherwise."""
        seat = self.seat(index)
        if not seat.away:
            who = seat.name or f"Seat {index + 1}"
            here = "is empty" if seat.is_empty else "is not a player's" if seat.bot else "is here"
            raise ServerError(ErrorCode.NOT_AWAY, f"{who} {here}: only an away player's seat.")
        return seat

    def cover(self, index: int, voter: int | None) -> bool:
        """Hand seat `index`, whose player is away, to a bot now: at once for the table's
        creator (`voter` None), else as the vote of the player on seat `voter`, carried out once
        more than half the players present agree. Returns whether a bot now plays the seat."""
        seat = self._away_seat(index)
        if seat.covered:
            raise ServerError(ErrorCode.NOT_AWAY, f"A bot already plays for {seat.name}.")
        if voter is not None:
            seat.cover_votes.add(voter)
            present = {other.index for other in self.present_players()}
            seat.cover_votes &= present
            if 2 * len(seat.cover_votes) <= len(present):
                return False
        seat.covered = True
        seat.cover_votes.clear()
        return True

    def release(self, index: int, *, playing: bool) -> bytes:
        """Give up seat `index`, whose player is away, for good: its token stops working and
        the next person to sit there plays on with its hand (a bot plays it meanwhile).
        Returns the hash of the token that stopped working."""
        seat = self._away_seat(index)
        token_hash = seat.token_hash
        assert token_hash is not None
        self._clear(seat)
        seat.covered = playing
        return token_hash

    def cover_given_up(self, covered: bool) -> None:
        """Whether a bot plays the seats given up by their players: while a game is on, so the
        next person to sit there finds their hand played on; not once it is over."""
        for seat in self.seats:
            if seat.is_empty:
                seat.covered = covered
