"""Build Nobility positions from card labels, for scenario tests.

A label is a card's rank and suit letter: ``"9H"``, ``"10H"``, ``"KS"``, ``"AC"``; ``"Jkr"`` is a
Joker (the first one not used yet). Several cards are written in one string: ``"9H 10H 2H"``.

`position` puts every one of the 54 cards in exactly one place (the cards named nowhere lie under
the named stock, or are set aside with ``rest="aside"`` for an endgame), sets the money so that
the bank and the players hold 180 together, and hands back a game at the given turn and phase.
`play` applies an action the legal list offers and checks cards and money again afterwards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from cardtable.engine import Event, IllegalAction, PlainAction, get_game
from cardtable.engine.cards import parse_label
from cardtable.engine.nobility.cards import (
    CARD_COUNT,
    DECK,
    JOKERS,
    card_face,
    hand_order,
    is_joker,
    run_order,
)
from cardtable.engine.nobility.limits import MONEY
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.phases import MAIN, START
from cardtable.engine.nobility.rules import Nobility
from cardtable.engine.nobility.types import Phase
from cardtable.wire.codec import to_wire

#: A meld on the table: (owner, provinces) or (owner, provinces, defenders) or
#: (owner, provinces, defenders, joker) — e.g. ``(0, "9H 10H 2H", "KH QH", "Jkr")``.
MeldSpec = tuple[Any, ...]

DRAW: PlainAction = {"kind": "draw"}
TAKE: PlainAction = {"kind": "take"}
DONE: PlainAction = {"kind": "done"}
READY: PlainAction = {"kind": "ready"}
PASS: PlainAction = {"kind": "pass"}


def card_wire(cid: int) -> dict[str, Any]:
    """Card `cid` as it travels (a fresh dict): the codec's plain form of its face."""
    plain: dict[str, Any] = to_wire(card_face(cid))
    return plain


def cards_wire(cids: Iterable[int]) -> list[dict[str, Any]]:
    return [card_wire(cid) for cid in cids]


def cid(name: str) -> int:
    """The id of the card labelled `name` (``"Jkr"``: the first Joker)."""
    if name == "Jkr":
        return JOKERS[0]
    rank, suit = parse_label(name)
    return "SHDC".index(suit) * 13 + rank - 1


def act(kind: str, names: str = "", **fields: Any) -> PlainAction:
    """An action naming cards by label: sorted ``cids`` for a meld or a battle, else ``cid``
    for the first card named; e.g. ``act("extend", "8H", meld=1)``."""
    action: PlainAction = {"kind": kind, **fields}
    named = cards_of(names)
    if kind in ("meld", "battle"):
        action["cids"] = sorted(named)
    elif named:
        action["cid"] = named[0]
    return action


def label(card: int) -> str:
    if is_joker(card):
        return "Jkr"
    return f"{DECK[card].rank_label}{DECK[card].suit}"


def labels(cards: Sequence[int]) -> str:
    return " ".join(label(card) for card in cards)


