"""`GameTypes`: a game's declared types (actions, events, table view) and the one way to read
each from plain data."""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from dataclasses import fields as dataclasses_fields
from typing import Generic

from cardtable.engine.actions import EXACTLY, FRAME_ACTIONS, GameAction
from cardtable.engine.events import FRAME_EVENTS, EventPart, SeenEvent
from cardtable.engine.refusal import IllegalAction, Refusal
from cardtable.engine.views import SeatView, TableT_co
from cardtable.wire.codec import Plain, UnknownField, WireError, from_wire, read_as

#: A view's frame, field by field with its type: all of `SeatView` but the legal actions and
#: the table, which each game's types read.
_FRAME_FIELDS: dict[str, object] = {
    name: hint
    for name, hint in typing.get_type_hints(SeatView).items()
    if name not in ("legal", "table")
}


class GameTypes(Generic[TableT_co]):
    """A game's declared types and the one way to read each from plain data: its actions
    (`action_from_wire`), its events as a seat was told of them (`event_from_wire`), and its
    per-seat view (`view_from_wire`). Writing is `to_wire` for all of them."""

    def __init__(
        self,
        title: str,
        *,
        actions: Sequence[type[GameAction]],
        events: Sequence[type[EventPart] | tuple[type[EventPart], type[object]]],
        table: type[TableT_co],
    ) -> None:
        self.title = title
        self.table = table
        self.actions: dict[str, type[GameAction]] = {frame.kind: frame for frame in FRAME_ACTIONS}
        for action in actions:
            self.actions[action.kind] = action
        #: Each event kind's public part and its private part (None: it has none).
        self.events: dict[str, tuple[type[EventPart], type[object] | None]] = {}
        for entry in (*FRAME_EVENTS, *events):
            public, private = entry if isinstance(entry, tuple) else (entry, None)
            self.events[public.kind] = (public, private)
        self._private_names = {
            kind: {f.metadata.get("wire") or f.name for f in dataclasses_fields(private)}  # type: ignore[arg-type]
            for kind, (_, private) in self.events.items()
            if private is not None
        }

    @property
    def free_kinds(self) -> frozenset[str]:
        """Kinds of action any seat may take whenever the game allows (its diplomacy)."""
        return frozenset(kind for kind, action in self.actions.items() if action.free)

    def action_from_wire(self, data: Plain) -> GameAction:
        """Read an action, or `IllegalAction` (`Refusal.MALFORMED`) saying what is wrong."""
        if isinstance(data, GameAction):
            return data
        kind = data.get("kind") if isinstance(data, Mapping) else None
        if not isinstance(kind, str):
            raise IllegalAction("An action needs a kind.", code=Refusal.MALFORMED)
        action = self.actions.get(kind)
        if action is None:
            raise IllegalAction(f"{kind!r} is not a move in {self.title}.", code=Refusal.MALFORMED)
        try:
            return from_wire(action, data)
        except UnknownField:
            raise IllegalAction(EXACTLY, code=Refusal.MALFORMED) from None
        except WireError as error:
            raise IllegalAction(str(error), code=Refusal.MALFORMED) from None

    def event_from_wire(self, data: Plain) -> SeenEvent[EventPart]:
        """Read an event as a seat was told of it, or `WireError`."""
        kind = data.get("kind") if isinstance(data, Mapping) else None
        if not isinstance(kind, str) or kind not in self.events:
            raise WireError(f"{kind!r} is not an event of {self.title}.")
        public_type, private_type = self.events[kind]
        names = self._private_names.get(kind, set())
        shown = names and any(name in data for name in names)
        public = {key: value for key, value in data.items() if key not in names}
        part: EventPart = from_wire(public_type, public)
        if not shown or private_type is None:
            return SeenEvent(part)
        private = {key: value for key, value in data.items() if key in names}
        return SeenEvent(part, from_wire(private_type, private))

    def view_from_wire(self, data: Plain) -> SeatView[TableT_co]:
        """Read a seat's view, or `WireError`."""
        view = read_as(dict[str, object], data)
        frame = {key: value for key, value in view.items() if key not in ("legal", "table")}
        legal = read_as(list[object], view.get("legal", []))
        actions: list[GameAction] = []
        for action in legal:
            try:
                actions.append(self.action_from_wire(action))
            except IllegalAction as error:
                raise WireError(error.reason) from None
        missing = set(_FRAME_FIELDS) - set(frame)
        if missing:
            raise WireError(f"A view needs {sorted(missing)[0]!r}.")
        if set(frame) - set(_FRAME_FIELDS):
            raise UnknownField(
                f"A view has no field {sorted(set(frame) - set(_FRAME_FIELDS))[0]!r}."
            )
        fields = {name: read_as(hint, frame[name]) for name, hint in _FRAME_FIELDS.items()}
        table = from_wire(self.table, view.get("table"))
        return SeatView(**fields, legal=tuple(actions), table=table)
