"""Scenario tests for each numbered Queen of Scots ruling, and the seed's special cases.

Positions are written with card labels (see `tests.queen_of_scots.position`): ``"Knox"`` John
Knox, ``"James"`` King James, ``"Guise"`` Mary of Guise, ``"Mary"`` Mary, Queen of Scots,
``"Jewels"`` a Crown Jewel. Piles and stocks are listed top card first.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import (
    Event,
    GameAction,
    OptionError,
    PlainAction,
    RandomBot,
    new_game,
    play_out,
)
from cardtable.engine.queen_of_scots.edition import ROYAL_FAMILY, STANDARD
from cardtable.engine.queen_of_scots.phases import MELD, PICKUP
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from cardtable.engine.queen_of_scots.text import describe
from cardtable.engine.queen_of_scots.types import Drew, Turn
from cardtable.wire.codec import to_wire
from tests.queen_of_scots.position import (
    DRAW,
    STOP,
    assert_conserved,
    card,
    card_wire,
    cards,
    event,
    hand,
    in_pile,
    kinds,
    labels,
    lines,
    new,
    pile,
    position,
    refused,
    set_labels,
    stacked,
)

PICK_UP_FIRST = "Start your turn by picking up: draw from the stock or take the discard pile."
PICKED_UP = "You have picked up already this turn; meld, add, or discard."
NOT_IN_HAND = "That card is not in your hand."
TWO_MATCHING = (
    "A new set needs at least two matching cards (two of one character, or two of the royal "
    "family); Crown Jewels alone cannot make a set."
)
NO_SET_FOR_JEWEL = (
    "A Crown Jewel taken from the pile must join one of your sets at once, and you have no set "
    "on the table yet."
)
TWO_JEWELS = "To take a Crown Jewel from the pile you must show two Crown Jewels in your hand."
OWN_SETS_ONLY = "You may add cards only to your own sets."
NO_SUCH_SET = "There is no such set on the table."
ROUND_OVER = "This round is over; the next one starts when you deal."


def take(game: QueenOfScots, seat: int, names: str) -> PlainAction:
    return {"kind": "take", "cids": cards(game, seat, names)}


def meld(game: QueenOfScots, seat: int, names: str) -> PlainAction:
    return {"kind": "meld", "cids": cards(game, seat, names)}


def add(game: QueenOfScots, seat: int, name: str, sid: int) -> PlainAction:
    return {"kind": "add", "cid": card(game, seat, name), "set": sid}


def discard(game: QueenOfScots, seat: int, name: str) -> PlainAction:
    return {"kind": "discard", "cid": card(game, seat, name)}


def takes(game: QueenOfScots, seat: int) -> list[PlainAction]:
    return [action for action in game.legal_actions(seat) if action["kind"] == "take"]


def melds(game: QueenOfScots, seat: int) -> list[PlainAction]:
    return [action for action in game.legal_actions(seat) if action["kind"] == "meld"]


def public(event: Event) -> dict[str, Any]:
    """An event's public part in plain form."""
    wire: dict[str, Any] = to_wire(event.public)
    return wire


def turn_seats(events: list[Event]) -> list[int]:
    return [public(e)["seat"] for e in events if e.kind == "turn"]


# -- Ruling 1: players, the deal, who starts, the dealer rotates ---------------------------------


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1), (4, 3)])
def test_ruling_1_deal_eleven_each_one_at_a_time_from_the_dealers_left(
    seats: int, dealer: int
) -> None:
    game = new(seats, dealer=dealer, stack=list(range(90)))
    deal = game.opening_events[0]
    assert deal.kind == "deal"
    assert public(deal)["hand_counts"] == [11] * seats
    assert public(deal)["stock"] == 90 - 11 * seats - 1
    for offset in range(1, seats + 1):
        seat = (dealer + offset) % seats
        expected = [offset - 1 + seats * index for index in range(11)]
        assert game.hands[seat] == expected
        assert sorted(card["cid"] for card in game.view(seat)["table"]["hand"]) == expected
    assert deal.private == {}  # each hand reaches its seat in its view, not in the event
    assert_conserved(game)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ruling_1_one_card_turned_up_starts_the_pile_and_the_rest_is_the_stock(seats: int) -> None:
    game = new(seats, dealer=seats - 1, stack=list(range(90)))
    upcard = 11 * seats
    assert game.pile == [upcard]
    assert public(game.opening_events[0])["upcard"] == card_wire(upcard)
    table = game.view(None)["table"]
    assert table["pile"] == [card_wire(upcard)] and table["top"] == card_wire(upcard)
    assert table["stock"] == 89 - 11 * seats
    # The first draw is the card after the upcard.
    draw = game.apply(0, DRAW)[0]
    assert to_wire(draw.private[0])["card"]["cid"] == upcard + 1
    assert draw.public == Drew(seat=0, stock=88 - 11 * seats)


def test_ruling_1_a_stacked_deal_gives_the_named_hands_and_upcard() -> None:
    game = stacked(["Knox Knox James", "Jewels Mary"], "Guise", "Arran", dealer=1)
    assert hand(game, 0).split()[-2:] == ["Knox", "James"]
    assert hand(game, 1).endswith("Mary Jewels")
    assert pile(game) == "Guise" and len(game.hands[0]) == len(game.hands[1]) == 11
    game.apply(0, DRAW)
    assert "Arran" in hand(game, 0)
    assert_conserved(game)


def test_ruling_1_each_seat_is_shown_only_its_own_hand() -> None:
    game = new(3, stack=list(range(90)))
    deal = game.opening_events[0]
    for seat in [*range(3), None]:
        assert "hand" not in deal.for_seat(seat)  # the deal names no card but the upcard
    words = describe(deal.seen_by(0), ["Ada", "Bram", "Cleo"])
    assert words.startswith("Round 1: ") and " deals 11 cards each and turns up " in words
    for seat in range(3):
        assert game.view(seat)["table"]["hand"] == [card_wire(cid) for cid in game.hands[seat]]
    assert game.view(None)["table"]["hand"] is None
    assert game.view(None)["table"]["hand_counts"] == [11, 11, 11]


