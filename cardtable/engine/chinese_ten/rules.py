"""Chinese Ten: capture the card that makes ten, then flip from the deck.

Spots are stacks (only the top card shows and can be taken). A turn is step 1, play a hand card
(capture if any capture exists, else lay), then step 2, flip from the deck while flips capture.
The player chooses only where a choice exists: which capture, where to lay, which of several
matching top cards a flipped card takes, and which spot a flipped card covers when none is empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import ClassVar, Final, Literal, TypedDict

from cardtable.engine.actions import NOT_IN_HAND, GameAction
from cardtable.engine.cards import Card, CardFace, standard_deck
from cardtable.engine.chinese_ten.scoring import pile_lines
from cardtable.engine.chinese_ten.spots import (
    SPOTS,
    check_spot,
    empty_spots,
    lay_spots,
    spots_by_top_rank,
    spots_with_top,
)
from cardtable.engine.chinese_ten.text import taken_back_words
from cardtable.engine.chinese_ten.types import (
    TYPES,
    Capture,
    Captured,
    ChineseTenTable,
    Dealt,
    Flipped,
    Laid,
    Lay,
    Pile,
    Place,
    Source,
    Spot,
    Take,
    Turn,
)
from cardtable.engine.chinese_ten.unseen import ChineseTenUnseen, decks_on
from cardtable.engine.events import DealtHand, Event
from cardtable.engine.game import Game, other_hands
from cardtable.engine.game_types import GameTypes
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.scores import RoundScore
from cardtable.engine.seat_words import Words
from cardtable.engine.setup import Setup
from cardtable.engine.views import SeatView, Zone

#: Cards dealt to each player by (decks, players).
HAND_SIZES = {(2, 2): 20, (2, 3): 15, (2, 4): 10, (1, 2): 13, (1, 3): 10, (1, 4): 8}

#: Where a turn is (the view adds "deal" between rounds and "over" at the end).
Phase = Literal["play", "take", "place"]
PLAY: Final = "play"  # step 1: capture or lay a hand card
TAKE: Final = "take"  # step 2: the flipped card captures; choose which top card
PLACE: Final = "place"  # step 2: the flipped card captures nothing and no spot is empty: a spot


def captured_rank(rank: int) -> int:
    """The rank a card of `rank` captures (ruling 4): the one making ten, or its own from 10 up."""
    return rank if rank >= 10 else 10 - rank


def makes_ten(rank_a: int, rank_b: int) -> bool:
    """Whether a card of `rank_a` captures a card of `rank_b` (ruling 4)."""
    return captured_rank(rank_a) == rank_b


def card_points(card: Card) -> int:
    """Ruling 9: A = 20; K, Q, J, 10 = 10; 2–9 = 5."""
    if card.rank == 1:
        return 20
    return 10 if card.rank >= 10 else 5


def partner_label(rank: int) -> str:
    """What a rank captures, in words: ``4`` for a 6, ``J`` for a jack."""
    other = captured_rank(rank)
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(other, str(other))


def with_article(rank_label: str, *, capital: bool = False) -> str:
    """``a 6``, ``an 8``, ``an A``; ``An A`` with `capital`."""
    article = "an" if rank_label in ("A", "8") else "a"
    return f"{article.capitalize() if capital else article} {rank_label}"


@dataclass(frozen=True)
class CardFacts:
    """Per card id, computed once per deck count: the hot paths only index these."""

    cards: tuple[Card, ...]
    ranks: tuple[int, ...]
    wanted: tuple[int, ...]  # the rank each card captures
    points: tuple[int, ...]
    faces: tuple[CardFace, ...]
    sort_keys: tuple[tuple[int, str, int], ...]


@cache
def card_facts(decks: int) -> CardFacts:
    cards = standard_deck(decks)
    return CardFacts(
        cards=cards,
        ranks=tuple(card.rank for card in cards),
        wanted=tuple(captured_rank(card.rank) for card in cards),
        points=tuple(card_points(card) for card in cards),
        faces=tuple(card.face for card in cards),
        sort_keys=tuple((card.rank, card.suit, card.cid) for card in cards),
    )


class ChineseTenOwnFields(TypedDict):
    """The fields of a seat's table view that it alone sees, by name."""

    hand: tuple[CardFace, ...]


