"""Queen of Scots's types: the protocol carries exactly what it carried before the game was
typed, every value met in play reads back as itself, and malformed actions are refused."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from cardtable.engine import IllegalAction, RandomBot, Refusal, events_for, new_game
from cardtable.engine.queen_of_scots.bots import HeuristicBot
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from cardtable.engine.queen_of_scots.types import TYPES, Add, Meld, QueenOfScotsTable, Take
from cardtable.wire.codec import from_wire, to_wire
from tests.queen_of_scots.position import position
from tests.score_lines import lines_as_maps

#: Digests of every view and every seat's events, step by step, of four bot games, recorded
#: from the untyped game (see `record`; breakdowns shortened as `shared_breakdown` says).
RECORDED = {
    (2, 1): "81eddf15e2c75dca44051d9a0676e70e231cd3eea312b83ad23853d50cc8f416",
    (3, 2): "9ca87d3f50c9376f84468d903d264786c05ac3219604fcfb54ab2cadfefef2dc",
    (4, 3): "e61e34752f79b29d587c8f3eb789aea75fff3cee1ef1a5e3d86e1cc0fc1e5770",
    (2, 5): "c7e65a839463efa987577b21de00c323d8316c5faf0e7fc6c2b1ab180796a7a2",
}


def bot_game(players: int, seed: int) -> QueenOfScots:
    game = new_game("queen-of-scots", players, seed=seed)
    assert isinstance(game, QueenOfScots)
    return game


def bots(players: int, seed: int) -> list[Any]:
    return [
        HeuristicBot(seed + seat) if seat % 2 == 0 else RandomBot(seed * 3 + seat)
        for seat in range(players)
    ]


#: Fields added since the digests were recorded (the pile's size, and how many cards a take puts
#: in hand, for tables that show only the pile's top card): left out, so the rest is compared.
ADDED = ("pile_size", "to_hand_count")


def without_added(wire: Any) -> Any:
    """A view or an event as plain data, without the fields in `ADDED`, and with each round
    score's breakdown as it has been sent since (see `shared_breakdown`)."""
    if isinstance(wire, dict):
        plain = {key: without_added(value) for key, value in wire.items() if key not in ADDED}
        if {"round", "sides", "lines"} <= plain.keys():
            return shared_breakdown(lines_as_maps(plain))
        return plain
    if isinstance(wire, list):
        return [without_added(item) for item in wire]
    return wire


def shared_breakdown(score: dict[str, Any]) -> dict[str, Any]:
    """A round score without the lines that count nothing for any side (the digests were
    recorded when every side listed all of them; leaving them out changes nothing else)."""
    lines = score["lines"]
    kept = [i for i in range(len(lines[0])) if any(side[i]["count"] for side in lines)]
    return {**score, "lines": [[side[i] for i in kept] for side in lines]}


def with_dealt_hand(event: dict[str, Any], game: QueenOfScots, seat: int | None) -> Any:
    """A `deal` event as it was recorded, when it carried the seat's new hand (since protocol
    5 the hand reaches the seat in its view alone, and the view just after the deal holds it)."""
    if event.get("kind") != "deal" or seat is None:
        return event
    return {**event, "hand": game.view(seat)["table"]["hand"]}


def record(players: int, seed: int) -> list[dict[str, Any]]:
    """Every seat's and a spectator's view and events after the deal and each action."""
    game = bot_game(players, seed)
    players_bots = bots(players, seed)
    seats = [*range(players), None]

    def snap(events: list[Any]) -> dict[str, Any]:
        return {
            "views": [without_added(game.view(seat)) for seat in seats],
            "events": [
                [with_dealt_hand(without_added(e), game, seat) for e in events_for(events, seat)]
                for seat in seats
            ],
        }

    steps = [snap(game.opening_events)]
    while not game.over:
        seat = game.actors[0]
        action = players_bots[seat].choose(game.seat_view(seat), game.legal(seat))
        events = game.apply(seat, action)
        steps.append({"seat": seat, "action": to_wire(action), **snap(events)})
    return steps


@pytest.mark.parametrize(("players", "seed"), sorted(RECORDED))
def test_views_and_events_are_as_they_were_before_the_types(players: int, seed: int) -> None:
    steps = json.dumps(record(players, seed), sort_keys=True).encode()
    assert hashlib.sha256(steps).hexdigest() == RECORDED[players, seed]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3)])
def test_every_view_event_and_action_reads_back_as_itself(players: int, seed: int) -> None:
    game = bot_game(players, seed)
    players_bots = bots(players, seed)
    seats = [*range(players), None]
    events = list(game.opening_events)
    while True:
        for seat in seats:
            view = game.seat_view(seat)
            assert from_wire(QueenOfScotsTable, to_wire(view.table)) == view.table
            assert TYPES.view_from_wire(game.view(seat)) == view
            for action in view.legal:
                assert TYPES.action_from_wire(to_wire(action)) == action
            for event in events:
                if event.reaches(seat):
                    assert TYPES.event_from_wire(event.for_seat(seat)) == event.seen_by(seat)
        if game.over:
            break
        seat = game.actors[0]
        events = game.apply(seat, players_bots[seat].choose(game.seat_view(seat), game.legal(seat)))


def test_takes_travel_with_only_the_fields_they_name() -> None:
    assert to_wire(Take(cids=(3, 4))) == {"kind": "take", "cids": [3, 4]}
    assert to_wire(Take(set_id=2)) == {"kind": "take", "set": 2}
    assert TYPES.action_from_wire({"kind": "take", "set": 2}) == Take(set_id=2)
    assert TYPES.action_from_wire({"kind": "meld", "cids": [1, 2, 3]}) == Meld((1, 2, 3))
    assert TYPES.action_from_wire({"kind": "add", "cid": 1, "set": 0}) == Add(1, 0)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"kind": "meld", "cids": "Knox"}, "Name the cards from your hand."),
        ({"kind": "meld", "cids": [1, 1, 2]}, "A card is named twice."),
        ({"kind": "meld", "cids": [1, 2, 3], "set": 0}, None),
        ({"kind": "take", "cids": ["Knox"]}, "Cards are named by their numbers."),
        ({"kind": "take", "set": "0"}, "There is no such set on the table."),
        ({"kind": "take", "cids": [1, 2], "set": None}, "There is no such set on the table."),
        ({"kind": "take", "cids": [1, 2], "card": 3}, None),
        ({"kind": "add", "cid": 1}, "There is no such set on the table."),
        ({"kind": "discard", "cid": "1"}, "That card is not in your hand."),
        ({"kind": "draw", "cid": 1}, None),
        ({"kind": "pass"}, "'pass' is not a move in Queen of Scots."),
    ],
)
def test_a_malformed_action_is_refused_as_malformed(action: Any, reason: str | None) -> None:
    """(A field the action does not have is refused in the codec's words.)"""
    game = position(["Knox Knox Knox Seton", "Beaton"], [(0, "Arran Arran Arran")])
    before = game.view(0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, action)
    assert refused.value.code == Refusal.MALFORMED
    assert reason is None or refused.value.reason == reason
    assert game.view(0) == before
