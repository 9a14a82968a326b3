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


@dataclass(frozen=True)
class Timer:
    mode: str
    used: tuple[float, ...]

    @property
    def left(self) -> tuple[float, ...]:
        return tuple(30.0 - seconds for seconds in self.used)

    def running(self) -> bool:
        """A method, not a property: never copied."""
        return True


def test_a_field_the_source_has_as_a_property_is_copied_too() -> None:
    timer = Timer("move", (10.0, 0.5))
    assert record_from(State, timer, seconds=30.0) == State("move", 30.0, (20.0, 29.5))
