"""Thistle's types: every view, event and action met in seeded bot games reads back from its
plain form as the very same value, and a malformed action is refused as malformed."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import IllegalAction, Refusal, new_game
from cardtable.engine.thistle import SPEC
from cardtable.engine.thistle.rules import Thistle
from cardtable.engine.thistle.types import TYPES, Capture, Draw, End, Place, Play, ThistleTable
from cardtable.wire.codec import from_wire, to_wire
from tests.thistle.position import position, refused


@pytest.mark.parametrize(
    ("players", "options", "bot", "seed"),
    [
        (2, {}, "heuristic", 3),
        (3, {}, "random", 4),
        (4, {"partnership": True}, "heuristic", 5),
    ],
)
def test_views_events_and_actions_read_back_as_they_were(
    players: int, options: dict[str, Any], bot: str, seed: int
) -> None:
    game = new_game("thistle", players, options, seed=seed)
    assert isinstance(game, Thistle)
    bots = [SPEC.bots[bot](seed + seat) for seat in range(players)]
    viewers = [*range(players), None]
    events = list(game.opening_events)
    for _ in range(400):
        for event in events:
            for viewer in viewers:
                assert TYPES.event_from_wire(event.for_seat(viewer)) == event.seen_by(viewer)
        for viewer in viewers:
            plain, typed = game.view(viewer), game.seat_view(viewer)
            assert from_wire(ThistleTable, plain["table"]) == typed.table
            assert tuple(TYPES.action_from_wire(action) for action in plain["legal"]) == typed.legal
        if game.over:
            break
        seat = game.actors[0]
        legal = game.legal(seat)
        for action in legal:
            assert TYPES.action_from_wire(to_wire(action)) == action
        events = game.apply(seat, bots[seat].choose(game.seat_view(seat), legal))


def test_a_capture_travels_without_an_orphan_unless_it_names_one() -> None:
    assert to_wire(Capture(3)) == {"kind": "capture", "group": 3}
    assert to_wire(Capture(3, 95)) == {"kind": "capture", "group": 3, "orphan": 95}
    assert TYPES.action_from_wire({"kind": "capture", "group": 3}) == Capture(3)
    assert to_wire(Play(4, 1)) == {"kind": "play", "cid": 4, "group": 1}
    assert to_wire(Place(2)) == {"kind": "place", "group": 2}
    assert (to_wire(Draw()), to_wire(End())) == ({"kind": "draw"}, {"kind": "end"})


ORPHAN = "That card is not one of your set-aside bonus cards."


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"kind": "play", "cid": "9", "group": 1}, "That card is not in your hand."),
        ({"kind": "play", "cid": 3, "group": None}, "There is no such group on the table."),
        ({"kind": "place"}, "There is no such group on the table."),
        ({"kind": "capture", "group": 0, "orphan": "C"}, ORPHAN),
        ({"kind": "capture", "group": 0, "orphan": None}, ORPHAN),
        ({"kind": "capture", "group": False}, "There is no such group on the table."),
        ({"kind": "capture", "group": 0, "with": 3}, None),
        ({"kind": "draw", "group": 0}, None),
        ({"kind": "pass"}, "'pass' is not a move in Thistle."),
        ({"cid": 1}, "An action needs a kind."),
    ],
)
def test_a_malformed_action_is_refused_as_malformed(
    action: dict[str, Any], reason: str | None
) -> None:
    game = position(["6 6 9 C", "8"], [(1, "6 6"), (0, "9")], "7 8")
    words = refused(game, 0, action)
    if reason is not None:
        assert words == reason
    with pytest.raises(IllegalAction) as caught:
        game.apply(0, action)
    assert caught.value.code == Refusal.MALFORMED
