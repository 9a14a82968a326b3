"""A table: its game and what happens at it, recorded for the database and told to everyone.

The rules of who sits where are `seating`'s, those of who may say what `chat_policy`'s, and the
bots' turns `bot_schedule`'s; a table applies them, records each change and tells its people.
Everything here is synchronous and runs on the server's one trio thread, so a request is handled
whole before the next begins. A table's game is kept as its setup plus the actions taken, so it
can always be rebuilt with `cardtable.engine.replay`; every change is recorded for the database
(`record`) before the messages that report it are delivered.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import trio

from cardtable.engine import (
    Event,
    Game,
    GameAction,
    GameSpec,
    IllegalAction,
    OptionError,
    PlainAction,
    Refusal,
    Setup,
    events_for,
)
from cardtable.engine import start as start_game
from cardtable.engine.codec import to_wire
from cardtable.engine.takeback import TAKE_BACK, PlayedGame
from cardtable.protocol import ChatLine, ErrorCode, Joined, Message, TableChanged, Update
from cardtable.protocol.patch import digest as view_digest
from cardtable.server.bots.schedule import cover_times, next_bot_seat
from cardtable.server.chat.log import ChatLog
from cardtable.server.chat.policy import addressee
from cardtable.server.clock.table_clock import TableClock
from cardtable.server.config import TableSettings
from cardtable.server.errors import ServerError
from cardtable.server.storage import (
    GameRecord,
    StoredTable,
    TableRecord,
    Write,
    running_totals,
)
from cardtable.server.storage.writes import (
    AddChat,
    CloseTable,
    FinishGame,
    HandOver,
    NoteHolder,
    OpenTable,
    SaveSeats,
    SaveSettings,
    ScoreRound,
    StartGame,
    TakeAction,
)
from cardtable.server.table.fanout import Fanout
from cardtable.server.table.holders import HolderLog
from cardtable.server.table.rematch import RematchOffer
from cardtable.server.table.seating import Seating
from cardtable.server.table.seats import Member, Seat

WAITING, PLAYING, FINISHED = "waiting", "playing", "finished"


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
        chat_history: int = 200,
        on_summary_change: Callable[[Table, TableChanged], None] = lambda table, message: None,
        on_game_over: Callable[[Table], None] = lambda table: None,
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
        self.seating = Seating(table_id, spec, seats)
        self.status = WAITING
        self.game_no = 0
        self.setup: Setup | None = None
        self.game: Game | None = None
        #: The current game with its steps, which knows what may be taken back.
        self.played: PlayedGame | None = None
        #: The current game's id in the database.
        self.game_id: int | None = None
        self.actions: list[tuple[int, PlainAction]] = []
        self.log: list[Event] = []
        self.chat = ChatLog(chat_history)
        self.closed = False
        self._record = record
        self._new_game_id = new_game_id
        self._rounds_recorded = 0
        #: Which holding of each seat the current game was dealt to.
        self._dealt_to: list[int] = []
        #: Who has played each seat of the current game, for the history.
        self._holders = HolderLog(())
        self._on_summary_change = on_summary_change
        self._on_game_over = on_game_over
        self._clock = clock
        #: The current game's turn clock.
        self.turn_clock = TableClock(self.seats, clock, record)
        self._seed = seed
        self._changed = trio.Event()
        #: How many steps of the current game each viewer (None: spectators) has been shown.
        self._steps = self._no_steps()
        #: The latest offer of a rematch (open, or closed by a player declining), if any.
        self.rematch: RematchOffer | None = None
        #: The view each receiver was last sent, and the patches on it.
        self._fanout = Fanout()

    @property
    def seats(self) -> list[Seat]:
        return self.seating.seats

    @property
    def spectators(self) -> list[Member]:
        return self.seating.spectators

    def _no_steps(self) -> dict[int | None, int]:
        return {**{seat.index: 0 for seat in self.seats}, None: 0}

    @classmethod
    def restore(cls, stored: StoredTable, spec: GameSpec, **context: Any) -> Table:
        """Rebuild a stored table exactly: seats, settings, chat, and its game by replaying its
        actions through the engine. Players' seats wait for them to come back (away)."""
        record = stored.table
        settings = TableSettings().updated(record.settings)
        table = cls(
            record.id,
            spec,
            record.seats,
            record.options,
            settings,
            record.creator,
            creator_token_hash=record.creator_token_hash,
            **context,
        )
        table.seating.restore(stored.seats, table._clock())
        if table.creator_token_hash is None:  # stored before creator tokens: the creator's seat
            table.creator_seat_token_hash = next(
                (s.token_hash for s in table.seats if s.held_by_player and s.name == table.creator),
                None,
            )
        table.chat.restore(stored.chat, stored.next_chat_id)
        if stored.game is not None:
            table._restore_game(stored)
        if table.status == PLAYING:
            table.seating.cover_given_up(True)
        table._tick_clock()  # the time of whoever may act runs again from now
        return table

    def _restore_game(self, stored: StoredTable) -> None:
        assert stored.game is not None
        self.setup = stored.game.setup
        self.game = start_game(self.setup)  # the stored setup is checked again
        self.played = PlayedGame(self.game)
        self.game_id = stored.game.id
        self.game_no = stored.game.game_no
        self._dealt_to = list(stored.game.dealt_to)
        self._holders = HolderLog(stored.game.players, stored.game.holders)
        self.log = list(self.game.opening_events)
        self._steps = self._no_steps()
        self._fanout.reset()
        for seat, action in stored.actions:
            events = self.played.step(seat, action)  # an action, or a take-back
            self.game = self.played.game
            self.log.extend(events)
            self._count_steps(events)
            self.actions.append((seat, action))
        self._rounds_recorded = len(self.game.round_scores)
        self.status = FINISHED if self.game.over else PLAYING
        if stored.clock is not None:
            self.turn_clock.restore(stored.clock)

    def opened(self) -> OpenTable:
        """The record of this table's opening."""
        return OpenTable(
            TableRecord(
                id=self.id,
                game=self.spec.id,
                seats=len(self.seats),
                options=self.options,
                settings=self.settings.to_wire(),
                creator=self.creator,
                opened_at=time.time(),
                creator_token_hash=self.creator_token_hash,
            ),
            self.seating.records(),
        )

    def _save_seats(self) -> None:
        self._record(SaveSeats(self.id, self.seating.records()))

    # -- what the lobby shows -------------------------------------------------------------------

    def summary(self, *, members: bool = False) -> dict[str, Any]:
        """The table as the lobby shows it; for the people at the table (`members`), also who
        watches it by name and the offer of a rematch."""
        summary = self._lobby_summary()
        if members:
            summary["watchers"] = [member.name for member in self.spectators]
            present = self.seating.present_players()
            summary["rematch"] = self.rematch.to_wire(present) if self.rematch else None
        return summary

    def _lobby_summary(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.spec.id,
            "title": self.spec.title,
            "options": dict(self.options),
            "settings": self.settings.to_wire(),
            "creator": self.creator,
            "status": self.status,
            "game_no": self.game_no,
            "seats": [seat.to_wire() for seat in self.seats],
            "spectators": len(self.spectators),
            "result": self.game.result.to_wire() if self.game and self.game.result else None,
            "clock": self.turn_clock.to_wire(),
        }

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
        if self.rematch is not None:
            self.rematch.accepted.discard(index)  # a newcomer answers for themselves
        self._save_seats()
        if self.status == PLAYING and self.game_id is not None:
            # A seat given up in the middle of a game: the newcomer plays on with its hand.
            self._dealt_to[index] = self.seats[index].occupancy
            self._record(HandOver(self.game_id, tuple(self._dealt_to)))
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
        self._forget(member)
        if self.seating.leave(member, playing=self.status == PLAYING):
            self._save_seats()
        self._summary_changed()

    def detach(self, member: Member) -> None:
        """`member`'s connection is gone: a seat waits for them (away); a spectator just goes."""
        self._forget(member)
        self.seating.detach(member, self._clock())
        self._summary_changed()

    def add_bot(self, index: int, kind: str | None) -> None:
        self.seating.add_bot(index, kind, playing=self.status == PLAYING)
        self._save_seats()
        self._summary_changed()

    def remove_bot(self, index: int) -> None:
        self.seating.remove_bot(index, playing=self.status == PLAYING)
        self._save_seats()
        self._summary_changed()

    def cover(self, index: int, voter: int | None) -> bool:
        """Hand seat `index`, whose player is away, to a bot (see `Seating.cover`). Returns
        whether a bot now plays the seat."""
        if self.status != PLAYING:
            raise ServerError(ErrorCode.NOT_PLAYING, "No game is being played at this table.")
        covered = self.seating.cover(index, voter)
        self._summary_changed()
        return covered

    def release(self, index: int) -> bytes:
        """Give up seat `index`, whose player is away, for good (see `Seating.release`).
        Returns the hash of the token that stopped working."""
        token_hash = self.seating.release(index, playing=self.status == PLAYING)
        self._save_seats()
        self._summary_changed()
        return token_hash

    def configure(self, changes: Mapping[str, Any]) -> None:
        self.settings = self.settings.updated(changes)
        self._record(SaveSettings(self.id, self.settings.to_wire()))
        self._summary_changed()

    # -- the game ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the first game, or the next one once a game has ended."""
        if self.status == PLAYING:
            raise ServerError(ErrorCode.GAME_IN_PROGRESS, "The game has already started.")
        self._check_seats_filled()
        self.rematch = None
        dealer = 0 if self.setup is None else (self.setup.dealer + 1) % len(self.seats)
        seed = self._next_seed()
        self.setup = self.spec.setup(len(self.seats), self.options, seed, dealer)
        self.game = self.spec.game_class(self.setup)
        self.played = PlayedGame(self.game)
        self.game_id = self._new_game_id()
        self._rounds_recorded = 0
        self.actions = []
        self.log = list(self.game.opening_events)
        self._steps = self._no_steps()
        self._fanout.reset()
        self.game_no += 1
        self.status = PLAYING
        self._dealt_to = [seat.occupancy for seat in self.seats]
        players = tuple(str(seat.name) for seat in self.seats)
        self._holders = HolderLog(players)
        self._record(
            StartGame(
                GameRecord(
                    id=self.game_id,
                    table_id=self.id,
                    game_no=self.game_no,
                    setup=self.setup,
                    players=players,
                    dealt_to=tuple(self._dealt_to),
                    started_at=time.time(),
                )
            )
        )
        self.turn_clock.start(self.settings.clock, self.game_id)
        self._tick_clock()
        self._send_updates(self.log, deal=True)
        self._summary_changed()

    def _check_seats_filled(self) -> None:
        """`ServerError(TABLE_NOT_READY)` while a seat is empty."""
        empty = [seat.index for seat in self.seats if seat.is_empty]
        if empty:
            raise ServerError(
                ErrorCode.TABLE_NOT_READY,
                f"Seat {empty[0] + 1} is empty: someone must sit there or a bot be added first.",
            )

    # -- rematches (an offer's state is `RematchOffer`'s) -----------------------------------------

    def _player_seat(self, member: Member, doing: str) -> Seat:
        """`member`'s seat, or `ServerError(NOT_SEATED)` saying only players may do `doing`."""
        seat = self.seat_of(member)
        if seat is None:
            raise ServerError(
                ErrorCode.NOT_SEATED,
                f"Only the players at table {self.id} may {doing}; you are watching it.",
            )
        return seat

    def offer_rematch(self, member: Member) -> None:
        """`member`, a player here, offers everyone a rematch (or accepts the open offer)."""
        seat = self._player_seat(member, "offer a rematch")
        if self.status == PLAYING:
            raise ServerError(
                ErrorCode.GAME_IN_PROGRESS,
                "A game is being played here; a rematch can be offered once it is over.",
            )
        if self.status == WAITING:
            raise ServerError(
                ErrorCode.TABLE_NOT_READY,
                "No game has been played here yet: start the first one instead.",
            )
        self._check_seats_filled()
        if self.rematch is None or not self.rematch.open:
            self.rematch = RematchOffer(seat.index)
        self._accept_rematch(seat)

    def answer_rematch(self, member: Member, accept: bool) -> None:
        """`member`, a player here, accepts or declines the open offer of a rematch."""
        seat = self._player_seat(member, "answer an offer of a rematch")
        offer = self.rematch
        if offer is None or not offer.open or self.status != FINISHED:
            raise ServerError(ErrorCode.NO_OFFER, "Nobody has offered a rematch here.")
        if accept:
            self._accept_rematch(seat)
            return
        offer.declined_by = seat.index
        self._summary_changed()

    def _accept_rematch(self, seat: Seat) -> None:
        """Count `seat`'s acceptance; start the rematch once every player present accepted."""
        offer = self.rematch
        assert offer is not None
        offer.accepted.add(seat.index)
        if offer.waiting_for(self.seating.present_players()):
            self._summary_changed()
        else:
            self.start()

    def _next_seed(self) -> int:
        """A fresh seed for the next game: random, or derived from the server's fixed seed."""
        if self._seed is None:
            return random.SystemRandom().randrange(2**62)
        return random.Random(f"{self._seed}/{self.id}/{self.game_no}").randrange(2**62)

    def act(
        self, seat_index: int, action: GameAction | Mapping[str, Any], *, for_player: bool = False
    ) -> None:
        """Apply `action` for the seat, then tell everyone at the table. `for_player`: the
        server's bot took it for the seat's player (the turn clock's one move), as the history
        records."""
        game, played = self.game, self.played
        if game is None or played is None or self.status != PLAYING:
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
        self._tick_clock(None if game.is_free(plain) else seat_index)
        self._send_updates(events)
        if game.over:
            self.status = FINISHED
            self.seating.cover_given_up(False)  # empty now that the game is over
            self._summary_changed()
            self._on_game_over(self)
        elif any(seat.bot_driven for seat in self.seats):
            self._wake()  # a table of people alone has no bot to wake

    def take_back(self, seat_index: int) -> None:
        """Take back the seat's last action (see `cardtable.engine.takeback`), then tell
        everyone at the table; refused, with the reason, where the rules or the table's
        `take_back` setting do not allow it."""
        played = self.played
        if played is None or self.status != PLAYING:
            raise ServerError(ErrorCode.NOT_PLAYING, "No game is being played at this table.")
        if not self.settings.take_back:
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
            self.settings.take_back
            and self.played is not None
            and self.status == PLAYING
            and self.played.can_take_back(seat_index)
        )

    def _record_action(
        self, seat: int, action: Mapping[str, Any], *, for_player: bool = False
    ) -> None:
        """Record an action just applied, who took it if the history does not know yet (the
        server's bot, `for_player`), and the round and game it may have ended."""
        game = self.game
        assert game is not None and self.game_id is not None
        now = time.time()
        step = len(self.actions)
        holder = self._holders.acting(self.seats[seat], step, for_player=for_player)
        if holder is not None:
            self._record(NoteHolder(self.game_id, holder))
        self._record(TakeAction(self.game_id, step, seat, dict(action), now))
        scores = game.round_scores
        new = slice(self._rounds_recorded, None)
        for score, after in zip(scores[new], running_totals(scores)[new], strict=True):
            self._record(ScoreRound(self.game_id, score.round, score.to_wire(), after))
        self._rounds_recorded = len(game.round_scores)
        if game.result is not None:
            for holder in self._holders.at_end(self.seats, step + 1):
                self._record(NoteHolder(self.game_id, holder))
            self._record(FinishGame(self.game_id, game.result.to_wire(), now))

    def _count_steps(self, events: list[Event]) -> set[int | None]:
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

    def _send_updates(self, events: list[Event], *, deal: bool = False) -> None:
        """Tell every member what happened, in its seat's form, with its view's changes (see
        `Fanout`). Viewers an action does not reach get nothing, and their `seq` (the steps
        they were shown) does not move."""
        assert self.game is not None
        reached = set(self._steps) if deal else self._count_steps(events)
        clock = self.turn_clock.to_wire()
        step = self._fanout.step()
        players = [
            (seat.index, seat.member)
            for seat in self.seats
            if seat.member is not None and seat.index in reached
        ]
        watched = bool(self.spectators) and None in reached
        viewers: list[int | None] = [index for index, _ in players]
        views = self.game.views([*viewers, None] if watched else viewers)
        for (index, member), new_view in zip(players, views, strict=False):
            told = step.events(events, index)
            view, patch = self._fanout.change(index, new_view, told, step)
            member.deliver(
                Update(
                    table=self.id,
                    game=self.game_no,
                    seq=self._steps[index],
                    events=told,
                    view=view,
                    patch=patch,
                    clock=clock,
                    take_back=self.may_take_back(index),
                )
            )
        if watched:
            told = step.events(events, None)
            view, patch = self._fanout.change(None, views[-1], told, step)
            public = Update(
                table=self.id,
                game=self.game_no,
                seq=self._steps[None],
                events=told,
                view=view,
                patch=patch,
                clock=clock,
            )
            for member in self.spectators:
                member.deliver(public)
        else:
            self._fanout.forget(None)  # a spectator who comes is sent the view whole

    def _forget(self, member: Member) -> None:
        """`member` goes: its seat's view is not followed any more (the spectators' is kept
        while any watch)."""
        seat = self.seat_of(member)
        if seat is not None:
            self._fanout.forget(seat.index)

    def resync(self, member: Member, digest: str | None) -> None:
        """Send `member` its whole view again, unless `digest` names the one it was sent last."""
        seat = self.seat_of(member)
        index = seat.index if seat is not None else None
        if self.game is None:
            return
        sent = self._fanout.last_sent(index)
        if digest is not None and sent is not None and view_digest(sent) == digest:
            return
        viewer = index if seat is not None and self._dealt_to_holder_of(seat) else None
        view = self.game.view(viewer)
        self._fanout.sent_whole(index, view)
        member.deliver(
            Update(
                table=self.id,
                game=self.game_no,
                seq=self._steps.get(viewer, 0),
                events=[],
                view=view,
                clock=self.turn_clock.to_wire(),
                take_back=viewer is not None and self.may_take_back(viewer),
                resync=True,
            )
        )

    def joined(self, seat: Seat | None, token: str | None, rid: int | None = None) -> Joined:
        """Everything a newly arrived member needs: summary, view, this game's log and chat.

        The game is shown from the seat only to the holding of the seat it was dealt to; someone
        who sits down after a game has ended sees that game as a spectator does."""
        index = seat.index if seat is not None else None
        viewer = index if seat is not None and self._dealt_to_holder_of(seat) else None
        view = self.game.view(viewer) if self.game is not None else None
        if view is not None:
            self._fanout.sent_whole(index, view)
        return Joined(
            rid=rid,
            table=self.summary(members=True),
            seat=index,
            token=token,
            view=view,
            log=events_for(self.log, viewer),
            chat=self.chat.history_for(seat.occupancy if seat is not None else None),
            take_back=viewer is not None and self.may_take_back(viewer),
            seq=self._steps.get(viewer, 0),
        )

    @property
    def views_kept(self) -> int:
        """How many receivers' last views the table keeps, to send them patches on."""
        return self._fanout.followed

    def _dealt_to_holder_of(self, seat: Seat) -> bool:
        """Whether the current game was dealt to the seat's present holding."""
        return bool(self._dealt_to) and self._dealt_to[seat.index] == seat.occupancy

    # -- chat (who may say what is `chat_policy`'s) -----------------------------------------------

    def say(self, member: Member, text: str, to: int | None) -> None:
        """Post a line from `member` to the table, or privately to seat `to`; a private line
        between partners only where the table's `partner_chat` setting allows it."""
        seat = self.seat_of(member)
        target = addressee(self.settings, self.seating, self.partners_of, seat, to)
        if target is None:
            entry = self.chat.add(
                time=time.time(),
                sender=member.name,
                text=text,
                from_seat=seat.index if seat else None,
            )
            self._record(AddChat(self.id, entry))
            self._deliver_all(ChatLine(table=self.id, line=entry.to_wire()))
            return
        assert seat is not None  # (only a seated player's line goes privately)
        entry = self.chat.add(
            time=time.time(),
            sender=member.name,
            text=text,
            from_seat=seat.index,
            to_seat=target.index,
            to_name=target.name,
            from_occupancy=seat.occupancy,
            to_occupancy=target.occupancy,
        )
        self._record(AddChat(self.id, entry))
        line = ChatLine(table=self.id, line=entry.to_wire())
        member.deliver(line)
        if target.member is not None:
            target.member.deliver(line)

    def partners_of(self, index: int) -> tuple[int, ...]:
        """The other seats on seat `index`'s side in this table's game (none when alone)."""
        return self.spec.partners(len(self.seats), self.options, index)

    def _deliver_all(self, message: Message) -> None:
        for member in self.members():
            member.deliver(message)

    # -- bots (when and how they act is `bot_schedule`'s) -----------------------------------------

    def next_bot_seat(self) -> int | None:
        """A seat the server's bots should act for now, if any."""
        if self.status != PLAYING or self.game is None:
            return None
        return next_bot_seat(self.game, self.seats)

    def _cover_times(self) -> dict[int, float]:
        return cover_times(self.settings, self.seating, self.status == PLAYING)

    def cover_deadline(self) -> float:
        """When the next away player's seat is due for a bot to cover (inf if never)."""
        return min(self._cover_times().values(), default=float("inf"))

    def cover_away_seats(self) -> None:
        """Let bots play for players away longer than the table allows."""
        now = self._clock()
        due = [index for index, time_due in self._cover_times().items() if time_due <= now]
        for index in due:
            self.seats[index].covered = True
        if due:
            self._summary_changed()

    # -- the turn clock (`TableClock`; its deadlines are `clock_driver`'s) ------------------------

    def _tick_clock(self, moved: int | None = None) -> None:
        """Bring the turn clock up to now, after a move by seat `moved` (if any)."""
        self.turn_clock.tick(self.game if self.status == PLAYING else None, moved)
        if self.turn_clock.on:
            self._wake()  # its deadline may have moved

    def save_clock(self) -> None:
        """Store the time used up to now (the server is stopping)."""
        self._tick_clock()

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
        self._tick_clock()  # who may act, or who plays them, may have changed
        self._wake()
        self._deliver_all(TableChanged(table=self.summary(members=True)))
        self._on_summary_change(self, TableChanged(table=self.summary()))

    def close(self) -> None:
        """The table is gone for good (its finished games stay in the database's history)."""
        self.closed = True
        self._record(CloseTable(self.id, time.time()))
        self._wake()