@pytest.mark.parametrize(("seats", "dealer"), [(2, 1), (3, 0), (4, 3), (4, 1)])
def test_ruling_1_left_of_the_dealer_starts(seats: int, dealer: int) -> None:
    game = new(seats, dealer=dealer, stack=list(range(90)))
    first = (dealer + 1) % seats
    assert kinds(game.opening_events) == ["deal", "turn"]
    assert turn_seats(game.opening_events) == [first]
    assert game.actors == (first,) and game.turn == first and game.phase == PICKUP
    assert game.view(first)["table"]["turn"] == first
    for other in range(seats):
        if other != first:
            assert game.legal_actions(other) == []
            assert refused(game, other, DRAW) == "It is not your turn."


def test_ruling_1_the_deal_rotates_left_after_each_round() -> None:
    game = new_game("queen-of-scots", 3, seed=4, dealer=2)
    assert isinstance(game, QueenOfScots)
    dealers = [game.dealer]
    starters = turn_seats(game.opening_events)

    def watch(seat: int, action: GameAction, events: list[Event]) -> None:
        if events and events[0].kind == "deal":
            assert seat == game.dealer
            dealers.append(game.dealer)
            starters.append(turn_seats(events)[0])
        assert_conserved(game)

    play_out(game, [RandomBot(seat) for seat in range(3)], on_action=watch)
    assert len(dealers) == len(game.round_scores) >= 3
    assert dealers == [(2 + index) % 3 for index in range(len(dealers))]
    assert starters == [(dealer + 1) % 3 for dealer in dealers]


def test_ruling_1_between_rounds_only_the_next_dealer_acts_and_deals() -> None:
    game = position(["Seton", "Knox Arran"], [(0, "Maitland Maitland Maitland")], phase=MELD)
    game.apply(0, discard(game, 0, "Seton"))
    assert game.awaiting_deal and not game.over
    assert game.dealer == 0 and game.actors == (0,)
    table = game.view(1)["table"]
    assert table["phase"] == "deal" and table["turn"] is None
    assert game.legal_actions(0) == [{"kind": "deal"}]
    assert game.legal_actions(1) == []
    assert refused(game, 0, DRAW) == ROUND_OVER
    assert refused(game, 1, {"kind": "deal"}) == "It is not your turn."
    events = game.apply(0, {"kind": "deal"})
    assert kinds(events) == ["deal", "turn"]
    assert public(events[0])["round"] == 2 and public(events[0])["dealer"] == 0
    assert turn_seats(events) == [1]
    assert [len(h) for h in game.hands] == [11, 11]
    assert game.sets == {} and len(game.pile) == 1 and len(game.stock) == 90 - 23
    assert game.went_out is None
    assert_conserved(game)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ruling_1_two_to_four_players(seats: int) -> None:
    game = new_game("queen-of-scots", seats)
    assert game.sides == tuple((seat,) for seat in range(seats))
    assert game.view(0)["table"]["hand_counts"] == [11] * seats


@pytest.mark.parametrize("seats", [1, 5])
def test_ruling_1_one_or_five_players_are_refused(seats: int) -> None:
    with pytest.raises(OptionError) as refusal:
        new_game("queen-of-scots", seats)
    assert str(refusal.value) == f"Queen of Scots is for 2–4 players, not {seats}."


# -- Ruling 2: matching ---------------------------------------------------------------------------


def test_ruling_2_what_each_card_matches() -> None:
    for card_ in STANDARD.cards:
        if card_.type == "character":
            assert card_.match == card_.name
        elif card_.type == "royal":
            assert card_.match == ROYAL_FAMILY
        else:
            assert card_.type == "wild" and card_.match is None


def test_ruling_2_two_of_the_same_character_match() -> None:
    game = position(["Knox Knox Seton", "Arran"], pile="Knox Ruthven")
    assert takes(game, 0) == [take(game, 0, "Knox Knox")]
    game.apply(0, take(game, 0, "Knox Knox"))
    assert set_labels(game) == {0: (0, "Knox Knox Knox")}


def test_ruling_2_different_characters_do_not_match() -> None:
    game = position(["Knox Bothwell Bothwell", "Arran"], pile="Knox Ruthven")
    assert takes(game, 0) == []
    assert refused(game, 0, take(game, 0, "Knox Bothwell")) == (
        "To take the pile you show cards matching the John Knox on top (another John Knox); "
        "Earl of Bothwell does not match."
    )
    assert refused(game, 0, take(game, 0, "Bothwell Bothwell")).endswith(
        "Earl of Bothwell does not match."
    )


@pytest.mark.parametrize(
    ("top", "pair"),
    [
        ("James", "James James"),
        ("Darnley", "James Mary"),
        ("Guise", "Darnley Darnley"),
        ("Mary", "James Guise"),
        ("James", "Darnley Guise"),
    ],
)
def test_ruling_2_any_royal_matches_any_royal(top: str, pair: str) -> None:
    game = position([f"{pair} Seton", "Arran"], pile=f"{top} Ruthven")
    game.apply(0, take(game, 0, pair))
    group = game.view(0)["table"]["sets"][0]
    assert group["of"] == ROYAL_FAMILY and group["royal"] is True
    assert sorted(labels([w["cid"] for w in group["cards"]]).split()) == sorted(
        [top, *pair.split()]
    )


def test_ruling_2_a_royal_does_not_match_a_character() -> None:
    game = position(["James James Knox Knox", "Arran"], pile="Knox Ruthven")
    assert takes(game, 0) == [take(game, 0, "Knox Knox")]
    assert refused(game, 0, take(game, 0, "James James")) == (
        "To take the pile you show cards matching the John Knox on top (another John Knox); "
        "King James does not match."
    )
    game = position(["James Knox Knox", "Arran"], pile="Darnley Ruthven")
    assert refused(game, 0, take(game, 0, "James Knox")) == (
        "To take the pile you show cards matching the Lord Darnley on top (any member of the "
        "royal family); John Knox does not match."
    )


def test_ruling_2_a_crown_jewel_matches_nothing_when_taking_the_pile() -> None:
    game = position(["Knox Jewels Jewels", "Arran"], pile="Knox Ruthven")
    assert game.legal_actions(0) == [DRAW]
    assert refused(game, 0, take(game, 0, "Knox Jewels")) == (
        "To take the pile you show cards matching the John Knox on top (another John Knox); "
        "Crown Jewels does not match."
    )
    assert refused(game, 0, take(game, 0, "Jewels Jewels")).endswith("Crown Jewels does not match.")


