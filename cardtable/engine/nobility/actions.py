"""Nobility's actions in a turn (the offers, free actions, are in ``types``).

Cards and melds are named by their numbers; a battle names one target, a meld or a hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from cardtable.engine.actions import GameAction, cards_field
from cardtable.wire.codec import Plain, read_as, wire_field

CARD_REFUSAL = "Cards are named by their numbers."
MELD_REFUSAL = "Melds are named by their numbers."
MERGE_REFUSAL = "Merge your melds into another player's, by seat (`to`)."


@dataclass(frozen=True, slots=True)
class Draw(GameAction):
    """Draw the top card of the stock (the start of a turn)."""

    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Take(GameAction):
    """Take the top card of the stock discard pile instead of drawing."""

    kind: ClassVar[str] = "take"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class MeldCards(GameAction):
    """Lay `cids` (three or more provinces of a suit in sequence, in card order) as a meld."""

    kind: ClassVar[str] = "meld"
    cids: tuple[int, ...] = cards_field()


@dataclass(frozen=True, slots=True)
class Extend(GameAction):
    """Add province `cid` at either end of meld `meld` (anyone's)."""

    kind: ClassVar[str] = "extend"
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int = wire_field(refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Defend(GameAction):
    """Put noble `cid` on one's own meld `meld` of its suit."""

    kind: ClassVar[str] = "defend"
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int = wire_field(refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Corrupt(GameAction):
    """Put Joker `cid` on meld `meld`: it pays no more income."""

    kind: ClassVar[str] = "joker"
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int = wire_field(refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Claim(GameAction):
    """Meld noble `cid` to claim income for its suit."""

    kind: ClassVar[str] = "claim"
    cid: int = wire_field(refusal=CARD_REFUSAL)


def _number(data: Plain) -> int:
    """An optional field's number: one that is left out when there is none, so an explicit
    null is not sent as the view lists the action, and is refused."""
    number: int = read_as(int, data)
    return number


@dataclass(frozen=True, slots=True)
class Battle(GameAction):
    """Attack meld `meld` or seat `hand`'s hand (one of the two) with nobles `cids`.

    On the wire only the target named travels: ``{"cids": [...], "meld": 2}`` or
    ``{"cids": [...], "hand": 1}``."""

    kind: ClassVar[str] = "battle"
    cids: tuple[int, ...] = cards_field()
    meld: int | None = wire_field(optional=True, parse=_number, refusal=MELD_REFUSAL)
    hand: int | None = wire_field(
        optional=True, parse=_number, refusal="Name the hand to attack by its seat."
    )


@dataclass(frozen=True, slots=True)
class Retrieve(GameAction):
    """Pay for noble `cid` from the noble discard pile: to hand, or onto one's own `meld`.

    On the wire ``meld`` travels only when there is one."""

    kind: ClassVar[str] = "retrieve"
    undoable: ClassVar[bool] = True
    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int | None = wire_field(optional=True, parse=_number, refusal=MELD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Recall(GameAction):
    """Take defender `cid` back from one's own meld to hand (a retrieval)."""

    kind: ClassVar[str] = "recall"
    undoable: ClassVar[bool] = True
    cid: int = wire_field(refusal=CARD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Done(GameAction):
    """The meld phase or the retrieval is over."""

    kind: ClassVar[str] = "done"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Discard(GameAction):
    kind: ClassVar[str] = "discard"
    cid: int = wire_field(refusal=CARD_REFUSAL)


@dataclass(frozen=True, slots=True)
class GiveUp(GameAction):
    """Give up noble `cid`, one of those owed."""

    kind: ClassVar[str] = "give_up"
    cid: int = wire_field(refusal=CARD_REFUSAL)


@dataclass(frozen=True, slots=True)
class Ready(GameAction):
    """Ready for the election's vote."""

    kind: ClassVar[str] = "ready"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Pass(GameAction):
    """The endgame: do nothing this turn."""

    kind: ClassVar[str] = "pass"
    undoable: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Merge(GameAction):
    """The endgame: hand every one of one's melds to seat `to`."""

    kind: ClassVar[str] = "merge"
    undoable: ClassVar[bool] = True
    to: int = wire_field(refusal=MERGE_REFUSAL)


#: A turn's actions, in the order the game's types list them.
TURN_ACTIONS: tuple[type[GameAction], ...] = (
    Draw, Take, MeldCards, Extend, Defend, Corrupt, Claim, Battle, Retrieve, Recall, Done,
    Discard, GiveUp, Ready, Pass, Merge,
)  # fmt: skip
#: The moves that make up the meld phase.
MeldMove = MeldCards | Extend | Defend | Corrupt | Claim
