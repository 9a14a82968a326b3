"""Build Queen of Scots positions from card labels, for scenario tests.

A label is a card's short name: ``"Knox"`` (John Knox), ``"James"`` (King James), ``"Guise"``
(Mary of Guise), ``"Mary"`` (Mary, Queen of Scots), ``"Jewels"`` (a Crown Jewel), and so on.
Several cards are written in one string: ``"Knox Knox James Jewels"``. Each label takes a copy not
used yet, so no card id is ever used twice, and every card of the deck is placed somewhere exactly
once: the cards a position does not name lie in the stock (or, for an empty stock, at the bottom of
the discard pile).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Literal

import pytest

from cardtable.engine import Event, IllegalAction, PlainAction, RoundScore, ScoreLine, get_game
from cardtable.engine.queen_of_scots.edition import STANDARD, Edition
from cardtable.engine.queen_of_scots.phases import MELD, PICKUP
from cardtable.engine.queen_of_scots.rules import HAND_SIZE, QueenOfScots
from cardtable.engine.queen_of_scots.sets import QueenSet
from cardtable.engine.queen_of_scots.types import Phase
from cardtable.wire.codec import to_wire

#: A set on the table: its owner and its cards, e.g. ``(0, "Knox Knox Jewels")``.
SetSpec = tuple[int, str]

DRAW: PlainAction = {"kind": "draw"}
STOP: PlainAction = {"kind": "stop"}


class Cards:
    """Hands out fresh card ids for labels, in id order within each kind."""

    def __init__(self, edition: Edition = STANDARD) -> None:
        self.edition = edition
        self.used: set[int] = set()

    def take(self, label: str) -> int:
        for card in self.edition.cards:
            if card.short == label and card.cid not in self.used:
                self.used.add(card.cid)
                return card.cid
        raise ValueError(f"no card {label!r} left")

    def many(self, labels: str) -> list[int]:
        return [self.take(label) for label in labels.split()]

    def rest(self) -> list[int]:
        """Every card not handed out yet, by id (marked as used)."""
        found = [card.cid for card in self.edition.cards if card.cid not in self.used]
        self.used.update(found)
        return found


def card_wire(cid: int, edition: Edition = STANDARD) -> dict[str, Any]:
    """Card `cid` as it travels (a fresh dict): the codec's plain form of its face."""
    plain: dict[str, Any] = to_wire(edition.face(cid))
    return plain


def label(cid: int, edition: Edition = STANDARD) -> str:
    return edition.cards[cid].short


def labels(cids: Sequence[int], edition: Edition = STANDARD) -> str:
    return " ".join(label(cid, edition) for cid in cids)


def new(
    seats: int = 2,
    *,
    dealer: int = 0,
    target: int = 1000,
    seed: int = 7,
    stack: Sequence[int] | None = None,
    edition: Edition | None = None,
) -> QueenOfScots:
    setup = get_game("queen-of-scots").setup(seats, {"target": target}, seed, dealer)
    return QueenOfScots(setup, stack=stack, edition=edition)


def stacked(
    hands: Sequence[str],
    upcard: str,
    stock: str = "",
    *,
    dealer: int = 0,
    target: int = 1000,
    edition: Edition = STANDARD,
) -> QueenOfScots:
    """A new game whose deal gives `hands` (by seat), turns up `upcard` and leaves `stock` (top card
    first) on top of the stock. Hands named with fewer than eleven cards are filled with the lowest
    unused card ids; the other cards lie under the named stock in id order."""
    seats = len(hands)
    cards = Cards(edition)
    dealt = [cards.many(hand) for hand in hands]
    up = cards.take(upcard)
    top = cards.many(stock)
    for hand in dealt:
        assert len(hand) <= HAND_SIZE
        fill = _unused(cards, HAND_SIZE - len(hand))
        cards.used.update(fill)
        hand += fill
    stack = [
        dealt[(dealer + offset) % seats][index]
        for index in range(HAND_SIZE)
        for offset in range(1, seats + 1)
    ]
    stack += [up, *top, *cards.rest()]
    return new(seats, dealer=dealer, target=target, stack=stack, edition=edition)


def _unused(cards: Cards, count: int) -> list[int]:
    return [card.cid for card in cards.edition.cards if card.cid not in cards.used][:count]