def test_ruling_2_a_crown_jewel_is_not_one_of_two_matching_cards_in_a_meld() -> None:
    game = position(["Knox Jewels Jewels Seton", "Arran"], phase=MELD)
    assert melds(game, 0) == []
    assert refused(game, 0, meld(game, 0, "Knox Jewels Jewels")) == TWO_MATCHING


# -- Ruling 3: a turn is pick up, then meld or add, then discard ---------------------------------


def test_ruling_3_a_turn_starts_with_a_pickup() -> None:
    game = position(["Knox Knox Knox Jewels", "Arran"], [(0, "Seton Seton Seton")], "Knox")
    legal = game.legal_actions(0)
    assert {action["kind"] for action in legal} == {"draw", "take"}
    assert game.view(0)["table"]["phase"] == "pickup"
    assert refused(game, 0, meld(game, 0, "Knox Knox Knox")) == PICK_UP_FIRST
    assert refused(game, 0, add(game, 0, "Jewels", 0)) == PICK_UP_FIRST
    assert refused(game, 0, discard(game, 0, "Knox")) == PICK_UP_FIRST


def test_ruling_3_only_one_pickup_a_turn() -> None:
    game = position(["Knox Knox Seton", "Arran"], pile="Knox", stock="Ruthven")
    game.apply(0, DRAW)
    assert game.phase == MELD and game.view(0)["table"]["phase"] == "meld"
    assert {action["kind"] for action in game.legal_actions(0)} <= {"meld", "add", "discard"}
    assert refused(game, 0, DRAW) == PICKED_UP
    assert refused(game, 0, take(game, 0, "Knox Knox")) == PICKED_UP
    assert refused(game, 0, STOP) == PICKED_UP


def test_ruling_3_the_discard_ends_the_turn_and_play_passes_left() -> None:
    game = position(["Arran", "Beaton", "Rizzio Rizzio"], pile="Seton", stock="Ruthven", turn=2)
    game.apply(2, DRAW)
    events = game.apply(2, discard(game, 2, "Ruthven"))
    assert kinds(events) == ["discard", "turn"]
    assert event(events, "discard")["card"]["short"] == "Ruthven"
    assert event(events, "discard")["pile"] == 2
    assert turn_seats(events) == [0]
    assert game.turn == 0 and game.phase == PICKUP and game.actors == (0,)
    assert pile(game) == "Ruthven Seton"
    assert hand(game, 2) == "Rizzio Rizzio"
    assert refused(game, 2, DRAW) == "It is not your turn."


def test_ruling_3_melding_and_adding_are_optional_and_may_be_repeated() -> None:
    game = position(
        ["Knox Knox Knox Arran Arran Jewels Jewels Seton Ruthven", "Beaton"], stock="Arran"
    )
    game.apply(0, DRAW)
    game.apply(0, meld(game, 0, "Knox Knox Knox"))
    game.apply(0, meld(game, 0, "Arran Arran Arran"))
    game.apply(0, add(game, 0, "Jewels", 0))
    game.apply(0, add(game, 0, "Jewels", 1))
    assert game.phase == MELD and game.turn == 0
    assert set_labels(game) == {0: (0, "Knox Knox Knox Jewels"), 1: (0, "Arran Arran Arran Jewels")}
    game.apply(0, discard(game, 0, "Seton"))
    assert game.turn == 1
    # The next seat may simply draw and discard.
    game.apply(1, DRAW)
    game.apply(1, discard(game, 1, "Beaton"))
    assert game.turn == 0 and game.sets.keys() == {0, 1}


def test_ruling_3_unknown_moves_and_other_seats_are_refused() -> None:
    game = position(["Knox", "Arran"])
    assert refused(game, 0, {"kind": "pass"}) == "'pass' is not a move in Queen of Scots."
    assert refused(game, 0, {"kind": 3}) == "An action needs a kind."
    assert refused(game, 1, DRAW) == "It is not your turn."
    assert refused(game, 2, DRAW) == "There is no such seat at this table; its seats are 1 to 2."


# -- Ruling 4: picking up the stock card or the whole pile ---------------------------------------


def test_ruling_4_draw_takes_the_top_of_the_stock_into_the_hand() -> None:
    game = position(["Knox", "Arran"], stock="Guise Beaton")
    events = game.apply(0, DRAW)
    assert kinds(events) == ["draw"]
    assert events[0].for_seat(0)["card"]["short"] == "Guise"
    assert "card" not in events[0].for_seat(1) and "card" not in events[0].for_seat(None)
    assert hand(game, 0) == "Knox Guise"
    assert game.view(1)["table"]["hand_counts"] == [2, 1]
    assert game.view(1)["table"]["stock"] == 90 - 4


def test_ruling_4_taking_the_pile_makes_a_new_set_and_the_rest_goes_to_hand() -> None:
    game = position(["Knox Knox Seton", "Arran"], pile="Knox Ruthven Jewels Mary")
    before = len(game.stock)
    top = game.pile[-1]
    played = cards(game, 0, "Knox Knox")
    events = game.apply(0, {"kind": "take", "cids": played})
    assert kinds(events) == ["take"]
    taken = event(events, "take")
    assert taken["seat"] == 0 and taken["top"] == card_wire(top)
    assert [w["cid"] for w in taken["played"]] == played
    assert [w["short"] for w in taken["to_hand"]] == ["Mary", "Jewels", "Ruthven"]
    assert taken["set"] == 0 and taken["of"] == "John Knox" and taken["new"] is True
    assert taken["value"] == 45 and taken["jewels_shown"] == 0
    assert set_labels(game) == {0: (0, "Knox Knox Knox")}
    assert game.sets[0].cards[0] == top
    assert hand(game, 0) == "Seton Ruthven Mary Jewels"
    assert game.pile == [] and len(game.stock) == before
    assert game.phase == MELD and game.turn == 0
    assert game.view(1)["table"]["table_values"] == [45, 0]
    assert_conserved(game)


def test_ruling_4_taking_the_pile_adds_to_the_existing_set_of_that_kind() -> None:
    game = position(
        ["Knox Knox Seton", "Arran"],
        [(1, "Knox Knox Knox"), (0, "Knox Jewels Knox")],
        "Knox Beaton",
    )
    taken = event(game.apply(0, take(game, 0, "Knox Knox")), "take")
    assert taken["set"] == 1 and taken["new"] is False and taken["value"] == 50 + 15 * 5
    assert set_labels(game) == {
        0: (1, "Knox Knox Knox"),
        1: (0, "Knox Jewels Knox Knox Knox Knox"),
    }
    assert hand(game, 0) == "Seton Beaton"


