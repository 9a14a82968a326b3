"""Queen of Scots' search bot: its determinizer and its evaluation.

A seat sees its hand, the sets and the discard pile. From the events since the deal it knows
one thing more: the cards a player took into hand with the pile (shown to everyone as the pile
was taken) are in that hand until they come out again (melded, added or discarded, all in the
open). Those stay where they are; the cards the seat has not seen are dealt anew among the
other hands (the rest of each) and the stock. Taking is never forced, so play tells nothing of
what a hand lacks. At a table playing the `strict` option, the pile under the top is dealt
among the unseen cards too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial

from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.queen_of_scots.bots import TUNED, HeuristicBot
from cardtable.engine.queen_of_scots.edition import EDITIONS
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from cardtable.engine.queen_of_scots.scoring import seat_lines
from cardtable.engine.queen_of_scots.types import (
    Added,
    Dealt,
    Discarded,
    Melded,
    QueenOfScotsTable,
    Took,
)
from cardtable.engine.queen_of_scots.unseen import QueenOfScotsUnseen, sets_shown
from cardtable.engine.scores import line_totals
from cardtable.engine.search import HiddenPlace, SearchBot, SearchRules, deal_hidden
from cardtable.engine.search.pimc import side_margin
from cardtable.engine.views import SeatView


def taken_into_hands(
    view: SeatView[QueenOfScotsTable], history: Sequence[SeenEvent[EventPart]]
) -> list[set[int]]:
    """Per seat, the cards it took into hand with the pile this round and still holds (as far
    as the events since the deal tell; none without them)."""
    held: list[set[int]] = [set() for _ in range(view.seats)]
    start = max(
        (index for index, seen in enumerate(history) if isinstance(seen.public, Dealt)),
        default=None,
    )
    if start is None or getattr(history[start].public, "round", None) != view.round:
        return held
    for seen in history[start + 1 :]:
        part = seen.public
        if isinstance(part, Took):
            held[part.seat] |= {card.cid for card in part.to_hand}
        elif isinstance(part, Melded):
            held[part.seat] -= {card.cid for card in part.cards}
        elif isinstance(part, Added | Discarded):
            held[part.seat].discard(part.card.cid)
    return held


def determinize(
    view: SeatView[QueenOfScotsTable], history: Sequence[SeenEvent[EventPart]], rng: random.Random
) -> Game:
    """A Queen of Scots game consistent with what `view.seat` knows, the rest dealt at random."""
    table, seat = view.table, view.seat
    assert seat is not None and table.hand is not None and table.turn is not None
    edition = EDITIONS[table.edition]
    strict = len(table.pile) < table.pile_size
    mine = [card.cid for card in table.hand]
    sets = sets_shown(table)
    pile = [card.cid for card in table.pile]
    held = taken_into_hands(view, history)
    seen = set(mine) | set(pile) | {cid for group in sets.values() for cid in group.cards}
    known = [held[other] - seen if other != seat else set() for other in range(view.seats)]
    seen |= {cid for cards in known for cid in cards}
    places = [
        HiddenPlace(other, table.hand_counts[other] - len(known[other]))
        for other in range(view.seats)
        if other != seat
    ]
    places.append(HiddenPlace("stock", table.stock))
    if strict:
        places.append(HiddenPlace("under", table.pile_size - len(pile)))
    unseen = [cid for cid in range(len(edition)) if cid not in seen]
    dealt = deal_hidden(unseen, places, rng)
    hidden = QueenOfScotsUnseen(
        hands={
            other: (*dealt[other], *sorted(known[other]))
            for other in range(view.seats)
            if other != seat
        },
        stock=tuple(dealt["stock"]),
        under=tuple(dealt.get("under", [])),
    )
    return QueenOfScots.from_view(view, hidden, rng.getrandbits(62))


def evaluate(game: Game, seat: int) -> float:
    """The seat's lead if the round were scored now: table minus hand, by card value."""
    assert isinstance(game, QueenOfScots)
    lines = (seat_lines(game.edition, game.own_sets(s), game.hands[s]) for s in range(game.seats))
    return side_margin(line_totals(lines), game.side_of(seat))


#: The search's rollouts, and its move where they cannot tell the moves apart, are the heuristic
#: bot's with its tuned judgement (`TUNED`), not the ``normal`` bot's.
RULES = SearchRules(
    determinize=determinize,
    policy=partial(HeuristicBot, judgement=TUNED),
    evaluate=evaluate,
    horizon=40,
)


class QueenOfScotsSearchBot(SearchBot):
    """Queen of Scots's ``search`` bot."""

    rules = RULES
