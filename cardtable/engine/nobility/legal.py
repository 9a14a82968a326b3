"""The legal actions of a seat in a Nobility game (rulings 5–13), read from its `Position`."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from cardtable.engine.actions import GameAction
from cardtable.engine.nobility import actions
from cardtable.engine.nobility.cards import is_joker, is_noble, is_province, run_order, suit_of
from cardtable.engine.nobility.limits import HAND
from cardtable.engine.nobility.melds import NOBLE_COST
from cardtable.engine.nobility.phases import ELECTION, MAIN, MELDING, RETRIEVING, START
from cardtable.engine.nobility.state import Position


def legal_actions(game: Position, seat: int) -> list[GameAction]:
    if game.owed is not None:
        return [actions.GiveUp(cid) for cid in game.owed.cards]
    if game.phase == ELECTION:
        return [actions.Ready()]
    hand = game.hands[seat]
    if game.phase == START:
        moves: list[GameAction] = []
        if game.stock:
            moves.append(actions.Draw())
        if game.pile:
            moves.append(actions.Take())
        return moves + _retrievals(game, seat)
    if game.phase == MAIN:
        moves = [*_meld_actions(game, seat), *_battles(game, seat)]
        if game.endgame:
            moves += _retrievals(game, seat)
            if game.own_melds(seat):
                moves += [actions.Merge(other) for other in _others(game, seat)]
            if len(hand) <= HAND:
                moves.append(actions.Pass())
        if len(hand) > HAND:
            moves += _discards(game, seat)
        return moves
    if game.phase == MELDING:
        return [*_meld_actions(game, seat), actions.Done()]
    if game.phase == RETRIEVING:
        return [*_retrievals(game, seat), actions.Done()]
    return list(_discards(game, seat))  # DISCARD


def _discards(game: Position, seat: int) -> list[actions.Discard]:
    """Any card but the one taken from the stock discard pile this turn (so that the pile
    cannot pass round the table for ever)."""
    return [actions.Discard(cid) for cid in game.hands[seat] if cid != game.taken]


def _others(game: Position, seat: int) -> list[int]:
    return [other for other in range(game.seats) if other != seat]


def _meld_actions(game: Position, seat: int) -> list[GameAction]:
    hand = game.hands[seat]
    provinces = [cid for cid in hand if is_province(cid)]
    moves: list[GameAction] = []
    for size in range(3, len(provinces) + 1):
        for group in combinations(sorted(provinces), size):
            if run_order(group) is not None:
                moves.append(actions.MeldCards(group))
    for cid in provinces:
        for meld in game.melds.values():
            if meld.extends_with(cid):
                moves.append(actions.Extend(cid, meld.id))
    for cid in hand:
        if is_noble(cid):
            for meld in game.own_melds(seat):
                if meld.suit == suit_of(cid):
                    moves.append(actions.Defend(cid, meld.id))
            moves.append(actions.Claim(cid))
        elif is_joker(cid):
            for meld in game.melds.values():
                if meld.joker is None:
                    moves.append(actions.Corrupt(cid, meld.id))
    return moves


def _battles(game: Position, seat: int) -> list[actions.Battle]:
    nobles = sorted(cid for cid in game.hands[seat] if is_noble(cid))
    targets = [
        actions.Battle((), meld=meld.id) for meld in game.melds.values() if meld.owner != seat
    ]
    targets += [
        actions.Battle((), hand=other) for other in _others(game, seat) if game.hands[other]
    ]
    return [
        replace(target, cids=group)
        for size in range(2, len(nobles) + 1)
        for group in combinations(nobles, size)
        for target in targets
    ]


def _retrievals(game: Position, seat: int) -> list[GameAction]:
    moves: list[GameAction] = []
    if game.money[seat] >= NOBLE_COST:
        for cid in sorted(set(game.nobles)):
            moves.append(actions.Retrieve(cid))
            for meld in game.own_melds(seat):
                if meld.suit == suit_of(cid):
                    moves.append(actions.Retrieve(cid, meld.id))
    for meld in game.own_melds(seat):
        for cid in meld.defenders:
            moves.append(actions.Recall(cid))
    return moves
