"""The seats players hold at every open table, by the hash of each seat's token: how a player
coming back finds their seat. Each table's `Seating` keeps it as it gives and takes tokens."""

from __future__ import annotations

from cardtable.server.table.seats import Seat, hash_token, token_matches


class SeatTokens:
    """Players' seats by the hash of their tokens, with the id of each seat's table."""

    def __init__(self) -> None:
        self._seats: dict[bytes, tuple[int, Seat]] = {}

    def add(self, table_id: int, seat: Seat) -> None:
        """Index `seat` of table `table_id` by its token."""
        assert seat.token_hash is not None
        self._seats[seat.token_hash] = (table_id, seat)

    def drop(self, seat: Seat) -> None:
        """`seat`'s token stops finding it (it is about to change or go)."""
        if seat.token_hash is not None:
            self._seats.pop(seat.token_hash, None)

    def find(self, token: str) -> tuple[int, Seat] | None:
        """The table id and the seat `token` was given for, if it still holds it."""
        found = self._seats.get(hash_token(token))
        if found is None or found[1].token_hash is None:
            return None
        return found if token_matches(token, found[1].token_hash) else None
