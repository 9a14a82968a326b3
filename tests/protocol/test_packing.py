"""Shared parts of messages are encoded once, into exactly the bytes plain packing gives."""

from __future__ import annotations

from cardtable.protocol import Update
from cardtable.protocol.framing import pack
from cardtable.protocol.packing import Shared
from tests.protocol.records import CLOCK


def test_an_update_with_shared_parts_packs_as_the_plain_one() -> None:
    events = Shared([{"kind": "flip", "seat": 1, "card": {"cid": 3, "rank": "4", "suit": "S"}}])
    operation = Shared(["set", ["table", "deck"], 19])
    shared = Update(
        table_id=1,
        game_no=2,
        seq=3,
        events=events,
        patch=[operation, ["del", ["table", "x"]]],
        clock=CLOCK,
    )
    plain = Update(
        table_id=1,
        game_no=2,
        seq=3,
        clock=CLOCK,
        events=list(events),
        patch=[list(operation), ["del", ["table", "x"]]],
    )
    assert shared.packed() == pack(plain.to_wire()) == plain.packed()
    assert events.packed() is events.packed()  # made once


def test_an_update_with_a_whole_view_packs_as_before() -> None:
    update = Update(table_id=1, game_no=1, seq=0, events=[], view={"a": [1, 2]}, rid=None)
    assert update.packed() == pack(update.to_wire())
