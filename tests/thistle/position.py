"""Build Thistle positions from card labels, for scenario tests.

A label names one card: ``"4"`` a Clan card of clan 4, ``"4A"`` the Coat of Arms of clan 4, ``"C"``
a Castle. Several cards are written in one string, separated by spaces: ``"4 4 4A"``. Each label
takes a card not used yet, so no card id is ever used twice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from cardtable.engine import Event, GameAction, IllegalAction, PlainAction, get_game
from cardtable.engine.thistle.cards import DECK, SORT_KEYS, arms_of, castles, clan_cards
from cardtable.engine.thistle.groups import Book, Group
from cardtable.engine.thistle.phases import FINAL, START
from cardtable.engine.thistle.rules import HAND_SIZE, Thistle
from cardtable.wire.codec import to_wire

#: A group on the table: its owner and its cards, e.g. ``(0, "4 4 4A")``.
GroupSpec = tuple[int, str]

#: The first draw of a regular turn, and the end of a play step (or of a final turn).
DRAW: PlainAction = {"kind": "draw"}
END: PlainAction = {"kind": "end"}

#: An action as a test writes it: typed, or plain as it travels.
Action = GameAction | PlainAction


class Cards:
    """Hands out fresh card ids for labels."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, label: str) -> int:
        if label == "C":
            choices: Sequence[int] = castles()
        elif label.endswith("A"):
            choices = [arms_of(int(label[:-1]))]
        else:
            choices = clan_cards(int(label))
        for cid in choices:
            if cid not in self.used:
                self.used.add(cid)
                return cid
        raise ValueError(f"no card {label!r} left")

    def many(self, labels: str) -> list[int]:
        return [self.take(label) for label in labels.split()]

    def rest(self) -> list[int]:
        """Every card not handed out yet, by id."""
        return [card.cid for card in DECK if card.cid not in self.used]


def label(cid: int) -> str:
    """The label of a card: ``4``, ``4A`` or ``C``."""
    card = DECK[cid]
    if card.kind == "clan":
        return str(card.clan)
    return f"{card.clan}A" if card.kind == "arms" else "C"


def labels(cids: Sequence[int]) -> str:
    return " ".join(label(cid) for cid in cids)


def new(
    seats: int = 2,
    *,
    partnership: bool = False,
    dealer: int = 0,
    stack: Sequence[int] | None = None,
) -> Thistle:
    setup = get_game("thistle").setup(seats, {"partnership": partnership}, 7, dealer)
    return Thistle(setup, stack=stack)


def dealt(
    hands: Sequence[str],
    pile: str = "",
    *,
    dealer: int = 0,
    partnership: bool = False,
) -> Thistle:
    """A new game whose deal gives `hands` (by seat, six cards each) and whose pile starts with
    `pile` (top card first); the other cards follow in id order. The first player has not drawn
    yet."""
    seats = len(hands)
    cards = Cards()
    dealt_hands = [cards.many(hand) for hand in hands]
    assert all(len(hand) == HAND_SIZE for hand in dealt_hands)
    stack = [
        dealt_hands[(dealer + offset) % seats][index]
        for index in range(HAND_SIZE)
        for offset in range(1, seats + 1)
    ]
    stack += cards.many(pile)
    stack += cards.rest()
    return new(seats, partnership=partnership, dealer=dealer, stack=stack)


def position(
    hands: Sequence[str],
    groups: Sequence[GroupSpec] = (),
    pile: str = "",
    *,
    orphans: Mapping[int, str] | None = None,
    books: Sequence[GroupSpec] = (),
    turn: int = 0,
    partnership: bool = False,
    final: Sequence[int] | None = None,
    hand_number: int = 1,
) -> Thistle:
    """A game in the given position at the very start of `turn`'s turn: nothing drawn or played
    yet (phase "start", or "final" in the last-card round).

    Groups get ids 0, 1, … in the order given; the pile is listed top card first; `final` is the
    list of seats still to take a final turn after `turn` (the last-card round), None before it.
    Cards not named anywhere are out of play. The table's cards are taken before the hands', so
    two positions that differ only in a hand show the very same cards on the table and the pile.
    """
    game = new(len(hands), partnership=partnership)
    cards = Cards()
    game.groups = {}
    for gid, (owner, spec) in enumerate(groups):
        game.groups[gid] = _group(gid, owner, cards.many(spec))
    game.books = [
        Book.of(_group(len(groups) + index, owner, cards.many(spec)))
        for index, (owner, spec) in enumerate(books)
    ]
    game.next_group = len(groups) + len(books)
    game.orphans = [cards.many((orphans or {}).get(seat, "")) for seat in range(len(hands))]
    game.pile = cards.many(pile)[::-1]
    game.hands = [sorted(cards.many(hand), key=SORT_KEYS.__getitem__) for hand in hands]
    game.round = hand_number
    game.round_scores, game.result, game.awaiting_deal = [], None, False
    game.drawn, game.played, game.went_out = None, False, None
    game.final_turns = None if final is None else list(final)
    game.turn = turn
    game.phase = START if final is None else FINAL
    game.opening_events = []
    return game


def _group(gid: int, owner: int, cids: list[int]) -> Group:
    """A group from its cards: Clan cards of one clan and at most one bonus card."""
    members = [cid for cid in cids if not DECK[cid].is_bonus]
    bonus = [cid for cid in cids if DECK[cid].is_bonus]
    clans = {DECK[cid].clan or 0 for cid in members}
    assert len(clans) == 1 and len(bonus) <= 1, "a group holds one clan and at most one bonus"
    return Group(gid, owner, clans.pop(), members, bonus[0] if bonus else None)


def group_labels(game: Thistle) -> dict[int, tuple[int, str]]:
    """Every open group as ``{id: (owner, "4 4 4A")}``."""
    return {gid: (group.owner, labels(group.all_cards())) for gid, group in game.groups.items()}


def hand(game: Thistle, seat: int) -> str:
    return labels(game.hands[seat])


def card(game: Thistle, seat: int, name: str) -> int:
    """The id of a card named `name` in `seat`'s hand."""
    for cid in game.hands[seat]:
        if label(cid) == name:
            return cid
    raise ValueError(f"{name} is not in hand {seat}")


def kinds(events: Sequence[Event]) -> list[str]:
    return [event.kind for event in events]


def lines(game: Thistle, side: int = 0) -> list[tuple[str, int, int]]:
    """The last hand's score lines of `side` that count something, as (label, count, each)."""
    return [
        (line.label, line.count, line.each)
        for line in game.round_scores[-1].lines[side]
        if line.count
    ]


def public(event: Event) -> dict[str, Any]:
    """The public part of `event` in plain form, without its kind."""
    wire: dict[str, Any] = to_wire(event.public)
    del wire["kind"]
    return wire


def private(event: Event, seat: int) -> dict[str, Any]:
    """What `event` shows `seat` alone, in plain form."""
    wire: dict[str, Any] = to_wire(event.private[seat])
    return wire


def snapshot(game: Thistle) -> list[dict[str, Any]]:
    """Everything every seat and a spectator can see, to check that nothing changed."""
    return [game.view(seat) for seat in [*range(game.seats), None]]


def refused(game: Thistle, seat: int, action: Action) -> str:
    """Apply an action the rules forbid: check that it changes nothing and return the reason."""
    before = snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, action)
    assert snapshot(game) == before
    return caught.value.reason
