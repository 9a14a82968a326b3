"""The four kinds of combination (ruling 4), final pairs (ruling 8), and their points.

Everything here works on identities (``B2``, ``MGold``), so the Trefoil is simply the identity
it is declared as.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from cardtable.engine.trupe.cards import GROUPS, HONORS, NUMERALS, group_of, is_honor, rank_of

SIZES = (3, 4)

MEMBERS = "members"  # 3 or 4 members of one group with one numeral
SEQUENCE = "sequence"  # 1-2-3, 2-3-4 or 1-2-3-4 of one group
HONOR = "honor"  # one honor across groups
GROUP_HONORS = "group honors"  # honors of one group

KINDS = (MEMBERS, SEQUENCE, HONOR, GROUP_HONORS)


@dataclass(frozen=True, slots=True)
class Kind:
    """What a valid combination is and what it is worth."""

    kind: str
    size: int
    points: int
    #: The group every card belongs to, or None for honors across groups.
    group: str | None
    #: Whether these are Golds across groups, worth twice other honors.
    gold: bool = False


def points_for(kind: str, size: int, rank: str) -> int:
    """Ruling 4's table: members 5 / 10; sequences nothing; Golds 20 / 40; other honor
    combinations 10 / 20."""
    if kind == SEQUENCE:
        return 0
    if kind == MEMBERS:
        return 5 if size == 3 else 10
    if kind == HONOR and rank == "Gold":
        return 20 if size == 3 else 40
    return 10 if size == 3 else 20


def classify(codes: Sequence[str]) -> Kind | str:
    """The kind of combination `codes` make, or a sentence saying why they make none."""
    if len(codes) not in SIZES:
        return "A combination is exactly 3 or 4 cards."
    groups = {group_of(code) for code in codes}
    ranks = [rank_of(code) for code in codes]
    if not any(is_honor(code) for code in codes):
        if len(groups) != 1:
            return "Members in a combination must all be of one group."
        if len(set(ranks)) == 1:
            return Kind(MEMBERS, len(codes), points_for(MEMBERS, len(codes), ranks[0]), codes[0][0])
        numerals = sorted(int(rank) for rank in ranks)
        if numerals == list(range(numerals[0], numerals[0] + len(numerals))):
            return Kind(SEQUENCE, len(codes), 0, codes[0][0])
        return (
            "Members of one group make a combination only with one numeral (three 2s) or in "
            "sequence (1-2-3, 2-3-4, 1-2-3-4)."
        )
    if not all(is_honor(code) for code in codes):
        return "Honors and members do not combine."
    if len(set(ranks)) == 1 and len(groups) == len(codes):
        gold = ranks[0] == "Gold"
        return Kind(HONOR, len(codes), points_for(HONOR, len(codes), ranks[0]), None, gold)
    if len(groups) == 1 and len(set(ranks)) == len(codes):
        return Kind(GROUP_HONORS, len(codes), points_for(GROUP_HONORS, len(codes), ""), codes[0][0])
    return (
        "Honors combine as one honor from different groups (three Golds) or different honors "
        "of one group."
    )


def is_pair(first: str, second: str) -> bool:
    """A final pair (ruling 8): two cards that could start a combination other than a
    sequence — two like members, two honors of one group, or one honor from two groups."""
    if is_honor(first) != is_honor(second):
        return False
    if not is_honor(first):
        return first == second
    return first != second and (
        group_of(first) == group_of(second) or rank_of(first) == rank_of(second)
    )


def _templates() -> tuple[tuple[str, ...], ...]:
    """Every combination that exists, as identities (members repeat; the rest are distinct)."""
    found: list[tuple[str, ...]] = []
    for group in GROUPS:
        for numeral in NUMERALS:
            found += [(f"{group}{numeral}",) * size for size in SIZES]
        found += [(f"{group}1", f"{group}2", f"{group}3"), (f"{group}2", f"{group}3", f"{group}4")]
        found.append(tuple(f"{group}{n}" for n in NUMERALS))
        for size in SIZES:
            found += [tuple(f"{group}{h}" for h in honors) for honors in combinations(HONORS, size)]
    for honor in HONORS:
        for size in SIZES:
            found += [tuple(f"{g}{honor}" for g in groups) for groups in combinations(GROUPS, size)]
    return tuple(found)


#: Every combination there is (84), each as a tuple of identities.
TEMPLATES = _templates()
