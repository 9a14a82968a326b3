"""The heuristic Trupe bot's plans (see `bots`): a way to go out, the declarations that score,
the Trefoil's best use, and what a card in hand is worth keeping, so the discard is the least."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardtable.engine.trupe.bot_combos import (
    COMBOS_WITH,
    EXTENSIONS,
    FEED,
    HONOR_COMBOS,
    OFF_GROUP,
    ORDER,
    ROW_OUT,
    THREES_WITH,
    TRUPE_KEEP,
    Combo,
    Step,
    combo_of,
    hand_type_bonus,
    lacking,
)
from cardtable.engine.trupe.bot_reading import Reading
from cardtable.engine.trupe.cards import IDENTITIES, is_honor
from cardtable.engine.trupe.combinations import SEQUENCE, is_pair

# -- going out -------------------------------------------------------------------------------


def going_out(
    r: Reading, hand: Mapping[str, int], trefoil: bool, discards: int
) -> tuple[float, list[Step]] | None:
    """The best way to go out this turn with `hand` (and the Trefoil): every card into new
    combinations, onto the seat's threes, or into one final pair, but for the `discards` owed
    (one fewer with a final pair). Its worth is its points and the hand type's bonus; None if
    there is no way."""
    codes = sorted(hand, key=ORDER.__getitem__)
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

    def play(
        step: Step,
        joker: bool,
        discards: int,
        pair: bool,
        points: int,
        groups: set[str | None],
        seq: bool,
    ) -> None:
        steps.append(step)
        search(joker, discards, pair, points, groups, seq)
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
                mate = x if not is_honor(x) else next(c for c in HONORS_OF[x[0]] if c != x)
                play(("pair", x, None, mate), False, discards, False, points, groups | {x[0]}, seq)
        if discards:
            play(("discard", x), joker, discards - 1, pair, points, groups, seq)
        counts[x] += 1

    groups: set[str | None] = {d.group for d in r.own}
    search(trefoil, discards, not r.pair_laid, 0, groups, any(d.sequence for d in r.own))
    return best[0] if best else None


HONORS_OF = {group: [c for c in IDENTITIES if c[0] == group and is_honor(c)] for group in "BGMS"}


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
        for code in sorted(left, key=ORDER.__getitem__):
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
        key = (keep_worth(r, code) + feed_risk(r, code), -ORDER[code], code)
        if best is None or key < best:
            best = key
    return None if best is None else best[2]
