"""A table: who is at it, its game and its chat, recorded for the database and told to everyone.

The rules of who sits where are `seating`'s, the game's `Play`'s, chat `TableChat`'s and the
bots' turns `bots.schedule`'s; a table applies them, records each change and tells its people.
Everything here is synchronous and runs on the server's one trio thread, so a request is
handled whole before the next begins; every change is recorded for the database (`record`)
before the messages that report it are delivered. The table's own tasks (its bots and its
clock) run in its task scope, `tasks` (see `cardtable.server.table.life`), which closing the
table cancels.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import trio

from cardtable.engine import (
    Event,
    Game,
    GameAction,
    GameSpec,
    OptionError,
    PlainAction,
    Setup,
    events_for,
)
from cardtable.protocol import (
    ErrorCode,
    Joined,
    Message,
    SeatSummary,
    TableChanged,
    TableSettings,
    TableStatus,
    TableSummary,
)
from cardtable.server.bots.schedule import cover_times, next_bot_seat
from cardtable.server.chat.log import ChatLog
from cardtable.server.chat.table_chat import TableChat
from cardtable.server.clock.table_clock import TableClock
from cardtable.server.config import updated_settings
from cardtable.server.errors import ServerError
from cardtable.server.storage import Write
from cardtable.server.storage.writes import CloseTable, SaveSeats, SaveSettings
from cardtable.server.table.play import Play
from cardtable.server.table.rematch import Rematches
from cardtable.server.table.seating import Seating
from cardtable.server.table.seats import Member, Seat
from cardtable.server.table.tokens import SeatTokens
from cardtable.wire.codec import to_wire


class Table:
    def __init__(
        self,
        table_id: int,
        spec: GameSpec,
        seats: int,
        options: Mapping[str, Any],
        settings: TableSettings,
        creator: str,
        *,
        creator_token_hash: bytes | None = None,
        record: Callable[[Write], None],
        new_game_id: Callable[[], int],
        tokens: SeatTokens,
        chat_history: int = 200,
        on_summary_change: Callable[[Table, TableChanged], None] = lambda table, message: None,
        on_game_over: Callable[[Table], None] = lambda table: None,
        with_rating: Callable[[str, Seat, SeatSummary], SeatSummary] = lambda g, seat, s: s,
        clock: Callable[[], float] = trio.current_time,
        seed: int | None = None,
    ) -> None:
        try:
            checked = spec.setup(seats, options)
        except OptionError as error:
            raise ServerError(ErrorCode.BAD_OPTIONS, str(error)) from None
        self.id = table_id
        self.spec = spec
        self.options = dict(checked.options)
        self.settings = settings
        #: The creator's name, for people to read; the rights go with the creator's token.
        self.creator = creator
        #: The hash of the secret that proves the creator's rights (None: nobody has them).
        self.creator_token_hash = creator_token_hash
        #: For a table stored before creator tokens: the creator's seat token, which holds the
        #: creator's rights in their stead.
        self.creator_seat_token_hash: bytes | None = None
        self.seating = Seating(table_id, spec, seats, tokens)
        self.play = Play(
            table_id,
            spec,
            self.options,
            self.seating,
            settings=lambda: self.settings,
            record=record,
            new_game_id=new_game_id,
            clock=clock,
            wake=self._wake,
            seed=seed,
        )
        self.talk = TableChat(table_id, self.seating, record, chat_history)
        self.closed = False
        #: The task scope of the table's own tasks (its bots and clock): closing cancels it.
        self.tasks = trio.CancelScope()
        self._record = record
        self._on_summary_change = on_summary_change
        self._on_game_over = on_game_over
        #: A seat's summary with its player's rating in this table's game added (if any).
        self._with_rating = with_rating
        self.clock = clock
        self._changed = trio.Event()
        self.rematches = Rematches(
            table_id, self.seating, self.play, start=self.start, changed=self._summary_changed
        )

    @property
    def seats(self) -> list[Seat]:
        return self.seating.seats

    @property
    def spectators(self) -> list[Member]:
        return self.seating.spectators

    @property
    def chat(self) -> ChatLog:
        """The table's chat lines."""
        return self.talk.log

    # -- the game, as `Play` has it ---------------------------------------------------------------

    @property
    def status(self) -> TableStatus:
        """Waiting for a first game, playing one, or finished with one."""
        return self.play.status

    @property
    def game_no(self) -> int:
        return self.play.game_no

    @property
    def setup(self) -> Setup | None:
        return self.play.setup

    @property
    def game(self) -> Game | None:
        return self.play.game

    @property
    def actions(self) -> list[tuple[int, PlainAction]]:
        return self.play.actions

    @property
    def log(self) -> list[Event]:
        return self.play.log

    @property
    def game_id(self) -> int | None:
        """The current game's id in the database."""
        return self.play.ledger.game_id

    @property
    def turn_clock(self) -> TableClock:
        return self.play.turn_clock

    def _save_seats(self) -> None:
        self._record(SaveSeats(self.id, self.seating.records()))

    # -- what the lobby shows -------------------------------------------------------------------

    def summary(self, *, members: bool = False) -> TableSummary:
        """The table as the lobby shows it; for the people at the table (`members`), also who
        watches it by name and the offer of a rematch."""
        return TableSummary(
            table_id=self.id,
            game_kind=self.spec.id,
            title=self.spec.title,
            options=dict(self.options),
            settings=self.settings,
            creator=self.creator,
            status=self.status,
            game_no=self.game_no,
            seats=tuple(
                self._with_rating(self.spec.id, seat, seat.summary()) for seat in self.seats
            ),
            spectators=len(self.spectators),
            result=self.game.result if self.game else None,
            clock=self.turn_clock.state(),
            watchers=tuple(member.name for member in self.spectators) if members else None,
            rematch=self.rematches.state() if members else None,
        )

    def members(self) -> Iterator[Member]:
        return self.seating.members()

    def has_people(self) -> bool:
        return self.seating.has_people()

    def seat_of(self, member: Member) -> Seat | None:
        return self.seating.seat_of(member)

    def seat(self, index: int) -> Seat:
        return self.seating.seat(index)

    # -- people coming and going (the rules are `Seating`'s) ---------------------------------------

    def sit(self, member: Member, index: int) -> str:
        """Seat `member`; returns the secret token that resumes the seat later."""
        token = self.seating.sit(member, index)
        if self.rematches.offer is not None:
            self.rematches.offer.accepted.discard(index)  # a newcomer answers for themselves
        self._save_seats()
        if self.status == TableStatus.PLAYING and self.game_id is not None:
            # A seat given up in the middle of a game: the newcomer plays on with its hand.
            self.play.ledger.hand_over(self.seats[index])
        self._summary_changed()
        return token

    def reissue_token(self, seat: Seat) -> str:
        """A new secret token for a player's seat; the old one stops working."""
        token = self.seating.reissue_token(seat)
        self._save_seats()
        return token

    def spectate(self, member: Member) -> None:
        self.spectators.append(member)
        self._summary_changed()

    def resume(self, member: Member, seat: Seat) -> None:
        """`member` is back on its seat (with the seat's token)."""
        self.seating.resume(member, seat)
        self._summary_changed()

    def leave(self, member: Member) -> None:
        """`member` leaves for good. Leaving a game in play hands the seat to a bot."""
        self.play.broadcast.forget(self.seat_of(member))
        if self.seating.leave(member, playing=self.status == TableStatus.PLAYING):
            self._save_seats()
        self._summary_changed()

    def detach(self, member: Member) -> None:
        """`member`'s connection is gone: a seat waits for them (away); a spectator just goes."""
        self.play.broadcast.forget(self.seat_of(member))
        self.seating.detach(member, self.clock())
        self._summary_changed()

    def add_bot(self, index: int, kind: str | None) -> None:
        self.seating.add_bot(index, kind, playing=self.status == TableStatus.PLAYING)
        self._save_seats()
        self._summary_changed()

    def remove_bot(self, index: int) -> None:
        self.seating.remove_bot(index, playing=self.status == TableStatus.PLAYING)
        self._save_seats()
        self._summary_changed()

    def cover(self, index: int, voter: int | None) -> bool:
        """Hand seat `index`, whose player is away, to a bot (see `Seating.cover`). Returns
        whether a bot now plays the seat."""
        if self.status != TableStatus.PLAYING:
            raise ServerError(ErrorCode.NOT_PLAYING, "No game is being played at this table.")
        covered = self.seating.cover(index, voter)
        self._summary_changed()
        return covered

    def release(self, index: int) -> bytes:
        """Give up seat `index`, whose player is away, for good (see `Seating.release`).
        Returns the hash of the token that stopped working."""
        token_hash = self.seating.release(index, playing=self.status == TableStatus.PLAYING)
        self._save_seats()
        self._summary_changed()
        return token_hash

    def configure(self, changes: Mapping[str, Any]) -> None:
        if self.game_no > 0 and changes.get("rated", self.settings.rated) != self.settings.rated:
            raise ServerError(
                ErrorCode.BAD_OPTIONS,
                "A table is rated or not from its first game on; open another table to change it.",
            )
        self.settings = updated_settings(self.settings, changes)
        self._record(SaveSettings(self.id, to_wire(self.settings)))
        self._summary_changed()

    # -- the game ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the first game, or the next one once a game has ended."""
        if self.status == TableStatus.PLAYING:
            raise ServerError(ErrorCode.GAME_IN_PROGRESS, "The game has already started.")
        self.play.check_seats_filled()
        self.rematches.offer = None
        self.play.deal()
        self._summary_changed()

    def act(
        self, seat_index: int, action: GameAction | Mapping[str, Any], *, for_player: bool = False
    ) -> None:
        """Apply `action` for the seat, then tell everyone at the table (see `Play.act`)."""
        if self.play.act(seat_index, action, for_player=for_player):
            self.seating.cover_given_up(False)  # empty now that the game is over
            self._on_game_over(self)  # (names and ratings first: the summary shows them)
            if not self.closed:
                self._summary_changed()

    def joined(self, seat: Seat | None, token: str | None, rid: int | None = None) -> Joined:
        """Everything a newly arrived member needs: summary, view, this game's log and chat.

        The game is shown from the seat only to the holding of the seat it was dealt to; someone
        who sits down after a game has ended sees that game as a spectator does."""
        index = seat.index if seat is not None else None
        viewer = self.play.viewer(seat)
        view = self.game.view(viewer) if self.game is not None else None
        if view is not None:
            self.play.broadcast.sent_whole(index, view)
        return Joined(
            rid=rid,
            table=self.summary(members=True),
            seat=index,
            token=token,
            view=view,
            log=events_for(self.log, viewer),
            chat=self.chat.history_for(seat.occupancy if seat is not None else None),
            take_back=viewer is not None and self.play.may_take_back(viewer),
            seq=self.play.broadcast.seq(viewer),
        )

    @property
    def views_kept(self) -> int:
        """How many receivers' last views the table keeps, to send them patches on."""
        return self.play.broadcast.views_kept

    # -- chat (`TableChat`) -----------------------------------------------------------------------

    def say(self, member: Member, text: str, to: int | None) -> None:
        """Post a line from `member` to the table, or privately to seat `to`."""
        self.talk.say(member, text, to, self.settings, self.partners_of)

    def partners_of(self, index: int) -> tuple[int, ...]:
        """The other seats on seat `index`'s side in this table's game (none when alone)."""
        return self.spec.partners(len(self.seats), self.options, index)

    def _deliver_all(self, message: Message) -> None:
        for member in self.members():
            member.deliver(message)

    # -- bots (when and how they act is `bots.schedule`'s) ----------------------------------------

    def next_bot_seat(self) -> int | None:
        """A seat the server's bots should act for now, if any."""
        if self.status != TableStatus.PLAYING or self.game is None:
            return None
        return next_bot_seat(self.game, self.seats)

    def _cover_times(self) -> dict[int, float]:
        return cover_times(self.settings, self.seating, self.status == TableStatus.PLAYING)

    def cover_deadline(self) -> float:
        """When the next away player's seat is due for a bot to cover (inf if never)."""
        return min(self._cover_times().values(), default=float("inf"))

    def cover_away_seats(self) -> None:
        """Let bots play for players away longer than the table allows."""
        now = self.clock()
        due = [index for index, time_due in self._cover_times().items() if time_due <= now]
        for index in due:
            self.seats[index].covered = True
        if due:
            self._summary_changed()

    # -- the turn clock (`TableClock`; its deadlines are `clock.driver`'s) ------------------------

    def save_clock(self) -> None:
        """Store the time used up to now (the server is stopping)."""
        self.play.tick_clock()

    def time_out_seat(self, index: int) -> None:
        """A bot plays seat `index` until the game ends: its player's time ran out."""
        self.seats[index].out_of_time = True
        self._summary_changed()

    async def wait_for_change(self, deadline: float) -> None:
        with trio.move_on_at(deadline):
            await self._changed.wait()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    def _summary_changed(self) -> None:
        self.play.tick_clock()  # who may act, or who plays them, may have changed
        self._wake()
        self._deliver_all(TableChanged(table=self.summary(members=True)))
        self._on_summary_change(self, TableChanged(table=self.summary()))

    def close(self) -> None:
        """The table is gone for good (its finished games stay in the database's history): its
        seats' tokens stop working and its tasks end."""
        self.closed = True
        self.seating.close()
        self._record(CloseTable(self.id, time.time()))
        self.tasks.cancel()
