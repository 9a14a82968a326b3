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
from dataclasses import dataclass
from typing import Any

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.trupe.cards import DECK_SIZE, IDENTITIES, is_honor
from cardtable.engine.trupe.combinations import SEQUENCE, TEMPLATES, Kind, classify, is_pair
from cardtable.engine.trupe.rules import HAND_SIZE
from cardtable.engine.trupe.scoring import GAM_BONUS, TRUPE_BONUS
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

#: A declaration or a final pair: the plays that name several cards.
Naming = Declare | Pair

#: Cards of one group (hand, Trefoil and the seat's declarations) that make a Trupe worth playing
#: for: only that group is declared, and the other cards are shed first.
TRUPE_AT = 9
#: How much more a card of the Trupe group is worth keeping; what a card of another keeps.
TRUPE_KEEP, OFF_GROUP = 6.0, 0.3
#: What a combination is worth beyond its points: cards that cannot be caught in hand, and a
#: step towards going out.
DOWN = 3.0
#: A sequence's worth in hand: no points, but it helps to go out.
SEQUENCE_WORTH = 2.5
#: The Trefoil is spent on a gain of at least this much, until the hand's end nears.
TREFOIL_USE = 10
#: What going out this turn is worth beyond the points, when weighing a take.
OUT_WORTH = 25.0
#: A card in the discard row counts as this much of a copy that may still be drawn.
ROW_OUT = 0.5
#: The draws the bot counts on, at most.
HORIZON = 12
#: How much the chance that the next player can take a discard counts against it.
FEED = 0.25
#: A rival holding this many cards or fewer may go out soon (CLOSING), or on their turn.
CLOSING, NEAR_END = 6, 3
#: Turns a player after which a hand may end any time, and by which it likely has.
SHORT, LONG = 8, 16
#: A hand ends only when someone goes out (ruling 7; with 89 cards the pack never runs dry).
#: After the open pack has been turned over this often, the bot takes any row card it can and
#: discards at random half the time, so that bots never play one hand round and round for ever.
LONG_HAND_TURNOVERS = 2

_ORDER = {code: index for index, code in enumerate(IDENTITIES)}
_COPIES = {code: 1 if is_honor(code) else 4 for code in IDENTITIES}

#: One play of a turn: ("declare", identities, Trefoil's stand-in), ("extend", declaration id,
#: identity or None for the Trefoil, stand-in), ("pair", identity, identity or None, stand-in),
#: ("discard", identity or None for the Trefoil).
Step = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Combo:
    """A combination that exists: its identities in hand order, and what it scores."""

    codes: tuple[str, ...]
    need: tuple[tuple[str, int], ...]  # (identity, copies)
    kind: str
    points: int
    group: str | None

    @property
    def worth(self) -> float:
        """Its worth in hand, complete."""
        return SEQUENCE_WORTH if self.kind == SEQUENCE else self.points + DOWN


def combo_of(codes: Sequence[str]) -> Combo:
    kind = classify(codes)
    assert isinstance(kind, Kind), kind
    ordered = tuple(sorted(codes, key=_ORDER.__getitem__))
    need = tuple((code, ordered.count(code)) for code in dict.fromkeys(ordered))
    return Combo(ordered, need, kind.kind, kind.points, kind.group)


COMBOS = tuple(combo_of(template) for template in TEMPLATES)
#: Identity → the combinations it is in, threes first; and the threes alone.
COMBOS_WITH = {
    code: tuple(sorted((c for c in COMBOS if code in c.codes), key=lambda c: len(c.codes)))
    for code in IDENTITIES
}
THREES_WITH = {
    code: tuple(c for c in COMBOS_WITH[code] if len(c.codes) == 3) for code in IDENTITIES
}
HONOR_COMBOS = tuple(c for c in COMBOS if is_honor(c.codes[0]))


