"""A heuristic Trupe bot: go out whenever it can, declare what scores, keep the cards likely to
join a combination, shed the rest (honors first as the hand nears its end), and play for a Trupe
when most of its cards are of one group.

The bot knows only its seat's view, and works its turn out again at each call. First, a way to
go out: every card into new combinations, onto its declared threes or into a final pair, but for
the discards due; the best by points and hand type (a Trupe, then a Gam, then a Revel). Else it
declares what scores (like members, honors), extends its threes, and spends the Trefoil only
where it adds 10 points or more; sequences score nothing and make the hand a Revel, so they wait
in hand for going out, unless the hand's end is near. A row card is taken when the combination
it completes scores, or lets the bot go out.

A card kept in hand is worth the best combination of three it may still join, times the chance
of finding the missing cards (the copies the bot cannot see and the draws it counts on), less
what it costs in hand if the hand ends soon. The discard is the card worth least, counting the
chance that the next player holds the cards to take it with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.trupe.bot_combos import (
    COMBOS,
    COMBOS_WITH,
    LONG_HAND_TURNOVERS,
    OUT_WORTH,
    TREFOIL_USE,
    Combo,
    Naming,
    Step,
    combo_of,
    lacking,
)
from cardtable.engine.trupe.bot_plans import (
    going_out,
    keep_worth,
    pick_discard,
    scoring_declarations,
    trefoil_use,
)
from cardtable.engine.trupe.bot_reading import Reading, card_code, read
from cardtable.engine.trupe.combinations import SEQUENCE
from cardtable.engine.trupe.types import (
    Declare,
    Discard,
    Draw,
    Extend,
    Pair,
    Take,
    TrupeFace,
    TrupeTable,
)
from cardtable.engine.views import SeatView

# -- matching plays with the legal actions ---------------------------------------------------


class Chooser:
    """Finds the legal action that makes one of the bot's plays."""

    def __init__(self, r: Reading, legal: Sequence[GameAction]) -> None:
        self.legal = legal
        self.code_of = {cid: code for code, cids in r.cids.items() for cid in cids}

    def codes(self, action: Naming) -> list[str]:
        """The identities of a declaration's or a pair's cards (the Trefoil's stand-in)."""
        return sorted(self.code_of.get(cid) or action.stands_for or "" for cid in action.cids)

    def find(self, step: Step) -> GameAction | None:
        kind = step[0]
        for action in self.legal:
            if action.kind != kind:
                continue
            match action:
                case Declare():
                    _, codes, stand_in = step
                    if action.stands_for == stand_in and self.codes(action) == sorted(codes):
                        return action
                case Extend():
                    _, did, code, stand_in = step
                    if (
                        action.declaration == did
                        and action.stands_for == stand_in
                        and self.code_of.get(action.cid) == code
                    ):
                        return action
                case Pair():
                    _, first, second, stand_in = step
                    if action.stands_for == stand_in and self.codes(action) == sorted(
                        [first, second or stand_in]
                    ):
                        return action
                case Discard() if self.code_of.get(action.cid) == step[1]:
                    return action
        return None

    def discard(self, r: Reading) -> GameAction:
        code = pick_discard(r)
        action = None if code is None else self.find(("discard", code))
        return action or next(a for a in self.legal if isinstance(a, Discard))


# -- the turn --------------------------------------------------------------------------------


def choose_play(r: Reading, legal: Sequence[GameAction]) -> GameAction:
    """Go out if it can; else declare what scores, extend its threes, use the Trefoil where it
    pays; then discard."""
    chooser = Chooser(r, legal)
    out = going_out(r, r.hand, r.trefoil, r.discards_due)
    if out is not None:
        for step in out[1]:
            action = None if step[0] == "discard" else chooser.find(step)
            if action is not None:
                return action
    for combo in scoring_declarations(r):
        action = chooser.find(("declare", combo.codes, None))
        if action is not None:
            return action
    for action in legal:
        if isinstance(action, Extend) and action.stands_for is None and extends_well(r, action):
            return action
    if r.trefoil:
        use = trefoil_use(r)
        if use is not None and use[0] >= (5 if r.late >= 1 else TREFOIL_USE):
            action = chooser.find(use[1])
            if action is not None:
                return action
    return chooser.discard(r)


def extends_well(r: Reading, action: Extend) -> bool:
    """A four scores more than a three, but for a sequence's: a card goes onto a sequence only
    when it is of little use in hand, or the hand's end nears."""
    three = next(d for d in r.own if d.id == action.declaration)
    if not three.sequence:
        return True
    code = next(code for code, cids in r.cids.items() if action.cid in cids)
    return r.late >= 0.5 or keep_worth(r, code) <= 1


