"""Trupe's search bot: its determinizer and its evaluation.

A seat sees its hand, the row, the open pack's top, every declaration, pair and special, and a
card just taken from the row (it is declared before the turn ends, so a taken card never stays
hidden in a hand: the view is all the seat needs). The cards it has not seen are dealt anew
among the other hands, the pack and the open pack under its top, but never a premium or a
penalty into a hand or the open pack: those are declared the moment they are drawn. Another
player's hand cards count as drawn from the pack (what alone may extend a three), since the
seat cannot tell them from the dealt ones; under the first rulings every hand card does anyway.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.scores import line_totals
from cardtable.engine.search import HiddenPlace, SearchBot, SearchRules, deal_hidden
from cardtable.engine.search.pimc import side_margin
from cardtable.engine.trupe.bots import HeuristicBot
from cardtable.engine.trupe.cards import DECK, DECK_SIZE
from cardtable.engine.trupe.rules import Trupe
from cardtable.engine.trupe.scoring import hand_lines
from cardtable.engine.trupe.types import TrupeTable
from cardtable.engine.trupe.unseen import TrupeUnseen
from cardtable.engine.views import SeatView


def _not_special(cid: int) -> bool:
    """Premiums and penalties are declared the moment they are drawn: never in a hand, never
    discarded."""
    return not DECK[cid].special


def determinize(
    view: SeatView[TrupeTable], history: Sequence[SeenEvent[EventPart]], rng: random.Random
) -> Game:
    """A Trupe game consistent with what `view.seat` knows, the rest dealt at random."""
    table, seat = view.table, view.seat
    assert seat is not None and table.hand is not None and table.turn is not None
    assert table.from_pack is not None
    mine = [card.cid for card in table.hand]
    declared = [card.cid for shown in table.declarations for card in shown.cards]
    declared += [card.cid for pair in table.pairs if pair is not None for card in pair.cards]
    row = [card.cid for card in table.row]
    top = [] if table.open_top is None else [table.open_top.cid]
    specials = [[card.cid for card in cards] for cards in table.specials]
    seen = set(mine) | set(row) | set(top) | {cid for cards in specials for cid in cards}
    seen |= set(declared)
    known: list[set[int]] = [set() for _ in range(view.seats)]
    if table.taken is not None and table.turn != seat:
        known[table.turn].add(table.taken.cid)
    seen |= known[table.turn]
    places = [
        HiddenPlace(other, table.hand_counts[other] - len(known[other]), _not_special)
        for other in range(view.seats)
        if other != seat
    ]
    places.append(HiddenPlace("under", table.open_pack - len(top), _not_special))
    places.append(HiddenPlace("pack", table.pack))
    dealt = deal_hidden([cid for cid in range(DECK_SIZE) if cid not in seen], places, rng)
    hands = {other: (*dealt[other], *known[other]) for other in range(view.seats) if other != seat}
    taken = None if table.taken is None else table.taken.cid
    hidden = TrupeUnseen(
        hands=hands,
        under=tuple(dealt["under"]),
        pack=tuple(dealt["pack"]),
        from_pack=frozenset(cid for hand in hands.values() for cid in hand if cid != taken),
    )
    return Trupe.from_view(view, hidden, rng.getrandbits(62))


def evaluate(game: Game, seat: int) -> float:
    """The seat's lead if the hand were scored now (nobody out)."""
    assert isinstance(game, Trupe)
    return side_margin(line_totals(hand_lines(game, None)), game.side_of(seat))


RULES = SearchRules(determinize=determinize, policy=HeuristicBot, evaluate=evaluate, horizon=40)


class TrupeSearchBot(SearchBot):
    """Trupe's ``search`` bot."""

    rules = RULES
