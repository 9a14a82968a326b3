"""Nobility's meld phase and money on the table (rulings 6–10): melds laid, extended, defended
and corrupted; an income claim paid out seat by seat with the defenders' upkeep; and nobles
retrieved for their cost. Each changes the game's `Position` and returns the events."""

from __future__ import annotations

from cardtable.engine.events import Event
from cardtable.engine.nobility.actions import (
    Claim,
    Defend,
    Extend,
    MeldCards,
    MeldMove,
    Recall,
    Retrieve,
)
from cardtable.engine.nobility.cards import card_face, faces, hand_order, run_order, suit_of
from cardtable.engine.nobility.melds import NOBLE_COST, Meld
from cardtable.engine.nobility.state import Owed, Payout, Position
from cardtable.engine.nobility.types import (
    Claimed,
    Corrupted,
    Defended,
    Extended,
    Income,
    Maintenance,
    Melded,
    Recalled,
    Retrieved,
    Unpaid,
)


def meld_move(game: Position, seat: int, action: MeldMove) -> list[Event]:
    """Lay, extend, defend or corrupt a meld, or claim income (which is paid out at once)."""
    hand = game.hands[seat]
    if isinstance(action, MeldCards):
        cards = run_order(action.cids)
        assert cards is not None
        for cid in cards:
            hand.remove(cid)
        meld = Meld(game.next_meld, seat, suit_of(cards[0]), cards)
        game.melds[meld.id] = meld
        game.next_meld += 1
        return [Event(Melded(seat, meld.view(False)))]
    cid = action.cid
    hand.remove(cid)
    if isinstance(action, Claim):
        game.nobles.append(cid)
        game.claim = Payout(suit_of(cid), [(seat + step) % game.seats for step in range(3)])
        return [Event(Claimed(seat, card_face(cid))), *run_claim(game)]
    meld = game.melds[action.meld]
    card = card_face(cid)
    if isinstance(action, Extend):
        meld.extend(cid)
        return [Event(Extended(seat, card, meld.id, meld.owner))]
    if isinstance(action, Defend):
        meld.defenders.append(cid)
        return [Event(Defended(seat, card, meld.id, meld.owner))]
    meld.joker = cid
    return [Event(Corrupted(seat, card, meld.id, meld.owner))]


def run_claim(game: Position) -> list[Event]:
    """Pay a claim seat by seat: income as far as the bank goes, then maintenance; pause
    when a seat must choose which defenders it cannot pay for."""
    assert game.claim is not None
    events: list[Event] = []
    while game.claim.order:
        seat = game.claim.order.pop(0)
        paying = [
            meld
            for meld in game.own_melds(seat)
            if meld.suit == game.claim.suit and meld.joker is None
        ]
        if not paying:
            continue
        due = game.income_due(seat, game.claim.suit)
        paid = min(due, game.bank)
        game.bank -= paid
        game.money[seat] += paid
        events.append(Event(Income(seat, game.claim.suit, due, paid)))
        upkeep = [cid for meld in paying for cid in meld.upkeep]
        affordable = min(len(upkeep), game.money[seat] // NOBLE_COST)
        if affordable < len(upkeep):
            if affordable == 0:
                events += unpaid(game, seat, upkeep)
            else:
                game.owed = Owed(seat, "unpaid", len(upkeep) - affordable, upkeep)
                return events
        events += pay_upkeep(game, seat, affordable)
    game.claim = None
    return events


def pay_upkeep(game: Position, seat: int, count: int) -> list[Event]:
    """`seat` pays the bank the upkeep of `count` defenders."""
    if count == 0:
        return []
    fee = NOBLE_COST * count
    game.money[seat] -= fee
    game.bank += fee
    return [Event(Maintenance(seat, count, fee))]


def unpaid(game: Position, seat: int, cids: list[int]) -> list[Event]:
    """Defenders whose maintenance is not paid go face up to the stock discard pile."""
    for cid in cids:
        lift_defender(game, cid)
        game.pile.append(cid)
    return [Event(Unpaid(seat, faces(cids)))]


def lift_defender(game: Position, cid: int) -> None:
    """Take defender `cid` off whichever meld it defends."""
    for meld in game.melds.values():
        if cid in meld.defenders:
            meld.defenders.remove(cid)
            return


def retrieve(game: Position, seat: int, action: Retrieve | Recall) -> list[Event]:
    """Buy a noble back from the noble discard pile, or recall a defender to hand."""
    cid = action.cid
    if isinstance(action, Recall):
        lift_defender(game, cid)
        game.hands[seat] = hand_order([*game.hands[seat], cid])
        return [Event(Recalled(seat, card_face(cid)))]
    game.nobles.remove(cid)
    game.money[seat] -= NOBLE_COST
    game.bank += NOBLE_COST
    if action.meld is not None:
        game.melds[action.meld].defenders.append(cid)
    else:
        game.hands[seat] = hand_order([*game.hands[seat], cid])
    return [Event(Retrieved(seat, card_face(cid), action.meld, NOBLE_COST))]
