"""Build Trupe positions from card labels, for scenario tests.

A label is a card's short name: ``"B2"`` (a Brownie 2), ``"MGold"`` (the Mariner Gold), ``"P1"``
(a premium), ``"Pro"`` (a Prospero), ``"Mi1"`` / ``"Mi2"`` (the Mirandas with one and two extra
draws) and ``"Tref"`` (the Trefoil). Several cards are written in one string: ``"B2 B2 BGold"``.
In a declaration the Trefoil says what it stands for: ``"B2 B2 Tref=B2"``.

Each label takes a copy not used yet, so no card id is used twice, and every one of the 89 cards
lies in exactly one place: a position checks it (`assert_conserved`) before it is handed out, and
`play` checks it again after every action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardtable.engine import (
    Event,
    Game,
    IllegalAction,
    PlainAction,
    RoundScore,
    ScoreLine,
    get_game,
)
from cardtable.engine.trupe.cards import DECK, DECK_SIZE, TREFOIL_CID, face, hand_order
from cardtable.engine.trupe.declaring import (
    Declaration,
)
from cardtable.engine.trupe.phases import (
    DISCARD,
    DRAW,
    PLAY,
)
from cardtable.engine.trupe.rules import (
    HAND_SIZE,
    RULINGS,
    Trupe,
)
from cardtable.wire.codec import to_wire

# -- cards and events, in plain form ---------------------------------------------------------------


def wire(cid: int) -> dict[str, Any]:
    """Card `cid` as it travels (a fresh dict): the codec's plain form of its face."""
    plain: dict[str, Any] = to_wire(face(cid))
    return plain


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def public(event: Event) -> dict[str, Any]:
    """An event's public fields, as they travel (without its kind)."""
    wire: dict[str, Any] = to_wire(event.public)
    del wire["kind"]
    return wire


def private(event: Event, seat: int) -> dict[str, Any]:
    """The fields `event` shows `seat` alone, as they travel."""
    wire: dict[str, Any] = to_wire(event.private[seat])
    return wire


def event(events: Sequence[Event], kind: str) -> dict[str, Any]:
    """The public fields of the only event of `kind`."""
    found = [public(e) for e in events if e.kind == kind]
    assert len(found) == 1, f"{len(found)} {kind} events"
    return found[0]


def lines(game: Game, seat: int) -> list[tuple[str, int, int]]:
    """The last round's score lines of `seat`'s side that count something, as (label, count,
    each)."""
    return [
        (line.label, line.count, line.each)
        for line in game.round_scores[-1].lines[game.side_of(seat)]
        if line.count
    ]


#: A declaration on the board: its owner and its cards, e.g. ``(0, "B2 B2 Tref=B2")``.
DeclSpec = tuple[int, str]

DRAW_ACTION: PlainAction = {"kind": "draw"}

_HONOR_RANKS = ("Gold", "Colors", "World", "Banner")


class Cards:
    """Hands out fresh card ids for labels, in id order within each label."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        for card in DECK:
            if card.short == name and card.cid not in self.used:
                self.used.add(card.cid)
                return card.cid
        raise ValueError(f"no card {name!r} left")

    def many(self, names: str) -> list[int]:
        return [self.take(name) for name in names.split()]

    def rest(self) -> list[int]:
        """Every card not handed out yet (marked as used): members and honors by id, then the
        premiums, penalties and the Trefoil, so a pack built from them reaches those last."""
        found = [card.cid for card in DECK if card.cid not in self.used]
        found.sort(key=lambda cid: (DECK[cid].identity is None, cid))
        self.used.update(found)
        return found


def label(cid: int) -> str:
    return DECK[cid].short


def labels(cids: Sequence[int]) -> str:
    return " ".join(label(cid) for cid in cids)


def new(
    seats: int = 2,
    *,
    dealer: int = 0,
    target: int = 1000,
    seed: int = 7,
    stack: Sequence[int] | None = None,
    rulings: int = RULINGS,
) -> Trupe:
    options = {"target": target, "rulings": rulings}
    setup = get_game("trupe").setup(seats, options, seed, dealer)
    return Trupe(setup, stack=stack)


# -- a stacked deal -------------------------------------------------------------------------------


def deal_order(hands: Sequence[Sequence[int]], dealer: int) -> list[int]:
    """The dealt cards in dealing order: one at a time, starting on the dealer's left."""
    seats = len(hands)
    return [
        hands[(dealer + offset) % seats][index]
        for index in range(HAND_SIZE)
        for offset in range(1, seats + 1)
    ]


def stacked(
    hands: Sequence[str],
    pack: str = "",
    *,
    dealer: int = 0,
    target: int = 1000,
) -> Trupe:
    """A new game whose deal gives `hands` (by seat) and puts `pack` (top card first) on top of
    the pack. Hands named with fewer than 13 cards are filled with members and honors that make
    no combination with the hand; the cards named nowhere lie under `pack`, the premiums,
    penalties and Trefoil last."""
    cards = Cards()
    dealt = [cards.many(hand) for hand in hands]
    top = cards.many(pack)
    for hand in dealt:
        assert len(hand) <= HAND_SIZE, "a hand is 13 cards"
        hand += _quiet_fill(cards, hand, HAND_SIZE - len(hand))
    stack = [*deal_order(dealt, dealer), *top, *cards.rest()]
    game = new(len(hands), dealer=dealer, target=target, stack=stack)
    assert_conserved(game)
    return game


