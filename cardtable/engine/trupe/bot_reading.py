"""The heuristic Trupe bot's reading of its seat's view: its hand, its declarations, the cards
it cannot see and how near the hand's end is (see `bots`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.engine.trupe.bot_combos import (
    CLOSING,
    COPIES,
    HORIZON,
    LONG,
    NEAR_END,
    ORDER,
    SHORT,
    TRUPE_AT,
)
from cardtable.engine.trupe.cards import DECK_SIZE
from cardtable.engine.trupe.combinations import SEQUENCE
from cardtable.engine.trupe.rules import HAND_SIZE
from cardtable.engine.trupe.types import (
    TrupeFace,
    TrupeTable,
)
from cardtable.engine.views import SeatView


@dataclass(frozen=True, slots=True)
class Own:
    """One of the seat's declarations."""

    id: int
    codes: tuple[str, ...]  # in hand order
    points: int
    group: str | None
    sequence: bool


@dataclass
class Reading:
    """What the seat knows from its view, in the shape the bot's rules need."""

    hand: dict[str, int]  # identity → copies in hand, the Trefoil apart
    cids: dict[str, list[int]]  # identity → the ids of those copies
    trefoil: bool  # whether the Trefoil is in hand
    own: list[Own]
    unseen: dict[str, int]  # identity → copies the seat cannot see
    trefoil_unseen: bool
    hidden: int  # cards the seat cannot see
    row: dict[str, int]  # identity → copies in the discard row
    row_cards: dict[int, str | None]  # a row card's id → its identity (None: the Trefoil)
    next_count: int  # cards in the next player's hand
    discards_due: int
    pair_laid: bool
    draws: int  # the draws the bot counts on
    late: float  # 0: the hand's end is far; 1: it may end on the next turn
    #: The extensions open to it (ruling 6): (declaration id, identity; None for the Trefoil).
    extensions: frozenset[tuple[int, str | None]] = frozenset()
    trupe: str | None = None  # the group the bot plays a Trupe in


def card_code(card: TrupeFace) -> str | None:
    """A card's identity (a declared Trefoil's is what it stands for); None for the Trefoil in
    hand or in the row."""
    if card.stands_for is not None:
        return card.stands_for
    return None if card.group is None else card.short


def read(view: SeatView[TrupeTable]) -> Reading:
    """Digest a seat's view."""
    table, seat, seats = view.table, view.seat, view.seats
    assert seat is not None and table.hand is not None, "a bot plays a seat"
    hand: dict[str, int] = {}
    cids: dict[str, list[int]] = {}
    trefoil = False
    for card in table.hand:
        code = card_code(card)
        if code is None:
            trefoil = True
        else:
            hand[code] = hand.get(code, 0) + 1
            cids.setdefault(code, []).append(card.cid)
    row: dict[str, int] = {}
    row_cards: dict[int, str | None] = {}
    for card in table.row:
        code = row_cards[card.cid] = card_code(card)
        if code is not None:
            row[code] = row.get(code, 0) + 1
    seen: list[TrupeFace] = [*table.hand, *table.row]
    own: list[Own] = []
    for declared in table.declarations:
        seen += declared.cards
        if declared.owner == seat:
            codes = [card_code(card) or "" for card in declared.cards]
            own.append(
                Own(
                    declared.id,
                    tuple(sorted(codes, key=ORDER.__getitem__)),
                    declared.points,
                    declared.group,
                    declared.type == SEQUENCE,
                )
            )
    for pair in table.pairs:
        if pair is not None:
            seen += pair.cards
    if table.open_top is not None:
        seen.append(table.open_top)
    unseen = dict(COPIES)
    trefoil_unseen = True
    for card in seen:
        if card.group is not None:
            unseen[card.short] -= 1
        elif card.type == "trefoil":
            trefoil_unseen = False
    counts = table.hand_counts
    rivals = [count for other, count in enumerate(counts) if other != seat]
    hidden = table.pack + table.open_pack - (table.open_top is not None) + sum(rivals)
    following = (seat + 1) % seats
    while following != seat and table.lost_turns[following]:
        following = (following + 1) % seats
    fewest = min(rivals)
    drawable = table.pack + table.open_pack
    late = 1.0 if fewest <= NEAR_END or drawable <= 2 * seats else 0.5 if fewest <= CLOSING else 0
    # Each turn draws a card from the pack; each special drawn, its replacement too.
    specials = sum(len(cards) for cards in table.specials)
    turns = (DECK_SIZE - HAND_SIZE * seats - 2 * specials - table.pack) / seats
    if table.turnovers:
        turns = LONG
    late = max(late, min(1.0, max(0.0, (turns - SHORT) / (LONG - SHORT))))
    reading = Reading(
        hand=hand,
        cids=cids,
        trefoil=trefoil,
        own=own,
        unseen=unseen,
        trefoil_unseen=trefoil_unseen,
        hidden=max(1, hidden),
        row=row,
        row_cards=row_cards,
        next_count=counts[following],
        discards_due=table.discards_due,
        pair_laid=table.pairs[seat] is not None,
        draws=min(HORIZON, max(1, drawable // seats), max(1, 2 * (fewest - NEAR_END))),
        late=late,
        extensions=extensions(table, own),
    )
    reading.trupe = trupe_group(reading)
    return reading


def extensions(table: TrupeTable, own: Sequence[Own]) -> frozenset[tuple[int, str | None]]:
    """Ruling 6: the seat's 3s declared before this turn, each with the identities of the hand
    cards drawn from the pack (None: the Trefoil), which alone may extend them."""
    drawn = set(table.from_pack or ())
    codes = {card_code(card) for card in table.hand or () if card.cid in drawn}
    earlier = [d.id for d in own if len(d.codes) == 3 and d.id not in table.declared_this_turn]
    return frozenset((did, code) for did in earlier for code in codes)


def trupe_group(r: Reading) -> str | None:
    """The group to play a Trupe in: one with TRUPE_AT cards or more in the hand, the Trefoil
    and the seat's declarations, all of which must be of it (and no sequence)."""
    if r.late >= 1 or any(d.sequence for d in r.own):
        return None
    groups = {d.group for d in r.own}
    if len(groups) > 1 or None in groups:
        return None
    held: dict[str, int] = {}
    for code, count in r.hand.items():
        held[code[0]] = held.get(code[0], 0) + count
    base = r.trefoil + sum(len(d.codes) for d in r.own)
    choices = [group for group in groups if group is not None] or list(held)
    best = max(choices, key=lambda group: held.get(group, 0), default=None)
    if best is None or held.get(best, 0) + base < TRUPE_AT:
        return None
    return best
