"""Telling the people at a table what happened in its game: each viewer's update in its seat's
form, with the changes to its view (`Fanout`), and how many steps each viewer has been shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cardtable.engine import Event, Game
from cardtable.protocol import ClockState, Update
from cardtable.protocol.patch import digest as view_digest
from cardtable.server.table.fanout import Fanout, Step
from cardtable.server.table.seats import Member, Seat


class Broadcast:
    """What each viewer of one table's game (a seat by index, None: the spectators) was shown."""

    def __init__(self, table_id: int, seats: Iterable[Seat]) -> None:
        self.table_id = table_id
        self._seat_indexes = [seat.index for seat in seats]
        #: How many steps of the current game each viewer has been shown.
        self._steps = self._no_steps()
        #: The view each receiver was last sent, and the patches on it.
        self._fanout = Fanout()

    def _no_steps(self) -> dict[int | None, int]:
        return {**{index: 0 for index in self._seat_indexes}, None: 0}

    def reset(self) -> None:
        """A new game: nobody has been shown any of it."""
        self._steps = self._no_steps()
        self._fanout.reset()

    @property
    def views_kept(self) -> int:
        """How many receivers' last views are kept, to send them patches on."""
        return self._fanout.followed

    def seq(self, viewer: int | None) -> int:
        """How many steps `viewer` has been shown."""
        return self._steps.get(viewer, 0)

    def count_steps(self, events: list[Event]) -> set[int | None]:
        """Count an action's step for each viewer it reaches (None: the spectators), and
        return those viewers. A private negotiation step reaches its two parties alone; an
        action that made no event reaches everyone (their views may have changed)."""
        reached = {
            viewer
            for viewer in self._steps
            if not events or any(event.reaches(viewer) for event in events)
        }
        for viewer in reached:
            self._steps[viewer] += 1
        return reached

    def send_updates(
        self,
        game: Game,
        game_no: int,
        seats: Sequence[Seat],
        spectators: Sequence[Member],
        events: list[Event],
        clock: ClockState | None,
        may_take_back: Callable[[int], bool],
        *,
        deal: bool = False,
    ) -> None:
        """Tell every member what happened, in its seat's form, with its view's changes (see
        `Fanout`). Viewers an action does not reach get nothing, and their `seq` (the steps
        they were shown) does not move."""
        reached = set(self._steps) if deal else self.count_steps(events)
        step = self._fanout.step()
        players = [
            (seat.index, seat.member)
            for seat in seats
            if seat.member is not None and seat.index in reached
        ]
        watched = bool(spectators) and None in reached
        viewers: list[int | None] = [index for index, _ in players]
        views = game.views([*viewers, None] if watched else viewers)
        for (index, member), new_view in zip(players, views, strict=False):
            take_back = may_take_back(index)
            member.deliver(self._update(index, new_view, events, step, game_no, clock, take_back))
        if watched:
            public = self._update(None, views[-1], events, step, game_no, clock)
            for member in spectators:
                member.deliver(public)
        else:
            self._fanout.forget(None)  # a spectator who comes is sent the view whole

    def _update(
        self,
        viewer: int | None,
        new_view: dict[str, Any],
        events: list[Event],
        step: Step,
        game_no: int,
        clock: ClockState | None,
        take_back: bool = False,
    ) -> Update:
        """`viewer`'s update (None: the spectators'): what it is told of `events`, and its new
        view whole or as a patch on the one it was sent last."""
        told = step.events(events, viewer)
        view, patch = self._fanout.change(viewer, new_view, told, step)
        return Update(
            table_id=self.table_id,
            game_no=game_no,
            seq=self._steps[viewer],
            events=told,
            view=view,
            patch=patch,
            clock=clock,
            take_back=take_back,
        )

    def forget(self, seat: Seat | None) -> None:
        """`seat`'s member goes: its view is not followed any more (the spectators' is kept
        while any watch)."""
        if seat is not None:
            self._fanout.forget(seat.index)

    def is_current(self, receiver: int | None, digest: str | None) -> bool:
        """Whether `digest` names the view `receiver` was sent last."""
        sent = self._fanout.last_sent(receiver)
        return digest is not None and sent is not None and view_digest(sent) == digest

    def sent_whole(self, receiver: int | None, view: dict[str, Any]) -> None:
        """`receiver` is sent `view` whole: later patches are on it."""
        self._fanout.sent_whole(receiver, view)