def test_ruling_4_the_matching_cards_must_be_in_hand_before_the_pickup() -> None:
    # One Knox in hand; the second Knox lies in the pile, under the top one.
    game = position(["Knox Seton", "Arran"], pile="Knox Knox Ruthven")
    assert game.legal_actions(0) == [DRAW]
    action = {"kind": "take", "cids": [card(game, 0, "Knox"), in_pile(game, "Knox")]}
    assert refused(game, 0, action) == NOT_IN_HAND
    lower_knox = game.pile[-2]
    action = {"kind": "take", "cids": [card(game, 0, "Knox"), lower_knox]}
    assert refused(game, 0, action) == NOT_IN_HAND


def test_ruling_4_only_hand_cards_count_not_sets_on_the_table() -> None:
    game = position(["Knox Seton", "Arran"], [(0, "Knox Knox Knox")], "Knox Ruthven")
    assert game.legal_actions(0) == [DRAW]
    assert refused(game, 0, take(game, 0, "Knox")) == (
        "To take the pile you need at least two cards in hand matching the John Knox on top "
        "(another John Knox)."
    )
    table_knox = game.sets[0].cards[0]
    action = {"kind": "take", "cids": [card(game, 0, "Knox"), table_knox]}
    assert refused(game, 0, action) == NOT_IN_HAND


def test_ruling_4_more_than_two_matching_cards_may_be_shown() -> None:
    game = position(["Knox Knox Knox Seton", "Arran"], pile="Knox Ruthven")
    assert takes(game, 0) == [take(game, 0, "Knox Knox")]  # the list offers pairs only
    game.apply(0, take(game, 0, "Knox Knox Knox"))
    assert set_labels(game) == {0: (0, "Knox Knox Knox Knox")}
    assert hand(game, 0) == "Seton Ruthven"


def test_ruling_4_the_legal_list_offers_one_take_per_pair_of_names() -> None:
    game = position(["James James Darnley Mary Knox", "Arran"], pile="Guise Ruthven")
    pairs = [sorted(labels(action["cids"]).split()) for action in takes(game, 0)]
    assert pairs == [
        ["James", "James"],
        ["Darnley", "James"],
        ["James", "Mary"],
        ["Darnley", "Mary"],
    ]


@pytest.mark.parametrize(
    ("cids", "reason"),
    [
        ([], "Name the cards from your hand."),
        (None, "Name the cards from your hand."),
        (["Knox"], "Cards are named by their numbers."),
        ([True, False], "Cards are named by their numbers."),
    ],
)
def test_ruling_4_a_take_must_name_hand_cards(cids: object, reason: str) -> None:
    game = position(["Knox Knox Seton", "Arran"], pile="Knox Ruthven")
    assert refused(game, 0, {"kind": "take", "cids": cids}) == reason


def test_ruling_4_a_card_named_twice_is_refused() -> None:
    game = position(["Knox Knox Seton", "Arran"], pile="Knox Ruthven")
    knox = card(game, 0, "Knox")
    assert refused(game, 0, {"kind": "take", "cids": [knox, knox]}) == "A card is named twice."


def test_seed_taking_the_pile_with_royals() -> None:
    """Mary of Guise on top; the hand holds King James and Lord Darnley."""
    game = position(["James Darnley Knox", "Arran"], pile="Guise Seton Bothwell")
    assert takes(game, 0) == [take(game, 0, "James Darnley")]
    taken = event(game.apply(0, take(game, 0, "James Darnley")), "take")
    assert taken["of"] == ROYAL_FAMILY and taken["new"] is True
    assert taken["value"] == 25 + 20 + 20
    assert set_labels(game) == {0: (0, "Guise James Darnley")}
    assert game.view(1)["table"]["sets"][0]["royal"] is True
    assert hand(game, 0) == "Seton Knox Bothwell"


def test_seed_taking_royals_onto_an_existing_royal_set() -> None:
    game = position(["Mary Guise", "Arran"], [(0, "James James Jewels")], "Darnley Seton")
    taken = event(game.apply(0, take(game, 0, "Mary Guise")), "take")
    assert taken["set"] == 0 and taken["new"] is False
    assert set_labels(game) == {0: (0, "James James Jewels Darnley Mary Guise")}
    assert hand(game, 0) == "Seton"


def test_ruling_4_cards_taken_into_the_hand_may_be_melded_that_turn() -> None:
    game = position(["Knox Knox Arran Seton", "Beaton"], pile="Knox Arran Arran")
    game.apply(0, take(game, 0, "Knox Knox"))
    assert meld(game, 0, "Arran Arran Arran") in melds(game, 0)
    game.apply(0, meld(game, 0, "Arran Arran Arran"))
    assert set_labels(game) == {0: (0, "Knox Knox Knox"), 1: (0, "Arran Arran Arran")}
    assert hand(game, 0) == "Seton"


def test_seed_crown_jewel_on_top_two_shown_they_stay_and_the_taken_one_joins_a_set() -> None:
    game = position(
        ["Jewels Jewels Seton", "Arran"], [(0, "Knox Knox Knox")], "Jewels Ruthven Maitland"
    )
    assert takes(game, 0) == [{"kind": "take", "set": 0}]
    top = game.pile[-1]
    events = game.apply(0, {"kind": "take", "set": 0})
    taken = event(events, "take")
    assert taken["jewels_shown"] == 2 and taken["played"] == []
    assert taken["top"] == card_wire(top) and taken["set"] == 0 and taken["new"] is False
    assert [w["short"] for w in taken["to_hand"]] == ["Maitland", "Ruthven"]
    assert taken["value"] == 45 + 50
    assert set_labels(game) == {0: (0, "Knox Knox Knox Jewels")}
    assert game.sets[0].cards[-1] == top
    assert hand(game, 0) == "Seton Ruthven Maitland Jewels Jewels"
    assert game.pile == [] and game.phase == MELD
    assert_conserved(game)


