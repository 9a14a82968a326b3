"""Nobility's search bot: its determinizer and its evaluation.

A seat sees its hand, every meld (owner, provinces, defenders, Joker), both discard piles, the
nobles committed to a battle being resolved, the money, the counts of the other hands and the
stock, and the offers it is a party to. From the events since the deal it knows more: a card
taken from the stock discard pile, a noble recalled or retrieved into hand, and nobles kept
after a won battle are in that hand until they come out again in the open, and a hand won in
battle moves (as far as the seat knows it) to the attacker. A hand just attacked showed how
many nobles it held; while its owner chooses which to lose, exactly those nobles are in it.
Those cards stay where they are; the cards the seat has not seen are dealt anew among the other
hands and the stock. The events also tell the state the view leaves out: the card the player
in turn took (which she may not discard), how far a claim being paid has gone, and the part of
the turn an election interrupted. Offers between the two other players are not seen, so a
determinized game has none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.nobility import phases
from cardtable.engine.nobility.bots import HeuristicBot
from cardtable.engine.nobility.cards import CARD_COUNT, is_noble
from cardtable.engine.nobility.proposals import proposals
from cardtable.engine.nobility.rules import HAND, Nobility
from cardtable.engine.nobility.types import (
    Claimed,
    Corrupted,
    DealDone,
    Dealt,
    Defended,
    Discarded,
    Drew,
    ElectionOpens,
    Extended,
    Fought,
    HandTaken,
    Kept,
    Melded,
    NobilityTable,
    OfferMade,
    Phase,
    Recalled,
    Retrieved,
    StockOut,
    TakenCards,
    ToNobles,
    Took,
    Turn,
)
from cardtable.engine.nobility.unseen import NobilityUnseen, cids, meld_shown, owed_from_hand
from cardtable.engine.search import HiddenPlace, SearchBot, SearchRules, deal_hidden
from cardtable.engine.search.pimc import side_margin
from cardtable.engine.views import SeatView

#: The evaluation's worth of things, in provinces: money (per this much) and a noble in hand.
MONEY_PER_PROVINCE, NOBLE_IN_HAND = 10, 0.5
#: A rubber won or lost, in the evaluation's provinces.
RUBBER = 36.0


@dataclass
class Known:
    """What the events since the deal tell a seat beyond its view."""

    #: Per seat, the cards known to be in its hand (for the seat itself: none, it sees them).
    hands: list[set[int]]
    #: The card the player in turn took from the stock discard pile this turn.
    taken: int | None = None
    #: The part of the turn the open election interrupted (None: not told).
    paused: Phase | None = None
    #: The player who made the claim being paid (None: not told).
    claimer: int | None = None
    #: The nobles in the hand last attacked while its owner chooses which to lose (None: not
    #: told).
    attacked_nobles: int | None = None
    offer_ids: set[int] = field(default_factory=set)


def read_history(view: SeatView[NobilityTable], history: Sequence[SeenEvent[EventPart]]) -> Known:
    """What `view.seat` knows from the events of this rubber (nothing more without them)."""
    seat = view.seat
    known = Known([set() for _ in range(view.seats)])
    start = max(
        (index for index, seen in enumerate(history) if isinstance(seen.public, Dealt)),
        default=None,
    )
    if start is None or getattr(history[start].public, "round", None) != view.round:
        return known
    phase: Phase = phases.START
    won_hand = after_battle = endgame = False
    first = history[start].public
    assert isinstance(first, Dealt)
    turn = (first.dealer + 1) % view.seats
    hands = known.hands
    for seen in history[start + 1 :]:
        part = seen.public
        match part:
            case Turn():
                turn, phase, known.taken = part.seat, phases.MAIN if endgame else phases.START, None
                won_hand = after_battle = False
            case Took():
                hands[part.seat].add(part.card.cid)
                known.taken, phase = part.card.cid, phases.MAIN
            case Drew() if part.seat == turn:
                phase = phases.MAIN if phase == phases.START else phases.DISCARD
                after_battle = False
            case Recalled():
                hands[part.seat].add(part.card.cid)
                phase = phases.RETRIEVING
            case Retrieved():
                if part.meld is None:
                    hands[part.seat].add(part.card.cid)
                phase = phases.RETRIEVING
            case Kept():
                hands[part.seat] |= set(cids(part.cards))
            case Discarded():
                hands[part.seat].discard(part.card.cid)
            case Melded():
                hands[part.seat] -= set(cids(part.meld.cards))
                phase = phases.MELDING
            case Extended() | Defended() | Corrupted() | Claimed():
                hands[part.seat].discard(part.card.cid)
                phase = phases.MELDING
                if isinstance(part, Claimed):
                    known.claimer = part.seat
            case Fought():
                hands[part.seat] -= set(cids(part.nobles))
                after_battle = True
                known.attacked_nobles = part.defence - 1 if part.meld is None else None
            case ToNobles():
                hands[part.seat] -= set(cids(part.cards))
                if known.attacked_nobles is not None and part.why == "defenders lost":
                    known.attacked_nobles -= len(part.cards)
            case HandTaken():
                moved = {cid for cid in hands[part.victim] if not is_noble(cid)}
                if isinstance(seen.private, TakenCards):
                    moved |= set(cids(seen.private.cards))
                hands[part.victim] = set()
                hands[part.seat] |= moved
                won_hand = True
            case StockOut():
                endgame = part.endgame
            case ElectionOpens():
                known.paused = (
                    phase if not after_battle else phases.MELDING if won_hand else phases.DISCARD
                )
            case OfferMade():
                known.offer_ids.add(part.offer.deal)
            case DealDone():
                known.offer_ids.add(part.deal)
    if seat is not None:
        hands[seat] = set()
    return known


def _paused(view: SeatView[NobilityTable], known: Known) -> Phase:
    """The part of the turn an open election interrupted (a guess from the view untold)."""
    if known.paused is not None:
        return known.paused
    table = view.table
    if table.hand_counts[table.turn] > HAND:
        return phases.MELDING if table.won_hand else phases.MAIN
    return phases.START


def _payers_after(view: SeatView[NobilityTable], known: Known) -> tuple[int, ...]:
    """The seats still to pay an income claim after the one paying now (none without a claim
    being paid); the claim's maker is the player in turn unless the events said otherwise."""
    owed = view.table.owed
    if owed is None or owed.kind != "unpaid":
        return ()
    claimer = known.claimer if known.claimer is not None else view.table.turn
    order = [(claimer + step) % view.seats for step in range(view.seats)]
    return tuple(order[order.index(owed.seat) + 1 :])


