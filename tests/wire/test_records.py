"""`record_from`: one record built from another by the fields they share."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.wire.records import record_from


@dataclass(frozen=True)
class Settings:
    mode: str
    seconds: float
    #: Not a field of `State`: never copied.
    note: str = ""


@dataclass(frozen=True)
class State:
    mode: str
    seconds: float
    left: tuple[float, ...]
    running: bool = False


def test_the_shared_fields_are_copied_and_the_rest_given_or_left_to_their_defaults() -> None:
    settings = Settings("move", 30.0, note="quick")
    assert record_from(State, settings, left=(12.5,)) == State("move", 30.0, (12.5,))
    assert record_from(State, settings, left=(), running=True).running


def test_a_given_field_wins_over_the_source() -> None:
    settings = Settings("move", 30.0)
    assert record_from(State, settings, seconds=5.0, left=()).seconds == 5.0
    # The other way round: only the fields the target has.
    state = State("bank", 600.0, (1.0, 2.0))
    assert record_from(Settings, state) == Settings("bank", 600.0)
