"""What a Trupe seat may do now (rulings 5–8), and why not: its legal actions and the checks
an action must pass, read from the game's `Position`."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import cast

from cardtable.engine.actions import NOT_IN_HAND, GameAction, named_cards
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.trupe.cards import IDENTITIES, TREFOIL_CID
from cardtable.engine.trupe.combinations import Kind, classify, is_pair
from cardtable.engine.trupe.declaring import (
    Declaration,
    card_name,
    code_of,
    declarations,
    trefoil_identity,
)
from cardtable.engine.trupe.phases import DISCARD, DRAW, EXTRA, PLAY, TAKEN
from cardtable.engine.trupe.position import Position
from cardtable.engine.trupe.types import (
    NO_SUCH_DECLARATION,
    Discard,
    Draw,
    Extend,
    Pair,
    Take,
)


def legal_actions(game: Position, seat: int) -> list[GameAction]:
    hand = game.hands[seat]
    if game.phase in (EXTRA, DISCARD):
        return [Discard(cid) for cid in hand]
    if game.phase == DRAW:
        return [Draw(), *(Take(cid) for cid in game.row if can_take(game, seat, cid))]
    if game.phase == TAKEN:
        return taken_turn_actions(game, seat)
    return [
        *declarations(hand, keep=cards_to_keep(game, seat)),
        *extensions(game, seat),
        *final_pairs(game, seat),
        *(Discard(cid) for cid in hand),
    ]


def cards_to_keep(game: Position, seat: int) -> int:
    """Ruling 8: the fewest cards a declaration may leave in hand — one for each discard
    still owed, but a final pair stands in for the turn's own discard."""
    return game.discards_due - (seat in game.pairs)


def can_take(game: Position, seat: int, cid: int) -> bool:
    """Ruling 5: a row card may be taken only into a new combination with hand cards."""
    hand = [*game.hands[seat], cid]
    return bool(declarations(hand, cid, keep=cards_to_keep(game, seat), first_only=True))


def taken_turn_actions(game: Position, seat: int) -> list[GameAction]:
    """Ruling 5, a card taken from the row not declared yet: its new combinations, then
    the declarations and extensions that leave the cards to declare it with."""
    hand, taken, keep = game.hands[seat], game.taken, cards_to_keep(game, seat)
    assert taken is not None
    others = [cid for cid in hand if cid != taken]
    declares = [
        action
        for action in declarations(others, keep=keep)
        if taken_still_declarable(game, seat, action.cids)
    ]
    extends = [
        action
        for action in extensions(game, seat)
        if taken_still_declarable(game, seat, [action.cid])
    ]
    return [*declarations(hand, taken, keep=keep), *declares, *extends]


def taken_still_declarable(game: Position, seat: int, playing: Sequence[int]) -> bool:
    """Ruling 5: whether, after `playing` these hand cards, the card taken from the row can
    still be declared in a new combination with the cards left."""
    if game.taken is None or game.taken in playing:
        return True
    left = [cid for cid in game.hands[seat] if cid not in playing]
    return bool(declarations(left, game.taken, keep=cards_to_keep(game, seat), first_only=True))


def drawn_from_pack(game: Position, cid: int) -> bool:
    """Ruling 6: whether hand card `cid` came from the pack (under the first rulings, any
    hand card but one taken from the row)."""
    return cid != game.taken and (game.first_rulings or cid in game.from_pack)


def extendable(game: Position, declared: Declaration) -> bool:
    """Ruling 6: a declared 3, declared on an earlier turn (under the first rulings, on
    any turn)."""
    return declared.kind.size == 3 and (game.first_rulings or declared.turn != game.turn_number)


def extensions(game: Position, seat: int) -> list[Extend]:
    """Ruling 6: a card from the pack that turns one of the seat's 3s, declared on an
    earlier turn, into a 4."""
    actions: list[Extend] = []
    if len(game.hands[seat]) - 1 < cards_to_keep(game, seat):
        return actions
    for declared in game.own_declarations(seat):
        if not extendable(game, declared):
            continue
        codes = declared.codes()
        for cid in game.hands[seat]:
            if not drawn_from_pack(game, cid):
                continue
            if cid == TREFOIL_CID:
                actions += [
                    Extend(declared.id, cid, code)
                    for code in IDENTITIES
                    if isinstance(classify([*codes, code]), Kind)
                ]
            elif isinstance(classify([*codes, code_of(cid, None)]), Kind):
                actions.append(Extend(declared.id, cid))
    return actions