def test_ruling_4_a_crown_jewel_may_join_any_own_set_but_not_another_players() -> None:
    game = position(
        ["Jewels Jewels Seton", "Arran"],
        [(0, "Knox Knox Knox"), (1, "Beaton Beaton Beaton"), (0, "James Mary Jewels")],
        "Jewels Ruthven",
    )
    assert takes(game, 0) == [{"kind": "take", "set": 0}, {"kind": "take", "set": 2}]
    assert refused(game, 0, {"kind": "take", "set": 1}) == OWN_SETS_ONLY
    assert refused(game, 0, {"kind": "take", "set": 7}) == NO_SUCH_SET
    assert refused(game, 0, {"kind": "take"}) == NO_SUCH_SET
    game.apply(0, {"kind": "take", "set": 2})
    assert set_labels(game)[2] == (0, "James Mary Jewels Jewels")


def test_seed_crown_jewel_on_top_cannot_be_taken_without_a_set() -> None:
    game = position(["Jewels Jewels Knox Knox", "Arran"], [(1, "Beaton Beaton Beaton")], "Jewels")
    assert game.legal_actions(0) == [DRAW]
    assert refused(game, 0, {"kind": "take", "set": 0}) == NO_SET_FOR_JEWEL
    assert refused(game, 0, {"kind": "take", "cids": cards(game, 0, "Jewels Jewels")}) == (
        NO_SET_FOR_JEWEL
    )


def test_seed_crown_jewel_on_top_needs_two_crown_jewels_in_hand() -> None:
    game = position(
        ["Jewels Knox Knox", "Arran"],
        [(0, "Seton Seton Seton"), (0, "Jewels Rizzio Rizzio")],
        "Jewels",
    )
    assert game.legal_actions(0) == [DRAW]
    assert refused(game, 0, {"kind": "take", "set": 0}) == TWO_JEWELS


def test_ruling_4_a_natural_top_cannot_be_taken_by_set_alone() -> None:
    game = position(["Seton Ruthven", "Arran"], [(0, "Knox Knox Knox")], "Knox")
    assert refused(game, 0, {"kind": "take", "set": 0}) == "Name the cards from your hand."


# -- Ruling 5: melds and adds ---------------------------------------------------------------------


def test_ruling_5_three_of_a_character_make_a_set() -> None:
    game = position(["Knox Knox Knox Seton", "Arran"], phase=MELD)
    events = game.apply(0, meld(game, 0, "Knox Knox Knox"))
    assert kinds(events) == ["meld"]
    melded = event(events, "meld")
    assert melded["seat"] == 0 and melded["set"] == 0 and melded["of"] == "John Knox"
    assert melded["value"] == 45 and [w["short"] for w in melded["cards"]] == ["Knox"] * 3
    group = game.view(1)["table"]["sets"][0]
    assert group == {
        "id": 0,
        "owner": 0,
        "of": "John Knox",
        "royal": False,
        "cards": [card_wire(cid) for cid in game.sets[0].cards],
        "value": 45,
    }
    assert hand(game, 0) == "Seton" and game.phase == MELD


@pytest.mark.parametrize("spec", ["Arran Arran Jewels", "Arran Jewels Arran Jewels Jewels"])
def test_ruling_5_two_matching_naturals_and_any_number_of_jewels(spec: str) -> None:
    game = position([f"{spec} Seton", "Beaton"], phase=MELD)
    game.apply(0, meld(game, 0, spec))
    assert set_labels(game) == {0: (0, spec)}
    assert game.sets[0].match == "Earl of Arran"


def test_seed_two_royals_and_a_crown_jewel_are_a_valid_new_set() -> None:
    game = position(["James Mary Jewels Seton", "Beaton"], phase=MELD)
    assert meld(game, 0, "James Mary Jewels") in melds(game, 0)
    game.apply(0, meld(game, 0, "James Mary Jewels"))
    assert set_labels(game) == {0: (0, "James Mary Jewels")}
    assert game.view(0)["table"]["sets"][0]["royal"] is True
    assert game.view(0)["table"]["sets"][0]["value"] == 100


def test_seed_two_royals_and_two_crown_jewels_are_a_valid_new_set() -> None:
    game = position(["Darnley Guise Jewels Jewels Seton", "Beaton"], phase=MELD)
    game.apply(0, meld(game, 0, "Darnley Jewels Guise Jewels"))
    assert set_labels(game) == {0: (0, "Darnley Jewels Guise Jewels")}


def test_seed_one_royal_and_two_crown_jewels_are_not_a_set() -> None:
    game = position(["Mary Jewels Jewels Seton", "Beaton"], phase=MELD)
    assert melds(game, 0) == []
    assert refused(game, 0, meld(game, 0, "Mary Jewels Jewels")) == TWO_MATCHING


def test_ruling_5_no_all_wild_set() -> None:
    game = position(["Jewels Jewels Jewels Seton", "Beaton"], phase=MELD)
    assert melds(game, 0) == []
    assert refused(game, 0, meld(game, 0, "Jewels Jewels Jewels")) == TWO_MATCHING


def test_ruling_5_a_set_needs_three_cards() -> None:
    game = position(["Knox Knox Seton", "Beaton"], phase=MELD)
    assert refused(game, 0, meld(game, 0, "Knox Knox")) == (
        "A new set needs at least 3 cards; that is 2."
    )


def test_ruling_5_royals_of_every_name_mix_in_one_set() -> None:
    game = position(["James Darnley Guise Mary Seton", "Beaton"], phase=MELD)
    game.apply(0, meld(game, 0, "James Darnley Guise Mary"))
    assert set_labels(game) == {0: (0, "James Darnley Guise Mary")}
    assert game.sets[0].match == ROYAL_FAMILY


def test_ruling_5_characters_do_not_mix() -> None:
    game = position(["Knox Knox Rizzio Rizzio James Jewels Seton", "Beaton"], phase=MELD)
    assert refused(game, 0, meld(game, 0, "Knox Knox Rizzio")) == (
        "David Rizzio, John Knox do not match: a set is one character, or members of the royal "
        "family, plus any Crown Jewels."
    )
    assert refused(game, 0, meld(game, 0, "Knox Rizzio Jewels")).startswith(
        "David Rizzio, John Knox do not match"
    )
    assert refused(game, 0, meld(game, 0, "Knox Knox James")).startswith(
        "John Knox, King James do not match"
    )


