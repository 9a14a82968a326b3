"""The legal actions of a seat in a Nobility game (rulings 5–13), read from its `Position`."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from cardtable.engine.actions import GameAction
from cardtable.engine.nobility.actions import (
    Battle,
    Claim,
    Corrupt,
    Defend,
    Discard,
    Done,
    Draw,
    Extend,
    GiveUp,
    MeldCards,
    Merge,
    Pass,
    Ready,
    Recall,
    Retrieve,
    Take,
)
from cardtable.engine.nobility.cards import is_joker, is_noble, is_province, run_order, suit_of
from cardtable.engine.nobility.limits import HAND
from cardtable.engine.nobility.melds import NOBLE_COST
from cardtable.engine.nobility.phases import ELECTION, MAIN, MELDING, RETRIEVING, START
from cardtable.engine.nobility.state import Position


def legal_actions(game: Position, seat: int) -> list[GameAction]:
    if game.owed is not None:
        return [GiveUp(cid) for cid in game.owed.cards]
    if game.phase == ELECTION:
        return [Ready()]
    hand = game.hands[seat]
    if game.phase == START:
        actions: list[GameAction] = []
        if game.stock:
            actions.append(Draw())
        if game.pile:
            actions.append(Take())
        return actions + _retrievals(game, seat)
    if game.phase == MAIN:
        actions = [*_meld_actions(game, seat), *_battles(game, seat)]
        if game.endgame:
            actions += _retrievals(game, seat)
            if game.own_melds(seat):
                actions += [Merge(other) for other in _others(game, seat)]
            if len(hand) <= HAND:
                actions.append(Pass())
        if len(hand) > HAND:
            actions += _discards(game, seat)
        return actions
    if game.phase == MELDING:
        return [*_meld_actions(game, seat), Done()]
    if game.phase == RETRIEVING:
        return [*_retrievals(game, seat), Done()]
    return list(_discards(game, seat))  # DISCARD


def _discards(game: Position, seat: int) -> list[Discard]:
    """Any card but the one taken from the stock discard pile this turn (so that the pile
    cannot pass round the table for ever)."""
    return [Discard(cid) for cid in game.hands[seat] if cid != game.taken]


def _others(game: Position, seat: int) -> list[int]:
    return [other for other in range(game.seats) if other != seat]


def _meld_actions(game: Position, seat: int) -> list[GameAction]:
    hand = game.hands[seat]
    provinces = [cid for cid in hand if is_province(cid)]
    actions: list[GameAction] = []
    for size in range(3, len(provinces) + 1):
        for group in combinations(sorted(provinces), size):
            if run_order(group) is not None:
                actions.append(MeldCards(group))
    for cid in provinces:
        for meld in game.melds.values():
            if meld.extends_with(cid):
                actions.append(Extend(cid, meld.id))
    for cid in hand:
        if is_noble(cid):
            for meld in game.own_melds(seat):
                if meld.suit == suit_of(cid):
                    actions.append(Defend(cid, meld.id))
            actions.append(Claim(cid))
        elif is_joker(cid):
            for meld in game.melds.values():
                if meld.joker is None:
                    actions.append(Corrupt(cid, meld.id))
    return actions


def _battles(game: Position, seat: int) -> list[Battle]:
    nobles = sorted(cid for cid in game.hands[seat] if is_noble(cid))
    targets = [Battle((), meld=meld.id) for meld in game.melds.values() if meld.owner != seat]
    targets += [Battle((), hand=other) for other in _others(game, seat) if game.hands[other]]
    return [
        replace(target, cids=group)
        for size in range(2, len(nobles) + 1)
        for group in combinations(nobles, size)
        for target in targets
    ]


def _retrievals(game: Position, seat: int) -> list[GameAction]:
    actions: list[GameAction] = []
    if game.money[seat] >= NOBLE_COST:
        for cid in sorted(set(game.nobles)):
            actions.append(Retrieve(cid))
            for meld in game.own_melds(seat):
                if meld.suit == suit_of(cid):
                    actions.append(Retrieve(cid, meld.id))
    for meld in game.own_melds(seat):
        for cid in meld.defenders:
            actions.append(Recall(cid))
    return actions
