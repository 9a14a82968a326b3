"""What a table screen shows, gathered from the session into one value."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cardtable.client.session import ClientSession
from cardtable.client.ui.plain import clean
from cardtable.client.ui.turn_clock import ShownClock
from cardtable.engine import EventPart, OptionError, SeatView, SeenEvent, get_game
from cardtable.protocol import TableStatus, TableSummary
from cardtable.wire.codec import WireError


@dataclass(frozen=True)
class TableState:
    """One moment at a table, as this client knows it."""

    summary: TableSummary
    #: Our seat, or None when watching.
    seat: int | None
    view: dict[str, Any] | None
    names: list[str] = field(default_factory=list)
    #: What the other players did since our seat's last move this round (for a spectator: the
    #: last player's turn), event by event: boards mark what it changed.
    recent: tuple[dict[str, object], ...] = ()

    @classmethod
    def of(cls, session: ClientSession) -> TableState | None:
        if session.table is None:
            return None
        return cls(
            session.table,
            session.seat,
            session.view,
            seat_names(session.table),
            since_my_move(session.log, session.seat),
        )

    @property
    def game(self) -> str:
        return self.summary.game_kind

    @cached_property
    def seat_view(self) -> SeatView[Any] | None:
        """The view read by the game's types (None before the first view, or if it cannot be
        read: the board then draws nothing rather than a wrong table)."""
        if self.view is None:
            return None
        try:
            return get_game(self.game).types.view_from_wire(self.view)
        except (WireError, OptionError):
            return None

    @cached_property
    def recent_events(self) -> tuple[SeenEvent[EventPart], ...]:
        """`recent`, read by the game's types (an event they cannot read is left out)."""
        types = get_game(self.game).types
        seen: list[SeenEvent[EventPart]] = []
        for event in self.recent:
            try:
                seen.append(types.event_from_wire(event))
            except WireError:
                continue
        return tuple(seen)

    @property
    def legal(self) -> list[dict[str, object]]:
        return list(self.view["legal"]) if self.view else []

    @property
    def actors(self) -> list[int]:
        return list(self.view["actors"]) if self.view else []

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)

    @property
    def playing(self) -> bool:
        return self.summary.status is TableStatus.PLAYING

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"


@dataclass(frozen=True, eq=False)
class TableShown:
    """What the table screen's panels show at one moment: the table's state, its turn clock
    (None: not timed) and a few words on the open offers. Each one is new: two are the same
    only if they are one (the panels compare what they draw of it, not the whole)."""

    state: TableState
    clock: ShownClock | None = None
    offers: str = ""


def seat_names(summary: TableSummary) -> list[str]:
    """Each seat's name as it may be shown (``seat 2`` while empty)."""
    return [clean(seat.name) if seat.name else f"seat {seat.seat + 1}" for seat in summary.seats]


#: Events that tell of a turn or a round rather than of a move.
NOT_MOVES = frozenset({"turn", "next_dealer", "round_end", "game_end"})
#: Events that start a round: nothing before them is news.
ROUND_STARTS = frozenset({"deal"})
#: A seat took its last action back: the game is as it was before it.
TAKE_BACK = "take_back"


def since_my_move(
    log: Sequence[Mapping[str, object]], seat: int | None
) -> tuple[dict[str, object], ...]:
    """The events of this round after `seat`'s last move, leaving out the turns: what the other
    players did since. For a spectator (`seat` None): the last player's move. A move taken back
    counts as never made: its events, the turns after it and the take-back are left out."""
    found: list[dict[str, object]] = []
    #: The seat whose move taken back is being passed over, going back through the log.
    undoing: object = None
    passed = False
    for event in reversed(log):
        kind = event.get("kind")
        by = event.get("seat")
        if kind in ROUND_STARTS:
            break
        if kind == TAKE_BACK:
            undoing, passed = by, False
            continue
        if undoing is not None:
            if by == undoing and kind not in NOT_MOVES:
                passed = True
                continue  # the move taken back
            if kind == "turn" and not passed:
                continue  # a turn that followed it
            undoing = None
        if kind == "turn":
            if seat is None and found:
                break
            continue
        if seat is not None and by == seat and kind not in NOT_MOVES:
            break
        found.append(dict(event))
    found.reverse()
    return tuple(found)
