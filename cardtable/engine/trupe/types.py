"""Trupe's types: its actions, its events and what a seat sees of the table.

Read these first: they are the whole of what the rules accept and tell.

A card travels as `TrupeFace`: its id, type, name, short name, group and rank; a penalty also
says what it does (``extra_draws``, ``loses_turn``) and a declared Trefoil what it stands for
(``as``, ``as_name``). Those fields are left out of the plain form when they do not apply, and a
declaration's or a final pair's ``as`` likewise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.actions import NOT_IN_HAND, GameAction, action, cards_field
from cardtable.engine.events import EventPart, event
from cardtable.engine.game_types import GameTypes
from cardtable.wire.codec import wire_field

NOT_IN_ROW = "That card is not in the discard row."
NO_SUCH_DECLARATION = "There is no such declaration on the board."
SAY_AS = "Say which card the Trefoil stands for, e.g. B2 (a Brownie 2) or MGold."

CardType = Literal["member", "honor", "premium", "penalty", "trefoil"]
#: Why a card was drawn: the turn's draw, a special's replacement, or a Miranda's extra draw.
DrawReason = Literal["turn", "replacement", "extra"]
#: How a player went out.
OutBy = Literal["declare", "extend", "pair", "discard"]
HandType = Literal["Trupe", "Gam", "Revel"]
CombinationType = Literal["members", "sequence", "honor", "group honors"]
Phase = Literal[
    "dealing", "discard extra", "draw", "declare taken", "play", "discard", "deal", "over"
]


# -- cards -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrupeFace:
    """A card as seen. Members and honors have a `group` and a `rank`; a penalty says what it
    does; a declared Trefoil says what it stands for (`stands_for`, ``as`` on the wire)."""

    cid: int
    type: CardType
    name: str
    short: str
    group: str | None
    rank: str | None
    #: A penalty's extra draws (a Miranda's 1 or 2; a Prospero's 0); None for other cards.
    extra_draws: int | None = wire_field(optional=True)
    #: Whether a penalty costs its holder the next turn (a Prospero); None for other cards.
    loses_turn: bool | None = wire_field(optional=True)
    #: A declared Trefoil's identity (``B2``) and its name (``Brownie 2``).
    stands_for: str | None = wire_field(name="as", optional=True)
    as_name: str | None = wire_field(optional=True)

    @property
    def code(self) -> str | None:
        """What the card counts as: ``B2``, ``MGold``; a declared Trefoil, what it stands for;
        None for the Trefoil in hand and the specials."""
        if self.type == "trefoil":
            return self.stands_for
        return None if self.group is None else f"{self.group}{self.rank}"


@dataclass(frozen=True, slots=True)
class DeclarationView:
    """A combination on its owner's side of the board."""

    id: int
    owner: int
    type: CombinationType
    size: int
    points: int
    group: str | None
    cards: tuple[TrupeFace, ...]


@dataclass(frozen=True, slots=True)
class PairView:
    """The final pair a player went out with (it scores nothing)."""

    cards: tuple[TrupeFace, ...]


# -- actions ---------------------------------------------------------------------------------------


@action("draw")
class Draw(GameAction):
    """Start the turn by drawing from the pack."""


@action("take", undoable=True)
class Take(GameAction):
    """Start the turn by taking row card `cid`, to declare it at once."""

    cid: int = wire_field(refusal=NOT_IN_ROW)


@dataclass(frozen=True, slots=True)
class LaidCards(GameAction):
    """The fields of an action that lays hand cards `cids` down, the Trefoil among them
    standing for `stands_for`."""

    cids: tuple[int, ...] = cards_field()
    stands_for: str | None = wire_field(name="as", refusal=SAY_AS, optional=True)


@action("declare")
class Declare(LaidCards):
    """Declare `cids` as a new combination; the Trefoil among them stands for `stands_for`."""


@action("extend")
class Extend(GameAction):
    """Turn declared 3 `declaration` into a 4 with hand card `cid` (the Trefoil: as
    `stands_for`)."""

    declaration: int = wire_field(refusal=NO_SUCH_DECLARATION)
    cid: int = wire_field(refusal=NOT_IN_HAND)
    stands_for: str | None = wire_field(name="as", refusal=SAY_AS, optional=True)