def test_ruling_5_the_legal_list_gives_the_smallest_melds_and_bigger_ones_are_accepted() -> None:
    game = position(["Knox Knox Knox Jewels Seton", "Beaton"], phase=MELD)
    knox = cards(game, 0, "Knox Knox Knox")
    jewel = card(game, 0, "Jewels")
    assert melds(game, 0) == [
        {"kind": "meld", "cids": [*knox[:2], jewel]},
        {"kind": "meld", "cids": knox},
    ]
    game.apply(0, {"kind": "meld", "cids": [*knox, jewel]})
    assert set_labels(game) == {0: (0, "Knox Knox Knox Jewels")}


def test_ruling_5_add_a_matching_card_or_a_crown_jewel_to_an_own_set() -> None:
    game = position(
        ["Knox Jewels Darnley Seton", "Beaton"],
        [(0, "Knox Knox Knox"), (0, "James Mary Jewels")],
        phase=MELD,
    )
    adds = [action for action in game.legal_actions(0) if action["kind"] == "add"]
    assert {(labels([a["cid"]]), a["set"]) for a in adds} == {
        ("Knox", 0),
        ("Darnley", 1),
        ("Jewels", 0),
        ("Jewels", 1),
    }
    events = game.apply(0, add(game, 0, "Knox", 0))
    assert kinds(events) == ["add"]
    added = event(events, "add")
    assert added["set"] == 0 and added["of"] == "John Knox" and added["value"] == 60
    assert added["card"]["short"] == "Knox"
    game.apply(0, add(game, 0, "Darnley", 1))
    game.apply(0, add(game, 0, "Jewels", 0))
    assert set_labels(game) == {
        0: (0, "Knox Knox Knox Knox Jewels"),
        1: (0, "James Mary Jewels Darnley"),
    }
    assert hand(game, 0) == "Seton" and game.phase == MELD


def test_ruling_5_an_add_must_match_the_set() -> None:
    game = position(["Knox James Seton", "Beaton"], [(0, "Arran Arran Arran")], phase=MELD)
    assert refused(game, 0, add(game, 0, "Knox", 0)) == (
        "John Knox does not match your Earl of Arran set; only a matching card or a Crown Jewel "
        "may join it."
    )
    game = position(["Knox Seton", "Beaton"], [(0, "James Guise Jewels")], phase=MELD)
    assert refused(game, 0, add(game, 0, "Knox", 0)) == (
        "John Knox does not match your royal family set; only a matching card or a Crown Jewel "
        "may join it."
    )


def test_ruling_5_cards_go_onto_own_sets_only() -> None:
    game = position(["Knox Jewels Seton", "Beaton"], [(1, "Knox Knox Knox")], phase=MELD)
    assert [action for action in game.legal_actions(0) if action["kind"] == "add"] == []
    assert refused(game, 0, add(game, 0, "Knox", 0)) == OWN_SETS_ONLY
    assert refused(game, 0, add(game, 0, "Jewels", 0)) == OWN_SETS_ONLY
    assert refused(game, 0, add(game, 0, "Knox", 5)) == NO_SUCH_SET
    assert refused(game, 0, {"kind": "add", "cid": card(game, 0, "Knox")}) == NO_SUCH_SET


def test_ruling_5_a_set_of_a_kind_one_has_is_added_to_not_melded_again() -> None:
    """cardtable keeps one set of each kind per player; growing it loses nothing."""
    game = position(["Knox Knox Knox Seton", "Beaton"], [(0, "Knox Knox Knox")], phase=MELD)
    assert melds(game, 0) == []
    assert refused(game, 0, meld(game, 0, "Knox Knox Knox")) == (
        "You have a John Knox set already: add these cards to it instead."
    )
    game = position(["James Mary Jewels Seton", "Beaton"], [(0, "Guise Guise Guise")], phase=MELD)
    assert refused(game, 0, meld(game, 0, "James Mary Jewels")) == (
        "You have a royal family set already: add these cards to it instead."
    )


def test_ruling_5_another_players_set_of_a_kind_does_not_stop_a_meld() -> None:
    game = position(["Knox Knox Knox Seton", "Beaton"], [(1, "Knox Knox Knox")], phase=MELD)
    game.apply(0, meld(game, 0, "Knox Knox Knox"))
    assert set_labels(game)[1] == (0, "Knox Knox Knox")


def test_ruling_5_sets_never_move_and_nothing_is_taken_back() -> None:
    game = position(
        ["Knox Seton", "Knox Knox Beaton"], [(0, "Knox Knox Jewels")], stock="Ruthven", phase=MELD
    )
    on_table = list(game.sets[0].cards)
    jewel = on_table[-1]
    # The table's cards cannot be melded, discarded or added again.
    assert refused(game, 0, {"kind": "meld", "cids": [jewel, *cards(game, 0, "Knox")]}) == (
        NOT_IN_HAND
    )
    assert refused(game, 0, {"kind": "discard", "cid": jewel}) == NOT_IN_HAND
    assert refused(game, 0, {"kind": "add", "cid": jewel, "set": 0}) == NOT_IN_HAND
    assert all(jewel not in action.values() for action in game.legal_actions(0))
    # Play goes on; seat 1 takes the pile with its Knoxes, and seat 0's set stays as it was.
    game.apply(0, discard(game, 0, "Knox"))
    game.apply(1, take(game, 1, "Knox Knox"))
    assert game.sets[0].cards == on_table and game.sets[0].owner == 0
    assert set_labels(game)[1] == (1, "Knox Knox Knox")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ({"kind": "meld"}, "Name the cards from your hand."),
        ({"kind": "meld", "cids": "Knox"}, "Name the cards from your hand."),
        ({"kind": "meld", "cids": [1.5, 2, 3]}, "Cards are named by their numbers."),
        ({"kind": "add", "cid": None, "set": 0}, NOT_IN_HAND),
        ({"kind": "add", "cid": True, "set": 0}, NOT_IN_HAND),
        ({"kind": "discard"}, NOT_IN_HAND),
        ({"kind": "discard", "cid": 89}, NOT_IN_HAND),
    ],
)
def test_ruling_5_malformed_meld_add_and_discard_are_refused(
    action: PlainAction, reason: str
) -> None:
    game = position(["Knox Knox Knox Seton", "Beaton"], [(0, "Arran Arran Arran")], phase=MELD)
    assert refused(game, 0, action) == reason


# -- Ruling 6: the end of a round ---------------------------------------------------------------


