"""Actions: the base of every game's action types, the frame's own (deal, concede, play on), and
the helpers for an action that names cards from the hand."""

# No `from __future__ import annotations`: the base's `kind: ClassVar[str]` stays evaluated, so
# the codec reads a declared class's hints in its own module, which need not import ClassVar.

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from typing import Any, ClassVar, TypeVar, dataclass_transform

from cardtable.engine.records import tagged
from cardtable.engine.refusal import IllegalAction
from cardtable.wire.codec import Plain, WireError, WireMap, read_as, wire_field

#: The refusal of an action with a field its kind does not have.
EXACTLY = "Send one of your legal actions exactly as the view lists it."

#: The refusal of an action that names a card the seat does not hold.
NOT_IN_HAND = "That card is not in your hand."

#: The refusal of an action that should name cards and does not.
NAME_THE_CARDS = "Name the cards from your hand."

#: An action as plain data, as it travels and is stored, before `GameTypes.action_from_wire`
#: reads it.
PlainAction = WireMap


class GameAction:
    """The base of every game's action types, each declared with `action`: frozen, slotted
    dataclasses, each with its own ``kind`` (how it is named on the wire). `GameTypes` reads
    them from plain data."""

    __slots__ = ()
    kind: ClassVar[str]
    #: Whether any seat may take it whenever the game allows, in turn or not (diplomacy).
    free: ClassVar[bool] = False
    #: Whether its player may take it back while nobody else has acted (the game's say; the
    #: frame still refuses one that showed anyone a card or ended a round: see `takeback`).
    undoable: ClassVar[bool] = False


ActionT = TypeVar("ActionT", bound=GameAction)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def action(
    kind: str, *, undoable: bool = False, free: bool = False
) -> Callable[[type[ActionT]], type[ActionT]]:
    """Declares an action: a frozen, slotted dataclass named `kind` on the wire, with the
    flags `GameAction` describes (``@action("place", undoable=True)`` over
    ``class Place(GameAction):`` and its fields)."""
    return tagged(kind=kind, undoable=undoable, free=free)


@action("deal")
class Deal(GameAction):
    """Deal the next round (the dealer's only action between two rounds)."""


@action("concede")
class Concede(GameAction):
    """Concede the game for the seat's side, or agree to a partner's offer to concede: any
    seat, at any time until the game is over. A side of one ends the game at once; a
    partnership's concession takes effect when every partner has conceded."""


@action("play_on")
class PlayOn(GameAction):
    """Turn down (or take back) the open offer to concede on the seat's side."""


#: The frame's own actions, which the game's rules never see.
FRAME_ACTIONS: tuple[type[GameAction], ...] = (Deal, Concede, PlayOn)


def card_ids(data: Plain) -> tuple[int, ...]:
    """The distinct card ids an action names in a list (a field's parser: see `wire_field`),
    or `WireError` saying what is wrong with the list. Whether they are in the hand is the
    rules' question."""
    if not isinstance(data, list) or not data:
        raise WireError(NAME_THE_CARDS)
    if any(isinstance(cid, bool) or not isinstance(cid, int) for cid in data):
        raise WireError("Cards are named by their numbers.")
    if len(set(data)) != len(data):
        raise WireError("A card is named twice.")
    return tuple(data)


def optional_number(data: Plain) -> int:
    """The number in an optional field (a field's parser: see `wire_field`). Such a field is
    left out when there is none, so an explicit null, which no view lists, is refused; the
    field's refusal words replace this parser's."""
    number: int = read_as(int, data)
    return number


def cards_field(**kwargs: Any) -> Any:
    """A field naming cards from the hand, read by `card_ids` (missing: as an empty list)."""
    return wire_field(parse=card_ids, missing=NAME_THE_CARDS, **kwargs)


def named_cards(cids: Sequence[int], hand: Sequence[int]) -> list[int]:
    """`cids`, which must all be in `hand`, or `IllegalAction` saying one is not."""
    if any(cid not in hand for cid in cids):
        raise IllegalAction(NOT_IN_HAND)
    return list(cids)


def is_concession(action: GameAction | Mapping[str, object]) -> bool:
    """Whether `action`, typed or plain, is a concession or a refusal to concede."""
    if isinstance(action, Concede | PlayOn):
        return True
    kind = action.get("kind") if isinstance(action, Mapping) else None
    return kind in (Concede.kind, PlayOn.kind)
