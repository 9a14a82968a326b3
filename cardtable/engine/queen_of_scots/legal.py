"""What a Queen of Scots seat may do now (rulings 4–5): its legal actions, read from the game's
`Position`, one for each distinct choice."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from cardtable.engine.actions import GameAction
from cardtable.engine.queen_of_scots.edition import Edition
from cardtable.engine.queen_of_scots.phases import PICKUP
from cardtable.engine.queen_of_scots.position import Position
from cardtable.engine.queen_of_scots.sets import MIN_NATURALS, MIN_SET, fits
from cardtable.engine.queen_of_scots.types import Add, Discard, Draw, Meld, Stop, Take


def legal_actions(game: Position, seat: int) -> list[GameAction]:
    if game.phase == PICKUP:
        first: GameAction = Draw() if game.stock else Stop()
        return [first, *takes(game, seat)]
    hand = game.hands[seat]
    sets = game.own_sets(seat)
    adds = [
        Add(cid, group.id) for cid in hand for group in sets if fits(game.edition.cards[cid], group)
    ]
    discards = [Discard(cid) for cid in hand]
    return [*melds(game, seat), *adds, *discards]


def takes(game: Position, seat: int) -> list[GameAction]:
    """Ruling 4: each way `seat` may take the whole pile."""
    if not game.pile:
        return []
    top = game.edition.cards[game.pile[-1]]
    hand = game.hands[seat]
    if top.wild:
        if len(crown_jewels(game.edition, hand)) < MIN_NATURALS:
            return []
        return [Take(set_id=group.id) for group in game.own_sets(seat)]
    by_name = _naturals_by_name(game.edition, hand, top.match)
    return [Take(cids=pair) for pair in _choices(by_name, MIN_NATURALS)]


def melds(game: Position, seat: int) -> list[GameAction]:
    """Ruling 5: each smallest new set `seat` may make — three matching cards, or two and a
    Crown Jewel — of a kind it has no set of yet."""
    hand = game.hands[seat]
    wilds = crown_jewels(game.edition, hand)
    kinds: dict[str, dict[str, list[int]]] = {}
    for cid in hand:
        card = game.edition.cards[cid]
        if card.match is not None:
            kinds.setdefault(card.match, {}).setdefault(card.name, []).append(cid)
    have = {group.match for group in game.own_sets(seat)}
    needed = MIN_NATURALS if wilds else MIN_SET
    actions: list[GameAction] = []
    for match, by_name in kinds.items():
        if match in have or sum(map(len, by_name.values())) < needed:
            continue
        if wilds:
            for pair in _choices(by_name, MIN_NATURALS):
                actions.append(Meld((*pair, wilds[0])))
        for triple in _choices(by_name, MIN_SET):
            actions.append(Meld(triple))
    return actions


def crown_jewels(edition: Edition, cids: Sequence[int]) -> list[int]:
    """The Crown Jewels among `cids`."""
    return [cid for cid in cids if edition.cards[cid].wild]


def _naturals_by_name(
    edition: Edition, cids: Sequence[int], match: str | None
) -> dict[str, list[int]]:
    """The hand cards matching `match`, grouped by name (cards of one name are alike)."""
    by_name: dict[str, list[int]] = {}
    for cid in cids:
        card = edition.cards[cid]
        if match is not None and card.match == match:
            by_name.setdefault(card.name, []).append(cid)
    return by_name


def _choices(by_name: dict[str, list[int]], size: int) -> list[tuple[int, ...]]:
    """Every distinct choice of `size` cards from `by_name` (cards of one name are alike), each
    named by the lowest card ids of each name."""
    choices = []
    for names in combinations_with_replacement(sorted(by_name), size):
        wanted = {name: names.count(name) for name in names}
        if all(len(by_name[name]) >= count for name, count in wanted.items()):
            choices.append(tuple(cid for name, n in wanted.items() for cid in by_name[name][:n]))
    return choices
