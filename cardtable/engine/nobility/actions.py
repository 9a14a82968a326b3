"""Nobility's actions in a turn (the offers, free actions, are in ``types``).

Cards and melds are named by their numbers; a battle names one target, a meld or a hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.actions import GameAction, action, cards_field, optional_number
from cardtable.wire.codec import wire_field

CARD_REFUSAL = "Cards are named by their numbers."
MELD_REFUSAL = "Melds are named by their numbers."
MERGE_REFUSAL = "Merge your melds into another player's, by seat (`to`)."


@action("draw")
class Draw(GameAction):
    """Draw the top card of the stock (the start of a turn)."""


@action("take", undoable=True)
class Take(GameAction):
    """Take the top card of the stock discard pile instead of drawing."""


@action("meld")
class MeldCards(GameAction):
    """Lay `cids` (three or more provinces of a suit in sequence, in card order) as a meld."""

    cids: tuple[int, ...] = cards_field()


@dataclass(frozen=True, slots=True)
class CardOnMeld(GameAction):
    """The fields of an action that puts hand card `cid` on meld `meld`."""

    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int = wire_field(refusal=MELD_REFUSAL)


@action("extend")
class Extend(CardOnMeld):
    """Add province `cid` at either end of meld `meld` (anyone's)."""


@action("defend")
class Defend(CardOnMeld):
    """Put noble `cid` on one's own meld `meld` of its suit."""


@action("joker")
class Corrupt(CardOnMeld):
    """Put Joker `cid` on meld `meld`: it pays no more income."""


@action("claim")
class Claim(GameAction):
    """Meld noble `cid` to claim income for its suit."""

    cid: int = wire_field(refusal=CARD_REFUSAL)


@action("battle")
class Battle(GameAction):
    """Attack meld `meld` or seat `hand`'s hand (one of the two) with nobles `cids`.

    On the wire only the target named travels: ``{"cids": [...], "meld": 2}`` or
    ``{"cids": [...], "hand": 1}``."""

    cids: tuple[int, ...] = cards_field()
    meld: int | None = wire_field(optional=True, parse=optional_number, refusal=MELD_REFUSAL)
    hand: int | None = wire_field(
        optional=True, parse=optional_number, refusal="Name the hand to attack by its seat."
    )


@action("retrieve", undoable=True)
class Retrieve(GameAction):
    """Pay for noble `cid` from the noble discard pile: to hand, or onto one's own `meld`.

    On the wire ``meld`` travels only when there is one."""

    cid: int = wire_field(refusal=CARD_REFUSAL)
    meld: int | None = wire_field(optional=True, parse=optional_number, refusal=MELD_REFUSAL)


@action("recall", undoable=True)
class Recall(GameAction):
    """Take defender `cid` back from one's own meld to hand (a retrieval)."""

    cid: int = wire_field(refusal=CARD_REFUSAL)


@action("done", undoable=True)
class Done(GameAction):
    """The meld phase or the retrieval is over."""


@action("discard")
class Discard(GameAction):
    cid: int = wire_field(refusal=CARD_REFUSAL)


@action("give_up")
class GiveUp(GameAction):
    """Give up noble `cid`, one of those owed."""

    cid: int = wire_field(refusal=CARD_REFUSAL)


@action("ready", undoable=True)
class Ready(GameAction):
    """Ready for the election's vote."""


@action("pass", undoable=True)
class Pass(GameAction):
    """The endgame: do nothing this turn."""


@action("merge", undoable=True)
class Merge(GameAction):
    """The endgame: hand every one of one's melds to seat `to`."""

    to: int = wire_field(refusal=MERGE_REFUSAL)


#: A turn's actions, in the order the game's types list them.
TURN_ACTIONS: tuple[type[GameAction], ...] = (
    Draw, Take, MeldCards, Extend, Defend, Corrupt, Claim, Battle, Retrieve, Recall, Done,
    Discard, GiveUp, Ready, Pass, Merge,
)  # fmt: skip
#: The moves that make up the meld phase.
MeldMove = MeldCards | Extend | Defend | Corrupt | Claim
