"""A heuristic Queen of Scots bot: take the pile when it pays, put down all it can, keep the
cards likely to join a set, feed the next player no pile, and go out whenever it can.

The bot knows only its seat's view. It values a position as the points its plays put on the
table this turn, plus what each card kept in hand is worth: about its value if it will likely
join a set before the round ends, about minus its value if it will likely be stuck in hand. The
chance comes from the copies of its kind the bot cannot see and the draws it has left: the
stock's, fewer when a rival's hand is small (rounds end when someone goes out), none when a
rival may go out next turn. The discard is the card whose loss costs least, counting what it may
hand the next player: the chance they hold two matching cards, times what the take would bring
them (the card, their two, and the pile's cards that fit their sets).

Each pickup (draw, take or stop) is scored by the position it leads to, a draw averaged over the
kinds of card it may bring; on an empty stock, stopping scores the hand as it is. In the meld
phase the bot plans the whole turn and plays its first step; the next call plans again from the
new position and finds the same plan, so a turn's plays hang together.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.queen_of_scots.edition import EDITIONS, STANDARD, Edition
from cardtable.engine.queen_of_scots.types import (
    Add,
    Discard,
    Draw,
    Meld,
    QueenFace,
    QueenOfScotsTable,
    Take,
)
from cardtable.engine.tuned import tuned_judgement
from cardtable.engine.views import SeatView


@dataclass(frozen=True)
class Judgement:
    """The numbers the bot's rules weigh. The defaults are the ``normal`` bot's, unchanged;
    ``hard`` plays with values tuned by self-play (`TUNED`, benchmarks/tune_bots.py)."""

    #: What going out is worth beyond the cards played: the round ends with the rivals' hands
    #: deducted and nothing left in ours, so the bot goes out whenever it can.
    out_bonus: float = 1000
    #: A rival with this many cards or fewer may go out on their next turn.
    near_out: float = 2
    #: The draws the bot counts on per card a rival holds beyond `near_out`.
    draws_per_card: float = 0.5
    #: The chance, per draw, that a lone Crown Jewel finds a pair to make a set with.
    jewel_pairs: float = 0.25
    #: How much what a discard may hand the next player counts against it. Above 1: players
    #: keep the pairs they draw, so a rival holds two of a kind more often than chance says.
    feed: float = 3.0
    #: A take moves the taker's two cards from minus to plus their value and adds the top.
    take_swing: float = 5
    #: What a card likely stuck in hand costs, for each point it would score going down.
    stuck: float = 1.0
    #: What the bot counts the cards kept in hand at, against the points it plays this turn.
    kept_weight: float = 1.0
    #: Points added to taking the pile, against drawing.
    take_bias: float = 0.0


#: The ``normal`` bot's judgement.
NORMAL = Judgement()


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the bot thinks of it: its id, value and match (None: a Crown Jewel)."""

    cid: int
    value: int
    match: str | None


def card_of(deck: Edition, face: QueenFace) -> Card:
    """The bot's form of a card seen; what it matches comes from the edition's card."""
    card = deck.cards[face.cid]
    return Card(card.cid, card.value, card.match)


@functools.cache
def deck_kinds(edition: str) -> tuple[tuple[str | None, int, int], ...]:
    """The edition's kinds of card: (match, copies, average value), Crown Jewels as None."""
    deck = EDITIONS.get(edition, STANDARD)
    copies: Counter[str | None] = Counter()
    points: Counter[str | None] = Counter()
    for card in deck.cards:
        copies[card.match] += 1
        points[card.match] += card.value
    return tuple((match, copies[match], round(points[match] / copies[match])) for match in copies)


@functools.lru_cache(maxsize=4096)
def at_least(need: int, draws: int, chance: float) -> float:
    """The chance of `need` (1 or 2) hits or more in `draws` tries of `chance` each."""
    if draws <= 0 or chance <= 0:
        return 0.0
    chance = min(chance, 1.0)
    none = (1 - chance) ** draws
    if need <= 1:
        return 1 - none
    one = draws * chance * (1 - chance) ** (draws - 1)
    return max(0.0, 1 - none - one)


