"""Thistle's search bot: its determinizer and its evaluation.

Everything on the table is public in Thistle (groups, books, set-aside cards, the first-drawn
card), and no card ever goes from the table back into a hand, so a seat's view is all it knows:
its own hand and the table are placed as they are, and the cards it has not seen are dealt anew
among the other hands and the pile. No play is ever forced on a hand, so play tells nothing
about what a hand cannot hold.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.scores import line_totals
from cardtable.engine.search import HiddenPlace, SearchBot, SearchRules, deal_hidden
from cardtable.engine.search.pimc import side_margin
from cardtable.engine.thistle.bots import HeuristicBot
from cardtable.engine.thistle.cards import DECK
from cardtable.engine.thistle.rules import Thistle
from cardtable.engine.thistle.scoring import hand_lines
from cardtable.engine.thistle.types import ThistleTable
from cardtable.engine.thistle.unseen import ThistleUnseen, books_shown, groups_shown
from cardtable.engine.views import SeatView


def determinize(
    view: SeatView[ThistleTable], history: Sequence[SeenEvent[EventPart]], rng: random.Random
) -> Game:
    """A Thistle game consistent with what `view.seat` sees, the rest dealt at random."""
    table, seat = view.table, view.seat
    assert seat is not None and table.hand is not None and table.turn is not None
    groups, books = groups_shown(table), books_shown(table)
    seen = {card.cid for card in table.hand}
    seen |= {cid for group in groups.values() for cid in group.all_cards()}
    seen |= {cid for book in books for cid in book.all_cards()}
    seen |= {card.cid for orphans in table.orphans for card in orphans}
    if table.drawn is not None:
        seen.add(table.drawn.cid)
    places = [
        HiddenPlace(other, table.hand_counts[other]) for other in range(view.seats) if other != seat
    ]
    places.append(HiddenPlace("pile", table.pile))
    dealt = deal_hidden([cid for cid in range(len(DECK)) if cid not in seen], places, rng)
    hidden = ThistleUnseen(
        hands={other: tuple(dealt[other]) for other in range(view.seats) if other != seat},
        pile=tuple(dealt["pile"]),
    )
    return Thistle.from_view(view, hidden, rng.getrandbits(62))


def evaluate(game: Game, seat: int) -> float:
    """The seat's side's lead if the hand were scored now."""
    assert isinstance(game, Thistle)
    return side_margin(line_totals(hand_lines(game, game.sides)), game.side_of(seat))


RULES = SearchRules(determinize=determinize, policy=HeuristicBot, evaluate=evaluate)


class ThistleSearchBot(SearchBot):
    """Thistle's ``search`` bot."""

    rules = RULES