def final_pairs(game: Position, seat: int) -> list[Pair]:
    """Ruling 8: a final pair, laid only to go out: the cards left after it are this turn's
    discards (the pair stands in for the turn's own discard, or comes with it)."""
    hand = game.hands[seat]
    if seat in game.pairs or not pair_goes_out(game, len(hand) - 2):
        return []
    actions: list[Pair] = []
    for first, second in combinations(sorted(hand, key=lambda c: c == TREFOIL_CID), 2):
        if second == TREFOIL_CID:
            actions += [
                Pair((first, second), code)
                for code in IDENTITIES
                if is_pair(code_of(first, None), code)
            ]
        elif is_pair(code_of(first, None), code_of(second, None)):
            actions.append(Pair((first, second)))
    return actions


def pair_goes_out(game: Position, left: int) -> bool:
    """Whether laying a final pair with `left` cards left in hand goes out this turn."""
    return left >= 0 and game.discards_due - 1 <= left <= game.discards_due


def check_kept(game: Position, seat: int, playing: int) -> None:
    """Ruling 8: declared cards and hand come to 13 after the discard; only a final pair
    makes 14. So a declaration leaves a card for each discard owed."""
    keep = cards_to_keep(game, seat)
    if len(game.hands[seat]) - playing < keep:
        owed = "a card" if keep == 1 else f"{keep} cards"
        raise IllegalAction(
            f"Keep {owed} to discard: you go out with a final discard, or by laying down "
            "a final pair."
        )


def check_taken_kept(game: Position, seat: int, playing: Sequence[int]) -> None:
    """Ruling 5: a declaration or extension leaves the cards that declare the card taken
    from the row this turn."""
    if not taken_still_declarable(game, seat, playing):
        raise IllegalAction(
            f"Keep the cards that declare the {card_name(cast(int, game.taken))} you took from "
            "the discards: it must be declared this turn, in a new combination with cards "
            "from your hand."
        )


def phase_hint(game: Position) -> str:
    if game.phase == TAKEN:
        return (
            f"Declare the {card_name(cast(int, game.taken))} you took from the discards before "
            "your turn ends, in a new combination with cards from your hand."
        )
    return {
        EXTRA: "Before play starts, discard a card for each extra draw your Miranda gave you.",
        DRAW: "Start your turn by drawing from the pack or taking a card from the discard row.",
        PLAY: "You have drawn this turn; declare, extend, lay down a final pair, or discard.",
        DISCARD: "Discard another card: your Miranda's extra draws are paid for with discards.",
    }[game.phase]


def checked_extension(game: Position, seat: int, action: Extend) -> tuple[Declaration, str | None]:
    """Ruling 6: the declared 3 `action` extends and the identity its Trefoil takes, or the
    refusal; the cards kept are checked by the rules after."""
    did = action.declaration
    if did not in game.declarations:
        raise IllegalAction(NO_SUCH_DECLARATION)
    declared = game.declarations[did]
    if declared.owner != seat:
        raise IllegalAction("You may extend only your own declarations.")
    if declared.kind.size != 3:
        raise IllegalAction("Only a declared 3 can be extended, to a 4.")
    cid = action.cid
    if cid not in game.hands[seat]:
        raise IllegalAction(NOT_IN_HAND)
    trefoil_as = trefoil_identity([cid], action.stands_for)
    kind = classify([*declared.codes(), code_of(cid, trefoil_as)])
    if isinstance(kind, str):
        raise IllegalAction(f"The {card_name(cid, trefoil_as)} does not turn that 3 into a 4.")
    if cid == game.taken:
        raise IllegalAction(
            f"The {card_name(cid)} you took from the discards never extends a declaration: "
            "declare it in a new combination with cards from your hand."
        )
    if not drawn_from_pack(game, cid):
        raise IllegalAction(
            f"Only a card drawn from the pack extends a declared 3, and the {card_name(cid)} "
            "was dealt to you."
        )
    if not extendable(game, declared):
        raise IllegalAction(
            "A 3 is extended on a later turn than it was declared: declare all four "
            "together, or extend it on your next turn."
        )
    return declared, trefoil_as


def checked_pair(game: Position, seat: int, action: Pair) -> tuple[list[int], str | None]:
    """Ruling 8: the cards of the final pair `action` lays down and the identity its Trefoil
    takes, or the refusal."""
    cids = named_cards(action.cids, game.hands[seat])
    if len(cids) != 2:
        raise IllegalAction("A final pair is two cards.")
    trefoil_as = trefoil_identity(cids, action.stands_for)
    if not is_pair(*(code_of(cid, trefoil_as) for cid in cids)):
        raise IllegalAction(
            "A final pair is two like members, two honors of one group, or one honor of two groups."
        )
    if seat in game.pairs:
        raise IllegalAction("You have laid down your final pair already.")
    if not pair_goes_out(game, len(game.hands[seat]) - 2):
        raise IllegalAction(
            "A final pair is laid down only to go out: the cards left after it must be "
            "this turn's discards, or none."
        )
    return cids, trefoil_as