class Cards:
    """Hands out card ids for labels, each id once (the two Jokers in turn)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        found = [j for j in JOKERS if j not in self.used] if name == "Jkr" else [cid(name)]
        if not found or found[0] in self.used:
            raise ValueError(f"{name} is used twice")
        self.used.add(found[0])
        return found[0]

    def many(self, names: str) -> list[int]:
        return [self.take(name) for name in names.split()]

    def rest(self) -> list[int]:
        left = [card for card in range(CARD_COUNT) if card not in self.used]
        self.used.update(left)
        return left


def new(
    *, dealer: int = 0, seed: int = 7, rubbers: int = 2, stack: Sequence[int] | None = None
) -> Nobility:
    setup = get_game("nobility").setup(3, {"rubbers": rubbers}, seed, dealer)
    return Nobility(setup, stack=stack)


def position(
    hands: Sequence[str] = ("", "", ""),
    melds: Sequence[MeldSpec] = (),
    *,
    turn: int = 0,
    rubbers: int = 2,
    **rest: Any,
) -> Nobility:
    """A new game (dealt by the seat on the right of `turn`) set to a position by `arrange`."""
    game = new(dealer=(turn - 1) % 3, rubbers=rubbers, stack=range(CARD_COUNT))
    return arrange(game, hands, melds, turn=turn, **rest)


def arrange(
    game: Nobility,
    hands: Sequence[str] = ("", "", ""),
    melds: Sequence[MeldSpec] = (),
    *,
    stock: str = "",
    pile: str = "",
    nobles: str = "",
    money: Sequence[int] = (0, 0, 0),
    turn: int = 0,
    phase: Phase = START,
    rest: str = "stock",
    majority: Sequence[int] = (),
    coalition: Sequence[int] = (),
    elections: int = 0,
    endgame: bool = False,
    turns: int = 1,
) -> Nobility:
    """Set `game` (during a rubber) to the given position during `turn`'s turn.

    Melds get ids 1, 2, … in the order given. The stock is listed top card first; the stock
    discard pile and the noble discard pile oldest first (the top card last). The cards named
    nowhere lie under the stock (``rest="stock"``), under the stock discard pile
    (``rest="pile"``), or are set aside (``rest="aside"``, for an
    endgame: the stock and its discard pile can then be empty). The bank holds what the players
    do not (180 in all).
    """
    cards = Cards()
    game.melds = {}
    for number, spec in enumerate(melds, start=1):
        owner, provinces, defenders, joker = (*spec, "", "")[:4]
        order = cards.many(provinces)
        assert run_order(order) == order, f"not a meld in order: {provinces}"
        meld = Meld(number, owner, label_suit(order[0]), order)
        meld.defenders = cards.many(defenders)
        meld.joker = cards.take(joker) if joker else None
        game.melds[number] = meld
    game.next_meld = len(melds) + 1
    game.hands = [hand_order(cards.many(hand)) for hand in hands]
    game.pile = cards.many(pile)
    game.nobles = cards.many(nobles)
    top_first = cards.many(stock)
    left = cards.rest()
    if rest == "stock":
        top_first += left
    elif rest == "pile":
        game.pile = [*left, *game.pile]
    else:
        assert rest == "aside"
    game.stock = top_first[::-1]
    game.money = list(money)
    game.bank = MONEY - sum(money)
    assert game.bank >= 0
    game.turn, game.phase, game.turns = turn, phase, turns
    game.majority, game.coalition = tuple(majority), tuple(coalition)
    game.elections, game.endgame = elections, endgame
    game.passes, game.endgame_turns = 0, 0
    game.opening_events = []
    if rest != "aside":
        assert_conserved(game)
    return game


def label_suit(card: int) -> str:
    return DECK[card].suit


#: An endgame table holding all 54 cards: 12 provinces each, the stock and its discard empty.
ENDGAME_MELDS = [
    (0, "2H 3H 4H 5H 6H 7H 8H 9H 10H"),
    (1, "2D 3D 4D 5D 6D 7D 8D 9D 10D"),
    (2, "2C 3C 4C 5C 6C 7C 8C 9C 10C"),
    (0, "2S 3S 4S"),
    (1, "5S 6S 7S"),
    (2, "8S 9S 10S"),
]
ENDGAME_HANDS = ("AS JS QS", "AH JH Jkr", "AD JD Jkr")
ENDGAME_NOBLES = "KS QH KH QD KD AC JC QC KC"


def endgame(
    melds_: Sequence[MeldSpec] | None = None, hands: Sequence[str] = ENDGAME_HANDS, **kw: Any
) -> Nobility:
    """An endgame position (phase "main"): the stock and its discard pile are empty, the
    melds are `ENDGAME_MELDS` unless named, the other nobles in the noble discard pile."""
    game = position(
        hands,
        ENDGAME_MELDS if melds_ is None else melds_,
        nobles=ENDGAME_NOBLES,
        phase=MAIN,
        endgame=True,
        **kw,
    )
    assert not game.stock and not game.pile
    return game


def public(event_: Event) -> dict[str, Any]:
    """An event's public fields in plain form, without its kind."""
    fields: dict[str, Any] = to_wire(event_.public)
    del fields["kind"]
    return fields