def position(
    hands: Sequence[str],
    sets: Sequence[SetSpec] = (),
    pile: str = "Seton",
    stock: str = "",
    *,
    rest: Literal["stock", "pile"] = "stock",
    turn: int = 0,
    phase: Phase = PICKUP,
    dealer: int | None = None,
    totals: Sequence[int] | None = None,
    target: int = 1000,
) -> QueenOfScots:
    """A game in the given position during `turn`'s turn: at its start (phase "pickup"), or after
    its pickup (phase "meld").

    Sets get ids 0, 1, … in the order given. The pile and the stock are listed top card first. The
    cards named nowhere lie under the named stock in id order (``rest="stock"``) or, to leave the
    stock empty, under the pile (``rest="pile"``). `totals` are the scores of the rounds before
    this one (one earlier round), None for the first round. The dealer is the seat on the right of
    `turn` unless named. The table's cards are taken before the hands', so positions that differ
    only in a hand show the very same sets, pile and stock.
    """
    seats = len(hands)
    game = new(seats, dealer=(turn - 1) % seats if dealer is None else dealer, target=target)
    cards = Cards()
    game.sets = {}
    for sid, (owner, spec) in enumerate(sets):
        game.sets[sid] = _set(sid, owner, cards.many(spec))
    game.next_set = len(sets)
    pile_top_first = cards.many(pile)
    stock_top_first = cards.many(stock)
    game.hands = [STANDARD.sorted(cards.many(hand)) for hand in hands]
    left = cards.rest()
    if rest == "stock":
        stock_top_first += left
    else:
        pile_top_first += left
    game.pile = pile_top_first[::-1]
    game.stock = stock_top_first[::-1]
    game.turn, game.phase, game.went_out = turn, phase, None
    game.round_scores, game.result, game.awaiting_deal = [], None, False
    game.round = 1
    if totals is not None:
        game.round_scores = [earlier(game, totals)]
        game.round = 2
    game.opening_events = []
    assert_conserved(game)
    assert phase in (PICKUP, MELD)
    return game


def earlier(game: QueenOfScots, totals: Sequence[int]) -> RoundScore:
    """A finished round that gave each seat `totals`."""
    lines = tuple((ScoreLine("Earlier rounds", 1, total),) for total in totals)
    return RoundScore(1, game.sides, lines)


def _set(sid: int, owner: int, cids: list[int]) -> QueenSet:
    """A set from its cards: naturals of one kind and any Crown Jewels."""
    kinds = {STANDARD.cards[cid].match for cid in cids} - {None}
    assert len(kinds) == 1, "a set holds one character, or the royal family, and Crown Jewels"
    match = kinds.pop()
    assert match is not None
    return QueenSet(sid, owner, match, list(cids))


# -- reading a game -------------------------------------------------------------------------------


def hand(game: QueenOfScots, seat: int) -> str:
    return labels(game.hands[seat], game.edition)


def pile(game: QueenOfScots) -> str:
    """The discard pile, top card first."""
    return labels(game.pile[::-1], game.edition)


def set_labels(game: QueenOfScots) -> dict[int, tuple[int, str]]:
    """Every set on the table as ``{id: (owner, "Knox Knox Jewels")}``."""
    return {
        sid: (group.owner, labels(group.cards, game.edition)) for sid, group in game.sets.items()
    }


def card(game: QueenOfScots, seat: int, name: str) -> int:
    """The id of a card labelled `name` in `seat`'s hand."""
    return cards(game, seat, name)[0]


def cards(game: QueenOfScots, seat: int, names: str) -> list[int]:
    """Distinct ids of cards labelled `names` (e.g. ``"Knox Knox"``) in `seat`'s hand."""
    free = list(game.hands[seat])
    found = []
    for name in names.split():
        cid = next((cid for cid in free if label(cid, game.edition) == name), None)
        if cid is None:
            raise ValueError(f"{name} is not in hand {seat}")
        free.remove(cid)
        found.append(cid)
    return found


def in_pile(game: QueenOfScots, name: str) -> int:
    """The id of the topmost card labelled `name` in the discard pile."""
    return next(cid for cid in reversed(game.pile) if label(cid, game.edition) == name)


def counts(game: QueenOfScots) -> Counter[int]:
    """How many times each card id lies in some zone."""
    return Counter(cid for zone in game.zones().values() for cid in zone.cards)


def assert_conserved(game: QueenOfScots) -> None:
    """Every card of the edition lies in exactly one zone."""
    found = counts(game)
    assert sorted(found) == list(range(game.card_count()))
    assert set(found.values()) == {1}


# -- refusals -------------------------------------------------------------------------------------


def snapshot(game: QueenOfScots) -> tuple[list[dict[str, Any]], dict[str, Any], tuple[Any, ...]]:
    """Everything every seat and a spectator can see, every zone, and the turn and phase."""
    views = [game.view(seat) for seat in [*range(game.seats), None]]
    state = (game.turn, game.phase, game.went_out, game.next_set, game.round, game.dealer)
    return views, dict(game.zones()), state


def refused(game: QueenOfScots, seat: int, action: PlainAction) -> str:
    """Apply an action the rules forbid: check that it changes nothing and that its reason is a
    sentence, and return the reason."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, action)
    assert snapshot(game) == before
    reason = caught.value.reason
    assert reason[:1].isupper() or reason[:1] == "'", reason
    assert reason.endswith("."), reason
    return reason


# -- events ---------------------------------------------------------------------------------------
# (As `tests.scenario` has them, reading typed events.)


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def event(events: Sequence[Event], kind: str) -> dict[str, Any]:
    """The public fields of the only event of `kind`, in plain form (without the kind)."""
    found = [
        {key: value for key, value in to_wire(e.public).items() if key != "kind"}
        for e in events
        if e.kind == kind
    ]
    assert len(found) == 1, f"{len(found)} {kind} events"
    return found[0]


def lines(game: QueenOfScots, seat: int) -> list[tuple[str, int, int]]:
    """The last round's score lines of `seat`'s side that count something, as (label, count,
    each)."""
    return [
        (line.label, line.count, line.each)
        for line in game.round_scores[-1].lines[game.side_of(seat)]
        if line.count
    ]
