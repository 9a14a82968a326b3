"""What each receiver at a table was last shown, and the updates that carry only what changed.

A table's receivers are its seats (by index) and its spectators (together, under None: they all
see the public view, step for step). For each, `Fanout` keeps the one view it was last sent,
replaced at every step, so it holds at most one view a seat plus one. An update carries a
receiver's whole view when it has none kept (a new game, a seat just taken back) and otherwise
a patch on the kept one (`cardtable.protocol.patch`).

What several receivers share is encoded once (`cardtable.protocol.packing.Shared`): the public
events, given to every receiver whose form of the events is the public one, and each patch
operation that comes out the same for several receivers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.engine import Event, events_for
from cardtable.protocol.packing import Shared
from cardtable.protocol.patch import DiffMemo, Operation, diff, patch_base

Viewer = int | None


class Fanout:
    def __init__(self) -> None:
        self._sent: dict[Viewer, dict[str, Any]] = {}

    def reset(self) -> None:
        """A new game: nobody has been sent any of its views yet."""
        self._sent.clear()

    def forget(self, viewer: Viewer) -> None:
        """`viewer` is not followed any more (a seat's player went); its next view goes whole."""
        self._sent.pop(viewer, None)

    def sent_whole(self, viewer: Viewer, view: dict[str, Any]) -> None:
        """`viewer` was just sent `view` whole (on joining, or asking to resync)."""
        self._sent[viewer] = view

    @property
    def followed(self) -> int:
        """How many views are kept (at most one a seat, and one for the spectators)."""
        return len(self._sent)

    def last_sent(self, viewer: Viewer) -> dict[str, Any] | None:
        return self._sent.get(viewer)

    def step(self) -> Step:
        """The encodings one step's receivers share."""
        return Step()

    def change(
        self, viewer: Viewer, view: dict[str, Any], told: list[dict[str, Any]], step: Step
    ) -> tuple[dict[str, Any] | None, list[Operation] | None]:
        """`viewer`'s new view as an update that tells it of the events `told` carries it:
        ``(view, None)`` whole, or ``(None, patch)`` on the view it was sent last (and the
        rounds `told` scores: `patch_base`). Either way `view` is kept as sent."""
        old = self._sent.get(viewer)
        self._sent[viewer] = view
        if old is None:
            return view, None
        return None, step.shared_operations(diff(patch_base(old, told), view, step.memo))


class Step:
    """One step's shared encodings: its public events, and the patch operations made so far."""

    def __init__(self) -> None:
        self._operations: dict[tuple[Any, ...], Shared] = {}
        self._public: Shared | None = None
        self.memo = DiffMemo()
        #: Operations already matched, by identity (held, so their identities stay theirs).
        self._seen: dict[int, tuple[Operation, Shared]] = {}

    def events(self, events: Sequence[Event], viewer: Viewer) -> list[dict[str, Any]]:
        """`events` in `viewer`'s form: the shared public list when that is what it sees."""
        if viewer is not None and not all(
            event.audience is None and viewer not in event.private for event in events
        ):
            return events_for(events, viewer)
        if viewer is None and any(event.audience is not None for event in events):
            return events_for(events, viewer)
        if self._public is None:
            self._public = Shared(event.for_seat(None) for event in events)
        return self._public

    def shared_operations(self, patch: list[Operation]) -> list[Operation]:
        """`patch` with each operation that an earlier receiver's patch holds too replaced by
        that one (equal, so the patch is the same; its bytes are made once)."""
        shared: list[Operation] = []
        seen = self._seen
        for operation in patch:
            same = seen.get(id(operation))
            if same is not None:  # an operation the memo gave another receiver
                shared.append(same[1])
                continue
            key = (operation[0], *operation[1])
            known = self._operations.get(key)
            if known is None:
                known = self._operations[key] = Shared(operation)
            elif known != operation:
                shared.append(operation)
                continue
            seen[id(operation)] = (operation, known)
            shared.append(known)
        return shared
