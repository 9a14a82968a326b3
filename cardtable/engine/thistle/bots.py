"""A heuristic Thistle bot: capture what pays, build groups out of the reach of capture, keep
bonus cards for the groups that make the best books, and go out when it pays.

The bot knows only its seat's view. It plans a whole turn from the position (which Clan cards go
onto which of its side's groups, where each bonus card goes, whether it can go out) and plays the
first step of the plan; after each play it plans again from the new position, which leads to the
same plan, so a turn's plays hang together.

A group of 2 or 3 Clan cards left on the table is worth its points less what a capture would
swing to a rival, times the chance of one: the bot counts the cards of the clan it cannot see and
the cards in its rivals' hands. So, early in a hand, it does not make a lone card a pair, but it
may add a third card to a pair its draw made, as a rival seldom holds three of a clan.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.thistle.cards import (
    ARMS,
    CARD_POINTS,
    CASTLE,
    CLAN,
    CLAN_CARDS_PER_CLAN,
    CLANS,
    ThistleCard,
)
from cardtable.engine.thistle.groups import BOOK_SIZE, BOOK_VALUES, CAPTURABLE_SIZES, book_kind
from cardtable.engine.thistle.types import (
    Capture,
    Draw,
    End,
    GroupView,
    Place,
    Play,
    ThistleTable,
)
from cardtable.engine.views import SeatView

#: A card as seen.
Card = ThistleCard

DRAW = Draw()
END = End()

#: With fewer cards than this per seat left in the pile the hand is near its end: cards held
#: will soon be deducted, so bonus cards are dumped and Clan cards lose their option value.
LATE_PILE_PER_SEAT = 4
#: What a Clan card kept in hand is worth: early, the chance to capture or build with it later;
#: late (or when nobody can capture any more), only its deduction.
HOLD_EARLY = 8
HOLD_LATE = -CARD_POINTS[CLAN]
#: A rival who holds as many Clan cards of a clan as one of our groups of 2 or 3 has can take it
#: on their turn. The chance that one does, from the cards we cannot see, is multiplied by this:
#: hands are not random (players keep cards of the clans they build) and a group often stays
#: exposed for more than one round.
RISK_FACTOR = 2
#: What a rival's capture of one of our groups of 2 gains them beyond its cards: a safe group of
#: four on its way to a book. (A capture of 3 gains them the book.)
RIVAL_FOUR = 40
#: A little extra for a safe group nearer a book, so that cards go down together.
PROGRESS = {1: 0, 2: 2, 3: 4, 4: 10, 5: 20}
#: A guess at what one card in the partner's hidden hand costs if the hand ends now.
HIDDEN_CARD_POINTS = 7
#: A safe group this big may take a Castle or its own Coat of Arms before it closes.
NEAR_BOOK = 4


@dataclass(frozen=True)
class Spot:
    """An open group of the bot's side (its own or its partner's)."""

    id: int
    owner: int
    clan: int
    size: int
    bonus: Card | None


@dataclass(frozen=True)
class Reading:
    """What the seat knows from its view, in the shape the bot's rules need."""

    seat: int
    side: tuple[int, ...]
    hand: tuple[Card, ...]
    #: The side's open groups (the seat's and its partner's).
    spots: tuple[Spot, ...]
    #: Every open group on the table, by id.
    groups: Mapping[int, GroupView]
    #: Per clan, how many of its Clan cards the seat cannot see (other hands and the pile).
    unseen: Mapping[int, int]
    #: How many cards each rival holds who still has a turn in this hand (and so might capture).
    rivals: tuple[int, ...]
    #: How many cards the seat cannot see: the pile and the other hands.
    hidden: int
    #: Whether the hand is near its end.
    late: bool
    orphans: tuple[Card, ...]
    #: The side's points so far that going out would double: books, less orphans and an
    #: estimate of the partner's hand.
    banked: int

    def risk(self, clan: int, size: int) -> float:
        """How likely a group of ours of `size` Clan cards of `clan` is to be captured."""
        if size not in CAPTURABLE_SIZES or self.unseen[clan] < size:
            return 0.0
        chance = 1 - math.prod(
            1 - holds_at_least(size, self.unseen[clan], hand, self.hidden) for hand in self.rivals
        )
        return min(1.0, RISK_FACTOR * chance)

    def exposed(self, clan: int, size: int) -> bool:
        """Whether a group of ours of `size` Clan cards of `clan` could be captured at all."""
        return self.risk(clan, size) > 0

    @property
    def hold(self) -> int:
        """What keeping one Clan card in hand is worth now."""
        return HOLD_LATE if self.late or not self.rivals else HOLD_EARLY

    def clan_cards(self) -> dict[int, list[Card]]:
        """The Clan cards in hand, by clan."""
        by_clan: dict[int, list[Card]] = {}
        for card in self.hand:
            if card.kind == CLAN and card.clan is not None:
                by_clan.setdefault(card.clan, []).append(card)
        return by_clan

    def bonus_cards(self) -> list[Card]:
        return [card for card in self.hand if card.kind != CLAN]


