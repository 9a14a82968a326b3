"""The game at a table: dealt, played, taken back, timed by its turn clock, recorded for the
database (`GameLedger`) and told to everyone at the table (`Broadcast`).

A table's game is kept as its setup plus the actions taken, so it can always be rebuilt with
`cardtable.engine.replay`; every change is recorded before the messages that report it are
delivered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from cardtable.engine import (
    Event,
    Game,
    GameAction,
    GameSpec,
    IllegalAction,
    PlainAction,
    Refusal,
    Setup,
)
from cardtable.engine import start as start_game
from cardtable.engine.takeback import TAKE_BACK, PlayedGame
from cardtable.protocol import ErrorCode, TableSettings, TableStatus, Update
from cardtable.server.clock.table_clock import TableClock
from cardtable.server.errors import ServerError
from cardtable.server.storage import StoredTable, Write
from cardtable.server.table.broadcast import Broadcast
from cardtable.server.table.ledger import GameLedger
from cardtable.server.table.seating import Seating
from cardtable.server.table.seats import Member, Seat
from cardtable.wire.codec import to_wire


class Play:
    """The games dealt at table `table_id`: the current one, its steps and its turn clock."""

    def __init__(
        self,
        table_id: int,
        spec: GameSpec,
        options: Mapping[str, Any],
        seating: Seating,
        *,
        settings: Callable[[], TableSettings],
        record: Callable[[Write], None],
        new_game_id: Callable[[], int],
        clock: Callable[[], float],
        wake: Callable[[], None],
        seed: int | None,
    ) -> None:
        self.table_id = table_id
        self.spec = spec
        self.options = options
        self.seating = seating
        self.status = TableStatus.WAITING
        self.game_no = 0
        self.setup: Setup | None = None
        self.game: Game | None = None
        #: The current game with its steps, which knows what may be taken back.
        self.played: PlayedGame | None = None
        self.actions: list[tuple[int, PlainAction]] = []
        self.log: list[Event] = []
        #: What the database is told of the current game.
        self.ledger = GameLedger(record)
        #: What each viewer of the current game was shown.
        self.broadcast = Broadcast(table_id, seating.seats)
        #: The current game's turn clock.
        self.turn_clock = TableClock(seating.seats, clock, record)
        self._settings = settings
        self._new_game_id = new_game_id
        self._wake = wake
        self._seed = seed

    @property
    def seats(self) -> list[Seat]:
        return self.seating.seats

    def restore(self, stored: StoredTable) -> None:
        """Rebuild the stored game by replaying its actions through the engine."""
        assert stored.game is not None
        self.setup = stored.game.setup
        self.game = start_game(self.setup)  # the stored setup is checked again
        self.played = PlayedGame(self.game)
        self.game_no = stored.game.game_no
        self.log = list(self.game.opening_events)
        self.broadcast.reset()
        for seat, action in stored.actions:
            events = self.played.step(seat, action)  # an action, or a take-back
            self.game = self.played.game
            self.log.extend(events)
            self.broadcast.count_steps(events)
            self.actions.append((seat, action))
        self.ledger.restore(stored.game, len(self.game.round_scores))
        self.status = TableStatus.FINISHED if self.game.over else TableStatus.PLAYING
        if stored.clock is not None:
            self.turn_clock.restore(stored.clock)

    def check_seats_filled(self) -> None:
        """`ServerError(TABLE_NOT_READY)` while a seat is empty."""
        empty = [seat.index for seat in self.seats if seat.is_empty]
        if empty:
            raise ServerError(
                ErrorCode.TABLE_NOT_READY,
                f"Seat {empty[0] + 1} is empty: someone must sit there or a bot be added first.",
            )

    def deal(self) -> None:
        """Deal the first game, or the next one, to the seats as they are held now."""
        dealer = 0 if self.setup is None else (self.setup.dealer + 1) % len(self.seats)
        seed = self._next_seed()
        self.setup = self.spec.setup(len(self.seats), self.options, seed, dealer)
        self.game = self.spec.game_class(self.setup)
        self.played = PlayedGame(self.game)
        game_id = self._new_game_id()
        self.actions = []
        self.log = list(self.game.opening_events)
        self.broadcast.reset()
        self.game_no += 1
        self.status = TableStatus.PLAYING
        self.ledger.begin(game_id, self.table_id, self.game_no, self.setup, self.seats)
        self.turn_clock.start(self._settings().clock, game_id)
        self.tick_clock()
        self._send_updates(self.log, deal=True)

    def _next_seed(self) -> int:
        """A fresh seed for the next game: random, or derived from the server's fixed seed."""
        if self._seed is None:
            return random.SystemRandom().randrange(2**62)
        return random.Random(f"{self._seed}/{self.table_id}/{self.game_no}").randrange(2**62)

    def act(
        self, seat_index: int, action: GameAction | Mapping[str, Any], *, for_player: bool
    ) -> bool:
        """Apply `action` for the seat, then tell everyone at the table; returns whether it
        ended the game. `for_player`: the server's bot took it for the seat's player."""
        game, played = self.game, self.played
        if game is None or played is None or self.status != TableStatus.PLAYING:
            raise ServerError(ErrorCode.NOT_PLAYING, "No game is being played at this table.")
        try:
            events = played.apply(seat_index, action)
        except IllegalAction as refusal:
            if refusal.code == Refusal.NOT_YOUR_TURN:
                waiting_for = " or ".join(str(self.seats[seat].name) for seat in game.actors)
                raise ServerError(
                    ErrorCode.NOT_YOUR_TURN, f"It is not your turn: {waiting_for} acts."
                ) from None
            raise ServerError(
                ErrorCode.ILLEGAL_ACTION, refusal.worded(self.seating.names())
            ) from None
        plain: PlainAction = to_wire(action) if isinstance(action, GameAction) else dict(action)
        self.actions.append((seat_index, plain))
        self.log.extend(events)
        self._record_action(seat_index, plain, for_player=for_player)
        self.tick_clock(None if game.is_free(plain) else seat_index)
        self._send_updates(events)
        if game.over:
            self.status = TableStatus.FINISHED
            return True
        if any(seat.bot_driven for seat in self.seats):
            self._wake()  # a table of people alone has no bot to wake
        return False

    def take_back(self, seat_index: int) -> None:
        """Take back the seat's last action (see `cardtable.engine.takeback`), then tell
        everyone at the table; refused, with the reason, where the rules or the table's
        `take_back` setting do not allow it."""
        played = self.played
        if played is None or self.status != TableStatus.PLAYING:
            raise ServerError(ErrorCode.NOT_PLAYING, "No game is being played at this table.")
        if self._settings().rated:
            raise ServerError(
                ErrorCode.CANNOT_TAKE_BACK,
                "This table is rated: a move stands once played (open an unrated table to "
                "take moves back).",
            )
        if not self._settings().take_back:
            raise ServerError(ErrorCode.CANNOT_TAKE_BACK, "Take-backs are off at this table.")
        try:
            events = played.take_back(seat_index)
        except IllegalAction as refusal:
            raise ServerError(
                ErrorCode.CANNOT_TAKE_BACK, refusal.worded(self.seating.names())
            ) from None
        self.game = played.game
        self.actions.append((seat_index, dict(TAKE_BACK)))
        self.log.extend(events)
        self._record_action(seat_index, TAKE_BACK)
        self._send_updates(events)
        if any(seat.bot_driven for seat in self.seats):
            self._wake()

    def may_take_back(self, seat_index: int) -> bool:
        """Whether the seat may take back its last action now."""
        return (
            self._settings().take_back
            and not self._settings().rated
            and self.played is not None
            and self.status == TableStatus.PLAYING
            and self.played.can_take_back(seat_index)
        )

    def _record_action(
        self, seat: int, action: Mapping[str, Any], *, for_player: bool = False
    ) -> None:
        """Record an action just applied (see `GameLedger.action`)."""
        assert self.game is not None
        step = len(self.actions)
        self.ledger.action(self.game, self.seats, step, seat, action, for_player=for_player)

    def _send_updates(self, events: list[Event], *, deal: bool = False) -> None:
        """Tell every member what happened (see `Broadcast.send_updates`)."""
        assert self.game is not None
        self.broadcast.send_updates(
            self.game,
            self.game_no,
            self.seats,
            self.seating.spectators,
            events,
            self.turn_clock.state(),
            self.may_take_back,
            deal=deal,
        )

    def viewer(self, seat: Seat | None) -> int | None:
        """Whose view of the game a member on `seat` (None: a spectator) is shown: the seat's
        only for the holding of the seat the game was dealt to, else the spectators'."""
        return seat.index if seat is not None and self.ledger.dealt_to_holder_of(seat) else None

    def resync(self, member: Member, digest: str | None) -> None:
        """Send `member` its whole view again, unless `digest` names the one it was sent last."""
        seat = self.seating.seat_of(member)
        index = seat.index if seat is not None else None
        if self.game is None or self.broadcast.is_current(index, digest):
            return
        viewer = self.viewer(seat)
        view = self.game.view(viewer)
        self.broadcast.sent_whole(index, view)
        member.deliver(
            Update(
                table_id=self.table_id,
                game_no=self.game_no,
                seq=self.broadcast.seq(viewer),
                events=[],
                view=view,
                clock=self.turn_clock.state(),
                take_back=viewer is not None and self.may_take_back(viewer),
                resync=True,
            )
        )

    def tick_clock(self, moved: int | None = None) -> None:
        """Bring the turn clock up to now, after a move by seat `moved` (if any)."""
        self.turn_clock.tick(self.game if self.status == TableStatus.PLAYING else None, moved)
        if self.turn_clock.on:
            self._wake()  # its deadline may have moved
