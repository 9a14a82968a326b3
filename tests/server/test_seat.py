"""A seat emptied (`Seat.clear`) is as a new seat, but for its index and which holding it is."""

from __future__ import annotations

from dataclasses import fields

from cardtable.protocol import SeatKind
from cardtable.server.table.seats import Seat, new_token


def test_a_cleared_seat_keeps_only_its_index_and_holding() -> None:
    _, token_hash = new_token()
    seat = Seat(
        3,
        name="Ada",
        token_hash=token_hash,
        bot="greedy",
        away_since=12.5,
        covered=True,
        occupancy=4,
        cover_votes={0, 1},
        out_of_time=True,
    )
    # Every field is set above, but the connection (a live one is a server's session).
    assert {item.name for item in fields(seat)} - {"member"} == {
        "index", "name", "token_hash", "bot", "away_since", "covered", "occupancy",
        "cover_votes", "out_of_time",
    }  # fmt: skip
    seat.clear()
    assert seat == Seat(3, occupancy=4)
    assert seat.kind is SeatKind.EMPTY and not seat.bot_driven