def read(view: SeatView[ThistleTable]) -> Reading:
    """Digest a seat's view."""
    table, seat = view.table, view.seat
    assert seat is not None, "a bot plays a seat"
    side = next(tuple(side) for side in view.sides if seat in side)
    groups = {group.id: group for group in table.groups}
    spots = tuple(
        Spot(group.id, group.owner, group.clan, group.size, group.bonus)
        for group in groups.values()
        if group.owner in side
    )
    counts = table.hand_counts
    to_act = table.final_turns if table.last_round else range(len(counts))
    partners = [other for other in side if other != seat]
    banked = (
        sum(book.value for book in table.books if book.owner in side)
        - sum(bonus_points(card) for other in side for card in table.orphans[other])
        - sum(counts[other] for other in partners) * HIDDEN_CARD_POINTS
    )
    return Reading(
        seat=seat,
        side=side,
        hand=table.hand or (),
        spots=spots,
        groups=groups,
        unseen=unseen_clan_cards(table),
        rivals=tuple(counts[other] for other in to_act if other not in side),
        hidden=table.pile + sum(counts) - counts[seat],
        late=table.last_round or table.pile < LATE_PILE_PER_SEAT * view.seats,
        orphans=table.orphans[seat],
        banked=banked,
    )


@functools.cache
def holds_at_least(count: int, wanted: int, hand: int, hidden: int) -> float:
    """The chance that a hand of `hand` cards dealt from `hidden` unseen cards, `wanted` of them
    of one clan, holds at least `count` of that clan (the hypergeometric law)."""
    if hand < count:
        return 0.0
    hidden = max(hidden, wanted, hand)
    below = sum(
        math.comb(wanted, got) * math.comb(hidden - wanted, hand - got) for got in range(count)
    )
    return 1 - below / math.comb(hidden, hand)


def unseen_clan_cards(table: ThistleTable) -> dict[int, int]:
    """Per clan, its Clan cards that are in no open group, book, the drawn card or our hand."""
    seen = [*(table.hand or ()), *[card for group in table.groups for card in group.cards]]
    if table.drawn is not None:
        seen.append(table.drawn)
    seen += [card for book in table.books for card in book.cards]
    unseen = dict.fromkeys(CLANS, CLAN_CARDS_PER_CLAN)
    for card in seen:
        if card.kind == CLAN and card.clan is not None:
            unseen[card.clan] -= 1
    return unseen


# -- what groups are worth ------------------------------------------------------------------------


def bonus_points(card: Card | None) -> int:
    """Points of a bonus card on the table (or deducted when held or set aside)."""
    return 0 if card is None else CARD_POINTS[card.kind]


def book_value(clan: int, bonus: Card | None) -> int:
    """What a book of `clan` with `bonus` scores."""
    return BOOK_VALUES[book_kind(clan, None if bonus is None else bonus.cid)]