def determinize(
    view: SeatView[NobilityTable], history: Sequence[SeenEvent[EventPart]], rng: random.Random
) -> Game:
    """A Nobility game consistent with what `view.seat` knows, the rest dealt at random."""
    table, seat = view.table, view.seat
    assert seat is not None and table.hand is not None
    known = read_history(view, history)
    mine = cids(table.hand)
    melds = [meld_shown(shown) for shown in table.melds]
    pile, nobles = cids(table.stock_discard), cids(table.noble_discard)
    committed = cids(table.battle.nobles) if table.battle is not None else []
    seen = set(mine) | set(pile) | set(nobles) | set(committed)
    seen |= {cid for meld in melds for cid in meld.all_cards()}
    held = [known.hands[other] - seen for other in range(view.seats)]
    seen |= {cid for cards in held for cid in cards}
    owed = table.owed
    hidden_owed = owed_from_hand(table) and owed is not None and owed.seat != seat
    places = []
    for other in range(view.seats):
        if other == seat:
            continue
        count = table.hand_counts[other] - len(held[other])
        if hidden_owed and owed is not None and other == owed.seat:
            # The attacked hand holds exactly the nobles its owner must choose from.
            nobles_held = {cid for cid in held[other] if is_noble(cid)}
            told = known.attacked_nobles if known.attacked_nobles is not None else owed.count + 1
            in_hand = min(max(told, owed.count + 1, len(nobles_held)), table.hand_counts[other])
            places.append(HiddenPlace("owed", in_hand - len(nobles_held), is_noble))
            places.append(HiddenPlace(other, count - in_hand + len(nobles_held), _not_noble))
        else:
            places.append(HiddenPlace(other, count))
    places.append(HiddenPlace("stock", table.stock))
    unseen = [cid for cid in range(CARD_COUNT) if cid not in seen]
    dealt = deal_hidden(unseen, places, rng)
    hands = {other: (*dealt[other], *held[other]) for other in range(view.seats) if other != seat}
    if hidden_owed and owed is not None:
        hands[owed.seat] += tuple(dealt["owed"])
    hidden = NobilityUnseen(
        hands=hands,
        stock=tuple(dealt["stock"]),
        taken=known.taken,
        paused=_paused(view, known) if table.phase == phases.ELECTION else phases.START,
        payers_after=_payers_after(view, known),
        next_offer=max([*known.offer_ids, *(shown.deal for shown in table.offers)], default=0) + 1,
    )
    return Nobility.from_view(view, hidden, rng.getrandbits(62))


def _not_noble(cid: int) -> bool:
    return not is_noble(cid)


def standing(game: Nobility, seat: int) -> float:
    """A seat's standing in provinces: its provinces, its money and the nobles in its hand."""
    nobles = sum(1 for cid in game.hands[seat] if is_noble(cid))
    return game.provinces(seat) + game.money[seat] / MONEY_PER_PROVINCE + NOBLE_IN_HAND * nobles


def evaluate(game: Game, seat: int) -> float:
    """The seat's lead in standing over the best other seat."""
    assert isinstance(game, Nobility)
    return side_margin([standing(game, s) for s in range(game.seats)], game.side_of(seat))


RULES = SearchRules(
    determinize=determinize,
    policy=HeuristicBot,
    evaluate=evaluate,
    horizon=40,
    round_weight=RUBBER,
    proposals=proposals,
)


class NobilitySearchBot(SearchBot):
    """Nobility's ``search`` bot."""

    rules = RULES
