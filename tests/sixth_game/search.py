"""High Card's search bot: the cards won this round are known from the tricks (the events), and
the cards the seat has not seen are dealt anew between the other hand and the stock."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.engine.events import SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.search import HiddenPlace, SearchBot, SearchRules, deal_hidden
from cardtable.engine.search.pimc import side_margin
from cardtable.engine.views import SeatView
from tests.sixth_game.bots import CheapestWinBot
from tests.sixth_game.rules import DECK, HighCard, HighCardUnseen
from tests.sixth_game.types import Dealt, HighCardTable, TrickWon


def won_this_round(history: Sequence[SeenEvent[Any]], seats: int) -> list[list[int]]:
    """The cards each seat has won since the latest deal, from the tricks it was told of."""
    won: list[list[int]] = [[] for _ in range(seats)]
    for event in history:
        if isinstance(event.public, Dealt):
            won = [[] for _ in range(seats)]
        elif isinstance(event.public, TrickWon):
            won[event.public.seat] += [card.cid for card in event.public.cards]
    return won


def determinize(
    view: SeatView[HighCardTable], history: Sequence[SeenEvent[Any]], rng: random.Random
) -> Game:
    """A High Card game consistent with what `view.seat` sees, the rest dealt at random."""
    table, seat = view.table, view.seat
    assert seat is not None and table.hand is not None and table.turn is not None
    won = won_this_round(history, view.seats)
    seen = {card.cid for card in (*table.hand, *table.trick)} | {c for w in won for c in w}
    places = [HiddenPlace(o, table.hand_counts[o]) for o in range(view.seats) if o != seat]
    places.append(HiddenPlace("stock", table.stock))
    dealt = deal_hidden([cid for cid in range(len(DECK)) if cid not in seen], places, rng)
    hands = {other: tuple(dealt[other]) for other in range(view.seats) if other != seat}
    unseen = HighCardUnseen(hands, tuple(dealt["stock"]), tuple(map(tuple, won)))
    return HighCard.from_view(view, unseen, rng.getrandbits(62))


def evaluate(game: Game, seat: int) -> float:
    """The seat's lead in tricks this round."""
    assert isinstance(game, HighCard)
    return side_margin([len(won) for won in game.won], game.side_of(seat))


RULES = SearchRules(determinize=determinize, policy=CheapestWinBot, evaluate=evaluate)


class HighCardSearchBot(SearchBot):
    """High Card's ``search`` bot."""

    rules = RULES