def group_worth(reading: Reading, clan: int, size: int, bonus: Card | None) -> float:
    """What one of our groups is worth at the end of our turn: a book its value; an open group
    its points and a little for progress, less what a capture would swing to a rival (our
    points, theirs, and their book or group of four) times its chance."""
    if size >= BOOK_SIZE:
        return book_value(clan, bonus)
    points = CARD_POINTS[CLAN] * size + bonus_points(bonus)
    swing = 2 * points + (book_value(clan, bonus) if size == 3 else RIVAL_FOUR)
    return points + PROGRESS[size] - reading.risk(clan, size) * swing


def is_own_arms(card: Card, clan: int) -> bool:
    """Whether `card` is the Coat of Arms of `clan` (it makes a perfect book)."""
    return card.kind == ARMS and card.clan == clan


# -- Clan cards: how many go onto which group ------------------------------------------------------


def allocations(count: int, spots: Sequence[Spot]) -> Iterator[tuple[int, ...]]:
    """Every way to add at most `count` Clan cards to `spots`, no group past six."""
    ranges = [range(min(count, BOOK_SIZE - spot.size) + 1) for spot in spots]
    for adds in itertools.product(*ranges):
        if sum(adds) <= count:
            yield adds


def best_allocation(
    reading: Reading, clan: int, count: int, rng: random.Random, *, use_all: bool = False
) -> tuple[float, dict[int, int]]:
    """The best split of our `count` Clan cards of `clan` over our groups of that clan (all of
    them when `use_all`), with its worth: {group id: cards added}."""
    spots = [spot for spot in reading.spots if spot.clan == clan]
    best: tuple[float, float, dict[int, int]] | None = None
    for adds in allocations(count, spots):
        if use_all and sum(adds) != count:
            continue
        worth: float = reading.hold * (count - sum(adds))
        worth += sum(
            group_worth(reading, clan, spot.size + add, spot.bonus)
            for spot, add in zip(spots, adds, strict=True)
        )
        split = {spot.id: add for spot, add in zip(spots, adds, strict=True) if add}
        option = (worth, rng.random(), split)
        if best is None or option[:2] > best[:2]:
            best = option
    return (best[0], best[2]) if best else (0.0, {})


def plan_clan_cards(
    reading: Reading, rng: random.Random, *, use_all: bool = False
) -> tuple[list[Play], dict[int, int]]:
    """The Clan card plays of the turn, and each group's size after them."""
    actions: list[Play] = []
    sizes = {spot.id: spot.size for spot in reading.spots}
    built = {spot.clan for spot in reading.spots}
    for clan, cards in reading.clan_cards().items():
        if clan not in built:
            continue
        _, adds = best_allocation(reading, clan, len(cards), rng, use_all=use_all)
        queue = iter(cards)
        for gid, add in adds.items():
            sizes[gid] += add
            actions += [Play(next(queue).cid, gid) for _ in range(add)]
    return actions, sizes


# -- bonus cards: which group each one goes to -----------------------------------------------------


def reserved_arms(reading: Reading, card: Card) -> bool:
    """Whether `card` is a Coat of Arms whose own clan has a group on our side."""
    return card.kind == ARMS and any(spot.clan == card.clan for spot in reading.spots)


def bonus_order(reading: Reading, card: Card) -> int:
    """Which bonus cards choose their group first: arms kept for their own clan's group, then
    Castles, then other arms."""
    if reserved_arms(reading, card):
        return 0
    return 1 if card.kind == CASTLE else 2


def welcome(reading: Reading, card: Card, spot: Spot, size: int) -> bool:
    """Whether to play hand bonus `card` onto `spot` (of `size` Clan cards after this turn).

    Never onto an exposed group. Late in the hand, onto any other. Before that, a Coat of Arms
    whose clan we hold a group of waits for that group to near a book, a Castle for any group to
    near a book, and another clan's arms for a group that closes this turn."""
    if reading.exposed(spot.clan, size):
        return False
    if reading.late:
        return True
    if reserved_arms(reading, card):
        return is_own_arms(card, spot.clan) and size >= NEAR_BOOK
    if card.kind == CASTLE:
        return size >= NEAR_BOOK
    return size >= BOOK_SIZE


