"""Reading an offer and the answers to one from plain data, in a player's words: an offer is
typed by a player (the diplomacy chat), not picked from the legal list, so what is wrong with it
is named ("An offer has no part called 'gift'.") rather than refused with the one sentence the
codec gives for every action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeGuard

from cardtable.wire.codec import Plain, WireError

TO_SEAT = "Make an offer to one of the other players, by seat."
MONEY_LIMIT = 180
MONEY_RANGE = f"An amount of money is a whole number from 0 to {MONEY_LIMIT}."
MELD_LIST = "Melds are named by a list of their numbers."
NAME_THE_OFFER = "Name the offer by its number, as `deal`."
NO_SUCH_OFFER = "There is no open offer with that number."


def whole(data: object) -> TypeGuard[int]:
    """Whether `data` is a whole number (true and false are not)."""
    return isinstance(data, int) and not isinstance(data, bool)


def as_record(data: Plain, what: str) -> Mapping[str, object]:
    """`data` as the record of a `what`."""
    if not isinstance(data, Mapping):
        raise WireError(f"Expected a record for {what}.")
    return data


def amount(record: Mapping[str, object], key: str) -> int:
    """The sum of money an offer names as `key` (0 if none)."""
    value = record.get(key, 0)
    if not whole(value) or not 0 <= value <= MONEY_LIMIT:
        raise WireError(MONEY_RANGE)
    assert isinstance(value, int)
    return value


def meld_ids(record: Mapping[str, object], key: str) -> tuple[int, ...]:
    """The melds an offer names as `key` (none if none)."""
    value = record.get(key, [])
    if not isinstance(value, list) or not all(whole(item) for item in value):
        raise WireError(MELD_LIST)
    if len(set(value)) != len(value):
        raise WireError("A meld is named twice in the offer.")
    return tuple(value)


#: The parts an offer may have.
OFFER_FIELDS = {"kind", "to", "give_money", "give_melds", "get_money", "get_melds", "coalition"}


def deal_number(data: Plain, kind: str) -> int:
    """The offer an answer names. Read by hand for its words: a missing number or a field too
    many is "Name the offer by its number, as `deal`.", a number that is not one "There is no
    open offer with that number."; the codec gives one `refusal` for a missing field and a wrong
    one, and one sentence for an unknown field in any action."""
    parts = as_record(data, kind)
    if set(parts) != {"kind", "deal"}:
        raise WireError(NAME_THE_OFFER)
    deal = parts["deal"]
    if not whole(deal):
        raise WireError(NO_SUCH_OFFER)
    assert isinstance(deal, int)
    return deal