@functools.lru_cache(maxsize=4096)
def holds_two(wanted: int, hand: int, hidden: int) -> float:
    """The chance that a hand of `hand` cards dealt from `hidden` unseen cards, `wanted` of them
    of one kind, holds two or more of that kind (the hypergeometric law)."""
    if wanted < 2 or hand < 2:
        return 0.0
    hidden = max(hidden, wanted, hand)
    none = math.comb(hidden - wanted, hand)
    one = wanted * math.comb(hidden - wanted, hand - 1)
    return 1 - (none + one) / math.comb(hidden, hand)


# -- reading the view ------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """What the seat knows from its view, in the shape the bot's rules need."""

    seat: int
    seats: int
    hand: tuple[Card, ...]
    #: The seat's own sets: match -> set id.
    sets: Mapping[str, int]
    #: The kinds of set the next player has.
    next_sets: frozenset[str]
    pile: tuple[Card, ...]
    stock: int
    counts: tuple[int, ...]
    #: Per match (None: Crown Jewels), the copies the seat cannot see: in the stock or a hand.
    unseen: Mapping[str | None, int]
    #: How many cards the seat cannot see.
    hidden: int
    #: The kinds of card a draw may bring: (match, unseen copies, average value).
    kinds: tuple[tuple[str | None, int, int], ...]
    #: The numbers the bot's rules weigh.
    judgement: Judgement = NORMAL

    @property
    def next_hand(self) -> int:
        return self.counts[(self.seat + 1) % self.seats]

    def draws_left(self, stock: int) -> int:
        """The draws the seat can count on after this turn, `stock` cards being left after its
        pickup: a round of turns each, fewer as a rival's hand shrinks, none when one may go
        out on their next turn."""
        draws = stock // self.seats
        others = [count for seat, count in enumerate(self.counts) if seat != self.seat]
        if others:
            judgement = self.judgement
            beyond = (min(others) - judgement.near_out) * judgement.draws_per_card
            draws = min(draws, max(0, int(beyond)))
        return draws


def read(view: SeatView[QueenOfScotsTable], judgement: Judgement = NORMAL) -> Reading:
    """Digest a seat's view, for a bot of `judgement`."""
    table, seat, seats = view.table, view.seat, view.seats
    assert seat is not None, "a bot plays a seat"
    deck = EDITIONS.get(table.edition, STANDARD)
    hand = tuple(card_of(deck, face) for face in table.hand or ())
    pile = tuple(card_of(deck, face) for face in table.pile)
    own: dict[str, int] = {}
    next_sets: set[str] = set()
    seen: Counter[str | None] = Counter(card.match for card in (*hand, *pile))
    for group in table.sets:
        if group.owner == seat:
            own[group.of] = group.id
        elif group.owner == (seat + 1) % seats:
            next_sets.add(group.of)
        seen.update(deck.cards[face.cid].match for face in group.cards)
    kinds = tuple(
        (match, max(0, copies - seen[match]), value)
        for match, copies, value in deck_kinds(table.edition)
    )
    counts = table.hand_counts
    return Reading(
        seat=seat,
        seats=seats,
        hand=hand,
        sets=own,
        next_sets=frozenset(next_sets),
        pile=pile,
        stock=table.stock,
        counts=counts,
        unseen={match: unseen for match, unseen, _ in kinds},
        hidden=table.stock + sum(counts) - counts[seat],
        kinds=kinds,
        judgement=judgement,
    )


# -- the turn's plays ------------------------------------------------------------------------


@dataclass
class Plan:
    """One turn's plays: new sets (their cards), cards added to sets, and what stays in hand."""

    melds: list[tuple[str, list[Card]]] = field(default_factory=list)
    adds: list[tuple[Card, str]] = field(default_factory=list)
    rest: list[Card] = field(default_factory=list)
    #: The value the plays put on the table.
    gain: int = 0

    @property
    def out(self) -> bool:
        """Whether the plays, and a discard, empty the hand."""
        return len(self.rest) <= 1