def plan_bonus_cards(
    reading: Reading, sizes: Mapping[int, int], rng: random.Random, *, place_all: bool = False
) -> list[Play]:
    """The bonus card plays of the turn: each card, in `bonus_order`, takes the best free group
    it is welcome on (any free group when `place_all`): its own clan's, then the nearest a book."""
    free = [spot for spot in reading.spots if spot.bonus is None]
    actions: list[Play] = []
    for card in sorted(reading.bonus_cards(), key=lambda card: bonus_order(reading, card)):
        targets = [
            spot for spot in free if place_all or welcome(reading, card, spot, sizes[spot.id])
        ]
        if not targets:
            continue
        spot = max(
            targets,
            key=lambda spot: (is_own_arms(card, spot.clan), sizes[spot.id], rng.random()),
        )
        free.remove(spot)
        actions.append(Play(card.cid, spot.id))
    return actions


# -- going out -------------------------------------------------------------------------------------


def can_play_all(reading: Reading) -> bool:
    """Whether every card in hand fits onto our side's groups this turn."""
    for clan, cards in reading.clan_cards().items():
        room = sum(BOOK_SIZE - spot.size for spot in reading.spots if spot.clan == clan)
        if len(cards) > room:
            return False
    free = sum(1 for spot in reading.spots if spot.bonus is None)
    return len(reading.bonus_cards()) <= free


def table_points(clan: int, size: int, bonus: Card | None) -> int:
    """What a group scores if the hand ends now: a book its value, an open group its cards."""
    if size >= BOOK_SIZE:
        return book_value(clan, bonus)
    return CARD_POINTS[CLAN] * size + bonus_points(bonus)


def net_after(reading: Reading, sizes: Mapping[int, int], plays: Sequence[Play]) -> int:
    """Our side's hand score if the hand ended after `plays` with our hand empty."""
    cards = {card.cid: card for card in reading.hand if card.kind != CLAN}
    bonuses = {play.group: cards[play.cid] for play in plays if play.cid in cards}
    return reading.banked + sum(
        table_points(spot.clan, sizes[spot.id], spot.bonus or bonuses.get(spot.id))
        for spot in reading.spots
    )


def going_out(reading: Reading, rng: random.Random) -> list[Play] | None:
    """The plays that empty the hand, if that is possible and our side's net is not negative."""
    if not reading.hand or not can_play_all(reading):
        return None
    final = replace(reading, rivals=())  # the hand ends: nobody captures any more
    clan_plays, sizes = plan_clan_cards(final, rng, use_all=True)
    plays = clan_plays + plan_bonus_cards(final, sizes, rng, place_all=True)
    if len(plays) != len(reading.hand) or net_after(reading, sizes, plays) < 0:
        return None
    return plays


def plan_turn(reading: Reading, rng: random.Random) -> tuple[list[Play], bool]:
    """The plays of this turn, and whether they go out."""
    plays = going_out(reading, rng)
    if plays is not None:
        return plays, True
    clan_plays, sizes = plan_clan_cards(reading, rng)
    return clan_plays + plan_bonus_cards(reading, sizes, rng), False


# -- captures --------------------------------------------------------------------------------------


def capture_key(reading: Reading, action: Capture) -> tuple[bool, bool, bool, int, int] | None:
    """How good a capture is (None: not worth a turn). Best: going out; then taking from a rival
    rather than the partner; a capture of 3 (a book) over 2; the best book the new group makes
    or can make (with its own arms, a Castle, other arms); the points taken.

    Taking the partner's group of 2 or 3 always makes it a safe group or a book, but playing the
    same cards onto it in a regular turn does as much and draws too, so the bot captures from
    its partner only to bring a set-aside bonus card back into play."""
    group = reading.groups[action.group]
    rival = group.owner not in reading.side
    orphan = next((card for card in reading.orphans if card.cid == action.orphan), None)
    if not rival and orphan is None:
        return None
    size, clan, bonus = group.size, group.clan, group.bonus or orphan
    goes_out = len(reading.hand) == size and capture_net(reading, action, bonus) >= 0
    taken = CARD_POINTS[CLAN] * size + bonus_points(group.bonus)
    return goes_out, rival, size * 2 >= BOOK_SIZE, book_value(clan, bonus), taken


