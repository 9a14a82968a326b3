"""Chinese Ten's search bot: its determinizer (what a seat knows, the rest dealt anew) and
its evaluation.

A seat knows its own hand and every card that has ever been face up: the spots (covered cards
were face up when laid), the scoring piles and the flipped card. From the events it was told of
since the deal it rebuilds the spots and piles card by card, and it knows one thing more: a
player who lays a card from hand could capture nothing (captures are forced), so that hand held
no card taking any top card of that moment, and a hand never gains a card during a round. The
rest (the other hands and the deck) is dealt anew. Without the events (a bot joining mid-round),
covered cards and piles are dealt among the unseen cards too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardtable.engine.chinese_ten.bots import GreedyBot
from cardtable.engine.chinese_ten.rules import ChineseTen, captured_rank, card_facts
from cardtable.engine.chinese_ten.types import Captured, ChineseTenTable, Dealt, Laid
from cardtable.engine.chinese_ten.unseen import ChineseTenUnseen, decks_on
from cardtable.engine.events import DealtHand, EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.search import HiddenPlace, SearchBot, SearchRules, deal_hidden
from cardtable.engine.search.pimc import side_margin
from cardtable.engine.views import SeatView


@dataclass
class Knowledge:
    """What a seat's events since the deal say about the table."""

    spots: list[list[int]]
    piles: list[list[int]]
    #: Per seat: the ranks its hand cannot hold (it laid while a card of that rank could take).
    barred: list[set[int]] = field(default_factory=list)


def read_history(
    view: SeatView[ChineseTenTable], history: Sequence[SeenEvent[EventPart]]
) -> Knowledge | None:
    """The spots, piles and barred ranks from the events since this round's deal, or None when
    the events do not reach back to the deal or do not agree with the view."""
    start = next(
        (
            index
            for index in range(len(history) - 1, -1, -1)
            if isinstance(history[index].public, Dealt)
        ),
        None,
    )
    if start is None:
        return None
    deal = history[start].public
    assert isinstance(deal, Dealt)
    if deal.round != view.round or not isinstance(history[start].private, DealtHand):
        return None
    facts = card_facts(decks_on(view.table))
    known = Knowledge(
        spots=[[face.cid] for face in deal.spots],
        piles=[[] for _ in range(view.seats)],
        barred=[set() for _ in range(view.seats)],
    )
    for seen in history[start + 1 :]:
        part = seen.public
        if isinstance(part, Captured):
            stack = known.spots[part.spot]
            if not stack or stack[-1] != part.target.cid:
                return None
            stack.pop()
            known.piles[part.seat] += [part.card.cid, part.target.cid]
        elif isinstance(part, Laid):
            if part.source == "hand":
                tops = {facts.ranks[stack[-1]] for stack in known.spots if stack}
                known.barred[part.seat] |= {
                    rank for rank in range(1, 14) if captured_rank(rank) in tops
                }
            known.spots[part.spot].append(part.card.cid)
    shown = tuple(spot.top.cid if spot.top else None for spot in view.table.spots)
    if tuple(stack[-1] if stack else None for stack in known.spots) != shown:
        return None
    if [len(stack) for stack in known.spots] != [spot.depth for spot in view.table.spots]:
        return None
    return known


def determinize(
    view: SeatView[ChineseTenTable],
    history: Sequence[SeenEvent[EventPart]],
    rng: random.Random,
) -> Game:
    """A Chinese Ten game consistent with what `view.seat` knows, the rest dealt at random."""
    table, seat = view.table, view.seat
    assert seat is not None and table.hand is not None
    decks = decks_on(table)
    facts = card_facts(decks)
    known = read_history(view, history)
    mine = [card.cid for card in table.hand]
    flipped = [] if table.flipped is None else [table.flipped.cid]
    places: list[HiddenPlace] = []
    if known is None:
        spots: list[list[int | None]] = [
            [None] * (spot.depth - 1) + [spot.top.cid] if spot.top else [] for spot in table.spots
        ]
        piles: list[list[int | None]] = [[None] * pile.count for pile in table.piles]
        barred: list[set[int]] = [set() for _ in range(view.seats)]
        places += [
            HiddenPlace(("covered", i), spot.depth - 1)
            for i, spot in enumerate(table.spots)
            if spot.depth > 1
        ]
        places += [
            HiddenPlace(("pile", s), pile.count) for s, pile in enumerate(table.piles) if pile.count
        ]
    else:
        spots = [list(stack) for stack in known.spots]
        piles = [list(pile) for pile in known.piles]
        barred = known.barred
    seen = set(mine) | set(flipped)
    seen |= {cid for stack in spots for cid in stack if cid is not None}
    seen |= {cid for pile in piles for cid in pile if cid is not None}
    for other in range(view.seats):
        if other != seat:
            places.append(
                HiddenPlace(
                    ("hand", other), table.hand_counts[other], _allows(facts.ranks, barred[other])
                )
            )
    places.append(HiddenPlace("deck", table.deck))
    unseen = [cid for cid in range(len(facts.cards)) if cid not in seen]
    dealt = deal_hidden(unseen, places, rng)
    hidden = ChineseTenUnseen(
        hands={
            other: tuple(dealt[("hand", other)]) for other in range(view.seats) if other != seat
        },
        spots=tuple(_fill(stack, dealt.get(("covered", i), [])) for i, stack in enumerate(spots)),
        piles=tuple(_fill(pile, dealt.get(("pile", s), [])) for s, pile in enumerate(piles)),
        deck=tuple(dealt["deck"]),
    )
    return ChineseTen.from_view(view, hidden, rng.getrandbits(62))


def _allows(ranks: Sequence[int], barred: set[int]) -> Callable[[int], bool] | None:
    if not barred:
        return None
    return lambda cid: ranks[cid] not in barred


def _fill(cards: Sequence[int | None], dealt: Sequence[int]) -> tuple[int, ...]:
    """`cards` with each unknown one (None) replaced by the next of `dealt`."""
    fresh = iter(dealt)
    return tuple(next(fresh) if cid is None else cid for cid in cards)


def evaluate(game: Game, seat: int) -> float:
    """The seat's lead in pile points (a round's score is its pile's points)."""
    assert isinstance(game, ChineseTen)
    return side_margin(game.pile_points, game.side_of(seat))


RULES = SearchRules(determinize=determinize, policy=GreedyBot, evaluate=evaluate)


class ChineseTenSearchBot(SearchBot):
    """Chinese Ten's ``search`` bot."""

    rules = RULES


__all__ = ["RULES", "ChineseTenSearchBot", "determinize", "read_history"]
