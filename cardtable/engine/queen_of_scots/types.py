"""Queen of Scots's types: its actions, its events and what a seat sees of the table.

Read these first: they are the whole of what the rules accept and tell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.actions import NOT_IN_HAND, GameAction, action, cards_field, optional_number
from cardtable.engine.events import EventPart, event
from cardtable.engine.game_types import GameTypes
from cardtable.wire.codec import wire_field

NO_SUCH_SET = "There is no such set on the table."
NAME_CARDS = "Name the cards from your hand."

#: A card's type: a character, a member of the royal family, or a wild Crown Jewel.
CardType = Literal["character", "royal", "wild"]


@dataclass(frozen=True, slots=True)
class QueenFace:
    """A card as seen: its id, whole and short name, value and type."""

    cid: int
    name: str
    short: str
    value: int
    type: CardType

    @property
    def wild(self) -> bool:
        return self.type == "wild"

    @property
    def royal(self) -> bool:
        return self.type == "royal"


# -- actions ---------------------------------------------------------------------------------------


@action("draw")
class Draw(GameAction):
    """The pickup: the top card of the stock."""


@action("stop")
class Stop(GameAction):
    """The stock being empty, end the round instead of taking the pile."""


@action("take")
class Take(GameAction):
    """The pickup: the whole discard pile. A natural card on top is taken by showing `cids`,
    two or more hand cards matching it; a Crown Jewel on top, by showing two Crown Jewels (they
    stay in hand), and it joins set `set_id` of the taker's. On the wire only the fields named
    travel: ``{"kind": "take", "cids": [...]}`` or ``{"kind": "take", "set": 2}``."""

    cids: tuple[int, ...] | None = cards_field(optional=True)
    set_id: int | None = wire_field(
        name="set", parse=optional_number, refusal=NO_SUCH_SET, optional=True
    )


@action("meld")
class Meld(GameAction):
    """A new set of `cids`: three or more matching cards, or two and Crown Jewels."""

    cids: tuple[int, ...] = cards_field()


@action("add")
class Add(GameAction):
    """Hand card `cid` joins set `set_id`, one of the seat's own."""

    cid: int = wire_field(refusal=NOT_IN_HAND)
    set_id: int = wire_field(name="set", refusal=NO_SUCH_SET)


@action("discard")
class Discard(GameAction):
    """Hand card `cid` onto the pile, ending the turn."""

    cid: int = wire_field(refusal=NOT_IN_HAND)


QueenAction = Draw | Stop | Take | Meld | Add | Discard


# -- events ----------------------------------------------------------------------------------------


@event("deal")
class Dealt(EventPart):
    """A round is dealt: how many cards each holds, the stock's size and the upcard (each
    seat's new hand reaches it in its view, not here)."""

    round: int
    dealer: int
    hand_counts: tuple[int, ...]
    stock: int
    upcard: QueenFace


@event("turn")
class Turn(EventPart):
    seat: int
    stock: int


@event("draw")
class Drew(EventPart):
    """`seat` drew from the stock, leaving `stock` cards."""

    seat: int
    stock: int


@dataclass(frozen=True, slots=True)
class DrawnCard:
    """The private part of `Drew`: the card, shown to the drawer alone."""

    card: QueenFace


@event("stop")
class Stopped(EventPart):
    """The stock being empty, `seat` ended the round."""

    seat: int


@event("take")
class Took(EventPart):
    """`seat` took the pile: `top` and the `played` cards onto set `set_id` (of `of`, `new`
    when the take made it), worth `value` now; `jewels_shown` Crown Jewels shown for a Crown
    Jewel on top; `to_hand` the rest of the pile, `to_hand_count` cards (at a table playing the
    `strict` option, the rest lay hidden under the top: `to_hand` is empty, and the taker alone
    is shown them, in `PileToHand`)."""

    seat: int
    top: QueenFace
    played: tuple[QueenFace, ...]
    jewels_shown: int
    to_hand: tuple[QueenFace, ...]
    set_id: int = wire_field(name="set")
    of: str = wire_field()
    new: bool = wire_field()
    value: int = wire_field()
    to_hand_count: int = wire_field()


@dataclass(frozen=True, slots=True)
class PileToHand:
    """The private part of `Took` at a `strict` table: the rest of the pile, shown to the taker
    alone."""

    pile_cards: tuple[QueenFace, ...]


@event("meld")
class Melded(EventPart):
    """`seat` made set `set_id` of `of` with `cards`, worth `value`."""

    seat: int
    set_id: int = wire_field(name="set")
    of: str = wire_field()
    cards: tuple[QueenFace, ...] = wire_field()
    value: int = wire_field()


@event("add")
class Added(EventPart):
    """`seat` added `card` to their set `set_id` of `of`, now worth `value`."""

    seat: int
    set_id: int = wire_field(name="set")
    of: str = wire_field()
    card: QueenFace = wire_field()
    value: int = wire_field()


@event("discard")
class Discarded(EventPart):
    """`seat` discarded `card`; the pile holds `pile` cards."""

    seat: int
    card: QueenFace
    pile: int


#: How a player went out: by the move that emptied their hand.
OutBy = Literal["take", "meld", "add", "discard"]


@event("out")
class WentOut(EventPart):
    """`seat` emptied their hand (`by` that move), ending the round."""

    seat: int
    by: OutBy


# -- the view --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SetView:
    """A set on the table: its id, owner, what it matches (`royal`: the royal family), its
    cards and their value."""

    id: int
    owner: int
    of: str
    royal: bool
    cards: tuple[QueenFace, ...]
    value: int


#: Where a round stands: a seat's pickup, its melds, the next deal awaited, or the game over.
Phase = Literal["pickup", "meld", "deal", "over"]


@dataclass(frozen=True, slots=True)
class QueenOfScotsTable:
    """What a seat sees of the table (`hand` is None for a spectator). The pile and the sets
    list their cards bottom first; `top` is the pile's top card. `pile` is every card of the
    pile, or only its top at a table playing the `strict` option (the pile is face up, but
    each discard covers the one before); `pile_size` counts them all."""

    turn: int | None
    phase: Phase
    edition: str
    target: int
    hand: tuple[QueenFace, ...] | None
    hand_counts: tuple[int, ...]
    stock: int
    pile: tuple[QueenFace, ...]
    pile_size: int
    top: QueenFace | None
    sets: tuple[SetView, ...]
    table_values: tuple[int, ...]
    went_out: int | None


TYPES = GameTypes(
    "Queen of Scots",
    actions=(Draw, Stop, Take, Meld, Add, Discard),
    events=(
        Dealt,
        Turn,
        (Drew, DrawnCard),
        Stopped,
        (Took, PileToHand),
        Melded,
        Added,
        Discarded,
        WentOut,
    ),
    table=QueenOfScotsTable,
)