def _quiet_fill(cards: Cards, hand: list[int], count: int) -> list[int]:
    """`count` unused members or honors, each making no combination with the hand so far."""
    codes = [DECK[cid].identity for cid in hand]
    held = [code for code in codes if code is not None]
    found: list[int] = []
    for card in DECK:
        if len(found) == count:
            break
        code = card.identity
        if card.cid in cards.used or code is None or _joins(held, code):
            continue
        cards.used.add(card.cid)
        found.append(card.cid)
        held.append(code)
    assert len(found) == count, "no quiet cards left to fill a hand"
    return found


def _joins(held: Sequence[str], code: str) -> bool:
    """Whether `code` would make a combination with cards of `held` (worked out here, not by
    the engine, so a fill never depends on the rules under test)."""
    group, rank = code[0], code[1:]
    present = Counter(held)
    if rank in _HONOR_RANKS:
        same_rank = sum(f"{other}{rank}" in present for other in "BGMS" if other != group)
        same_group = sum(f"{group}{other}" in present for other in _HONOR_RANKS if other != rank)
        return same_rank >= 2 or same_group >= 2
    if present[code] >= 2:
        return True
    numeral = int(rank)
    for start in (numeral - 2, numeral - 1, numeral):
        run = [n for n in range(start, start + 3) if n != numeral]
        if start >= 1 and start + 2 <= 4 and all(f"{group}{n}" in present for n in run):
            return True
    return False


# -- a position set directly ----------------------------------------------------------------------


def position(
    hands: Sequence[str],
    declared: Sequence[DeclSpec] = (),
    row: str = "",
    pack: str = "",
    open_pack: str = "",
    *,
    specials: Sequence[str] | None = None,
    dealt: Sequence[str] | None = None,
    rest: str | int = "pack",
    turn: int = 0,
    phase: str = DRAW,
    dealer: int | None = None,
    discards_due: int = 1,
    lost_turns: Sequence[int] | None = None,
    totals: Sequence[int] | None = None,
    target: int = 1000,
    rulings: int = RULINGS,
) -> Trupe:
    """A game in the given position during `turn`'s turn: at its start (phase "draw"), after
    its draw (phase "play"), or owing more discards (phase "discard").

    Declarations get ids 0, 1, … in the order given. The row is listed oldest first (the last
    card is the latest discard); the pack and the open pack are listed top card first. The cards
    named nowhere lie under the pack (``rest="pack"``), under the open pack with the pack
    empty (``rest="open pack"``), or in one seat's hand (``rest=seat``; its premiums and
    penalties among that seat's specials), so that nothing is left to draw. Hand cards count
    as drawn from the pack earlier in the hand, but those a seat's `dealt` names (e.g.
    ``["B2 B2", ""]``), which were dealt to it; declarations were made on earlier turns.
    `totals` are the scores of one earlier round (None: this is the first). The dealer is the
    seat on the right of `turn` unless named.
    """
    seats = len(hands)
    assert phase in (DRAW, PLAY, DISCARD)
    dealer = (turn - 1) % seats if dealer is None else dealer
    game = new(seats, dealer=dealer, target=target, stack=range(DECK_SIZE), rulings=rulings)
    cards = Cards()
    game.declarations = {}
    for did, (owner, spec) in enumerate(declared):
        cids, trefoil_as = _declared_cards(cards, spec)
        game.declarations[did] = Declaration(did, owner, cids, trefoil_as)
    game.row = cards.many(row)
    open_top_first = cards.many(open_pack)
    pack_top_first = cards.many(pack)
    game.specials = [cards.many(spec) for spec in (specials or [""] * seats)]
    dealt_cids = [cards.many(spec) for spec in (dealt or [""] * seats)]
    game.hands = [
        hand_order([*cards.many(hand), *held]) for hand, held in zip(hands, dealt_cids, strict=True)
    ]
    left = cards.rest()
    if rest == "pack":
        pack_top_first += left
    elif rest == "open pack":
        assert not pack_top_first, "the rest goes to the open pack only when the pack is empty"
        open_top_first += left
    else:
        assert isinstance(rest, int)
        game.specials[rest] += [cid for cid in left if DECK[cid].special]
        kept = [cid for cid in left if not DECK[cid].special]
        game.hands[rest] = hand_order([*game.hands[rest], *kept])
    game.pack = pack_top_first[::-1]
    game.open_pack = open_top_first[::-1]
    game.pairs = {}
    game.lost_turns = list(lost_turns or [0] * seats)
    game.extra_due = [0] * seats
    game.turn, game.phase, game.discards_due, game.taken = turn, phase, discards_due, None
    game.turnovers, game.went_out, game.hand_type = 0, None, None
    game.turn_number = 1
    game.from_pack = {cid for hand in game.hands for cid in hand} - {
        cid for held in dealt_cids for cid in held
    }
    game.round_scores, game.result, game.awaiting_deal = [], None, False
    game.round = 1
    if totals is not None:
        game.round_scores = [earlier(game, totals)]
        game.round = 2
    game.opening_events = []
    assert_conserved(game)
    return game


