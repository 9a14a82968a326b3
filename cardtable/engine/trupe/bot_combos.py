"""What the heuristic Trupe bot weighs its plays by: its numbers, and every combination that
exists, with the cards it needs and what it scores (see `bots`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.trupe.cards import IDENTITIES, is_honor
from cardtable.engine.trupe.combinations import SEQUENCE, TEMPLATES, Kind, classify
from cardtable.engine.trupe.scoring import GAM_BONUS, TRUPE_BONUS
from cardtable.engine.trupe.types import (
    Declare,
    Pair,
)

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

ORDER = {code: index for index, code in enumerate(IDENTITIES)}
COPIES = {code: 1 if is_honor(code) else 4 for code in IDENTITIES}

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
    ordered = tuple(sorted(codes, key=ORDER.__getitem__))
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