def _extensions() -> dict[tuple[str, ...], dict[str, int]]:
    """A three (identities in hand order) → the identities that make it a four, and the points
    of the four."""
    found: dict[tuple[str, ...], dict[str, int]] = {}
    for four in (c for c in COMBOS if len(c.codes) == 4):
        for index, code in enumerate(four.codes):
            three = four.codes[:index] + four.codes[index + 1 :]
            if isinstance(classify(three), Kind):
                found.setdefault(three, {})[code] = four.points
    return found


EXTENSIONS = _extensions()


def lacking(combo: Combo, hand: Mapping[str, int]) -> list[str]:
    """The identities `hand` lacks for `combo`, one entry per missing card."""
    missing: list[str] = []
    for code, n in combo.need:
        short = n - hand.get(code, 0)
        if short > 0:
            missing += [code] * short
    return missing


def hand_type_bonus(groups: set[str | None], sequence: bool) -> int:
    """Ruling 9: a Revel has no bonus; a Trupe (one group throughout) 50; a Gam 5."""
    if sequence:
        return 0
    return TRUPE_BONUS if len(groups) == 1 and None not in groups else GAM_BONUS


# -- reading the view ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Own:
    """One of the seat's declarations."""

    id: int
    codes: tuple[str, ...]  # in hand order
    points: int
    group: str | None
    sequence: bool


@dataclass
class Reading:
    """What the seat knows from its view, in the shape the bot's rules need."""

    hand: dict[str, int]  # identity → copies in hand, the Trefoil apart
    cids: dict[str, list[int]]  # identity → the ids of those copies
    trefoil: bool  # whether the Trefoil is in hand
    own: list[Own]
    unseen: dict[str, int]  # identity → copies the seat cannot see
    trefoil_unseen: bool
    hidden: int  # cards the seat cannot see
    row: dict[str, int]  # identity → copies in the discard row
    row_cards: dict[int, str | None]  # a row card's id → its identity (None: the Trefoil)
    next_count: int  # cards in the next player's hand
    discards_due: int
    pair_laid: bool
    draws: int  # the draws the bot counts on
    late: float  # 0: the hand's end is far; 1: it may end on the next turn
    #: The extensions open to it (ruling 6): (declaration id, identity; None for the Trefoil).
    extensions: frozenset[tuple[int, str | None]] = frozenset()
    trupe: str | None = None  # the group the bot plays a Trupe in


def card_code(card: TrupeFace) -> str | None:
    """A card's identity (a declared Trefoil's is what it stands for); None for the Trefoil in
    hand or in the row."""
    if card.stands_for is not None:
        return card.stands_for
    return None if card.group is None else card.short