def plan(hand: Sequence[Card], sets: frozenset[str]) -> Plan:
    """Put down all that can go down: every card matching a set, every three or more of a kind,
    each pair (the highest first) with a Crown Jewel, then the other Jewels onto a set. Cards
    on the table score and can never be stuck in hand; there is no capture to fear."""
    result = Plan()
    groups: dict[str, list[Card]] = {}
    jewels: list[Card] = []
    for card in hand:
        if card.match is None:
            jewels.append(card)
        else:
            groups.setdefault(card.match, []).append(card)
    made = set(sets)
    pairs: list[tuple[int, str]] = []
    for match, cards in groups.items():
        if match in sets:
            result.adds += [(card, match) for card in cards]
        elif len(cards) >= 3:
            result.melds.append((match, cards))
            made.add(match)
        elif len(cards) == 2:
            pairs.append((cards[0].value + cards[1].value, match))
        else:
            result.rest += cards
    for _, match in sorted(pairs, reverse=True):
        if jewels:
            result.melds.append((match, [*groups[match], jewels.pop()]))
            made.add(match)
        else:
            result.rest += groups[match]
    if made:
        target = min(made)
        result.adds += [(jewel, target) for jewel in jewels]
    else:
        result.rest += jewels
    result.gain = sum(card.value for _, cards in result.melds for card in cards)
    result.gain += sum(card.value for card, _ in result.adds)
    return result


# -- what the cards kept in hand are worth ---------------------------------------------------


def group_worth(reading: Reading, match: str | None, count: int, value: int, draws: int) -> float:
    """What `count` cards of one kind kept in hand, worth `value` together, are worth: about
    `value` if they will likely go down before the round ends, about minus it if they will
    likely be stuck."""
    if not count:
        return 0.0
    if match is None:
        chance = at_least(1, draws, reading.judgement.jewel_pairs)
    elif match in reading.sets:
        chance = 1.0 if draws > 0 else 0.0
    else:
        # Three make a set, and a Crown Jewel stands in for one of them.
        hits = reading.unseen.get(match, 0) + reading.unseen.get(None, 0)
        chance = at_least(max(1, 3 - count), draws, hits / max(reading.hidden, 1))
    stuck = reading.judgement.stuck
    return value * ((1 + stuck) * chance - stuck)


def pile_use(reading: Reading, pile: Sequence[Card]) -> int:
    """The value of the cards in `pile` that fit the next player's sets."""
    if not reading.next_sets:
        return 0
    return sum(card.value for card in pile if card.match is None or card.match in reading.next_sets)


def feed_risk(reading: Reading, card: Card, use: int) -> float:
    """What discarding `card` may hand the next player: the chance they can take the pile with
    it on top, times what that take would bring them (the card, their two cards from minus to
    plus, and `use`, the pile's cards that fit their sets)."""
    worth: float
    if card.match is None:
        if not reading.next_sets:
            return 0.0  # a Crown Jewel taken must join a set of the taker's
        worth = card.value
    else:
        worth = reading.judgement.take_swing * card.value
    chance = holds_two(reading.unseen.get(card.match, 0), reading.next_hand, reading.hidden)
    return reading.judgement.feed * chance * (worth + use)


def kept_worth(
    reading: Reading, rest: Sequence[Card], draws: int, pile: Sequence[Card]
) -> tuple[float, Card | None]:
    """What the cards left in hand are worth after the best discard onto `pile`, and that
    discard: the card whose loss, and what it may feed the next player, cost least (the
    highest such card on a tie)."""
    groups: dict[str | None, list[Card]] = {}
    for card in rest:
        groups.setdefault(card.match, []).append(card)
    total = 0.0
    best: tuple[float, int, Card] | None = None
    use = pile_use(reading, pile)
    for match, cards in groups.items():
        count, value = len(cards), sum(card.value for card in cards)
        worth = group_worth(reading, match, count, value, draws)
        total += worth
        tried: set[int] = set()
        for card in cards:
            if card.value in tried:
                continue  # cards of one kind and value are alike
            tried.add(card.value)
            loss = worth - group_worth(reading, match, count - 1, value - card.value, draws)
            loss += feed_risk(reading, card, use)
            if best is None or (loss, -card.value) < best[:2]:
                best = (loss, -card.value, card)
    if best is None:
        return total, None
    return total - best[0], best[2]


def position_worth(
    reading: Reading, hand: Sequence[Card], sets: frozenset[str], stock: int, pile: Sequence[Card]
) -> float:
    """What a hand is worth this turn, with `stock` cards left and `pile` to discard onto: the
    plays' points, then the kept cards' worth after the discard (or going out)."""
    plays = plan(hand, sets)
    if plays.out:
        return plays.gain + reading.judgement.out_bonus
    kept, _ = kept_worth(reading, plays.rest, reading.draws_left(stock), pile)
    return plays.gain + reading.judgement.kept_weight * kept


