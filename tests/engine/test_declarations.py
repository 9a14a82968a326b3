"""`event` and `action` declare an event's public part and an action: a frozen, slotted
dataclass with its kind (and an action's flags), written on the wire with the kind first."""

from __future__ import annotations

import dataclasses

import pytest

from cardtable.engine.actions import GameAction, action
from cardtable.engine.events import EventPart, event
from cardtable.wire.codec import from_wire, to_wire


@event("nudge")
class Nudged(EventPart):
    """`seat` nudged `whom`."""

    seat: int
    whom: tuple[int, ...]


@action("nudge", undoable=True)
class Nudge(GameAction):
    """Nudge `seat`."""

    seat: int


@action("wave", free=True)
class Wave(GameAction):
    """Wave at everyone."""


def test_an_event_is_a_frozen_slotted_dataclass_with_its_kind() -> None:
    nudged = Nudged(seat=1, whom=(0, 2))
    assert Nudged.kind == "nudge" and nudged.kind == "nudge"
    assert [f.name for f in dataclasses.fields(Nudged)] == ["seat", "whom"]
    assert not hasattr(nudged, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        nudged.seat = 2  # type: ignore[misc]
    assert to_wire(nudged) == {"kind": "nudge", "seat": 1, "whom": [0, 2]}
    assert from_wire(Nudged, {"kind": "nudge", "seat": 1, "whom": [0, 2]}) == nudged


def test_an_action_carries_its_kind_and_flags() -> None:
    assert (Nudge.kind, Nudge.undoable, Nudge.free) == ("nudge", True, False)
    assert (Wave.kind, Wave.undoable, Wave.free) == ("wave", False, True)
    assert to_wire(Wave()) == {"kind": "wave"}
    assert from_wire(Nudge, {"kind": "nudge", "seat": 2}) == Nudge(2)
    assert not hasattr(Nudge(2), "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Nudge(2).seat = 3  # type: ignore[misc]
