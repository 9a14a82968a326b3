"""Why a Nobility action is refused: a sentence for each kind of mistake, worked out from the
state of the game once an action is found not to be among the legal ones.

The rules use this module; it knows the game only as the `state.Position` it reads.
"""

from __future__ import annotations

from cardtable.engine.actions import NOT_IN_HAND, GameAction, named_cards
from cardtable.engine.nobility import actions
from cardtable.engine.nobility.cards import is_joker, is_noble, is_province, label, run_order
from cardtable.engine.nobility.melds import NOBLE_COST
from cardtable.engine.nobility.phases import ELECTION, MAIN, MELDING, RETRIEVING, START
from cardtable.engine.nobility.state import Position
from cardtable.engine.refusal import IllegalAction


def refusal(game: Position, seat: int, action: GameAction) -> str:
    """A readable reason an action is not among the legal ones."""
    hand = game.hands[seat]
    if game.owed is not None:
        what = "in your hand" if game.owed.hidden else "named"
        return f"First give up {game.owed.count} of the nobles {what}: give_up one by one."
    if game.phase == ELECTION:
        return "An election is on: make your deals, then say you are ready."
    match action:
        case actions.GiveUp():
            return "There is nothing to give up now."
        case actions.Ready():
            return "There is no election on: nothing to be ready for."
        case actions.Draw() | actions.Take():
            if game.phase != START:
                return "You draw only at the start of your turn."
            if isinstance(action, actions.Draw):
                return "The stock is empty."
            return "The stock discard pile is empty."
        case actions.Retrieve() | actions.Recall():
            if game.phase not in (START, RETRIEVING) and not (game.endgame and game.phase == MAIN):
                return "Retrieval takes the place of the draw and meld phase."
            return _retrieval_refusal(game, seat, action)
    if game.phase == START:
        return "Draw first: from the stock or the stock discard pile (or retrieve)."
    match action:
        case actions.Battle(cids=cids):
            if game.phase != MAIN:
                return "A battle takes the place of the meld phase, right after the draw."
            try:
                nobles = named_cards(cids, hand)
            except IllegalAction as refused:
                return refused.reason
            if not all(is_noble(cid) for cid in nobles) or len(nobles) < 2:
                return "Attack with two or more nobles (A, J, Q, K) from your hand."
            return "Attack an opponent's meld (`meld`) or an opponent's hand (`hand`)."
        case _ if isinstance(action, actions.MeldMove):
            if game.phase not in (MAIN, MELDING):
                return "Melding is over for this turn."
            return _meld_refusal(game, seat, action)
        case actions.Done():
            return "There is nothing to finish: meld, battle or discard."
        case actions.Discard(cid=cid):
            if cid not in hand:
                return NOT_IN_HAND
            if cid == game.taken:
                return "You cannot discard the card you took from the stock discard pile."
            return "Finish melding first (done), then discard."
        case actions.Merge() | actions.Pass():
            if not game.endgame:
                return "Passing and merging come only once the stock and its discard are gone."
            if isinstance(action, actions.Pass):
                return "Discard down to three before passing."
            return "Merge your melds into another player's, by seat (`to`)."
    return f"There is no move {action.kind!r} now."


def _meld_refusal(game: Position, seat: int, action: actions.MeldMove) -> str:
    hand = game.hands[seat]
    if isinstance(action, actions.MeldCards):
        try:
            cids = named_cards(action.cids, hand)
        except IllegalAction as refused:
            return refused.reason
        if run_order(cids) is None:
            return "A meld is three or more provinces (2–10) of one suit in sequence."
        return "That meld is not allowed."
    cid = action.cid
    if cid not in hand:
        return NOT_IN_HAND
    if isinstance(action, actions.Claim):
        return "Only a noble (A, J, Q, K) claims income."
    meld = game.melds.get(action.meld)
    if meld is None:
        return "There is no such meld."
    if isinstance(action, actions.Extend):
        if not is_province(cid):
            return "Only a province (2–10) extends a meld."
        return f"That card ({label(cid)}) does not extend meld {meld.id} at either end."
    if isinstance(action, actions.Defend):
        if meld.owner != seat:
            return "You defend only your own melds."
        return "A meld is defended only by nobles of its suit."
    if not is_joker(cid):
        return "Only a Joker corrupts a meld."
    return "That meld has a Joker already."


def _retrieval_refusal(game: Position, seat: int, action: actions.Retrieve | actions.Recall) -> str:
    if isinstance(action, actions.Recall):
        return "Recall a noble that defends one of your own melds."
    if action.cid not in game.nobles:
        return "Retrieve a noble from the noble discard pile."
    if game.money[seat] < NOBLE_COST:
        return f"Retrieving a noble costs {NOBLE_COST}; you have {game.money[seat]}."
    return "A retrieved noble goes to your hand or onto your own meld of its suit."