# -- the pickup ------------------------------------------------------------------------------


def take_worth(reading: Reading, action: Take) -> float:
    """The position a take leads to: the top (and the cards shown, for a natural top) on the
    table, the rest of the pile in hand, an empty pile to discard onto."""
    top, rest = reading.pile[-1], reading.pile[:-1]
    sets = frozenset(reading.sets)
    bias = reading.judgement.take_bias
    if top.match is None:
        hand = [*reading.hand, *rest]
        return top.value + position_worth(reading, hand, sets, reading.stock, ()) + bias
    shown = set(action.cids or ())
    hand = [card for card in reading.hand if card.cid not in shown]
    gain = top.value + sum(card.value for card in reading.hand if card.cid in shown)
    worth = gain + position_worth(reading, [*hand, *rest], sets | {top.match}, reading.stock, ())
    return worth + bias


def draw_worth(reading: Reading) -> float:
    """The position a draw leads to, averaged over the kinds of card it may bring."""
    sets = frozenset(reading.sets)
    total = weight = 0.0
    for match, unseen, value in reading.kinds:
        if unseen:
            hand = [*reading.hand, Card(-1, value, match)]
            total += unseen * position_worth(reading, hand, sets, reading.stock - 1, reading.pile)
            weight += unseen
    return total / weight if weight else 0.0


def stop_worth(reading: Reading) -> float:
    """Stopping ends the round: every card in hand is deducted."""
    return -float(sum(card.value for card in reading.hand))


def choose_pickup(reading: Reading, legal: Sequence[GameAction]) -> GameAction:
    """The draw, take or stop that leads to the best position."""

    def worth(action: GameAction) -> float:
        if isinstance(action, Take):
            return take_worth(reading, action)
        return draw_worth(reading) if isinstance(action, Draw) else stop_worth(reading)

    return max(legal, key=worth)


# -- the meld phase --------------------------------------------------------------------------


def choose_play(reading: Reading, legal: Sequence[GameAction]) -> GameAction:
    """The first step of the turn's plan: a new set, a card onto a set, or the discard."""
    plays = plan(reading.hand, frozenset(reading.sets))
    cards = {card.cid: card for card in reading.hand}
    for match, meld in plays.melds:
        jewel = any(card.match is None for card in meld)
        for action in legal:
            if isinstance(action, Meld):
                named = [cards[cid] for cid in action.cids]
                if (None in {card.match for card in named}) == jewel and all(
                    card.match in (match, None) for card in named
                ):
                    return action
    for card, match in plays.adds:
        if match in reading.sets:
            add = Add(card.cid, reading.sets[match])
            if add in legal:
                return add
    discard = Discard(pick_discard(reading, plays).cid)
    return discard if discard in legal else next(a for a in legal if isinstance(a, Discard))


def pick_discard(reading: Reading, plays: Plan) -> Card:
    """The card to discard: the last one, going out; else the one the hand misses least."""
    if len(plays.rest) == 1:
        return plays.rest[0]
    rest = plays.rest or list(reading.hand)
    _, card = kept_worth(reading, rest, reading.draws_left(reading.stock), reading.pile)
    return card or rest[0]


class HeuristicBot(Bot[QueenOfScotsTable]):
    """Takes the pile when what the take puts down and the pile's cards it can use outweigh
    the ones stuck in hand; puts down every set, matching card and Crown Jewel it can; discards
    the card least likely to go down and least likely to hand the next player the pile, dumping
    high cards as the round nears its end; on an empty stock takes only when that beats
    stopping; and goes out whenever it can. It weighs all that by `judgement` (`NORMAL`
    unless given)."""

    def __init__(self, seed: int = 0, judgement: Judgement = NORMAL) -> None:
        super().__init__(seed)
        self.judgement = judgement

    def choose(
        self, view: SeatView[QueenOfScotsTable] | None, legal: Sequence[GameAction]
    ) -> GameAction:
        if len(legal) == 1 or view is None:
            return legal[0]
        reading = read(view, self.judgement)
        if view.table.phase == "pickup":
            return choose_pickup(reading, legal)
        return choose_play(reading, legal)


#: The ``hard`` bot's judgement: tuned by self-play against `NORMAL` (tuned.json).
TUNED = tuned_judgement(__name__, NORMAL)