def test_seed_going_out_by_discarding() -> None:
    game = position(["Seton", "Beaton Beaton"], [(0, "Arran Arran Arran")], stock="Arran")
    game.apply(0, DRAW)
    assert kinds(game.apply(0, add(game, 0, "Arran", 0))) == ["add"]  # one card still in hand
    events = game.apply(0, discard(game, 0, "Seton"))
    assert kinds(events) == ["discard", "out", "round_end", "next_dealer"]
    assert event(events, "out") == {"seat": 0, "by": "discard"}
    assert game.went_out == 0 and game.view(1)["table"]["went_out"] == 0
    assert pile(game).startswith("Seton") and game.hands[0] == []
    assert game.awaiting_deal
    assert_conserved(game)


def test_ruling_6_going_out_by_melding_needs_no_discard() -> None:
    game = position(["Knox Knox Knox", "Beaton"], phase=MELD)
    events = game.apply(0, meld(game, 0, "Knox Knox Knox"))
    assert kinds(events) == ["meld", "out", "round_end", "next_dealer"]
    assert event(events, "out") == {"seat": 0, "by": "meld"}
    assert game.went_out == 0 and game.awaiting_deal


def test_ruling_6_going_out_by_adding() -> None:
    game = position(["Jewels", "Beaton"], [(0, "Knox Knox Knox")], phase=MELD)
    events = game.apply(0, add(game, 0, "Jewels", 0))
    assert kinds(events) == ["add", "out", "round_end", "next_dealer"]
    assert event(events, "out") == {"seat": 0, "by": "add"}


def test_ruling_6_going_out_by_taking_the_pile() -> None:
    game = position(["Knox Knox", "Beaton"], pile="Knox")
    events = game.apply(0, take(game, 0, "Knox Knox"))
    assert kinds(events) == ["take", "out", "round_end", "next_dealer"]
    assert event(events, "out") == {"seat": 0, "by": "take"}
    assert set_labels(game) == {0: (0, "Knox Knox Knox")}
    assert game.round_scores[-1].points == (45, -10)


def test_ruling_6_a_round_goes_on_while_the_hand_holds_cards() -> None:
    game = position(["Knox Knox Knox Seton", "Beaton"], phase=MELD)
    assert kinds(game.apply(0, meld(game, 0, "Knox Knox Knox"))) == ["meld"]
    assert not game.awaiting_deal and game.went_out is None and game.round_scores == []
    assert game.legal_actions(0) == [discard(game, 0, "Seton")]


def test_ruling_6_empty_stock_the_seat_stops_the_round_with_nobody_out() -> None:
    game = position(["Knox Seton", "Beaton"], [(1, "Arran Arran Arran")], "Rizzio", rest="pile")
    assert game.stock == [] and game.view(0)["table"]["stock"] == 0
    assert game.legal_actions(0) == [STOP]
    assert refused(game, 0, DRAW) == "The stock is empty: take the discard pile, or end the round."
    events = game.apply(0, STOP)
    assert kinds(events) == ["stop", "round_end", "next_dealer"]
    assert event(events, "stop") == {"seat": 0}
    assert game.went_out is None and game.view(0)["table"]["went_out"] is None
    assert game.round_scores[-1].points == (-20, 30 - 10)
    assert game.awaiting_deal and game.dealer == 0


def test_ruling_6_empty_stock_the_seat_may_take_the_pile_instead() -> None:
    game = position(["Rizzio Rizzio Seton", "Beaton"], pile="Rizzio Ruthven", rest="pile")
    assert game.legal_actions(0) == [STOP, take(game, 0, "Rizzio Rizzio")]
    game.apply(0, take(game, 0, "Rizzio Rizzio"))
    assert not game.awaiting_deal and game.phase == MELD
    game.apply(0, discard(game, 0, "Ruthven"))
    assert game.turn == 1 and game.legal_actions(1) == [STOP]


def test_ruling_6_stop_only_on_an_empty_stock() -> None:
    game = position(["Knox Seton", "Beaton"], stock="Ruthven")
    assert STOP not in game.legal_actions(0)
    assert refused(game, 0, STOP) == "The stock still has cards: draw, or take the discard pile."


def test_ruling_6_drawing_the_last_card_leaves_the_next_seat_to_stop() -> None:
    game = position(["Seton Seton", "Beaton"], pile="Arran", stock="Ruthven", rest="pile")
    events = game.apply(0, DRAW)
    assert public(events[0])["stock"] == 0
    events = game.apply(0, discard(game, 0, "Ruthven"))
    assert events[-1].kind == "turn" and events[-1].public == Turn(seat=1, stock=0)
    assert game.legal_actions(1) == [STOP]
    game.apply(1, STOP)
    assert game.awaiting_deal and game.went_out is None


# -- Ruling 7: the round score --------------------------------------------------------------------


def score_position() -> QueenOfScots:
    """Seat 0 is about to go out by discarding its Arran."""
    return position(
        ["Arran", "Guise Jewels Ruthven"],
        [(0, "Knox Knox Knox"), (0, "James Mary Jewels"), (1, "Seton Seton Seton")],
        phase=MELD,
    )


def test_ruling_7_table_minus_hand_with_one_line_per_value() -> None:
    game = score_position()
    events = game.apply(0, discard(game, 0, "Arran"))
    assert lines(game, 0) == [
        ("On the table at 15", 3, 15),
        ("On the table at 20", 1, 20),
        ("On the table at 30", 1, 30),
        ("On the table at 50", 1, 50),
    ]
    assert lines(game, 1) == [
        ("On the table at 5", 3, 5),
        ("In hand at 5", 1, -5),
        ("In hand at 25", 1, -25),
        ("In hand at 50", 1, -50),
    ]
    assert game.round_scores[-1].points == (145, -65)
    ended = event(events, "round_end")
    assert ended["totals"] == [145, -65] and ended["score"]["points"] == [145, -65]
    assert game.view(None)["totals"] == [145, -65]


def test_ruling_7_every_seat_gets_the_same_lines_in_the_same_order() -> None:
    """Lines that count nothing for anybody are left out; the rest read across the players."""
    game = score_position()
    game.apply(0, discard(game, 0, "Arran"))
    expected = [
        ("On the table at 5", 5),
        ("On the table at 15", 15),
        ("On the table at 20", 20),
        ("On the table at 30", 30),
        ("On the table at 50", 50),
        ("In hand at 5", -5),
        ("In hand at 25", -25),
        ("In hand at 50", -50),
    ]
    for seat in (0, 1):
        seat_lines = game.round_scores[-1].lines[seat]
        assert [(line.label, line.each) for line in seat_lines] == expected
    for index in range(len(expected)):
        assert any(game.round_scores[-1].lines[seat][index].count for seat in (0, 1))
    assert game.round_scores[-1].points == (145, -65)