def read(view: SeatView[TrupeTable]) -> Reading:
    """Digest a seat's view."""
    table, seat, seats = view.table, view.seat, view.seats
    assert seat is not None and table.hand is not None, "a bot plays a seat"
    hand: dict[str, int] = {}
    cids: dict[str, list[int]] = {}
    trefoil = False
    for card in table.hand:
        code = card_code(card)
        if code is None:
            trefoil = True
        else:
            hand[code] = hand.get(code, 0) + 1
            cids.setdefault(code, []).append(card.cid)
    row: dict[str, int] = {}
    row_cards: dict[int, str | None] = {}
    for card in table.row:
        code = row_cards[card.cid] = card_code(card)
        if code is not None:
            row[code] = row.get(code, 0) + 1
    seen: list[TrupeFace] = [*table.hand, *table.row]
    own: list[Own] = []
    for declared in table.declarations:
        seen += declared.cards
        if declared.owner == seat:
            codes = [card_code(card) or "" for card in declared.cards]
            own.append(
                Own(
                    declared.id,
                    tuple(sorted(codes, key=_ORDER.__getitem__)),
                    declared.points,
                    declared.group,
                    declared.type == SEQUENCE,
                )
            )
    for pair in table.pairs:
        if pair is not None:
            seen += pair.cards
    if table.open_top is not None:
        seen.append(table.open_top)
    unseen = dict(_COPIES)
    trefoil_unseen = True
    for card in seen:
        if card.group is not None:
            unseen[card.short] -= 1
        elif card.type == "trefoil":
            trefoil_unseen = False
    counts = table.hand_counts
    rivals = [count for other, count in enumerate(counts) if other != seat]
    hidden = table.pack + table.open_pack - (table.open_top is not None) + sum(rivals)
    following = (seat + 1) % seats
    while following != seat and table.lost_turns[following]:
        following = (following + 1) % seats
    fewest = min(rivals)
    drawable = table.pack + table.open_pack
    late = 1.0 if fewest <= NEAR_END or drawable <= 2 * seats else 0.5 if fewest <= CLOSING else 0
    # Each turn draws a card from the pack; each special drawn, its replacement too.
    specials = sum(len(cards) for cards in table.specials)
    turns = (DECK_SIZE - HAND_SIZE * seats - 2 * specials - table.pack) / seats
    if table.turnovers:
        turns = LONG
    late = max(late, min(1.0, max(0.0, (turns - SHORT) / (LONG - SHORT))))
    reading = Reading(
        hand=hand,
        cids=cids,
        trefoil=trefoil,
        own=own,
        unseen=unseen,
        trefoil_unseen=trefoil_unseen,
        hidden=max(1, hidden),
        row=row,
        row_cards=row_cards,
        next_count=counts[following],
        discards_due=table.discards_due,
        pair_laid=table.pairs[seat] is not None,
        draws=min(HORIZON, max(1, drawable // seats), max(1, 2 * (fewest - NEAR_END))),
        late=late,
        extensions=extensions(table, own),
    )
    reading.trupe = trupe_group(reading)
    return reading


def extensions(table: TrupeTable, own: Sequence[Own]) -> frozenset[tuple[int, str | None]]:
    """Ruling 6: the seat's 3s declared before this turn, each with the identities of the hand
    cards drawn from the pack (None: the Trefoil), which alone may extend them."""
    drawn = set(table.from_pack or ())
    codes = {card_code(card) for card in table.hand or () if card.cid in drawn}
    earlier = [d.id for d in own if len(d.codes) == 3 and d.id not in table.declared_this_turn]
    return frozenset((did, code) for did in earlier for code in codes)


def trupe_group(r: Reading) -> str | None:
    """The group to play a Trupe in: one with TRUPE_AT cards or more in the hand, the Trefoil
    and the seat's declarations, all of which must be of it (and no sequence)."""
    if r.late >= 1 or any(d.sequence for d in r.own):
        return None
    groups = {d.group for d in r.own}
    if len(groups) > 1 or None in groups:
        return None
    held: dict[str, int] = {}
    for code, count in r.hand.items():
        held[code[0]] = held.get(code[0], 0) + count
    base = r.trefoil + sum(len(d.codes) for d in r.own)
    choices = [group for group in groups if group is not None] or list(held)
    best = max(choices, key=lambda group: held.get(group, 0), default=None)
    if best is None or held.get(best, 0) + base < TRUPE_AT:
        return None
    return best


# -- going out -------------------------------------------------------------------------------


def going_out(
    r: Reading, hand: Mapping[str, int], trefoil: bool, discards: int
) -> tuple[float, list[Step]] | None:
    """The best way to go out this turn with `hand` (and the Trefoil): every card into new
    combinations, onto the seat's threes, or into one final pair, but for the `discards` owed
    (one fewer with a final pair). Its worth is its points and the hand type's bonus; None if
    there is no way."""
    codes = sorted(hand, key=_ORDER.__getitem__)
    counts = dict.fromkeys(IDENTITIES, 0)
    counts.update(hand)
    threes = [d for d in r.own if len(d.codes) == 3]
    extended = [False] * len(threes)
    best: list[tuple[float, list[Step]]] = []
    steps: list[Step] = []

    def leaf(points: int, groups: set[str | None], sequence: bool, unpaid: int, pair: bool) -> None:
        # Ruling 8: the cards left are the discards owed; a final pair stands in for one.
        if unpaid > (0 if pair else 1):
            return
        worth = points + hand_type_bonus(groups, sequence)
        if not best or worth > best[0][0]:
            best[:] = [(worth, list(steps))]

    def play(step: Step, *args: Any) -> None:
        steps.append(step)
        search(*args)
        steps.pop()

    def search(
        joker: bool, discards: int, pair: bool, points: int, groups: set[str | None], seq: bool
    ) -> None:
        x = next((code for code in codes if counts[code]), None)
        if x is None:  # only the Trefoil may be left: a discard, or a fourth for a three
            if not joker:
                leaf(points, groups, seq, discards, pair)
                return
            if discards:
                steps.append(("discard", None))
                leaf(points, groups, seq, discards - 1, pair)
                steps.pop()
            for index, three in enumerate(threes):
                for code, four in EXTENSIONS.get(three.codes, {}).items():
                    if not extended[index] and (three.id, None) in r.extensions:
                        steps.append(("extend", three.id, None, code))
                        leaf(points + four - three.points, groups, seq, discards, pair)
                        steps.pop()
            return
        for combo in COMBOS_WITH[x]:
            missing = lacking(combo, counts)
            if len(missing) > joker:
                continue
            stand_in = missing[0] if missing else None
            for code, n in combo.need:
                counts[code] -= n - (code == stand_in)
            play(
                ("declare", combo.codes, stand_in),
                joker and stand_in is None,
                discards,
                pair,
                points + combo.points,
                groups | {combo.group},
                seq or combo.kind == SEQUENCE,
            )
            for code, n in combo.need:
                counts[code] += n - (code == stand_in)
        counts[x] -= 1
        for index, three in enumerate(threes):
            scores = EXTENSIONS.get(three.codes, {}).get(x)
            if scores is not None and not extended[index] and (three.id, x) in r.extensions:
                extended[index] = True
                args = (joker, discards, pair, points + scores - three.points, groups, seq)
                play(("extend", three.id, x, None), *args)
                extended[index] = False
        if pair:
            for y in codes:
                if counts[y] and is_pair(x, y):
                    counts[y] -= 1
                    mates = groups | {x[0], y[0]}
                    play(("pair", x, y, None), joker, discards, False, points, mates, seq)
                    counts[y] += 1
            if joker:
                # The Trefoil pairs as a copy of a member, or as another honor of its group.
                mate = x if not is_honor(x) else next(c for c in _HONORS_OF[x[0]] if c != x)
                play(("pair", x, None, mate), False, discards, False, points, groups | {x[0]}, seq)
        if discards:
            play(("discard", x), joker, discards - 1, pair, points, groups, seq)
        counts[x] += 1

    groups: set[str | None] = {d.group for d in r.own}
    search(trefoil, discards, not r.pair_laid, 0, groups, any(d.sequence for d in r.own))
    return best[0] if best else None


_HONORS_OF = {group: [c for c in IDENTITIES if c[0] == group and is_honor(c)] for group in "BGMS"}


# -- declaring -------------------------------------------------------------------------------


def scoring_declarations(r: Reading) -> list[Combo]:
    """The combinations worth declaring now, the Trefoil apart: every three or four like
    members, and the honor combinations that score most together. Playing for a Trupe, only
    its group's; near the hand's end, the sequences left too."""
    chosen: list[Combo] = []
    for code, count in r.hand.items():
        if count >= 3 and (r.trupe is None or code[0] == r.trupe):
            chosen.append(combo_of((code,) * min(count, 4)))
    honors = {code for code in r.hand if is_honor(code)}
    if len(honors) >= 3:
        candidates = [
            c
            for c in HONOR_COMBOS
            if (r.trupe is None or c.group == r.trupe) and honors.issuperset(c.codes)
        ]
        chosen += best_disjoint(candidates)
    if r.late >= 1:
        left = dict(r.hand)
        for combo in chosen:
            for code, n in combo.need:
                left[code] -= n
        for code in sorted(left, key=_ORDER.__getitem__):
            for combo in reversed(COMBOS_WITH[code]):  # fours first
                if combo.kind == SEQUENCE and not lacking(combo, left):
                    for other, n in combo.need:
                        left[other] -= n
                    chosen.append(combo)
    return chosen


def best_disjoint(candidates: Sequence[Combo]) -> list[Combo]:
    """The combinations, using no card twice, that score most together."""
    best: tuple[int, list[Combo]] = (0, [])

    def search(start: int, used: frozenset[str], points: int, taken: list[Combo]) -> None:
        nonlocal best
        if points > best[0]:
            best = (points, list(taken))
        for index in range(start, len(candidates)):
            combo = candidates[index]
            if used.isdisjoint(combo.codes):
                taken.append(combo)
                search(index + 1, used | set(combo.codes), points + combo.points, taken)
                taken.pop()

    search(0, frozenset(), 0, [])
    return best[1]


def trefoil_use(r: Reading) -> tuple[int, Step] | None:
    """The Trefoil's best use now and what it adds: completing a scoring three from two cards
    (playing for a Trupe, only in its group), or turning a declared three into a four."""
    best: tuple[int, Step] | None = None
    for code in r.hand:
        for combo in THREES_WITH[code]:
            if combo.kind != SEQUENCE and (r.trupe is None or combo.group == r.trupe):
                missing = lacking(combo, r.hand)
                if len(missing) == 1 and (best is None or combo.points > best[0]):
                    best = (combo.points, ("declare", combo.codes, missing[0]))
    for three in r.own:
        if (three.id, None) not in r.extensions:
            continue
        for code, four in EXTENSIONS.get(three.codes, {}).items():
            if best is None or four - three.points > best[0]:
                best = (four - three.points, ("extend", three.id, None, code))
    return best


# -- what a card in hand is worth ------------------------------------------------------------


def chance(r: Reading, missing: Sequence[str]) -> float:
    """About the chance of finding the `missing` cards within the draws the bot counts on."""
    if not missing or (r.trefoil and len(missing) == 1):
        return 1.0
    per_draw = r.draws / r.hidden
    result = 1.0
    for index, code in enumerate(missing):
        outs = r.unseen[code] - missing[:index].count(code) + ROW_OUT * r.row.get(code, 0)
        if r.trefoil_unseen and index == len(missing) - 1:
            outs += 1
        if outs <= 0:
            return 0.0
        result *= min(1.0, outs * per_draw)
    return result / len(missing)


def keep_worth(r: Reading, code: str) -> float:
    """What a card of `code` in hand is worth keeping: the best combination of three it may
    join, times the chance of completing it; more in the Trupe group, less outside it; less what
    it costs in hand (2 an honor, 1 a member) as the hand's end nears."""
    best = 0.0
    for combo in THREES_WITH[code]:
        if combo.kind == SEQUENCE and r.trupe is not None:
            continue
        missing = lacking(combo, r.hand)
        if len(missing) <= 2:
            best = max(best, combo.worth * chance(r, missing))
    if r.trupe is not None:
        best = best + TRUPE_KEEP if code[0] == r.trupe else best * OFF_GROUP
    return best - r.late * (2 if is_honor(code) else 1)


def feed_risk(r: Reading, code: str) -> float:
    """What discarding a card of `code` may hand the next player: for each three it makes, the
    chance they hold the other two cards (or one and the Trefoil), times its worth."""
    share = r.next_count / r.hidden
    risk = 0.0
    for combo in THREES_WITH[code]:
        others = list(combo.codes)
        others.remove(code)
        both = 1.0
        for index, other in enumerate(others):
            both *= max(0, r.unseen[other] - others[:index].count(other)) * share
        one = sum(r.unseen[other] for other in set(others)) * share if r.trefoil_unseen else 0
        risk += min(1.0, both + share * one) * combo.worth
    return FEED * risk


def pick_discard(r: Reading) -> str | None:
    """The identity to discard: the card least worth keeping, counting what it may hand the
    next player (None: the Trefoil, when nothing else is left)."""
    best: tuple[float, int, str] | None = None
    for code in r.hand:
        key = (keep_worth(r, code) + feed_risk(r, code), -_ORDER[code], code)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]


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
    assert best is not None
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
