"""Nobility's cards and melds as plain data: ids, kinds, the cyclic sequence, the income table,
hand order, and what a meld says of its income, defence and upkeep (rulings 1, 3, 5, 7–9)."""

from __future__ import annotations

import pytest

from cardtable.engine.nobility.bot_reading import ViewMeld
from cardtable.engine.nobility.cards import (
    CARD_COUNT,
    INCOME,
    hand_order,
    income_for,
    is_joker,
    is_king,
    is_noble,
    is_province,
    open_ends,
    position,
    run_order,
    suit_of,
)
from cardtable.engine.nobility.melds import Meld
from tests.nobility.position import card_wire, cards_of, cid, labels


def test_card_ids_follow_the_standard_deck_then_the_jokers() -> None:
    assert CARD_COUNT == 54
    assert (cid("AS"), cid("KS"), cid("AH"), cid("2D"), cid("KC")) == (0, 12, 13, 27, 51)
    assert cards_of("Jkr Jkr") == [52, 53]
    assert card_wire(cid("10H")) == {"cid": 22, "rank": "10", "suit": "H"}
    assert card_wire(cid("QD")) == {"cid": 37, "rank": "Q", "suit": "D"}
    assert card_wire(52) == {"cid": 52, "rank": "Joker", "suit": ""}


@pytest.mark.parametrize(
    ("name", "kind", "suit"),
    [
        ("2S", "province", "S"),
        ("10C", "province", "C"),
        ("AH", "noble", "H"),
        ("JD", "noble", "D"),
        ("QC", "noble", "C"),
        ("KS", "king", "S"),
        ("Jkr", "joker", ""),
    ],
)
def test_what_kind_of_card(name: str, kind: str, suit: str) -> None:
    card = cid(name)
    assert is_province(card) == (kind == "province")
    assert is_noble(card) == (kind in ("noble", "king"))
    assert is_king(card) == (kind == "king")
    assert is_joker(card) == (kind == "joker")
    assert suit_of(card) == suit
    assert is_joker(53) and not is_noble(53) and not is_province(53) and suit_of(53) == ""


@pytest.mark.parametrize(
    ("names", "order"),
    [
        ("2H 3H 4H", "2H 3H 4H"),
        ("4H 2H 3H", "2H 3H 4H"),
        ("2H 9H 10H", "9H 10H 2H"),
        ("3H 2H 10H", "10H 2H 3H"),
        ("10C 8C 9C", "8C 9C 10C"),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S", "2S 3S 4S 5S 6S 7S 8S 9S 10S"),
        ("10S 9S 8S 7S 6S 5S 4S 3S 2S", "2S 3S 4S 5S 6S 7S 8S 9S 10S"),
        ("7D 8D 9D 10D 2D 3D 4D 5D", "7D 8D 9D 10D 2D 3D 4D 5D"),
    ],
)
def test_a_meld_is_a_cyclic_sequence(names: str, order: str) -> None:
    found = run_order(cards_of(names))
    assert found is not None and labels(found) == order


@pytest.mark.parametrize(
    "names",
    ["2H 4H 5H", "9H 10H 3H", "2H 3H", "2H 3H 4S", "JH QH KH", "10H JH QH", "2H 3H Jkr", ""],
)
def test_what_is_not_a_meld(names: str) -> None:
    assert run_order(cards_of(names)) is None


def test_a_card_named_twice_is_not_a_meld() -> None:
    assert run_order([cid("2H"), cid("3H"), cid("3H")]) is None


def test_the_income_table() -> None:
    assert INCOME == {
        "C": (1, 3, 6, 10, 15, 21, 28),
        "D": (2, 4, 7, 11, 16, 22, 29),
        "H": (2, 4, 7, 11, 16, 22, 29),
        "S": (3, 5, 8, 12, 17, 23, 30),
    }
    assert income_for("S", 2) == 0 and income_for("S", 3) == 3 and income_for("C", 9) == 28


def test_hand_order_is_provinces_then_nobles_then_jokers() -> None:
    mixed = cards_of("Jkr KS 2S AH 10C 3D 2C JC")
    assert labels(hand_order(mixed)) == "2C 10C 3D 2S JC AH KS Jkr"


def meld(names: str, defenders: str = "", joker: bool = False) -> Meld:
    cards = run_order(cards_of(names))
    assert cards is not None
    found = Meld(1, 0, suit_of(cards[0]), cards, cards_of(defenders))
    found.joker = 52 if joker else None
    return found


@pytest.mark.parametrize(
    ("names", "joins", "apart"),
    [
        ("3H 4H 5H", "2H 6H", "7H 10H 3D"),
        ("9H 10H 2H", "8H 3H", "4H 7H"),
        ("2H 3H 4H 5H 6H 7H 8H 9H", "10H", "AH"),
    ],
)
def test_a_meld_grows_at_either_end(names: str, joins: str, apart: str) -> None:
    for card in cards_of(joins):
        assert meld(names).extends_with(card)
    for card in cards_of(apart):
        assert not meld(names).extends_with(card)
    grown = meld(names)
    for card in cards_of(joins):
        grown.extend(card)
    assert run_order(grown.cards) == grown.cards


def test_a_full_meld_takes_nothing_more() -> None:
    full = meld("2H 3H 4H 5H 6H 7H 8H 9H 10H")
    assert not any(full.extends_with(card) for card in range(CARD_COUNT))


def test_the_rules_and_the_bot_read_a_melds_open_ends_alike() -> None:
    assert open_ends(cards_of("9H 10H 2H")) == {position(cid("8H")), position(cid("3H"))}
    assert open_ends(cards_of("2H 3H 4H 5H 6H 7H 8H 9H 10H")) == set()
    for names in ("3H 4H 5H", "9H 10H 2H", "2H 3H 4H 5H 6H 7H 8H 9H 10H"):
        rules = meld(names)
        read = ViewMeld(1, 0, rules.suit, tuple(rules.cards), (), False, 0, 1)
        for card in range(CARD_COUNT):
            assert read.extended_by(card) == rules.extends_with(card), (names, card)


def test_a_melds_income_defence_and_upkeep() -> None:
    plain = meld("2S 3S 4S 5S")
    assert (plain.income, plain.defence, plain.upkeep) == (5, 1, [])
    guarded = meld("2S 3S 4S 5S", "KS QS AS")
    assert guarded.defence == 4 and guarded.upkeep == cards_of("QS AS")
    assert guarded.view(False).upkeep == 30
    assert guarded.view(True).income == 10
    corrupt = meld("2S 3S 4S 5S", joker=True)
    assert corrupt.income == 0 and corrupt.length == 4 and corrupt.view(True).income == 0
