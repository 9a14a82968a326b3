"""Chinese Ten's types carry exactly what travels: every view, event and action of a few seeded
games reads back as itself, a malformed action is refused as such, and the plain protocol is
the one the game spoke before it had types."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from cardtable.engine import IllegalAction, RandomBot, new_game
from cardtable.engine.chinese_ten import GreedyBot
from cardtable.engine.chinese_ten.rules import ChineseTen
from cardtable.engine.chinese_ten.types import TYPES, Capture, ChineseTenTable, Lay
from cardtable.engine.events import Event, events_for
from cardtable.engine.refusal import Refusal
from cardtable.wire.codec import from_wire, to_wire
from tests.chinese_ten.position import card, position
from tests.score_lines import lines_as_maps

#: (seats, decks, rounds, seed)
GAMES = [(2, 2, 1, 1), (3, 1, 2, 2), (4, 2, 2, 3), (2, 1, 3, 4)]


def played(seats: int, decks: int, rounds: int, seed: int, *, greedy: bool) -> list[list[Event]]:
    """The events of a bot game, action by action (the deal first), with the game at its end."""
    game = new_game("chinese-ten", seats, {"decks": decks, "rounds": rounds}, seed, seed % seats)
    assert isinstance(game, ChineseTen)
    bot = GreedyBot if greedy else RandomBot
    bots = [bot(seed * 10 + seat) for seat in range(seats)]
    steps = [list(game.opening_events)]
    while not game.over:
        seat = game.actors[0]
        steps.append(game.apply(seat, bots[seat].choose(game.seat_view(seat), game.legal(seat))))
    return steps


@pytest.mark.parametrize("setup", GAMES)
def test_every_view_event_and_action_reads_back_as_itself(setup: tuple[int, ...]) -> None:
    seats, decks, rounds, seed = setup
    game = new_game("chinese-ten", seats, {"decks": decks, "rounds": rounds}, seed, 0)
    bots = [GreedyBot(seat) for seat in range(seats)]
    events = list(game.opening_events)
    while True:
        for event in events:
            for seat in (*range(seats), None):
                if event.reaches(seat):
                    assert TYPES.event_from_wire(event.for_seat(seat)) == event.seen_by(seat)
        for seat in (*range(seats), None):
            view = game.seat_view(seat)
            assert TYPES.view_from_wire(game.view(seat)) == view
            assert from_wire(ChineseTenTable, to_wire(view.table)) == view.table
            for action in view.legal:
                assert TYPES.action_from_wire(to_wire(action)) == action
        if game.over:
            break
        seat = game.actors[0]
        events = game.apply(seat, bots[seat].choose(game.seat_view(seat), game.legal(seat)))


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"kind": "capture", "spot": 0}, "That card is not in your hand."),
        ({"kind": "capture", "cid": "9C", "spot": 0}, "That card is not in your hand."),
        ({"kind": "lay", "cid": True, "spot": 0}, "That card is not in your hand."),
        ({"kind": "capture", "cid": 0, "spot": "1"}, "Choose one of the spots 1 to 4."),
        ({"kind": "take"}, "Choose one of the spots 1 to 4."),
        ({"kind": "place", "spot": None}, "Choose one of the spots 1 to 4."),
        ({"kind": "sweep", "spot": 0}, "'sweep' is not a move in Chinese Ten."),
        ({"spot": 0}, "An action needs a kind."),
    ],
)
def test_a_malformed_action_is_refused_as_malformed(action: dict[str, Any], reason: str) -> None:
    game = position([["9C", "5D"], ["KS"]], [["AH"], ["5S"], ["KH"], ["7C"]], ["2S"])
    before = game.view(0)
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, action)
    assert refused.value.code == Refusal.MALFORMED
    assert refused.value.reason == reason
    assert game.view(0) == before


def test_a_well_formed_action_against_the_rules_is_refused_by_the_rules() -> None:
    game = position([["9C", "5D"], ["KS"]], [["AH"], ["5S"], ["KH"], ["7C"]], ["2S"])
    for action in (
        Capture(card(game, 1, "KS"), 2),  # not our card
        Capture(card(game, 0, "9C"), 4),  # no such spot
        Lay(card(game, 0, "5D"), 0),  # a capture exists
    ):
        with pytest.raises(IllegalAction) as refused:
            game.apply(0, action)
        assert refused.value.code == Refusal.RULES
        assert action not in game.legal(0)


#: The digest of `protocol_trace()` as the game spoke it with untyped dicts (commit 6c41da7).
PROTOCOL_BEFORE_TYPES = "6369668a578adaedc4cb7f89f5ac3321cfc18e78e405ab3bdeb4123e8a4c0379"


def protocol_trace() -> str:
    """Every plain view (each seat and a spectator) and every event as each is told of it,
    through random bots' games (score lines in their form of then: `lines_as_maps`)."""
    trace: list[Any] = []
    for seats, decks, rounds, seed in GAMES:
        game = new_game("chinese-ten", seats, {"decks": decks, "rounds": rounds}, seed, 0)
        bots = [RandomBot(seed * 10 + seat) for seat in range(seats)]
        events = list(game.opening_events)
        while True:
            everyone = (*range(seats), None)
            trace.append([lines_as_maps(game.view(seat)) for seat in everyone])
            trace.append([lines_as_maps(events_for(events, seat)) for seat in everyone])
            if game.over:
                break
            seat = game.actors[0]
            events = game.apply(seat, bots[seat].choose(None, game.legal(seat)))
    text = json.dumps(trace, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_plain_protocol_is_what_it_was_before_the_types() -> None:
    assert protocol_trace() == PROTOCOL_BEFORE_TYPES


def test_greedy_bots_play_seeded_games_to_the_end() -> None:
    for seats, decks, rounds, seed in GAMES:
        steps = played(seats, decks, rounds, seed, greedy=True)
        assert steps[-1][-1].kind == "game_end"