def kinds(events: Sequence[Event]) -> list[str]:
    return [event_.kind for event_ in events]


def lines(game: Nobility, seat: int) -> list[tuple[str, int, int]]:
    """The last rubber's score lines of `seat` that count something, as (label, count, each)."""
    return [
        (line.label, line.count, line.each)
        for line in game.round_scores[-1].lines[game.side_of(seat)]
        if line.count
    ]


def event(events: Sequence[Event], kind: str) -> dict[str, Any]:
    """The public fields of the only event of `kind`."""
    found = [public(e) for e in events if e.kind == kind]
    assert len(found) == 1, f"{len(found)} {kind} events"
    return found[0]


# -- reading a game -------------------------------------------------------------------------------


def hand(game: Nobility, seat: int) -> str:
    return labels(game.hands[seat])


def pile(game: Nobility) -> str:
    """The stock discard pile, oldest first (the top card last)."""
    return labels(game.pile)


def nobles(game: Nobility) -> str:
    """The noble discard pile, oldest first."""
    return labels(game.nobles)


def melds(game: Nobility) -> dict[int, tuple[Any, ...]]:
    """Every meld as ``{id: (owner, "9H 10H 2H", "KH", joker?)}``."""
    return {
        number: (meld.owner, labels(meld.cards), labels(meld.defenders), meld.joker is not None)
        for number, meld in game.melds.items()
    }


def table(game: Nobility, seat: int | None = 0) -> dict[str, Any]:
    return dict(game.view(seat)["table"])


def shorts(wires: Sequence[Any]) -> str:
    """Cards' wire forms as labels."""
    return " ".join(
        "Jkr" if wire["rank"] == "Joker" else f"{wire['rank']}{wire['suit']}" for wire in wires
    )


# -- conservation ---------------------------------------------------------------------------------


def assert_conserved(game: Nobility) -> None:
    """Every card lies in exactly one zone, and the bank and the players hold 180."""
    found = Counter(card for zone in game.zones().values() for card in zone.cards)
    twice = sorted(card for card, n in found.items() if n > 1)
    assert not twice, f"twice: {labels(twice)}"
    assert sorted(found) == list(range(CARD_COUNT)), "a card is missing"
    assert game.bank + sum(game.money) == MONEY
    assert sum(game.purses().values()) == MONEY


def play(game: Nobility, seat: int, action: PlainAction, *, conserved: bool = True) -> list[Event]:
    """Apply `action`, which must be in the legal list unless it is a free action (an offer or
    an answer), and check that every card and every unit of money is still in one place."""
    if action["kind"] not in game.types.free_kinds:
        assert action in game.legal_actions(seat), (action, game.legal_actions(seat))
    events = game.apply(seat, action)
    if conserved:
        assert_conserved(game)
    else:
        assert game.bank + sum(game.money) == MONEY
    return events


# -- refusals -------------------------------------------------------------------------------------


def snapshot(game: Nobility) -> tuple[Any, ...]:
    """Everything every seat and a spectator can see, every zone, the purses and offers."""
    views = [game.view(seat) for seat in [0, 1, 2, None]]
    state = (
        game.turn,
        game.phase,
        [list(h) for h in game.hands],
        list(game.stock),
        list(game.pile),
        list(game.nobles),
        melds(game),
        list(game.money),
        game.bank,
        dict(game.offers),
        game.next_offer,
        game.owed,
        game.coalition,
        game.majority,
        [game.answers(seat) for seat in range(3)],
    )
    return views, dict(game.zones()), state


def refused(game: Nobility, seat: int, action: PlainAction) -> str:
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


def ids(game: Nobility, seat: int, names: str) -> list[int]:
    """The ids of cards labelled `names`, checking they are in `seat`'s hand."""
    found = cards_of(names)
    for card in found:
        assert card in game.hands[seat], f"{label(card)} is not in hand {seat}"
    return found


def cards_of(names: str) -> list[int]:
    """Ids for labels, Jokers as 52 then 53."""
    return Cards().many(names)