@action("pair")
class Pair(LaidCards):
    """Lay down `cids` as a final pair, to go out."""


@action("discard")
class Discard(GameAction):
    """Discard hand card `cid` onto the row."""

    cid: int = wire_field(refusal=NOT_IN_HAND)


TrupeAction = Draw | Take | Declare | Extend | Pair | Discard


# -- events ----------------------------------------------------------------------------------------


@event("deal")
class Dealt(EventPart):
    """A hand is dealt: how many cards each holds and the pack's size. The cards themselves
    reach each seat in its view alone (the event does not repeat them)."""

    round: int
    dealer: int
    hand_counts: tuple[int, ...]
    pack: int


@event("special")
class SpecialDeclared(EventPart):
    """`seat` lays down premium or penalty `card` at once."""

    seat: int
    card: TrupeFace


@event("extra_discards")
class ExtraDiscards(EventPart):
    """At the deal, `seat` (a Miranda holder) discards `due` cards before play starts."""

    seat: int
    due: int


@event("turn")
class Turn(EventPart):
    seat: int
    pack: int


@event("lose_turn")
class LoseTurn(EventPart):
    """`seat` is passed over (a Prospero); it still owes `still_owed` turns."""

    seat: int
    still_owed: int


@event("draw")
class Drew(EventPart):
    """`seat` drew a card from the pack, for `reason`; `pack` cards are left."""

    seat: int
    reason: DrawReason
    pack: int


@dataclass(frozen=True, slots=True)
class DrewCard:
    """The private part of `Drew`: the card drawn."""

    card: TrupeFace


@event("take")
class Took(EventPart):
    """`seat` took `card` from the discard row, which is now `row`."""

    seat: int
    card: TrupeFace
    row: tuple[TrupeFace, ...]


@event("declare")
class Declared(EventPart):
    seat: int
    declaration: DeclarationView


@event("extend")
class Extended(EventPart):
    """`seat` added `card` to one of its 3s, making `declaration`."""

    seat: int
    card: TrupeFace
    declaration: DeclarationView


@event("pair")
class PairLaid(EventPart):
    seat: int
    cards: tuple[TrupeFace, ...]


@event("discard")
class Discarded(EventPart):
    """`seat` discarded `card`; `covered` went under, to the open pack (now `open_pack`)."""

    seat: int
    card: TrupeFace
    covered: TrupeFace | None
    open_pack: int


@event("turn_over")
class TurnedOver(EventPart):
    """The open pack became the pack (`pack` cards), for the `times`-th time this hand."""

    pack: int
    times: int


@event("out")
class WentOut(EventPart):
    seat: int
    by: OutBy
    hand_type: HandType


@event("no_winner")
class NoWinner(EventPart):
    """Nothing was left to draw: the hand ends with no winner."""

    pack: int


# -- the view --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrupeTable:
    """What a seat sees of the table (`hand` is None for a spectator)."""

    turn: int | None
    phase: Phase
    target: int
    hand: tuple[TrupeFace, ...] | None
    hand_counts: tuple[int, ...]
    pack: int
    open_pack: int
    open_top: TrupeFace | None
    row: tuple[TrupeFace, ...]
    declarations: tuple[DeclarationView, ...]
    pairs: tuple[PairView | None, ...]
    specials: tuple[tuple[TrupeFace, ...], ...]
    lost_turns: tuple[int, ...]
    extra_due: tuple[int, ...]
    discards_due: int
    taken: TrupeFace | None
    table_points: tuple[int, ...]
    turnovers: int
    went_out: int | None
    hand_type: HandType | None
    #: The seat's hand cards drawn from the pack this hand, which alone may extend its 3s
    #: (ruling 6; under the first rulings, every hand card); None for a spectator.
    from_pack: tuple[int, ...] | None
    #: The declarations made during the current turn, which are extended on a later turn only.
    declared_this_turn: tuple[int, ...]


TYPES = GameTypes(
    "Trupe",
    actions=(Draw, Take, Declare, Extend, Pair, Discard),
    events=(
        Dealt,
        SpecialDeclared,
        ExtraDiscards,
        Turn,
        LoseTurn,
        (Drew, DrewCard),
        Took,
        Declared,
        Extended,
        PairLaid,
        Discarded,
        TurnedOver,
        WentOut,
        NoWinner,
    ),
    table=TrupeTable,
)