def capture_net(reading: Reading, action: Capture, bonus: Card | None) -> int:
    """Our side's hand score if the hand ended after this capture with our hand empty."""
    group = reading.groups[action.group]
    kept = sum(
        table_points(spot.clan, spot.size, spot.bonus)
        for spot in reading.spots
        if spot.id != group.id
    )
    orphan = bonus_points(bonus) if action.orphan is not None else 0
    return reading.banked + orphan + kept + table_points(group.clan, group.size * 2, bonus)


def best_capture(
    reading: Reading, legal: Sequence[GameAction], rng: random.Random
) -> Capture | None:
    """The most rewarding capture among `legal`, if any is worth the turn."""
    scored = [
        (key, rng.random(), action)
        for action in legal
        if isinstance(action, Capture) and (key := capture_key(reading, action)) is not None
    ]
    return max(scored, key=lambda item: item[:2])[2] if scored else None


# -- the drawn card --------------------------------------------------------------------------------


def place_drawn(reading: Reading, drawn: Card, legal: Sequence[Place], rng: random.Random) -> Place:
    """Choose the group for the drawn card: for a Clan card, the one that leaves our cards of its
    clan best placed; for a bonus card, the safe group that makes the best book soonest."""
    clan = drawn.clan
    if drawn.kind == CLAN and clan is not None:

        def clan_worth(action: Place) -> float:
            spots = tuple(
                replace(spot, size=spot.size + 1) if spot.id == action.group else spot
                for spot in reading.spots
            )
            count = len(reading.clan_cards().get(clan, []))
            worth, _ = best_allocation(replace(reading, spots=spots), clan, count, rng)
            return worth

        return max(legal, key=lambda action: (clan_worth(action), rng.random()))
    _, sizes = plan_clan_cards(reading, rng)
    kept = {card.clan for card in reading.bonus_cards() if reserved_arms(reading, card)}

    def bonus_key(action: Place) -> tuple[bool, bool, bool, int, float]:
        spot = next(spot for spot in reading.spots if spot.id == action.group)
        size = sizes[spot.id]
        return (
            not reading.exposed(spot.clan, size),
            is_own_arms(drawn, spot.clan),
            spot.clan not in kept,
            size,
            rng.random(),
        )

    return max(legal, key=bonus_key)


class HeuristicBot(Bot[ThistleTable]):
    """Captures when it pays (from rivals first, a 3 before a 2, with its best set-aside bonus
    card), completes books, keeps its groups out of reach of capture (4, 5 or 6 Clan cards rather
    than 2 or 3, unless a capture is unlikely), saves bonus cards for the groups that make the
    best books and dumps them late, goes out when its whole hand fits and its side's net is not
    negative, and builds on its partner's groups as on its own."""

    def choose(
        self, view: SeatView[ThistleTable] | None, legal: Sequence[GameAction]
    ) -> GameAction:
        if len(legal) == 1:
            return legal[0]
        assert view is not None, "the heuristic bot reads its view"
        reading = read(view)
        table = view.table
        if table.phase == "place" and table.drawn is not None:
            places = [action for action in legal if isinstance(action, Place)]
            return place_drawn(reading, table.drawn, places, self.rng)
        capture = best_capture(reading, legal, self.rng)
        if table.phase == "start":
            return capture or DRAW
        plays, out = plan_turn(reading, self.rng)
        if capture is not None and not out:
            return capture
        return next((play for play in plays if play in legal), END)
