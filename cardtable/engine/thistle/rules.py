"""Thistle: draw to the table, build six-card books of one clan, capture exposed groups.

A turn is a capture or a regular turn (ruling 5). A regular turn is the first draw (played at
once to the drawer's side), plays from hand, then the second draw into the hand. The seat itself
always draws (`draw`) and ends its play step (`end`), even when it has nothing else it could do:
a turn that passed by itself would tell the table that the seat could not capture or play. Only
the drawn card's place, which everyone can see, is chosen by the engine when there is just one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from cardtable.engine.actions import NOT_IN_HAND, GameAction
from cardtable.engine.events import Event
from cardtable.engine.game import Game, other_hands
from cardtable.engine.options import Options
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.scores import RoundScore
from cardtable.engine.seat_words import Words
from cardtable.engine.setup import Setup
from cardtable.engine.spec import each_alone
from cardtable.engine.thistle import legal, view
from cardtable.engine.thistle.cards import CLAN, DECK, SORT_KEYS, clan_name
from cardtable.engine.thistle.cards import faces as _cards
from cardtable.engine.thistle.groups import BOOK_SIZE, Book, Group
from cardtable.engine.thistle.legal import check_play, checked_capture, places_for
from cardtable.engine.thistle.phases import FINAL, HANDS_PER_GAME, PLACE, PLAY, START
from cardtable.engine.thistle.scoring import hand_lines
from cardtable.engine.thistle.text import taken_back_words
from cardtable.engine.thistle.types import (
    TYPES,
    Added,
    BookClosed,
    Capture,
    Captured,
    Dealt,
    DealtHand,
    Draw,
    DrawnCard,
    Drew,
    DrewToHand,
    End,
    LastCard,
    Phase,
    Place,
    Play,
    SetAside,
    Source,
    ThistleTable,
    Turn,
    WentOut,
)
from cardtable.engine.thistle.unseen import ThistleUnseen, books_shown, groups_shown
from cardtable.engine.views import SeatView
from cardtable.wire.records import record_from

HAND_SIZE = 6


def sides_for(seats: int, options: Options) -> tuple[tuple[int, ...], ...]:
    """The scoring sides: partners opposite in the partnership game (ruling 2), else each seat
    alone."""
    if options.get("partnership"):
        return ((0, 2), (1, 3))
    return each_alone(seats, options)


class Thistle(Game):
    """The rules of Thistle (rulings 1–19), individually or in partnerships."""

    types = TYPES

    def __init__(self, setup: Setup, stack: Sequence[int] | None = None) -> None:
        super().__init__(setup)
        self.partnership: bool = bool(setup.options.get("partnership", False))
        self.hands: list[list[int]] = [[] for _ in range(self.seats)]
        self.pile: list[int] = []  # the top card is the last element
        self.groups: dict[int, Group] = {}
        self.books: list[Book] = []
        self.orphans: list[list[int]] = [[] for _ in range(self.seats)]
        self.next_group = 0
        self.turn = 0
        self.phase: Phase = START
        #: The first drawn card while it waits for the drawer to choose its group.
        self.drawn: int | None = None
        #: Whether the seat has played from hand this turn (a final turn's capture comes first).
        self.played = False
        #: Seats still to take their final turn, in order, once the last card is drawn.
        self.final_turns: list[int] | None = None
        self.went_out: int | None = None
        self.opening_events = self._start_round(self._deck_order(stack))

    # -- sides -----------------------------------------------------------------------------

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return sides_for(self.seats, self.options)

    def may_build_on(self, seat: int, group: Group) -> bool:
        """Whether `seat` may play hand cards onto `group`: its own or its partner's (7, 19)."""
        return group.owner in self.sides[self.side_of(seat)]

    # -- dealing ---------------------------------------------------------------------------

    def _start_round(self, order: list[int]) -> list[Event]:
        """From `order` (top card first), deal six each one at a time from the left of the
        dealer, and start the turn of the player left of the dealer (ruling 3)."""
        hands, position = self._deal_hands(order, HAND_SIZE)
        self.hands = [_sorted(hand) for hand in hands]
        self.pile = order[position:][::-1]
        self.groups, self.books = {}, []
        self.orphans = [[] for _ in range(self.seats)]
        self.next_group = 0
        self.drawn, self.played = None, False
        self.final_turns, self.went_out = None, None
        deal = Event(
            Dealt(
                round=self.round,
                dealer=self.dealer,
                hand_counts=tuple(len(hand) for hand in self.hands),
                pile=len(self.pile),
            ),
            {seat: DealtHand(_cards(hand)) for seat, hand in enumerate(self.hands)},
        )
        return [deal, *self._start_turn(self.left_of(self.dealer))]

    # -- a position from a seat's view ------------------------------------------------------

    @classmethod
    def from_view(cls, view: SeatView[ThistleTable], unseen: ThistleUnseen, seed: int) -> Thistle:
        """The game at `view`'s position with `unseen` where its seat cannot see (see
        `Game.from_view`)."""
        table, seat = view.table, view.seat
        assert seat is not None and table.hand is not None and table.turn is not None
        game = cls._from_frame(view, {"partnership": table.partnership}, seed)
        game.hands = [
            [card.cid for card in table.hand] if other == seat else _sorted(unseen.hands[other])
            for other in range(view.seats)
        ]
        game.pile = list(unseen.pile)
        game.groups, game.books = groups_shown(table), books_shown(table)
        game.orphans = [[card.cid for card in orphans] for orphans in table.orphans]
        used = [*game.groups, *(book.group for book in game.books)]
        game.next_group = max(used, default=-1) + 1
        game.turn, game.phase = table.turn, table.phase
        game.drawn = None if table.drawn is None else table.drawn.cid
        game.played = table.played
        game.final_turns = list(table.final_turns) if table.last_round else None
        game.went_out = table.went_out
        return game

    def unseen(self, seat: int) -> ThistleUnseen:
        return ThistleUnseen(other_hands(self.hands, seat), tuple(self.pile))

    # -- the frame's questions -------------------------------------------------------------

    def _actors(self) -> tuple[int, ...]:
        return (self.turn,)

    def card_count(self) -> int:
        return len(DECK)

    # Kept in modules of their own (`legal`, `view`), and methods all the same.
    _legal_actions = legal.legal_actions
    zones = view.zones
    _table_view = view.table_view
    _own_table_fields = view.own_table_fields

    def taken_back_words(self, seat: int, action: GameAction, events: Sequence[Event]) -> Words:
        return taken_back_words(events)

    # -- applying actions --------------------------------------------------------------------

    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        if self.phase == PLACE and not isinstance(action, Place):
            raise IllegalAction(
                f"Your drawn {DECK[self._drawn()].label} must go to the table first: "
                "choose its group."
            )
        match action:
            case Draw():
                return self._draw_action()
            case Capture(group=gid, orphan=orphan):
                return self._capture_action(seat, gid, orphan)
            case Place(group=gid):
                return self._place_action(gid)
            case Play(cid=cid, group=gid):
                return self._play_action(seat, cid, gid)
            case End():
                return self._end_action()
        raise IllegalAction(f"{action.kind!r} is not a move in Thistle.")

    def _draw_action(self) -> list[Event]:
        if self.phase == FINAL:
            raise IllegalAction("The pile is empty: in this last round nobody draws.")
        if self.phase != START:
            raise IllegalAction("You have drawn already this turn.")
        return self._first_draw()

    def _capture_action(self, seat: int, gid: int, orphan: int | None) -> list[Event]:
        if self.phase == PLAY or (self.phase == FINAL and self.played):
            raise IllegalAction(
                "A capture takes the place of your whole turn; you can no longer capture now."
            )
        group = self._group(gid)
        return self._capture(seat, group, checked_capture(self, seat, group, orphan), orphan)

    def _place_action(self, gid: int) -> list[Event]:
        if self.phase != PLACE:
            raise IllegalAction("There is no drawn card waiting to be placed.")
        group = self._group(gid)
        cid = self._drawn()
        if group not in self._places(cid):
            card = DECK[cid]
            where = (
                f"one of your own {clan_name(card.clan or 0)} groups"
                if card.kind == CLAN
                else "one of your own groups without a bonus card"
            )
            raise IllegalAction(f"The drawn {card.label} must go on {where}.")
        self.drawn = None
        self.phase = PLAY
        return [self._add_to_group(self.turn, cid, group, "place")]

    def _play_action(self, seat: int, cid: int, gid: int) -> list[Event]:
        if self.phase == START:
            raise IllegalAction(
                "Draw first (or capture): the first card you draw goes to the table before you "
                "play from your hand."
            )
        if cid not in self.hands[seat]:
            raise IllegalAction(NOT_IN_HAND)
        group = self._group(gid)
        check_play(self, seat, cid, group)
        self.hands[seat].remove(cid)
        self.played = True
        events = [self._add_to_group(seat, cid, group, "hand")]
        if not self.hands[seat]:
            events += self._go_out(seat)
        return events

    def _end_action(self) -> list[Event]:
        if self.phase == START:
            raise IllegalAction("Draw first (or capture); your turn ends after the second draw.")
        return self._end_turn()

    # -- the steps of a turn -----------------------------------------------------------------

    def _start_turn(self, seat: int) -> list[Event]:
        self.turn, self.played = seat, False
        self.phase = FINAL if self.final_turns is not None else START
        return [Event(Turn(seat, last=self.final_turns is not None))]

    def _first_draw(self) -> list[Event]:
        """Ruling 6: the top card goes to the drawer's side; a choice of group waits."""
        seat = self.turn
        cid = self.pile.pop()
        events = [Event(Drew(seat, DECK[cid], len(self.pile)))]
        self.phase = PLAY
        places = self._places(cid)
        if len(places) > 1:
            self.drawn, self.phase = cid, PLACE
            return events
        card = DECK[cid]
        if places:
            events.append(self._add_to_group(seat, cid, places[0], "draw"))
        elif card.kind == CLAN:
            events.append(self._add_to_group(seat, cid, self._new_group(seat, card.clan), "draw"))
        else:
            self.orphans[seat].append(cid)
            events.append(Event(SetAside(seat, DECK[cid])))
        return events

    def _add_to_group(self, seat: int, cid: int, group: Group, source: Source) -> Event:
        if DECK[cid].kind == CLAN:
            group.cards.append(cid)
        else:
            group.bonus = cid
        return Event(
            Added(
                seat=seat,
                card=DECK[cid],
                source=source,
                group=group.id,
                owner=group.owner,
                clan=group.clan,
                size=group.size,
                new=len(group.all_cards()) == 1,
            )
        )

    def _new_group(self, owner: int, clan: int | None) -> Group:
        assert clan is not None
        group = Group(self.next_group, owner, clan)
        self.next_group += 1
        self.groups[group.id] = group
        return group

    def _capture(self, seat: int, group: Group, mine: list[int], orphan: int | None) -> list[Event]:
        """Rulings 10–12: the group and as many of the capturer's cards form a new group."""
        del self.groups[group.id]
        for cid in mine:
            self.hands[seat].remove(cid)
        new = self._new_group(seat, group.clan)
        new.cards = [*group.cards, *mine]
        new.bonus = group.bonus
        if orphan is not None:
            self.orphans[seat].remove(orphan)
            new.bonus = orphan
        events = [
            Event(
                Captured(
                    seat=seat,
                    victim=group.owner,
                    group=group.id,
                    new_group=new.id,
                    clan=group.clan,
                    taken=_cards(group.all_cards()),
                    played=_cards(mine),
                    orphan=None if orphan is None else DECK[orphan],
                    size=new.size,
                )
            )
        ]
        events += self._close_books()
        if not self.hands[seat]:
            return events + self._go_out(seat)
        return events + self._end_turn(captured=True)

    def _close_books(self) -> list[Event]:
        """Ruling 8 and 12: every group with six Clan cards is set aside as a book."""
        events = []
        for group in [group for group in self.groups.values() if group.size >= BOOK_SIZE]:
            del self.groups[group.id]
            book = Book.of(group)
            self.books.append(book)
            seen = book.view()
            events.append(
                # (An event's own kind is its name: the book's kind is its field `book`.)
                Event(record_from(BookClosed, seen, book=seen.kind))
            )
        return events

    def _end_turn(self, *, captured: bool = False) -> list[Event]:
        """Close books, make the second draw of a regular turn, and pass the turn on."""
        seat = self.turn
        events: list[Event] = [] if captured else self._close_books()
        if self.final_turns is None:
            if not captured and self.pile:
                cid = self.pile.pop()
                self.hands[seat] = _sorted([*self.hands[seat], cid])
                events.append(Event(DrewToHand(seat, len(self.pile)), {seat: DrawnCard(DECK[cid])}))
            if not self.pile:
                # Ruling 14: everyone has one more turn, the drawer of the last card last.
                order = [(seat + offset) % self.seats for offset in range(1, self.seats + 1)]
                self.final_turns = order
                events.append(Event(LastCard(seat, tuple(order))))
        if self.final_turns is not None:
            if not self.final_turns:
                return events + self._end_hand()
            return events + self._start_turn(self.final_turns.pop(0))
        return events + self._start_turn(self.left_of(seat))

    def _go_out(self, seat: int) -> list[Event]:
        """Ruling 13: an empty hand ends the hand at once."""
        self.went_out = seat
        return [*self._close_books(), Event(WentOut(seat)), *self._end_hand()]

    def _end_hand(self) -> list[Event]:
        self.drawn = None
        score = RoundScore(self.round, self.sides, hand_lines(self, self.sides))
        return self._finish_round(score, last=self.round >= HANDS_PER_GAME)

    # -- helpers -------------------------------------------------------------------------------

    def _group(self, gid: int) -> Group:
        if gid not in self.groups:
            raise IllegalAction("There is no such group on the table.")
        return self.groups[gid]

    def _places(self, cid: int) -> list[Group]:
        return places_for(self, cid)

    def _drawn(self) -> int:
        assert self.drawn is not None
        return self.drawn


def _sorted(cids: Sequence[int]) -> list[int]:
    return sorted(cids, key=SORT_KEYS.__getitem__)
