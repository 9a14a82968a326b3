"""A table's turn clock kept in step with its game: whose time runs (the seats that may act,
when people play them), stored whenever it changes, and shown to clients. The count itself is
`TurnClock`'s; the task that waits for its deadlines is `driver`'s."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.engine import Game
from cardtable.protocol import ClockSettings, ClockState
from cardtable.server.clock.settings import updated_clock
from cardtable.server.clock.turn_clock import TurnClock
from cardtable.server.storage import ClockRecord, Write
from cardtable.server.storage.writes import SaveClock
from cardtable.server.table.seats import Seat
from cardtable.wire.codec import to_wire


class TableClock:
    """The clock of the game at a table with `seats` (None while the game is not timed).
    `now` reads trio's clock; `record` stores a change."""

    def __init__(
        self, seats: Sequence[Seat], now: Callable[[], float], record: Callable[[Write], None]
    ) -> None:
        self.seats = seats
        self.clock: TurnClock | None = None
        self._now = now
        self._record = record
        self._game_id: int | None = None

    @property
    def on(self) -> bool:
        return self.clock is not None

    def start(self, settings: ClockSettings, game_id: int) -> None:
        """Time the game just dealt, if `settings` say so; nobody is out of time."""
        for seat in self.seats:
            seat.out_of_time = False
        self.clock = TurnClock.start(settings, len(self.seats)) if settings.on else None
        self._game_id = game_id

    def restore(self, record: ClockRecord) -> None:
        """The stored game's clock, with the time each seat had used (it runs again from the
        next `tick`)."""
        count = len(self.seats)
        used = [*record.used, *[0.0] * count][:count]
        timeouts = [*record.timeouts, *[0] * count][:count]
        self.clock = TurnClock(updated_clock(ClockSettings(), record.settings), used, timeouts)
        self._game_id = record.game_id
        for index in record.out_of_time:
            if 0 <= index < count and self.seats[index].held_by_player:
                self.seats[index].out_of_time = True

    def tick(self, game: Game | None, moved: int | None = None) -> None:
        """Bring the clock up to now, after a move by seat `moved` (if any): from now the time
        of `game`'s actors runs, those people play (none when `game` is None: no game is in
        play). Store it if it changed."""
        clock = self.clock
        if clock is None or self._game_id is None:
            return
        running = [] if game is None else [i for i in game.actors if not self.seats[i].bot_driven]
        if clock.update(self._now(), running, moved):
            self._record(
                SaveClock(
                    ClockRecord(
                        self._game_id,
                        to_wire(clock.settings),
                        tuple(clock.used),
                        tuple(self._out_of_time()),
                        tuple(clock.timeouts),
                    )
                )
            )

    def _out_of_time(self) -> list[int]:
        return [seat.index for seat in self.seats if seat.out_of_time]

    def state(self) -> ClockState | None:
        """The clock as clients see it, as of now (None: the game is not timed)."""
        clock = self.clock
        return None if clock is None else clock.state(self._now(), self._out_of_time())

    def deadline(self, grace: float) -> float:
        """When the next seat's time runs out (inf if no seat's time runs)."""
        return float("inf") if self.clock is None else self.clock.next_deadline(grace)

    def due(self, grace: float) -> list[int]:
        """The seats whose time has run out now."""
        return [] if self.clock is None else self.clock.due(self._now(), grace)
