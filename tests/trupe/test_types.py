"""Trupe's types: every view, event and action met in seeded bot games reads back from its
plain form as the same value, and a malformed action is refused as such."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import IllegalAction, Refusal, new_game
from cardtable.engine.trupe.bots import HeuristicBot
from cardtable.engine.trupe.rules import Trupe
from cardtable.engine.trupe.types import (
    TYPES,
    Declare,
    Draw,
    Extend,
    Pair,
    TrupeFace,
    TrupeTable,
)
from cardtable.wire.codec import from_wire, to_wire
from tests.trupe.position import position


@pytest.mark.parametrize(("seats", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_views_events_and_actions_read_back_as_themselves(seats: int, seed: int) -> None:
    game = new_game("trupe", seats, {"target": 60}, seed=seed)
    assert isinstance(game, Trupe)
    bots = [HeuristicBot(seed + seat) for seat in range(seats)]
    events = list(game.opening_events)
    for _ in range(400):
        if game.over:
            break
        seat = game.actors[0]
        for watcher in [*range(seats), None]:
            table = game.seat_view(watcher).table
            assert from_wire(TrupeTable, to_wire(table)) == table
        for action in game.legal(seat):
            assert TYPES.action_from_wire(to_wire(action)) == action
        events += game.apply(seat, bots[seat].choose(game.seat_view(seat), game.legal(seat)))
    for event in events:
        for watcher in [*range(seats), None]:
            if event.reaches(watcher):
                seen = event.seen_by(watcher)
                assert TYPES.event_from_wire(event.for_seat(watcher)) == seen


def test_the_plain_form_leaves_out_what_does_not_apply() -> None:
    assert to_wire(Draw()) == {"kind": "draw"}
    assert to_wire(Declare((1, 2, 3))) == {"kind": "declare", "cids": [1, 2, 3]}
    assert to_wire(Pair((1, 88), "B1")) == {"kind": "pair", "cids": [1, 88], "as": "B1"}
    assert to_wire(Extend(0, 4)) == {"kind": "extend", "declaration": 0, "cid": 4}
    member = {"cid": 4, "type": "member", "name": "Brownie 2", "short": "B2"}
    plain: dict[str, Any] = {**member, "group": "B", "rank": "2"}
    assert to_wire(from_wire(TrupeFace, plain)) == plain


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"kind": "discard"}, "That card is not in your hand."),
        ({"kind": "discard", "cid": "B2"}, "That card is not in your hand."),
        (
            {"kind": "extend", "declaration": None, "cid": 4},
            "There is no such declaration on the board.",
        ),
        (
            {"kind": "declare", "cids": [4, 5, 6], "as": 2},
            "Say which card the Trefoil stands for, e.g. B2 (a Brownie 2) or MGold.",
        ),
        ({"kind": "declare", "cids": "4 5 6"}, "Name the cards from your hand."),
        ({"kind": "pair", "cids": [4, 4]}, "A card is named twice."),
        ({"kind": "draw", "cid": 4}, None),
        ({"kind": "shuffle"}, "'shuffle' is not a move in Trupe."),
    ],
)
def test_a_malformed_action_is_refused_as_malformed(
    action: dict[str, Any], reason: str | None
) -> None:
    game = position(["B2 B2 B2 S1", "S4"])
    with pytest.raises(IllegalAction) as caught:
        game.apply(0, action)
    assert caught.value.code == Refusal.MALFORMED
    if reason is not None:  # None: an unknown field, refused in the core's words
        assert caught.value.reason == reason