class ChineseTen(Game):
    """The rules of Chinese Ten (rulings 1–9)."""

    types: ClassVar[GameTypes[ChineseTenTable]] = TYPES

    def __init__(self, setup: Setup, stack: Sequence[int] | None = None) -> None:
        super().__init__(setup)
        decks = int(setup.options["decks"])
        facts = card_facts(decks)
        self.cards = facts.cards
        self.ranks, self.wanted, self.points = facts.ranks, facts.wanted, facts.points
        self.faces, self.sort_keys = facts.faces, facts.sort_keys
        self.hand_size = HAND_SIZES[(decks, setup.seats)]
        self.rounds = int(setup.options["rounds"])
        #: Show only what the printed game shows: scoring piles lie face down.
        self.strict = bool(setup.options.get("strict", False))
        #: The cards the latest action captured, shown face up as they were taken.
        self.just_captured: list[int] = []
        self.hands: list[list[int]] = []
        self.piles: list[list[int]] = [[] for _ in range(self.seats)]
        self.pile_points = [0] * self.seats
        self.spots: list[list[int]] = [[] for _ in range(SPOTS)]
        self.deck: list[int] = []  # the top card is the last element
        self.turn = 0
        self.phase: Phase = PLAY
        self.flipped: int | None = None
        self.opening_events = self._start_round(self._deck_order(stack))

    # -- dealing ---------------------------------------------------------------------------

    def _start_round(self, order: list[int]) -> list[Event]:
        """From `order` (top card first), deal hands one at a time from the left of the
        dealer, lay out four spots, and start the turn of the player left of the dealer."""
        hands, position = self._deal_hands(order, self.hand_size)
        self.piles = [[] for _ in range(self.seats)]
        self.pile_points = [0] * self.seats
        self.just_captured = []
        self.hands = [self._sorted(hand) for hand in hands]  # kept sorted from here on
        self.spots = [[order[position + index]] for index in range(SPOTS)]
        position += SPOTS
        self.deck = order[position:][::-1]
        self.phase = PLAY
        self.flipped = None
        deal = Event(
            Dealt(
                round=self.round,
                dealer=self.dealer,
                hand_counts=tuple(len(hand) for hand in self.hands),
                spots=tuple(self.faces[spot[-1]] for spot in self.spots),
                deck=len(self.deck),
            ),
            {seat: DealtHand(self._faces(hand)) for seat, hand in enumerate(self.hands)},
        )
        return [deal, *self._start_turn(self.left_of(self.dealer))]

    # -- a position from a seat's view ------------------------------------------------------

    @classmethod
    def from_view(
        cls, view: SeatView[ChineseTenTable], unseen: ChineseTenUnseen, seed: int
    ) -> ChineseTen:
        """The game at `view`'s position with `unseen` where its seat cannot see (see
        `Game.from_view`); its scoring piles lie face up."""
        table, seat = view.table, view.seat
        assert seat is not None and table.hand is not None and table.turn is not None
        assert table.phase in (PLAY, TAKE, PLACE)
        options = {"decks": decks_on(table), "rounds": table.rounds, "strict": False}
        game = cls._from_frame(view, options, seed)
        mine = tuple(card.cid for card in table.hand)
        game.hands = [
            game._sorted(mine if other == seat else unseen.hands[other])
            for other in range(view.seats)
        ]
        game.spots = [list(stack) for stack in unseen.spots]
        game.piles = [list(pile) for pile in unseen.piles]
        game.pile_points = [sum(game.points[cid] for cid in pile) for pile in game.piles]
        game.deck = list(unseen.deck)
        game.turn, game.phase = table.turn, table.phase
        game.flipped = None if table.flipped is None else table.flipped.cid
        game.just_captured = []
        return game

    def unseen(self, seat: int) -> ChineseTenUnseen:
        return ChineseTenUnseen(
            hands=other_hands(self.hands, seat),
            spots=tuple(tuple(stack) for stack in self.spots),
            piles=tuple(tuple(pile) for pile in self.piles),
            deck=tuple(self.deck),
        )

    # -- the frame's questions -------------------------------------------------------------

    def _actors(self) -> tuple[int, ...]:
        return (self.turn,)

    def card_count(self) -> int:
        return len(self.cards)

    def _legal_actions(self, seat: int) -> list[GameAction]:
        if self.phase == TAKE:
            return [Take(spot) for spot in self._targets(self._flipped())]
        if self.phase == PLACE:
            return [Place(spot) for spot in range(SPOTS)]
        hand = self.hands[seat]
        spots_by_rank = spots_by_top_rank(self.spots, self.ranks)
        wanted = self.wanted
        captures: list[GameAction] = [
            Capture(cid, spot) for cid in hand for spot in spots_by_rank.get(wanted[cid], ())
        ]
        if captures:
            return captures
        return [Lay(cid, spot) for cid in hand for spot in lay_spots(self.spots)]

    def taken_back_words(self, seat: int, action: GameAction, events: Sequence[Event]) -> Words:
        return taken_back_words(events)

    def zones(self) -> dict[str, Zone]:
        zones = {"deck": Zone(tuple(self.deck))}
        for seat in range(self.seats):
            zones[f"hand {seat}"] = Zone(tuple(self.hands[seat]), owner=seat)
            if self.strict:  # face down, but for the cards just taken
                pile = self.piles[seat]
                zones[f"pile {seat}"] = Zone(tuple(c for c in pile if c not in self.just_captured))
                shown = tuple(c for c in pile if c in self.just_captured)
                zones[f"pile {seat} just taken"] = Zone(shown, public=True)
            else:
                zones[f"pile {seat}"] = Zone(tuple(self.piles[seat]), public=True)
        for index, spot in enumerate(self.spots):
            zones[f"spot {index} top"] = Zone(tuple(spot[-1:]), public=True)
            zones[f"spot {index} covered"] = Zone(tuple(spot[:-1]))
        if self.flipped is not None:
            zones["flipped"] = Zone((self.flipped,), public=True)
        return zones

    def _own_table_fields(self, seat: int) -> ChineseTenOwnFields:
        return {"hand": self._faces(self.hands[seat])}

    def _table_view(self, seat: int | None) -> ChineseTenTable:
        face_down = self.strict and not (self.over or self.awaiting_deal)
        public = ChineseTenTable(
            turn=None if self.over or self.awaiting_deal else self.turn,
            phase="over" if self.over else "deal" if self.awaiting_deal else self.phase,
            hand=None,
            hand_counts=tuple(len(hand) for hand in self.hands),
            spots=tuple(
                Spot(self.faces[spot[-1]] if spot else None, len(spot)) for spot in self.spots
            ),
            deck=len(self.deck),
            flipped=None if self.flipped is None else self.faces[self.flipped],
            piles=tuple(
                Pile(len(pile), None if face_down else points)
                for pile, points in zip(self.piles, self.pile_points, strict=True)
            ),
            rounds=self.rounds,
        )
        return public if seat is None else replace(public, **self._own_table_fields(seat))

    # -- applying actions --------------------------------------------------------------------

    def _apply(self, seat: int, action: GameAction) -> list[Event]:
        events = self._play(seat, action)
        self.just_captured = [
            cid
            for event in events
            if isinstance(event.public, Captured)
            for cid in (event.public.card.cid, event.public.target.cid)
        ]
        return events

    def _play(self, seat: int, action: GameAction) -> list[Event]:
        if self.phase == PLAY:
            match action:
                case Capture(cid=cid, spot=spot):
                    return self._capture_from_hand(seat, cid, spot)
                case Lay(cid=cid, spot=spot):
                    return self._lay_from_hand(seat, cid, spot)
                case Take() | Place():
                    raise IllegalAction("Play a card from your hand first; the flip comes after.")
            raise IllegalAction(f"{action.kind!r} is not a move in Chinese Ten.")
        flipped = self._card_label(self._flipped())
        match action:
            case Take(spot=spot) if self.phase == TAKE:
                return self._take_with_flip(seat, spot)
            case Place(spot=spot) if self.phase == PLACE:
                return self._place_flip(seat, spot)
            case Capture() | Lay() | Take() | Place() if self.phase == TAKE:
                raise IllegalAction(f"Choose which card the flipped {flipped} takes.")
            case Capture() | Lay() | Take() | Place():
                raise IllegalAction(f"Choose which spot the flipped {flipped} covers.")
        raise IllegalAction(f"{action.kind!r} is not a move in Chinese Ten.")

    def _capture_from_hand(self, seat: int, cid: int, spot: int) -> list[Event]:
        self._check_hand_card(seat, cid)
        check_spot(spot)
        if not self.spots[spot]:
            raise IllegalAction(f"Spot {spot + 1} is empty; there is nothing to take there.")
        card, target = self.cards[cid], self.cards[self.spots[spot][-1]]
        if not makes_ten(card.rank, target.rank):
            raise IllegalAction(
                f"Your {card.label} cannot take the {target.label}: "
                f"{with_article(card.rank_label, capital=True)} takes "
                f"{with_article(partner_label(card.rank))}."
            )
        self.hands[seat].remove(cid)
        events = [self._capture(seat, cid, spot, "hand")]
        return events + self._flip_until_done(seat)

    def _lay_from_hand(self, seat: int, cid: int, spot: int) -> list[Event]:
        self._check_hand_card(seat, cid)
        check_spot(spot)
        spots_by_rank = spots_by_top_rank(self.spots, self.ranks)
        for other_cid in self.hands[seat]:
            targets = spots_by_rank.get(self.wanted[other_cid])
            if targets:
                other = self.cards[other_cid]
                top = self.cards[self.spots[targets[0]][-1]]
                raise IllegalAction(
                    f"You must capture when you can: your {other.label} takes the "
                    f"{top.label} in spot {targets[0] + 1}."
                )
        if spot not in lay_spots(self.spots):
            empty = lay_spots(self.spots)[0]
            raise IllegalAction(
                f"Lay into an empty spot while there is one: spot {empty + 1} is empty."
            )
        self.hands[seat].remove(cid)
        events = [self._put(seat, cid, spot, "hand")]
        return events + self._flip_until_done(seat)

    def _take_with_flip(self, seat: int, spot: int) -> list[Event]:
        check_spot(spot)
        flipped = self._flipped()
        if spot not in self._targets(flipped):
            raise IllegalAction(
                f"The flipped {self._card_label(flipped)} cannot take what is in spot {spot + 1}; "
                f"it takes {with_article(partner_label(self.cards[flipped].rank))}."
            )
        self.flipped = None
        self.phase = PLAY
        events = [self._capture(seat, flipped, spot, "flip")]
        return events + self._flip_until_done(seat)

    def _place_flip(self, seat: int, spot: int) -> list[Event]:
        check_spot(spot)
        flipped = self._flipped()
        self.flipped = None
        self.phase = PLAY
        return [self._put(seat, flipped, spot, "flip"), *self._end_turn(seat)]

    # -- the steps of a turn -----------------------------------------------------------------

    def _capture(self, seat: int, cid: int, spot: int, source: Source) -> Event:
        target = self.spots[spot].pop()
        self.piles[seat] += [cid, target]
        points = self.points[cid] + self.points[target]
        self.pile_points[seat] += points
        faces, stack = self.faces, self.spots[spot]
        return Event(
            Captured(
                seat=seat,
                card=faces[cid],
                target=faces[target],
                spot=spot,
                source=source,
                points=points,
                uncovered=faces[stack[-1]] if stack else None,
            )
        )

    def _put(self, seat: int, cid: int, spot: int, source: Source) -> Event:
        stack = self.spots[spot]
        covered = self.faces[stack[-1]] if stack else None
        stack.append(cid)
        return Event(Laid(seat, self.faces[cid], spot, source, covered))

    def _flip_until_done(self, seat: int) -> list[Event]:
        """Step 2: flip while the deck lasts and flips capture; stop early for a choice."""
        events: list[Event] = []
        while self.deck:
            cid = self.deck.pop()
            events.append(Event(Flipped(seat, self.faces[cid])))
            targets = self._targets(cid)
            if len(targets) == 1:
                events.append(self._capture(seat, cid, targets[0], "flip"))
                continue
            if targets:
                self.flipped, self.phase = cid, TAKE
                return events
            empty = empty_spots(self.spots)
            if not empty:
                self.flipped, self.phase = cid, PLACE
                return events
            events.append(self._put(seat, cid, empty[0], "flip"))
            break
        return events + self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[Event]:
        """Ruling 8: end the round after a turn that empties every hand, or deck and spots."""
        all_hands_empty = not any(self.hands)
        table_cleared = not self.deck and not any(self.spots)
        if all_hands_empty or table_cleared:
            return self._end_round()
        return self._start_turn(self.left_of(seat))

    def _start_turn(self, seat: int) -> list[Event]:
        """Begin `seat`'s turn; with an empty hand it goes straight to flipping (ruling 7).

        A seat with an empty hand and nothing to flip has no turn at all and is passed over.
        """
        for _ in range(self.seats):
            if self.hands[seat] or self.deck:
                break
            seat = self.left_of(seat)
        self.turn, self.phase = seat, PLAY
        events = [Event(Turn(seat))]
        if not self.hands[seat]:
            events += self._flip_until_done(seat)
        return events

    def _end_round(self) -> list[Event]:
        score = RoundScore(
            self.round,
            self.sides,
            tuple(pile_lines([self.cards[cid].rank for cid in pile]) for pile in self.piles),
        )
        return self._finish_round(score, last=self.round >= self.rounds)

    # -- helpers -------------------------------------------------------------------------------

    def _targets(self, cid: int) -> list[int]:
        """Spots whose top card the card `cid` captures."""
        return spots_with_top(self.spots, self.ranks, self.wanted[cid])

    def _check_hand_card(self, seat: int, cid: int) -> None:
        if cid not in self.hands[seat]:
            raise IllegalAction(NOT_IN_HAND)

    def _flipped(self) -> int:
        assert self.flipped is not None
        return self.flipped

    def _faces(self, cids: Sequence[int]) -> tuple[CardFace, ...]:
        faces = self.faces
        return tuple(faces[cid] for cid in cids)

    def _card_label(self, cid: int) -> str:
        return self.cards[cid].label

    def _sorted(self, cids: Sequence[int]) -> list[int]:
        return sorted(cids, key=self.sort_keys.__getitem__)