def _declared_cards(cards: Cards, spec: str) -> tuple[list[int], str | None]:
    """A declaration's cards; ``Tref=B2`` is the Trefoil standing for a Brownie 2."""
    cids: list[int] = []
    trefoil_as = None
    for name in spec.split():
        if name.startswith("Tref="):
            trefoil_as = name.removeprefix("Tref=")
            name = "Tref"
        cids.append(cards.take(name))
    return cids, trefoil_as


def earlier(game: Trupe, totals: Sequence[int]) -> RoundScore:
    """A finished hand that gave each seat `totals`."""
    lines = tuple((ScoreLine("Earlier hands", 1, total),) for total in totals)
    return RoundScore(1, game.sides, lines)


# -- reading a game -------------------------------------------------------------------------------


def hand(game: Trupe, seat: int) -> str:
    return labels(game.hands[seat])


def row(game: Trupe) -> str:
    """The visible discards, oldest first."""
    return labels(game.row)


def pack(game: Trupe) -> str:
    """The pack, top card first."""
    return labels(game.pack[::-1])


def open_pack(game: Trupe) -> str:
    """The open pack, top (latest) card first."""
    return labels(game.open_pack[::-1])


def declared(game: Trupe) -> dict[int, tuple[int, str]]:
    """Every declaration as ``{id: (owner, "B2 B2 B2")}``; a declared Trefoil reads
    ``Tref=B2``."""
    found = {}
    for did, declaration in game.declarations.items():
        names = [
            f"Tref={declaration.trefoil_as}" if cid == TREFOIL_CID else label(cid)
            for cid in declaration.cids
        ]
        found[did] = (declaration.owner, " ".join(names))
    return found


def card(game: Trupe, seat: int, name: str) -> int:
    """The id of a card labelled `name` in `seat`'s hand."""
    return cards(game, seat, name)[0]


def cards(game: Trupe, seat: int, names: str) -> list[int]:
    """Distinct ids of cards labelled `names` (e.g. ``"B2 B2"``) in `seat`'s hand."""
    free = list(game.hands[seat])
    found = []
    for name in names.split():
        cid = next((cid for cid in free if label(cid) == name), None)
        if cid is None:
            raise ValueError(f"{name} is not in hand {seat}")
        free.remove(cid)
        found.append(cid)
    return found


def in_row(game: Trupe, name: str) -> int:
    """The id of the latest card labelled `name` in the discard row."""
    return next(cid for cid in reversed(game.row) if label(cid) == name)


def shorts(wires: Sequence[Mapping[str, Any]]) -> str:
    """Cards' wire forms as labels."""
    return " ".join(str(wire["short"]) for wire in wires)


# -- conservation ---------------------------------------------------------------------------------


def counts(game: Trupe) -> Counter[int]:
    """How many times each card id lies in some zone."""
    return Counter(cid for zone in game.zones().values() for cid in zone.cards)


def assert_conserved(game: Trupe) -> None:
    """Every one of the 89 cards lies in exactly one zone, and the engine's lists agree."""
    found = counts(game)
    assert game.card_count() == DECK_SIZE == 89
    missing = sorted(set(range(DECK_SIZE)) - set(found))
    twice = sorted(cid for cid, n in found.items() if n > 1)
    assert not missing and not twice, f"missing {labels(missing)!r}, twice {labels(twice)!r}"
    assert sorted(found) == list(range(DECK_SIZE))
    held = [
        *game.pack,
        *game.row,
        *game.open_pack,
        *(cid for hand in game.hands for cid in hand),
        *(cid for specials in game.specials for cid in specials),
        *(cid for declaration in game.declarations.values() for cid in declaration.cids),
        *(cid for pair in game.pairs.values() for cid in pair.cids),
    ]
    assert sorted(held) == list(range(DECK_SIZE))


def play(game: Trupe, seat: int, action: PlainAction) -> list[Event]:
    """Apply a legal action and check that every card is still in exactly one place."""
    events = game.apply(seat, action)
    assert_conserved(game)
    return events


# -- refusals -------------------------------------------------------------------------------------


def snapshot(game: Trupe) -> tuple[Any, ...]:
    """Everything every seat and a spectator can see, every zone, and the turn's state."""
    views = [game.view(seat) for seat in [*range(game.seats), None]]
    state = (
        game.turn,
        game.phase,
        game.discards_due,
        game.taken,
        list(game.lost_turns),
        list(game.extra_due),
        [list(hand) for hand in game.hands],
        {did: list(d.cids) for did, d in game.declarations.items()},
        game.went_out,
        game.round,
        game.dealer,
    )
    return views, dict(game.zones()), state


def refused(game: Trupe, seat: int, action: PlainAction) -> str:
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
