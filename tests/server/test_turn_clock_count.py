"""The turn clock's count, given explicit times: time per move, a bank with its increment, seats
acting at once, and when each seat's time runs out."""

from __future__ import annotations

import pytest

from cardtable.protocol import (
    ClockMode,
    ClockSettings,
    ClockState,
    ErrorCode,
    TableSettings,
    TimeoutRule,
)
from cardtable.server.clock.turn_clock import TurnClock
from cardtable.server.config import updated_settings
from cardtable.server.errors import ServerError
from cardtable.wire.codec import to_wire

PER_MOVE = ClockSettings(mode=ClockMode.MOVE, move=30)
BANK = ClockSettings(mode=ClockMode.BANK, bank=2, increment=5)


def test_a_move_has_its_own_time_and_the_next_move_starts_afresh() -> None:
    clock = TurnClock.start(PER_MOVE, 2)
    clock.update(100.0, [0])
    assert clock.left(0, 112.0) == 18.0
    assert clock.left(1, 112.0) == 30.0  # not running
    assert clock.deadlines(grace=1.0) == {0: 130.0}
    clock.update(112.0, [1], moved=0)
    assert clock.left(0, 150.0) == 30.0
    assert clock.left(1, 150.0) == 0.0  # 38 s since its move began: out of time
    assert clock.due(141.0, grace=1.0) == [] and clock.due(142.0, grace=1.0) == [1]


def test_a_free_action_is_no_move_the_clock_runs_on() -> None:
    clock = TurnClock.start(PER_MOVE, 2)
    clock.update(0.0, [0])
    clock.update(10.0, [0])  # an offer, say: seat 0 may still act
    assert clock.left(0, 10.0) == 20.0
    assert clock.next_deadline(grace=0.0) == 30.0


def test_a_bank_pays_for_each_move_and_gets_the_increment_back() -> None:
    clock = TurnClock.start(BANK, 2)
    clock.update(0.0, [0])
    clock.update(20.0, [1], moved=0)
    assert clock.left(0, 20.0) == 120 - 20 + 5
    clock.update(50.0, [0], moved=1)
    assert clock.left(1, 50.0) == 120 - 30 + 5
    assert clock.deadlines(grace=0.0) == {0: 50.0 + 105}
    # A bank may grow past its start with increments.
    clock.update(51.0, [1], moved=0)
    assert clock.left(0, 51.0) == 109.0


def test_a_move_played_for_a_seat_whose_clock_did_not_run_gets_no_increment() -> None:
    clock = TurnClock.start(BANK, 2)
    clock.update(0.0, [])  # seat 0 is played by a bot meanwhile (away and covered)
    clock.update(3.0, [1], moved=0)
    assert clock.used == [0.0, 0.0]


def test_an_empty_bank_runs_out_at_once_but_after_the_grace() -> None:
    clock = TurnClock.start(ClockSettings(mode=ClockMode.BANK, bank=1, increment=0), 2)
    clock.update(0.0, [0])
    clock.update(75.0, [0])  # charged only up to the bank
    assert clock.used[0] == 60.0 and clock.left(0, 75.0) == 0.0
    clock.update(80.0, [1], moved=0)
    clock.update(81.0, [0], moved=1)
    assert clock.deadlines(grace=0.5) == {0: 81.5}


def test_seats_acting_at_once_each_run_their_own_clock() -> None:
    clock = TurnClock.start(PER_MOVE, 3)
    clock.update(0.0, [0, 1, 2])
    clock.update(10.0, [1, 2], moved=0)
    assert [clock.left(seat, 16.0) for seat in range(3)] == [30.0, 14.0, 14.0]
    assert clock.next_deadline(grace=0.0) == 30.0


def test_what_clients_see_is_the_time_left_as_of_the_message() -> None:
    clock = TurnClock.start(BANK, 2)
    clock.update(0.0, [1])
    assert clock.state(7.25, [0]) == ClockState(
        mode=ClockMode.BANK,
        move=60.0,
        bank=2,
        increment=5,
        timeout=TimeoutRule.BOT_MOVE,
        left=(120.0, 112.8),
        running=(1,),
        timeouts=(0, 0),
        out_of_time=(0,),
    )


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ({"mode": "sundial"}, "mode is one of: off, move, bank"),
        ({"mode": "move", "move": 4}, "'move' is from 5 to 600 seconds"),
        ({"move": 601}, "'move' is from 5 to 600 seconds"),
        ({"move": "fast"}, "'move' is a number of seconds"),
        ({"move": True}, "'move' is a number of seconds"),
        ({"bank": 0.5}, "'bank' is from 1 to 120 minutes"),
        ({"bank": float("nan")}, "'bank' is from 1 to 120 minutes"),
        ({"increment": -1}, "'increment' is from 0 to 60 seconds"),
        ({"timeout": "explode"}, "timeout is one of: bot_move, bot_seat"),
        ({"tick": 1}, "no setting 'tick'"),
        (30, "'clock' is a map"),
    ],
)
def test_a_setting_out_of_range_is_refused_with_what_is_allowed(clock: object, words: str) -> None:
    settings = TableSettings()
    with pytest.raises(ServerError) as refused:
        updated_settings(settings, {"clock": clock})
    assert refused.value.code == ErrorCode.BAD_OPTIONS
    assert words in refused.value.message


def test_settings_within_range_are_kept_as_numbers() -> None:
    changes = {"clock": {"mode": "bank", "bank": 3, "increment": 0}}
    settings = updated_settings(TableSettings(), changes)
    assert settings.clock == ClockSettings(mode=ClockMode.BANK, bank=3.0, increment=0.0)
    assert settings.clock.limit == 180.0
    assert to_wire(settings)["clock"]["mode"] == "bank"