def declared_worth(
    r: Reading, hand: Mapping[str, int], combo: Combo, stand_in: str | None, trefoil: bool
) -> float | None:
    """What declaring `combo` from `hand`, which holds a card just taken from the row, is worth
    (the Trefoil standing in for `stand_in`, if given; `trefoil`: the bot's own Trefoil is in
    hand); None if the bot would rather not. If it can then go out, its points and the hand's;
    else its points, if it scores and keeps to the Trupe group, and the Trefoil is not spent
    on less than 10 points."""
    rest = dict(hand)
    for code, n in combo.need:
        rest[code] = rest.get(code, 0) - n + (code == stand_in)
    spent = trefoil and stand_in is not None
    out = going_out(r, {c: n for c, n in rest.items() if n > 0}, trefoil and not spent, 1)
    if out is not None:
        return OUT_WORTH + combo.points + out[0]
    if combo.kind == SEQUENCE or (r.trupe is not None and combo.group != r.trupe):
        return None
    if spent and combo.points < TREFOIL_USE and r.late < 1:
        return None
    return combo.points - spent


def takes(r: Reading, taken: str | None) -> list[tuple[Combo, str | None, dict[str, int]]]:
    """The new combinations a row card of identity `taken` (None: the Trefoil) makes with the
    hand, leaving a card to discard: each with the Trefoil's stand-in, if it is used, and the
    hand holding the card."""
    hand = dict(r.hand)
    if taken is not None:
        hand[taken] = hand.get(taken, 0) + 1
    cards = sum(hand.values()) + (r.trefoil or taken is None)
    found: list[tuple[Combo, str | None, dict[str, int]]] = []
    for combo in COMBOS if taken is None else COMBOS_WITH[taken]:
        if cards - len(combo.codes) < max(1, r.discards_due):
            continue
        missing = lacking(combo, hand)
        if len(missing) == (taken is None) or (taken is not None and len(missing) <= r.trefoil):
            found.append((combo, missing[0] if missing else None, hand))
    return found


def choose_pickup(r: Reading, legal: Sequence[GameAction]) -> GameAction:
    """The take whose declaration is worth most, if one is worth anything; else a draw."""
    best: tuple[float, GameAction] = (0.0, next(a for a in legal if isinstance(a, Draw)))
    for action in legal:
        if isinstance(action, Take):
            taken = r.row_cards[action.cid]
            for combo, stand_in, hand in takes(r, taken):
                worth = declared_worth(r, hand, combo, stand_in, r.trefoil)
                if worth is not None and worth > best[0]:
                    best = (worth, action)
    return best[1]


def choose_taken(r: Reading, legal: Sequence[GameAction], taken: TrupeFace) -> GameAction:
    """The declaration of the card just `taken` that is worth most."""
    chooser = Chooser(r, legal)
    own_trefoil = r.trefoil and card_code(taken) is not None
    best: tuple[float, GameAction] | None = None
    for action in legal:
        if not isinstance(action, Declare) or taken.cid not in action.cids:
            continue  # the bot declares the card it took first
        stand_in = action.stands_for
        combo = combo_of(chooser.codes(action))
        worth = declared_worth(r, r.hand, combo, stand_in, own_trefoil)
        value = -100.0 if worth is None else worth - 0.5 * (stand_in is not None)
        if best is None or value > best[0]:
            best = (value, action)
    if best is None:
        raise ValueError("no declaration of the card taken is offered")
    return best[1]


class HeuristicBot(Bot[TrupeTable]):
    """Goes out whenever it can, with the best hand type it can; takes a row card that completes
    a scoring combination or lets it go out; declares every scoring combination, keeping
    sequences in hand for going out; extends its threes; saves the Trefoil for 10 points or
    more; plays for a Trupe with most cards of one group; and discards the card it will miss
    least, honors first as the hand nears its end, and not one the next player may take."""

    def choose(self, view: SeatView[TrupeTable] | None, legal: Sequence[GameAction]) -> GameAction:
        if len(legal) == 1:
            return legal[0]
        assert view is not None, "the heuristic bot reads its view"
        phase = view.table.phase
        r = read(view)
        long_hand = view.table.turnovers >= LONG_HAND_TURNOVERS
        if phase == "draw":
            take = next((action for action in legal if isinstance(action, Take)), None)
            return take if long_hand and take is not None else choose_pickup(r, legal)
        if phase == "declare taken":
            assert view.table.taken is not None
            return choose_taken(r, legal, view.table.taken)
        # In phases "discard" and "discard extra", only the discard is left to choose.
        action = choose_play(r, legal) if phase == "play" else Chooser(r, legal).discard(r)
        if isinstance(action, Discard) and long_hand and self.rng.random() < 0.5:
            return self.rng.choice([a for a in legal if isinstance(a, Discard)])
        return action
