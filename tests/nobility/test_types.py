"""Nobility's types: every view, event and action met in a few seeded games (offers among them)
reads back from its plain form as the same value; a malformed action is refused as such."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import IllegalAction, Refusal, new_game
from cardtable.engine.actions import GameAction
from cardtable.engine.events import Event
from cardtable.engine.nobility.actions import (
    Battle,
    Retrieve,
)
from cardtable.engine.nobility.bots import HeuristicBot
from cardtable.engine.nobility.rules import Nobility
from cardtable.engine.nobility.types import (
    TYPES,
    NobilityTable,
    Offer,
)
from cardtable.wire.codec import from_wire, to_wire

SEERS: tuple[int | None, ...] = (0, 1, 2, None)


def check_action(action: GameAction) -> None:
    assert TYPES.action_from_wire(to_wire(action)) == action


def check_events(events: list[Event]) -> None:
    for event in events:
        for seat in SEERS:
            if event.reaches(seat):
                assert TYPES.event_from_wire(event.for_seat(seat)) == event.seen_by(seat)


def check_views(game: Nobility) -> None:
    for seat in SEERS:
        view = game.seat_view(seat)
        assert from_wire(NobilityTable, to_wire(view.table)) == view.table
        assert TYPES.view_from_wire(game.view(seat)) == view
        for action in view.legal:
            check_action(action)
    for seat in range(3):
        for action in game.answers(seat):
            check_action(action)


def some_offer(game: Nobility, rng: random.Random) -> tuple[int, Offer]:
    maker = rng.randrange(3)
    to = rng.choice([seat for seat in range(3) if seat != maker])
    mine = [meld.id for meld in game.own_melds(maker)]
    return maker, Offer(
        to=to,
        give_money=min(game.money[maker], rng.choice([0, 1, 5])),
        give_melds=tuple(rng.sample(mine, min(len(mine), rng.choice([0, 1])))),
        get_money=rng.choice([0, 0, 1]),
        coalition=rng.choice([None, None, "form", "dissolve"]),
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_events_and_actions_read_back_as_themselves(seed: int) -> None:
    game = new_game("nobility", 3, {"rubbers": 1}, seed=seed)
    assert isinstance(game, Nobility)
    rng = random.Random(seed)
    bots = [HeuristicBot(seed + seat) for seat in range(3)]
    check_events(game.opening_events)
    met: set[str] = set()
    for _ in range(1500):
        if game.over:
            break
        check_views(game)
        action: GameAction
        answering = [seat for seat in range(3) if game.answers(seat)]
        if answering and rng.random() < 0.5:
            seat = answering[0]
            action = bots[seat].choose(game.seat_view(seat), game.answers(seat))
        elif rng.random() < 0.1:
            seat, action = some_offer(game, rng)
        else:
            seat = game.actors[0]
            action = bots[seat].choose(game.seat_view(seat), game.legal(seat))
        check_action(action)
        try:
            events = game.apply(seat, action)
        except IllegalAction:
            assert action.free
            continue
        met.update(event.kind for event in events)
        check_events(events)
        cards = sorted(cid for zone in game.zones().values() for cid in zone.cards)
        assert cards == list(range(game.card_count()))
    assert game.over
    assert {"offer", "deal_done", "battle", "income", "rubber_end"} & met


@pytest.mark.parametrize(
    "plain",
    [
        {"kind": "discard", "cid": "3"},
        {"kind": "discard"},
        {"kind": "meld", "cids": [1, 1, 2]},
        {"kind": "battle", "cids": [1, 2], "meld": "1"},
        {"kind": "retrieve", "cid": 1, "where": 2},
        {"kind": "retrieve", "cid": 1, "meld": None},
        {"kind": "battle", "cids": [1, 2], "hand": None},
        {"kind": "merge", "to": None},
        {"kind": "offer", "to": 1, "give_money": -1},
        {"kind": "accept"},
        {"kind": "smile"},
    ],
)
def test_a_malformed_action_is_refused_as_malformed(plain: dict[str, Any]) -> None:
    game = new_game("nobility", 3, {}, seed=1)
    seat = game.actors[0]
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, plain)
    assert caught.value.code == Refusal.MALFORMED
    assert caught.value.reason.endswith(".")


def test_battle_and_retrieve_carry_only_the_target_named() -> None:
    assert to_wire(Battle((1, 2), meld=3)) == {"kind": "battle", "cids": [1, 2], "meld": 3}
    assert to_wire(Battle((1, 2), hand=0)) == {"kind": "battle", "cids": [1, 2], "hand": 0}
    assert to_wire(Retrieve(5)) == {"kind": "retrieve", "cid": 5}
    assert to_wire(Retrieve(5, 2)) == {"kind": "retrieve", "cid": 5, "meld": 2}
    assert TYPES.free_kinds == {"offer", "accept", "decline", "withdraw"}
