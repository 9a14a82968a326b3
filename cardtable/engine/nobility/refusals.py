"""Why a Nobility action is refused: a sentence for each kind of mistake, worked out from the
state of the game once an action is found not to be among the legal ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.core import Action, IllegalAction, named_cards
from cardtable.engine.nobility.cards import is_joker, is_noble, is_province, label, run_order
from cardtable.engine.nobility.melds import NOBLE_COST
from cardtable.engine.nobility.phases import (
    ELECTION,
    MAIN,
    MELD_KINDS,
    MELDING,
    RETRIEVE_KINDS,
    RETRIEVING,
    START,
)

if TYPE_CHECKING:
    from cardtable.engine.nobility.rules import Nobility


def refusal(game: Nobility, seat: int, action: Action) -> str:
    """A readable reason an action is not among the legal ones."""
    kind = action.get("kind")
    hand = game.hands[seat]
    if game.owed is not None:
        what = "in your hand" if game.owed.hidden else "named"
        return f"First give up {game.owed.count} of the nobles {what}: give_up one by one."
    if game.phase == ELECTION:
        return "An election is on: make your deals, then say you are ready."
    known = {
        "draw", "take", "battle", "done", "discard", "merge", "pass",
        *MELD_KINDS, *RETRIEVE_KINDS,
    }  # fmt: skip
    if kind not in known:
        return f"There is no move {kind!r} in Nobility."
    cid = action.get("cid")
    if "cid" in action and (isinstance(cid, bool) or not isinstance(cid, int)):
        return "Cards are named by their numbers."
    if kind in ("draw", "take"):
        if game.phase != START:
            return "You draw only at the start of your turn."
        return "The stock is empty." if kind == "draw" else "The stock discard pile is empty."
    if game.phase == START:
        if kind not in RETRIEVE_KINDS:
            return "Draw first: from the stock or the stock discard pile (or retrieve)."
        return _retrieval_refusal(game, seat, action)
    if kind in RETRIEVE_KINDS:
        if game.phase != RETRIEVING and not (game.endgame and game.phase == MAIN):
            return "Retrieval takes the place of the draw and meld phase."
        return _retrieval_refusal(game, seat, action)
    if kind == "battle":
        if game.phase != MAIN:
            return "A battle takes the place of the meld phase, right after the draw."
        try:
            nobles = named_cards(action.get("cids"), hand)
        except IllegalAction as refusal:
            return refusal.reason
        if not all(is_noble(cid) for cid in nobles) or len(nobles) < 2:
            return "Attack with two or more nobles (A, J, Q, K) from your hand."
        return "Attack an opponent's meld (`meld`) or an opponent's hand (`hand`)."
    if kind in MELD_KINDS:
        if game.phase not in (MAIN, MELDING):
            return "Melding is over for this turn."
        return _meld_refusal(game, seat, action)
    if kind == "done":
        return "There is nothing to finish: meld, battle or discard."
    if kind == "discard":
        if cid not in hand:
            return "That card is not in your hand."
        if cid == game.taken:
            return "You cannot discard the card you took from the stock discard pile."
        return "Finish melding first (done), then discard."
    if kind in ("merge", "pass"):
        if not game.endgame:
            return "Passing and merging come only once the stock and its discard are gone."
        if kind == "pass":
            return "Discard down to three before passing."
        return "Merge your melds into another player's, by seat (`to`)."
    return "That move is not allowed now."


def _meld_refusal(game: Nobility, seat: int, action: Action) -> str:
    kind = action["kind"]
    hand = game.hands[seat]
    if kind == "meld":
        try:
            cids = named_cards(action.get("cids"), hand)
        except IllegalAction as refusal:
            return refusal.reason
        if run_order(cids) is None:
            return "A meld is three or more provinces (2–10) of one suit in sequence."
        return "That meld is not allowed."
    cid = action.get("cid")
    if cid not in hand:
        return "That card is not in your hand."
    if kind == "claim":
        return "Only a noble (A, J, Q, K) claims income."
    meld_id = action.get("meld")
    meld = game.melds.get(meld_id) if isinstance(meld_id, int) else None
    if meld is None:
        return "There is no such meld."
    if kind == "extend":
        if not is_province(cid):
            return "Only a province (2–10) extends a meld."
        return f"That card ({label(cid)}) does not extend meld {meld.id} at either end."
    if kind == "defend":
        if meld.owner != seat:
            return "You defend only your own melds."
        return "A meld is defended only by nobles of its suit."
    if not is_joker(cid):
        return "Only a Joker corrupts a meld."
    return "That meld has a Joker already."


def _retrieval_refusal(game: Nobility, seat: int, action: Action) -> str:
    cid = action.get("cid")
    if action["kind"] == "recall":
        return "Recall a noble that defends one of your own melds."
    if cid not in game.nobles:
        return "Retrieve a noble from the noble discard pile."
    if game.money[seat] < NOBLE_COST:
        return f"Retrieving a noble costs {NOBLE_COST}; you have {game.money[seat]}."
    return "A retrieved noble goes to your hand or onto your own meld of its suit."
