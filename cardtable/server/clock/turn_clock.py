"""The turn clock of one game: the time each seat has used, counted from explicit times.

Nothing here reads a clock or sleeps: the table tells it the time
(`cardtable.server.clock.table_clock`) and a task waits for its deadlines
(`cardtable.server.clock.driver`). A seat's time runs while
it is one of the seats that may act and a person plays it; free actions (offers) do not count
as moves. With a time per move, each move starts afresh; with a bank, the time a move takes
comes out of the seat's bank and the increment goes back in after it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from cardtable.protocol import ClockMode, ClockSettings, ClockState
from cardtable.wire.records import record_from


@dataclass
class TurnClock:
    """The clock of a game in play, under `settings` (whose mode is not off)."""

    settings: ClockSettings
    #: Seconds each seat has used: of its present move ("move"), or of its bank, less the
    #: increments it got back ("bank"). Never more than the limit.
    used: list[float]
    #: How many times each seat's time has run out.
    timeouts: list[int]
    #: The seats whose time runs now, and since when.
    running: dict[int, float] = field(default_factory=dict)

    @classmethod
    def start(cls, settings: ClockSettings, seats: int) -> TurnClock:
        return cls(settings, [0.0] * seats, [0] * seats)

    @property
    def limit(self) -> float:
        return self.settings.limit

    def left(self, seat: int, now: float) -> float:
        """Seconds seat `seat` has left at time `now` (0 once its time has run out)."""
        used = self.used[seat]
        since = self.running.get(seat)
        if since is not None:
            used += max(0.0, now - since)
        return max(0.0, self.limit - used)

    def update(self, now: float, running: Iterable[int], moved: int | None = None) -> bool:
        """At time `now`: charge the running seats their time so far, count a move by seat
        `moved` (if any), and from now run the clocks of the seats `running`. Returns whether
        anything the database keeps changed."""
        changed = False
        for seat, since in self.running.items():
            if now > since:
                self.used[seat] = min(self.limit, self.used[seat] + (now - since))
                changed = True
        if moved is not None:
            if self.settings.mode == ClockMode.MOVE:
                self.used[moved] = 0.0
            elif moved in self.running:  # a move the seat's own clock timed
                self.used[moved] -= self.settings.increment
            changed = True
        self.running = dict.fromkeys(running, now)
        return changed

    def deadlines(self, grace: float) -> dict[int, float]:
        """When each running seat's time runs out. A seat that had no time left when its
        clock started runs out `grace` seconds later (so that moves played for it keep the
        table's pace)."""
        found = {}
        for seat, since in self.running.items():
            left = self.limit - self.used[seat]
            found[seat] = since + (left if left > 0 else grace)
        return found

    def next_deadline(self, grace: float) -> float:
        """The first running seat's deadline (inf if no seat's time runs)."""
        return min(self.deadlines(grace).values(), default=float("inf"))

    def due(self, now: float, grace: float) -> list[int]:
        """The running seats whose time has run out at `now`."""
        return [seat for seat, deadline in self.deadlines(grace).items() if deadline <= now]

    def ran_out(self, seat: int) -> None:
        """Count that seat `seat`'s time ran out (the table applies its rule)."""
        self.timeouts[seat] += 1

    def state(self, now: float, out_of_time: Iterable[int]) -> ClockState:
        """The clock as clients see it: its settings, each seat's time left as of this
        message (`left`, in seconds), the seats whose time is running down now, and those a
        bot plays because their time ran out. A client counts down from its own receipt of
        the message: no clocks need agree. `timeouts` counts the times each seat's time ran
        out this game."""
        return record_from(
            ClockState,
            self.settings,
            left=tuple(round(self.left(seat, now), 1) for seat in range(len(self.used))),
            running=tuple(sorted(self.running)),
            timeouts=tuple(self.timeouts),
            out_of_time=tuple(sorted(out_of_time)),
        )
