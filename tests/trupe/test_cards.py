"""The Trupe deck: 89 cards in four groups of members and honors, with premiums, penalties and
the Trefoil; and the identities cards are declared as."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.engine.trupe.cards import (
    DECK,
    DECK_SIZE,
    IDENTITIES,
    TREFOIL_CID,
    hand_order,
    identity_name,
)
from tests.trupe.position import Cards, assert_conserved, labels, position, stacked, wire

GROUPS = {"B": "Brownie", "G": "Girl Scout", "M": "Mariner", "S": "Senior"}
HONORS = ("Gold", "Colors", "World", "Banner")


def test_the_deck_has_89_cards_with_ids_0_to_88() -> None:
    assert DECK_SIZE == len(DECK) == 89
    assert [card.cid for card in DECK] == list(range(89))
    assert Counter(card.type for card in DECK) == {
        "member": 64,
        "honor": 16,
        "premium": 4,
        "penalty": 4,
        "trefoil": 1,
    }


@pytest.mark.parametrize("group", list(GROUPS))
def test_each_group_has_four_of_each_numeral_and_its_four_honors(group: str) -> None:
    members = [card for card in DECK if card.group == group and card.type == "member"]
    honors = [card for card in DECK if card.group == group and card.type == "honor"]
    assert Counter(card.rank for card in members) == {"1": 4, "2": 4, "3": 4, "4": 4}
    assert [card.rank for card in honors] == list(HONORS)
    assert len(members) + len(honors) == 20
    for card in members:
        assert card.name == f"{GROUPS[group]} {card.rank}"
        assert card.short == card.identity == f"{group}{card.rank}"
    for card in honors:
        assert card.name == f"{GROUPS[group]} {card.rank}"
        assert card.short == card.identity == f"{group}{card.rank}"


def test_a_group_takes_twenty_ids_in_a_row() -> None:
    for index, group in enumerate(GROUPS):
        ids = [card.cid for card in DECK if card.group == group]
        assert ids == list(range(20 * index, 20 * index + 20))
    assert labels(range(20)) == " ".join(
        [*["B1"] * 4, *["B2"] * 4, *["B3"] * 4, *["B4"] * 4, "BGold BColors BWorld BBanner"]
    )


def test_four_premiums() -> None:
    premiums = [card for card in DECK if card.type == "premium"]
    assert [card.cid for card in premiums] == [80, 81, 82, 83]
    assert [card.short for card in premiums] == ["P1", "P2", "P3", "P4"]
    assert all(card.special and card.identity is None and card.group is None for card in premiums)
    assert all(card.extra_draws == 0 and not card.loses_turn for card in premiums)


def test_two_prosperos_lose_a_turn() -> None:
    prosperos = [card for card in DECK if card.short == "Pro"]
    assert [card.cid for card in prosperos] == [84, 85]
    for card in prosperos:
        assert card.type == "penalty" and card.special and card.loses_turn
        assert card.extra_draws == 0 and card.identity is None
        assert card.name == "Prospero, the Goat"
        assert wire(card.cid)["loses_turn"] is True and wire(card.cid)["extra_draws"] == 0


def test_two_mirandas_with_one_and_two_extra_draws() -> None:
    one, two = DECK[86], DECK[87]
    assert (one.short, two.short) == ("Mi1", "Mi2")
    assert (one.extra_draws, two.extra_draws) == (1, 2)
    for card in (one, two):
        assert card.type == "penalty" and card.special and not card.loses_turn
        assert card.name.startswith("Miranda, the Pig") and card.identity is None
    assert "one extra draw" in one.name and "two extra draws" in two.name
    assert wire(86)["extra_draws"] == 1 and wire(87)["extra_draws"] == 2
    assert wire(87)["loses_turn"] is False


def test_one_trefoil() -> None:
    trefoils = [card for card in DECK if card.type == "trefoil"]
    assert [card.cid for card in trefoils] == [TREFOIL_CID] == [88]
    trefoil = trefoils[0]
    assert trefoil.short == "Tref" and trefoil.name == "Trefoil" and trefoil.trefoil
    assert trefoil.identity is None and trefoil.group is None and not trefoil.special


def test_the_32_identities() -> None:
    assert len(IDENTITIES) == len(set(IDENTITIES)) == 32
    assert set(IDENTITIES) == {card.identity for card in DECK if card.identity is not None}
    assert IDENTITIES[:8] == ("B1", "B2", "B3", "B4", "BGold", "BColors", "BWorld", "BBanner")
    assert identity_name("B2") == "Brownie 2"
    assert identity_name("MGold") == "Mariner Gold"
    assert identity_name("GBanner") == "Girl Scout Banner"
    assert identity_name("S4") == "Senior 4"


def test_copies_share_an_identity() -> None:
    by_identity = Counter(card.identity for card in DECK if card.identity is not None)
    for code in IDENTITIES:
        assert by_identity[code] == (1 if code[1:] in HONORS else 4)


def test_wire_form() -> None:
    assert wire(0) == {
        "cid": 0,
        "type": "member",
        "name": "Brownie 1",
        "short": "B1",
        "group": "B",
        "rank": "1",
    }
    assert wire(64) == {
        "cid": 64,
        "type": "member",
        "name": "Senior 2",
        "short": "S2",
        "group": "S",
        "rank": "2",
    }
    assert wire(76)["name"] == "Senior Gold" and wire(76)["type"] == "honor"
    assert wire(88) == {
        "cid": 88,
        "type": "trefoil",
        "name": "Trefoil",
        "short": "Tref",
        "group": None,
        "rank": None,
    }
    fresh = wire(0)
    fresh["name"] = "changed"
    assert wire(0)["name"] == "Brownie 1"


def test_hand_order_by_group_then_rank_with_the_trefoil_last() -> None:
    cards = Cards()
    mixed = cards.many("Tref SGold B4 GColors B1 BGold G2 B4")
    assert labels(hand_order(mixed)) == "B1 B4 B4 BGold G2 GColors SGold Tref"


def test_labels_take_every_card_once() -> None:
    cards = Cards()
    taken = cards.many("B1 B1 B1 B1 Tref P1 Pro Pro Mi1 Mi2")
    assert taken == [0, 1, 2, 3, 88, 80, 84, 85, 86, 87]
    with pytest.raises(ValueError, match="no card 'B1' left"):
        cards.take("B1")
    rest = cards.rest()
    assert sorted([*taken, *rest]) == list(range(89))
    assert labels(rest[-3:]) == "P2 P3 P4"


def test_positions_place_every_card_exactly_once_and_the_check_notices_otherwise() -> None:
    for game in (
        stacked(["B1 B1 Tref", "P1 Mi2"], "G3 G4 S1"),
        position(["B2 B2", "S4"], [(0, "B1 B1 Tref=B1")], row="G1", open_pack="G2"),
        position(["B1", "M1"], open_pack="S3 S2", rest=1),
    ):
        assert_conserved(game)
    game = position(["B2 B2", "S4"], row="G1")
    game.row.append(game.hands[0][0])
    with pytest.raises(AssertionError, match="twice 'B2'"):
        assert_conserved(game)
    game.row.pop()
    game.hands[1].pop()
    with pytest.raises(AssertionError, match="missing 'S4'"):
        assert_conserved(game)