def test_ruling_7_no_bonus_for_going_out() -> None:
    game = score_position()
    table_value = game.table_value(0)
    assert table_value == game.view(1)["table"]["table_values"][0] == 145
    game.apply(0, discard(game, 0, "Arran"))
    assert game.round_scores[-1].points[0] == table_value
    assert all("out" not in line.label.lower() for line in game.round_scores[-1].lines[0])


def test_ruling_7_scores_may_go_negative_and_carry_over() -> None:
    game = position(
        ["Arran", "Mary Jewels Jewels"], [(0, "Seton Seton Seton")], phase=MELD, totals=(-30, 20)
    )
    game.apply(0, discard(game, 0, "Arran"))
    assert game.round_scores[-1].points == (15, -130)
    assert game.totals == (-15, -110)
    assert game.view(1)["totals"] == [-15, -110]
    assert game.awaiting_deal and not game.over


def test_ruling_7_when_the_round_is_stopped_every_hand_counts_against() -> None:
    game = position(
        ["Knox Knox", "Mary"],
        [(0, "Seton Seton Seton"), (1, "Beaton Beaton Jewels")],
        "Arran",
        rest="pile",
    )
    game.apply(0, STOP)
    assert lines(game, 0) == [("On the table at 5", 3, 5), ("In hand at 15", 2, -15)]
    assert lines(game, 1) == [
        ("On the table at 10", 2, 10),
        ("On the table at 50", 1, 50),
        ("In hand at 30", 1, -30),
    ]
    assert game.round_scores[-1].points == (-15, 40)


# -- Ruling 8: the end of the game ----------------------------------------------------------------


def test_ruling_8_reaching_the_target_ends_the_game_highest_total_wins() -> None:
    game = position(["Seton", "Beaton"], [(0, "Knox Knox Knox")], phase=MELD, totals=(990, 500))
    events = game.apply(0, discard(game, 0, "Seton"))
    assert kinds(events) == ["discard", "out", "round_end", "game_end"]
    assert game.over and game.result is not None
    assert game.result.totals == (1035, 490) and game.result.winners == (0,)
    assert event(events, "game_end")["result"]["winning_seats"] == [0]
    assert game.actors == () and game.legal_actions(0) == [] and game.legal_actions(1) == []
    table = game.view(None)["table"]
    assert table["phase"] == "over" and table["turn"] is None
    assert refused(game, 0, {"kind": "deal"}) == "The game is over."
    assert refused(game, 1, DRAW) == "The game is over."


def test_ruling_8_exactly_the_target_is_enough() -> None:
    game = position(["Seton", "Beaton"], [(0, "Knox Knox Knox")], phase=MELD, totals=(955, 0))
    game.apply(0, discard(game, 0, "Seton"))
    assert game.result is not None and game.result.totals == (1000, -10)


def test_ruling_8_below_the_target_the_next_round_is_dealt() -> None:
    game = position(["Seton", "Beaton"], [(0, "Knox Knox Knox")], phase=MELD, totals=(954, 0))
    events = game.apply(0, discard(game, 0, "Seton"))
    assert kinds(events)[-2:] == ["round_end", "next_dealer"]
    assert event(events, "next_dealer") == {"seat": 0, "round": 3}
    assert game.totals == (999, -10) and not game.over and game.awaiting_deal


def test_ruling_8_two_cross_in_one_round_the_highest_wins() -> None:
    # Seat 0 goes out and crosses; seat 1 crosses too, higher.
    game = position(
        ["Arran", "Seton"],
        [(0, "Seton Seton Seton"), (1, "Jewels Jewels Knox Knox")],
        phase=MELD,
        totals=(990, 960),
    )
    game.apply(0, discard(game, 0, "Arran"))
    assert game.result is not None
    assert game.result.totals == (1005, 1085)
    assert game.result.winners == (1,)


def test_ruling_8_a_tie_below_the_top_does_not_matter() -> None:
    game = position(
        ["Seton", "Beaton", "Beaton"],
        [(0, "Knox Knox Knox")],
        phase=MELD,
        totals=(990, 1010, 1010),
    )
    game.apply(0, discard(game, 0, "Seton"))
    assert game.result is not None
    assert game.result.totals == (1035, 1000, 1000) and game.result.winners == (0,)


def test_ruling_8_an_exact_tie_at_the_top_plays_another_round() -> None:
    game = position(
        ["Arran", "Maitland"],
        [(0, "Seton Seton Seton"), (1, "Ruthven Ruthven Ruthven")],
        phase=MELD,
        totals=(990, 995),
    )
    events = game.apply(0, discard(game, 0, "Arran"))
    assert game.totals == (1005, 1005)
    assert not game.over and game.awaiting_deal
    assert kinds(events)[-2:] == ["round_end", "next_dealer"]
    tied_rounds = len(game.round_scores)
    play_out(game, [RandomBot(1), RandomBot(2)])
    assert game.result is not None and len(game.round_scores) > tied_rounds
    # The game ends after the first round whose top total is one player's alone.
    totals = [0, 0]
    for index, score in enumerate(game.round_scores):
        totals = [total + points for total, points in zip(totals, score.points, strict=True)]
        if index + 1 >= tied_rounds:
            unique = totals.count(max(totals)) == 1
            assert unique == (index == len(game.round_scores) - 1)
    assert game.result.winners == (totals.index(max(totals)),)


def test_ruling_8_the_target_is_an_option() -> None:
    game = new_game("queen-of-scots", 2, {"target": 100})
    assert isinstance(game, QueenOfScots) and game.target == 100
    assert game.view(0)["table"]["target"] == 100
    default = new_game("queen-of-scots", 2)
    assert isinstance(default, QueenOfScots) and default.target == 1000
    for wrong in (99, 5001):
        with pytest.raises(OptionError):
            new_game("queen-of-scots", 2, {"target": wrong})
    game = position(["Arran", "Beaton"], [(0, "James Mary Jewels")], phase=MELD, target=100)
    game.apply(0, discard(game, 0, "Arran"))
    assert game.result is not None and game.result.winners == (0,)
