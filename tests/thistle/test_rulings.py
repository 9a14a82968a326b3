"""Scenario tests for each numbered Thistle ruling (the sample game, ruling 20, has its own file).

Positions are written with card labels (see `tests.thistle.position`): ``"4"`` a Clan card of
clan 4 (Campbell), ``"4A"`` the Campbell Coat of Arms, ``"C"`` a Castle.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import Event, GameAction, OptionError, RandomBot, new_game, play_out
from cardtable.engine.thistle.cards import (
    ARMS,
    CASTLE,
    CLAN,
    CLAN_NAMES,
    CLANS,
    DECK,
    arms_of,
    castles,
    clan_cards,
    clan_name,
)
from cardtable.engine.thistle.phases import FINAL, PLACE, PLAY, START
from cardtable.engine.thistle.rules import Thistle
from tests.thistle.position import (
    DRAW,
    END,
    Action,
    card,
    dealt,
    group_labels,
    hand,
    kinds,
    labels,
    lines,
    new,
    position,
    private,
    public,
    refused,
)

# Score line labels.
PERFECT = "Perfect books (own arms)"
CASTLE_BOOKS = "Castle books"
ARMS_BOOKS = "Books with another clan's arms"
THISTLES = "Thistle books (no bonus card)"
TABLE_CLAN = "Clan cards on the table"
TABLE_ARMS = "Coats of Arms on the table"
TABLE_CASTLES = "Castles on the table"
HAND_CLAN = "Clan cards left in hand"
HAND_ARMS = "Coats of Arms left in hand"
HAND_CASTLES = "Castles left in hand"
ASIDE_ARMS = "Coats of Arms set aside"
ASIDE_CASTLES = "Castles set aside"
DOUBLED = "Doubled for going out"


CASTLE_WIRE = {"kind": CASTLE, "clan": None}


def seats_of(events: list[Event], kind: str) -> list[int]:
    """The seats of every event of `kind`."""
    return [public(event)["seat"] for event in events if event.kind == kind]


# -- Ruling 1: the cards ------------------------------------------------------------------------


def test_ruling_01_deck_has_106_cards() -> None:
    assert len(DECK) == 106
    assert [card.cid for card in DECK] == list(range(106))
    assert new(2).card_count() == 106


def test_ruling_01_ten_clans_of_nine_clan_cards_and_one_coat_of_arms() -> None:
    assert tuple(range(1, 11)) == CLANS
    for clan in CLANS:
        members = [card for card in DECK if card.clan == clan]
        assert sorted(card.kind for card in members) == [ARMS] + [CLAN] * 9
        assert [card.cid for card in members if card.kind == CLAN] == list(clan_cards(clan))
        assert DECK[arms_of(clan)].kind == ARMS and DECK[arms_of(clan)].clan == clan


def test_ruling_01_six_castles_belong_to_no_clan() -> None:
    found = [card for card in DECK if card.kind == CASTLE]
    assert [card.cid for card in found] == list(castles())
    assert len(found) == 6
    assert all(card.clan is None for card in found)


def test_ruling_01_clans_are_numbered_and_named_in_order() -> None:
    assert CLAN_NAMES == (
        "MacArthur",
        "Scott",
        "Grant",
        "Campbell",
        "MacDonald",
        "Stewart",
        "Fraser",
        "Gordon",
        "MacGregor",
        "Douglas",
    )
    assert clan_name(1) == "MacArthur" and clan_name(4) == "Campbell" and clan_name(10) == "Douglas"
    assert DECK[clan_cards(4)[0]].label == "4 Campbell"
    assert DECK[arms_of(4)].label == "Campbell arms"
    assert DECK[castles()[0]].label == "Castle"


def test_ruling_01_coats_of_arms_and_castles_are_bonus_cards() -> None:
    assert all(card.is_bonus == (card.kind != CLAN) for card in DECK)
    assert sum(card.is_bonus for card in DECK) == 16


# -- Ruling 2: players and sides ------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ruling_02_two_to_four_play_individually(seats: int) -> None:
    game = new_game("thistle", seats)
    assert game.sides == tuple((seat,) for seat in range(seats))
    assert game.view(0)["table"]["partnership"] is False


@pytest.mark.parametrize("seats", [1, 5])
def test_ruling_02_other_player_counts_are_refused(seats: int) -> None:
    with pytest.raises(OptionError, match="2–4 players"):
        new_game("thistle", seats)


@pytest.mark.parametrize("seats", [2, 3])
def test_ruling_02_partnership_needs_exactly_four(seats: int) -> None:
    with pytest.raises(OptionError) as refusal:
        new_game("thistle", seats, {"partnership": True})
    assert str(refusal.value) == f"The partnership game is for exactly 4 players, not {seats}."


def test_ruling_02_partners_sit_opposite() -> None:
    game = new_game("thistle", 4, {"partnership": True})
    assert game.sides == ((0, 2), (1, 3))
    view = game.view(1)
    assert view["sides"] == [[0, 2], [1, 3]]
    assert view["table"]["partnership"] is True


# -- Ruling 3: deal, turns, hands, winner ---------------------------------------------------------


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (3, 2), (4, 1), (4, 3)])
def test_ruling_03_deal_six_each_one_at_a_time_from_the_left_of_the_dealer(
    seats: int, dealer: int
) -> None:
    game = new(seats, dealer=dealer, stack=list(range(106)))
    deal = game.opening_events[0]
    assert deal.kind == "deal"
    assert public(deal)["hand_counts"] == [6] * seats
    assert public(deal)["pile"] == 106 - 6 * seats
    for offset in range(1, seats + 1):
        seat = (dealer + offset) % seats
        got = [wire["cid"] for wire in private(deal, seat)["hand"]]
        assert got == [offset - 1 + seats * index for index in range(6)]


@pytest.mark.parametrize(("seats", "dealer"), [(2, 1), (3, 0), (4, 3)])
def test_ruling_03_left_of_the_dealer_starts(seats: int, dealer: int) -> None:
    game = new(seats, dealer=dealer)
    first = (dealer + 1) % seats
    assert kinds(game.opening_events) == ["deal", "turn"]
    assert public(game.opening_events[1]) == {"seat": first, "last": False}
    assert game.actors == (first,) and game.phase == START
    # Its first draw is the top card of the pile, the card after the deal.
    game = new(seats, dealer=dealer, stack=list(range(106)))
    assert game.legal_actions(first) == [DRAW]
    for other in range(seats):
        if other != first:
            assert refused(game, other, DRAW) == "It is not your turn."
    draw = game.apply(first, DRAW)[0]
    assert draw.kind == "draw" and public(draw)["seat"] == first
    assert public(draw)["card"]["cid"] == 6 * seats


def test_ruling_03_the_rest_is_the_draw_pile_top_card_first() -> None:
    game = dealt(["9 9 9 9 8 8", "1 1 1 1 2 2"], "C 4 5", dealer=1)
    assert kinds(game.opening_events) == ["deal", "turn"]
    assert public(game.opening_events[0])["pile"] == 106 - 12
    # Seat 0 starts: the top card (a Castle) has no group to go on and is set aside.
    assert kinds(game.apply(0, DRAW)) == ["draw", "orphan"]
    assert labels(game.orphans[0]) == "C"
    # The next card goes to seat 0's hand, the one after it to seat 1's first draw.
    game.apply(0, END)
    assert hand(game, 0) == "4 8 8 9 9 9 9"
    events = game.apply(1, DRAW)
    assert public(events[0])["card"]["clan"] == 5
    assert group_labels(game) == {0: (1, "5")}


def test_ruling_03_dealer_rotates_and_a_game_is_four_hands() -> None:
    game = new_game("thistle", 3, seed=11, dealer=2)
    dealers = [game.dealer]
    starters = [public(next(e for e in game.opening_events if e.kind == "turn"))["seat"]]

    def watch(seat: int, action: GameAction, events: list[Event]) -> None:
        if events and events[0].kind == "deal":
            dealers.append(game.dealer)
            starters.append(public(next(e for e in events if e.kind == "turn"))["seat"])

    play_out(game, [RandomBot(seat) for seat in range(3)], on_action=watch)
    assert dealers == [2, 0, 1, 2]
    assert starters == [0, 1, 2, 0]
    assert [score.round for score in game.round_scores] == [1, 2, 3, 4]
    assert game.result is not None
    for side in range(3):
        assert game.result.totals[side] == sum(score.points[side] for score in game.round_scores)
    assert game.view(0)["table"]["phase"] == "over"


def test_ruling_03_between_hands_the_next_dealer_deals() -> None:
    game = position(["4", "8"], [(0, "4")], final=[], hand_number=3)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert game.awaiting_deal and not game.over
    assert game.dealer == 1 and game.actors == (1,)
    assert game.view(1)["table"]["phase"] == "deal"
    assert game.legal_actions(1) == [{"kind": "deal"}]
    assert refused(game, 1, {"kind": "draw"}) == (
        "This round is over; the next one starts when you deal."
    )
    events = game.apply(1, {"kind": "deal"})
    assert game.round == 4
    assert events[0].kind == "deal" and public(events[0])["round"] == 4
    assert public(events[0])["hand_counts"] == [6, 6]
    assert seats_of(events, "turn")[0] == 0  # left of the new dealer


def test_ruling_03_the_fourth_hand_ends_the_game() -> None:
    game = position(["4", "8"], [(0, "4")], final=[], hand_number=4)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert game.over and game.actors == ()
    assert game.result is not None and game.result.winners == (0,)
    assert refused(game, 1, {"kind": "deal"}) == "The game is over."


def test_ruling_03_equal_totals_share_the_win() -> None:
    # Seat 0 goes out with two Clan cards on the table (10, doubled 20); seat 1 has four (20).
    game = position(["5", ""], [(0, "5"), (1, "6 6 6 6")], final=[], hand_number=4)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "5"), "group": 0})
    assert game.result is not None
    assert game.result.totals == (20, 20)
    assert game.result.winners == (0, 1)


# -- Ruling 4: groups ---------------------------------------------------------------------------


def test_ruling_04_a_group_holds_one_clan() -> None:
    game = position(["5 9 C", "8"], [(0, "4")], "7 8 8")
    game.apply(0, DRAW)
    assert game.phase == PLAY and group_labels(game)[1] == (0, "7")  # the drawn 7's new group
    assert {"kind": "play", "cid": card(game, 0, "5"), "group": 0} not in game.legal_actions(0)
    action = {"kind": "play", "cid": card(game, 0, "5"), "group": 0}
    assert refused(game, 0, action) == "A MacDonald card cannot join a Campbell group."


def test_ruling_04_a_group_holds_at_most_six_clan_cards() -> None:
    game = position(["4 4 C", "8"], [(0, "4 4 4 4 4")], "7 8 8")
    game.apply(0, DRAW)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert game.groups[0].size == 6
    assert all(action.get("cid") != card(game, 0, "4") for action in game.legal_actions(0))
    action = {"kind": "play", "cid": card(game, 0, "4"), "group": 0}
    assert refused(game, 0, action) == (
        "That group has six Clan cards already; it cannot take a seventh."
    )


def test_ruling_04_a_group_holds_at_most_one_bonus_card() -> None:
    game = position(["9 C", "8"], [(0, "4 4A")], "7 8 8")
    game.apply(0, DRAW)
    assert game.legal_actions(0) == [
        {"kind": "play", "cid": card(game, 0, "C"), "group": 1},
        {"kind": "end"},
    ]
    action = {"kind": "play", "cid": card(game, 0, "C"), "group": 0}
    assert refused(game, 0, action) == "That group has a bonus card already; it can hold only one."


# -- Ruling 5: a capture or a regular turn --------------------------------------------------------


def test_ruling_05_with_a_capture_possible_the_seat_chooses_capture_or_draw() -> None:
    game = position(["6 6 9 C", "8"], [(1, "6 6")], "7 8 8")
    assert game.phase == START
    assert game.legal_actions(0) == [{"kind": "capture", "group": 0}, DRAW]
    assert game.view(0)["table"]["phase"] == "start"


def test_ruling_05_after_drawing_no_capture() -> None:
    game = position(["6 6 9 C", "8"], [(1, "6 6")], "7 8 8")
    game.apply(0, DRAW)
    assert game.phase == PLAY and group_labels(game)[1] == (0, "7")
    assert all(action["kind"] != "capture" for action in game.legal_actions(0))
    assert refused(game, 0, {"kind": "capture", "group": 0}) == (
        "A capture takes the place of your whole turn; you can no longer capture now."
    )


def test_ruling_05_a_capture_is_the_whole_turn() -> None:
    game = position(["6 6 9 C", "5 5"], [(1, "6 6"), (0, "5 5")], "7 8 8")
    events = game.apply(0, {"kind": "capture", "group": 0})
    assert kinds(events) == ["capture", "turn"]
    assert game.turn == 1 and game.phase == START
    assert hand(game, 0) == "9 C"
    assert len(game.pile) == 3
    assert refused(game, 0, END) == "It is not your turn."


# -- Ruling 6: the first draw ---------------------------------------------------------------------


def test_ruling_06_drawn_clan_card_joins_own_group_of_its_clan() -> None:
    game = position(["9 C", "8"], [(0, "4"), (1, "4")], "4 7")
    events = game.apply(0, DRAW)
    assert kinds(events) == ["draw", "add"]
    add = public(events[1])
    assert add["from"] == "draw" and add["group"] == 0 and add["new"] is False
    assert group_labels(game) == {0: (0, "4 4"), 1: (1, "4")}
    assert game.phase == PLAY and len(game.pile) == 1


def test_ruling_06_drawer_with_two_groups_of_the_clan_chooses() -> None:
    game = position(["9 C", "8"], [(0, "4"), (0, "4 4"), (1, "4")], "4 7")
    assert kinds(game.apply(0, DRAW)) == ["draw"]
    assert game.phase == PLACE
    assert game.view(0)["table"]["phase"] == "place"
    assert game.view(0)["table"]["drawn"] == {"cid": game.drawn, "kind": CLAN, "clan": 4}
    assert game.legal_actions(0) == [
        {"kind": "place", "group": 0},
        {"kind": "place", "group": 1},
    ]
    assert refused(game, 0, {"kind": "place", "group": 2}) == (
        "The drawn 4 Campbell must go on one of your own Campbell groups."
    )
    waiting = "Your drawn 4 Campbell must go to the table first: choose its group."
    assert refused(game, 0, {"kind": "end"}) == waiting
    assert refused(game, 0, {"kind": "draw"}) == waiting
    action = {"kind": "play", "cid": card(game, 0, "C"), "group": 0}
    assert refused(game, 0, action) == waiting
    events = game.apply(0, {"kind": "place", "group": 0})
    assert events[0].kind == "add" and public(events[0])["from"] == "place"
    assert group_labels(game) == {0: (0, "4 4"), 1: (0, "4 4"), 2: (1, "4")}
    assert game.phase == PLAY and game.drawn is None


def test_ruling_06_drawn_clan_card_without_a_group_starts_a_new_one() -> None:
    game = position(["9 C", "8"], [(1, "4")], "4 7")
    add = public(game.apply(0, DRAW)[1])
    assert add["new"] is True and add["group"] == 1 and add["owner"] == 0
    assert group_labels(game) == {0: (1, "4"), 1: (0, "4")}


def test_ruling_06_drawn_bonus_card_goes_on_own_group_without_bonus() -> None:
    game = position(["9", "8"], [(0, "4"), (0, "5 5A"), (1, "6")], "C 7 8")
    add = public(game.apply(0, DRAW)[1])
    assert add["from"] == "draw" and add["group"] == 0
    assert group_labels(game)[0] == (0, "4 C")
    assert game.orphans[0] == []
    assert game.legal_actions(0) == [END]  # nothing to play: the seat still ends the step
    game.apply(0, END)
    assert hand(game, 0) == "7 9"


def test_ruling_06_drawer_chooses_among_own_groups_without_bonus() -> None:
    game = position(["9", "8"], [(0, "4"), (0, "5"), (0, "6 6A"), (1, "7")], "C 7 8")
    game.apply(0, DRAW)
    assert game.phase == PLACE
    assert game.legal_actions(0) == [
        {"kind": "place", "group": 0},
        {"kind": "place", "group": 1},
    ]
    wrong = "The drawn Castle must go on one of your own groups without a bonus card."
    assert refused(game, 0, {"kind": "place", "group": 2}) == wrong
    assert refused(game, 0, {"kind": "place", "group": 3}) == wrong
    assert refused(game, 0, {"kind": "place", "group": 9}) == "There is no such group on the table."
    game.apply(0, {"kind": "place", "group": 1})
    assert group_labels(game)[1] == (0, "5 C")


def test_ruling_06_drawn_bonus_card_with_no_group_is_set_aside() -> None:
    game = position(["9", "8 C"], [(0, "4 4A"), (1, "5")], "C 7 8")
    assert kinds(game.apply(0, DRAW)) == ["draw", "orphan"]
    assert game.phase == PLAY
    assert labels(game.orphans[0]) == "C"
    assert group_labels(game)[1] == (1, "5")  # an opponent's group is no place for it
    assert game.view(1)["table"]["orphans"][0] == [{"cid": game.orphans[0][0], **CASTLE_WIRE}]


def test_ruling_06_drawn_coat_of_arms_with_no_group_at_all_is_set_aside() -> None:
    game = position(["9", "8 C"], [], "3A 7 8")
    assert kinds(game.apply(0, DRAW)) == ["draw", "orphan"]
    assert labels(game.orphans[0]) == "3A"
    assert [group for group in game.groups.values() if group.owner == 0] == []


def test_ruling_06_partnership_drawn_clan_card_goes_to_the_drawers_own_side() -> None:
    game = position(["9 C", "8", "8", "8"], [(2, "4")], "4 7", partnership=True)
    game.apply(0, DRAW)
    assert group_labels(game) == {0: (2, "4"), 1: (0, "4")}


def test_ruling_06_partnership_drawn_bonus_card_never_goes_to_the_partner() -> None:
    game = position(["9", "8 C", "8", "8"], [(2, "4")], "C 7 8", partnership=True)
    assert kinds(game.apply(0, DRAW)) == ["draw", "orphan"]
    assert labels(game.orphans[0]) == "C"
    assert group_labels(game)[0] == (2, "4")


# -- Ruling 7: plays from hand --------------------------------------------------------------------


def test_ruling_07_individual_plays_only_onto_own_groups() -> None:
    game = position(["4 9 C", "8"], [(0, "4"), (1, "4"), (1, "5")], "7 8")
    game.apply(0, DRAW)
    four, castle = card(game, 0, "4"), card(game, 0, "C")
    assert game.legal_actions(0) == [
        {"kind": "play", "cid": four, "group": 0},
        {"kind": "play", "cid": castle, "group": 0},
        {"kind": "play", "cid": castle, "group": 3},
        {"kind": "end"},
    ]
    own = "You may play from your hand only onto your own groups."
    assert refused(game, 0, {"kind": "play", "cid": four, "group": 1}) == own
    assert refused(game, 0, {"kind": "play", "cid": castle, "group": 2}) == own


def test_ruling_07_partnership_plays_onto_partners_groups_too() -> None:
    game = position(
        ["4 9 C", "8", "8", "8"], [(2, "4"), (1, "4"), (3, "5")], "7 8", partnership=True
    )
    game.apply(0, DRAW)
    four, castle = card(game, 0, "4"), card(game, 0, "C")
    assert game.legal_actions(0) == [
        {"kind": "play", "cid": four, "group": 0},
        {"kind": "play", "cid": castle, "group": 0},
        {"kind": "play", "cid": castle, "group": 3},
        {"kind": "end"},
    ]
    own = "You may play from your hand only onto your own or your partner's groups."
    assert refused(game, 0, {"kind": "play", "cid": four, "group": 1}) == own
    assert refused(game, 0, {"kind": "play", "cid": castle, "group": 2}) == own
    game.apply(0, {"kind": "play", "cid": four, "group": 0})
    game.apply(0, {"kind": "play", "cid": castle, "group": 0})
    assert group_labels(game)[0] == (2, "4 4 C")  # still the partner's group


def test_ruling_07_a_clan_card_from_hand_never_starts_a_group() -> None:
    game = position(["5 9 C", "8"], [(0, "4")], "7 8")
    game.apply(0, DRAW)
    assert [a for a in game.legal_actions(0) if a.get("cid") in game.hands[0][:2]] == []
    action = {"kind": "play", "cid": card(game, 0, "5")}
    assert refused(game, 0, action) == "There is no such group on the table."
    assert refused(game, 0, {**action, "group": 7}) == "There is no such group on the table."


def test_ruling_07_a_bonus_card_goes_onto_a_group_without_one() -> None:
    game = position(["9 4A", "8"], [(0, "4 C")], "7 8")
    game.apply(0, DRAW)
    arms = card(game, 0, "4A")
    assert game.legal_actions(0) == [{"kind": "play", "cid": arms, "group": 1}, END]
    game.apply(0, {"kind": "play", "cid": arms, "group": 1})
    assert group_labels(game)[1] == (0, "7 4A")


def test_ruling_07_several_bonus_cards_in_one_turn_to_different_groups() -> None:
    game = position(["9 4A C C", "2 8"], [(0, "4"), (0, "5")], "7 1 2")
    game.apply(0, DRAW)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "C"), "group": 0})
    game.apply(0, {"kind": "play", "cid": card(game, 0, "C"), "group": 1})
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "4A"), "group": 2})
    assert kinds(events) == ["add"]
    assert group_labels(game) == {0: (0, "4 C"), 1: (0, "5 C"), 2: (0, "7 4A")}
    # Nothing more to play; the seat ends its play step and makes its second draw.
    assert game.legal_actions(0) == [END]
    assert kinds(game.apply(0, END)) == ["draw_hand", "turn"]
    assert hand(game, 0) == "1 9"


def test_ruling_07_plays_are_optional() -> None:
    game = position(["4 9 C", "8 8"], [(0, "4")], "7 5 2")
    game.apply(0, DRAW)
    assert {"kind": "play", "cid": card(game, 0, "4"), "group": 0} in game.legal_actions(0)
    events = game.apply(0, END)
    assert kinds(events) == ["draw_hand", "turn"]
    assert hand(game, 0) == "4 5 9 C"
    assert group_labels(game)[0] == (0, "4")


# -- Ruling 8: books close at the end of the play step --------------------------------------------


def test_ruling_08_bonus_played_after_the_sixth_clan_card_joins_the_book() -> None:
    game = position(["4 9 C", "8 8"], [(0, "4 4 4 4 4")], "7 5 2")
    game.apply(0, DRAW)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert game.groups[0].size == 6 and game.books == []  # still open
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "C"), "group": 0})
    assert kinds(events) == ["add"]
    assert group_labels(game)[0] == (0, "4 4 4 4 4 4 C") and game.books == []
    events = game.apply(0, END)
    assert kinds(events) == ["book", "draw_hand", "turn"]
    book = public(events[0])
    assert (book["owner"], book["clan"], book["value"]) == (0, 4, 200)
    assert game.books[0].kind == "castle"
    assert [wire["clan"] for wire in book["cards"]] == [4] * 6
    assert 0 not in game.groups
    assert [labels(b.all_cards()) for b in game.books] == ["4 4 4 4 4 4 C"]


def test_ruling_08_no_seventh_clan_card() -> None:
    game = position(["4 4 C", "8"], [(0, "4 4 4 4 4")], "7 8 8")
    game.apply(0, DRAW)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert {"kind": "play", "cid": card(game, 0, "4"), "group": 0} not in game.legal_actions(0)
    action = {"kind": "play", "cid": card(game, 0, "4"), "group": 0}
    assert refused(game, 0, action) == (
        "That group has six Clan cards already; it cannot take a seventh."
    )


def test_ruling_08_a_drawn_sixth_card_closes_the_book_when_the_play_step_ends() -> None:
    game = position(["9 C", "8 8"], [(0, "4 4 4 4 4")], "4 5 2")
    assert kinds(game.apply(0, DRAW)) == ["draw", "add"]
    assert game.phase == PLAY and game.groups[0].size == 6 and game.books == []
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "C"), "group": 0})
    assert kinds(events) == ["add"] and game.books == []
    assert kinds(game.apply(0, END)) == ["book", "draw_hand", "turn"]
    assert game.books[0].kind == "castle"


def test_ruling_08_a_drawn_sixth_card_with_nothing_to_play_closes_its_book_at_the_end() -> None:
    game = position(["9", "8 8"], [(0, "4 4 4 4 4 4A")], "4 5 2")
    assert kinds(game.apply(0, DRAW)) == ["draw", "add"]
    assert game.groups[0].size == 6 and game.books == []
    assert game.legal_actions(0) == [END]
    assert kinds(game.apply(0, END)) == ["book", "draw_hand", "turn"]
    assert game.books[0].kind == "perfect" and game.books[0].value == 300


# -- Ruling 9: the second draw --------------------------------------------------------------------


def test_ruling_09_second_draw_goes_to_the_hand_and_ends_the_turn() -> None:
    game = position(["9 C", "2 8"], [(0, "4")], "7 5 2")
    game.apply(0, DRAW)
    events = game.apply(0, END)
    assert kinds(events) == ["draw_hand", "turn"]
    assert events[0].for_seat(0)["card"]["clan"] == 5
    assert "card" not in events[0].for_seat(1) and "card" not in events[0].for_seat(None)
    assert hand(game, 0) == "5 9 C"
    assert game.turn == 1


def test_ruling_09_no_second_draw_when_the_pile_is_empty() -> None:
    game = position(["9 C", "8 8"], [(0, "4")], "7")
    game.apply(0, DRAW)
    assert game.pile == []
    events = game.apply(0, END)
    assert "draw_hand" not in kinds(events)
    assert hand(game, 0) == "9 C"
    assert events[0].kind == "last_card"


# -- Ruling 10: capture ---------------------------------------------------------------------------


def test_ruling_10_capture_a_group_of_two_playing_exactly_two() -> None:
    game = position(["6 6 6 9", "8"], [(1, "6 6 C")], "7 8")
    events = game.apply(0, {"kind": "capture", "group": 0})
    capture = public(events[0])
    assert (capture["victim"], capture["group"], capture["new_group"], capture["size"]) == (
        1,
        0,
        1,
        4,
    )
    assert 0 not in game.groups and group_labels(game)[1] == (0, "6 6 6 6 C")
    assert hand(game, 0) == "6 9"


def test_ruling_10_capture_a_group_of_three_playing_exactly_three() -> None:
    game = position(["6 6 6 6 9", "8"], [(1, "6 6"), (1, "7 7 7")], "1 8")
    legal = game.legal_actions(0)
    assert {"kind": "capture", "group": 0} in legal and {"kind": "capture", "group": 1} not in legal
    game = position(["6 6 9 7 7 7 7", "8"], [(1, "6 6"), (1, "7 7 7")], "1 8")
    game.apply(0, {"kind": "capture", "group": 1})
    assert hand(game, 0) == "6 6 7 9"
    assert [labels(b.all_cards()) for b in game.books] == ["7 7 7 7 7 7"]


def test_ruling_10_capturer_must_hold_as_many_clan_cards() -> None:
    game = position(["6 6 5 5 9", "8"], [(1, "6 6 6"), (1, "5 5")], "7 8")
    assert game.legal_actions(0) == [{"kind": "capture", "group": 1}, {"kind": "draw"}]
    assert refused(game, 0, {"kind": "capture", "group": 0}) == (
        "To capture 3 Stewart cards you need as many in your hand; you have 2."
    )


def test_ruling_10_a_coat_of_arms_in_hand_does_not_count_for_a_capture() -> None:
    game = position(["6 6A 5 5 9", "8"], [(1, "6 6"), (1, "5 5")], "7 8")
    assert refused(game, 0, {"kind": "capture", "group": 0}) == (
        "To capture 2 Stewart cards you need as many in your hand; you have 1."
    )


def test_ruling_10_no_capture_of_ones_own_group() -> None:
    game = position(["6 6 5 5 9", "8"], [(0, "6 6"), (1, "5 5")], "7 8")
    assert game.legal_actions(0) == [{"kind": "capture", "group": 1}, {"kind": "draw"}]
    assert refused(game, 0, {"kind": "capture", "group": 0}) == "You cannot capture your own group."


def test_ruling_10_any_opponent_may_be_captured() -> None:
    game = position(["6 6 5 5 9", "8", "8"], [(1, "6 6"), (2, "5 5")], "7 8")
    assert game.legal_actions(0) == [
        {"kind": "capture", "group": 0},
        {"kind": "capture", "group": 1},
        {"kind": "draw"},
    ]
    game.apply(0, {"kind": "capture", "group": 1})
    assert 1 not in game.groups
    assert group_labels(game)[0] == (1, "6 6") and group_labels(game)[2] == (0, "5 5 5 5")


def test_ruling_10_partnership_partner_may_be_captured() -> None:
    game = position(["6 6 9", "8", "8", "8"], [(2, "6 6 4A")], "7 8", partnership=True)
    assert game.legal_actions(0) == [{"kind": "capture", "group": 0}, {"kind": "draw"}]
    events = game.apply(0, {"kind": "capture", "group": 0})
    assert public(events[0])["victim"] == 2
    assert 0 not in game.groups and group_labels(game)[1] == (0, "6 6 6 6 4A")


# -- Ruling 11: an orphan joins a capture -------------------------------------------------------


def test_ruling_11_an_orphan_joins_a_captured_group_without_bonus() -> None:
    game = position(["6 6 9", "8"], [(1, "6 6")], "7 8", orphans={0: "3A C"})
    arms, castle = game.orphans[0]
    assert game.legal_actions(0) == [
        {"kind": "capture", "group": 0},
        {"kind": "capture", "group": 0, "orphan": arms},
        {"kind": "capture", "group": 0, "orphan": castle},
        {"kind": "draw"},
    ]
    events = game.apply(0, {"kind": "capture", "group": 0, "orphan": castle})
    assert public(events[0])["orphan"] == {"cid": castle, **CASTLE_WIRE}
    assert group_labels(game)[1] == (0, "6 6 6 6 C")
    assert labels(game.orphans[0]) == "3A"


def test_ruling_11_the_orphan_may_stay_aside() -> None:
    game = position(["6 6 9", "8"], [(1, "6 6")], "7 8", orphans={0: "C"})
    game.apply(0, {"kind": "capture", "group": 0})
    assert group_labels(game)[1] == (0, "6 6 6 6")
    assert labels(game.orphans[0]) == "C"


def test_ruling_11_no_orphan_when_the_captured_group_has_a_bonus() -> None:
    game = position(["6 6 9", "8"], [(1, "6 6 4A")], "7 8", orphans={0: "C"})
    assert game.legal_actions(0) == [{"kind": "capture", "group": 0}, {"kind": "draw"}]
    action = {"kind": "capture", "group": 0, "orphan": game.orphans[0][0]}
    assert refused(game, 0, action) == (
        "That group has a bonus card already, so a set-aside card cannot join it."
    )


def test_ruling_11_only_ones_own_orphans() -> None:
    game = position(["6 6 9", "8"], [(1, "6 6")], "7 8", orphans={1: "C"})
    action = {"kind": "capture", "group": 0, "orphan": game.orphans[1][0]}
    assert refused(game, 0, action) == "That card is not one of your set-aside bonus cards."


# -- Ruling 12: a capture of three, one capture, no draws -----------------------------------------


def test_ruling_12_capture_of_three_is_a_book_at_once() -> None:
    game = position(["6 6 6 9", "5 5"], [(1, "6 6 6 6A"), (0, "5 5")], "7 8")
    events = game.apply(0, {"kind": "capture", "group": 0})
    assert kinds(events) == ["capture", "book", "turn"]
    assert public(events[1])["value"] == 300
    assert list(game.groups) == [1]
    (book,) = game.books
    assert (book.owner, book.clan, book.kind) == (0, 6, "perfect")


def test_ruling_12_capture_of_three_with_an_orphan_makes_its_book() -> None:
    game = position(["6 6 6 9", "5 5"], [(1, "6 6 6"), (0, "5 5")], "7 8", orphans={0: "3A"})
    game.apply(0, {"kind": "capture", "group": 0, "orphan": game.orphans[0][0]})
    assert [(b.kind, b.value) for b in game.books] == [("arms", 150)]
    assert game.orphans[0] == []


def test_ruling_12_one_capture_and_no_draws() -> None:
    game = position(["6 6 7 7 9", "5 5"], [(1, "6 6"), (1, "7 7"), (0, "5 5")], "1 8")
    events = game.apply(0, {"kind": "capture", "group": 0})
    assert "draw" not in kinds(events) and "draw_hand" not in kinds(events)
    assert game.turn == 1 and game.phase == START
    assert game.legal_actions(1) == [{"kind": "capture", "group": 2}, DRAW]
    assert hand(game, 0) == "7 7 9"
    assert len(game.pile) == 2
    assert refused(game, 0, {"kind": "capture", "group": 1}) == "It is not your turn."


@pytest.mark.parametrize("size", [1, 4, 5])
def test_ruling_12_groups_of_one_four_or_five_cannot_be_captured(size: int) -> None:
    game = position(["6 6 6 5 5 9", "8"], [(1, " ".join(["6"] * size)), (1, "5 5")], "7 8")
    assert game.legal_actions(0) == [{"kind": "capture", "group": 1}, {"kind": "draw"}]
    assert game.view(0)["table"]["groups"][0]["capturable"] is False
    assert refused(game, 0, {"kind": "capture", "group": 0}) == (
        f"Only a group of 2 or 3 Clan cards can be captured; that one has {size}."
    )


# -- Ruling 13: going out -------------------------------------------------------------------------


def test_ruling_13_going_out_by_plays_ends_the_hand_at_once() -> None:
    game = position(["4 C", "8 8"], [(0, "4")], "7 5 5")
    game.apply(0, DRAW)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "C"), "group": 1})
    assert kinds(events) == ["add", "out", "round_end", "next_dealer"]
    assert game.went_out == 0 and len(game.pile) == 2  # no second draw
    assert game.awaiting_deal and game.actors == (1,)
    assert lines(game, 0) == [(TABLE_CLAN, 3, 5), (TABLE_CASTLES, 1, 25), (DOUBLED, 40, 1)]
    assert lines(game, 1) == [(HAND_CLAN, 2, -5)]
    assert game.round_scores[-1].points == (80, -10)


def test_ruling_13_going_out_by_a_capture() -> None:
    game = position(["6 6", "8"], [(1, "6 6"), (0, "5")], "7")
    events = game.apply(0, {"kind": "capture", "group": 0})
    assert kinds(events) == ["capture", "out", "round_end", "next_dealer"]
    assert game.went_out == 0
    assert lines(game, 0) == [(TABLE_CLAN, 5, 5), (DOUBLED, 25, 1)]
    assert game.round_scores[-1].points == (50, -5)


def test_ruling_13_going_out_by_a_capture_of_three_closes_its_book() -> None:
    game = position(["6 6 6", "8"], [(1, "6 6 6 C")], "7")
    events = game.apply(0, {"kind": "capture", "group": 0})
    assert kinds(events) == ["capture", "book", "out", "round_end", "next_dealer"]
    assert lines(game, 0) == [(CASTLE_BOOKS, 1, 200), (DOUBLED, 200, 1)]


def test_ruling_13_going_out_closes_a_full_group_as_a_book() -> None:
    game = position(["4", "8"], [(0, "4 4 4 4 4 C")], "7 8")
    game.apply(0, DRAW)
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert kinds(events) == ["add", "book", "out", "round_end", "next_dealer"]
    assert lines(game, 0) == [(CASTLE_BOOKS, 1, 200), (TABLE_CLAN, 1, 5), (DOUBLED, 205, 1)]


def test_ruling_13_going_out_in_a_final_turn_skips_the_remaining_final_turns() -> None:
    game = position(["5", "8", "9"], [(0, "5"), (1, "8")], final=[2, 1])
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "5"), "group": 0})
    assert kinds(events) == ["add", "out", "round_end", "next_dealer"]
    assert game.round_scores[-1].points == (20, 0, -5)


# -- Ruling 14: the last card ---------------------------------------------------------------------


def test_ruling_14_last_card_drawn_as_first_draw() -> None:
    game = position(["9 C", "4 4", "5 8"], [(0, "4"), (1, "4"), (2, "5")], "7")
    game.apply(0, DRAW)
    assert game.pile == [] and game.turn == 0 and game.phase == PLAY
    events = game.apply(0, END)
    assert kinds(events) == ["last_card", "turn"]
    assert public(events[0]) == {"seat": 0, "order": [1, 2, 0]}
    assert public(events[1]) == {"seat": 1, "last": True}
    assert hand(game, 0) == "9 C"  # no second draw
    # Seat 1's final turn: plays, no draw.
    assert game.turn == 1 and game.phase == FINAL
    table = game.view(1)["table"]
    assert table["phase"] == "final" and table["last_round"] is True
    assert table["final_turns"] == [2, 0]
    assert {"kind": "draw"} not in game.legal_actions(1)
    assert refused(game, 1, {"kind": "draw"}) == (
        "The pile is empty: in this last round nobody draws."
    )
    game.apply(1, {"kind": "play", "cid": card(game, 1, "4"), "group": 1})
    events = game.apply(1, END)
    assert kinds(events) == ["turn"] and game.turn == 2
    events = game.apply(2, END)
    assert kinds(events) == ["turn"] and game.turn == 0  # the drawer of the last card is last
    assert game.view(0)["table"]["final_turns"] == []
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "C"), "group": 0})
    assert kinds(events) == ["add"]
    # Nothing left to play: the seat ends its final turn, and with it the hand.
    assert game.legal_actions(0) == [END]
    events = game.apply(0, END)
    assert kinds(events) == ["round_end", "next_dealer"]
    assert game.went_out is None
    assert game.round_scores[-1].points == (10 + 25 - 5, 10 - 5, 5 - 10)


def test_ruling_14_last_card_drawn_as_second_draw() -> None:
    game = position(["9 C", "4 4", "5 8"], [(0, "4"), (1, "4"), (2, "5")], "7 6")
    game.apply(0, DRAW)
    events = game.apply(0, END)
    assert kinds(events) == ["draw_hand", "last_card", "turn"]
    assert public(events[1]) == {"seat": 0, "order": [1, 2, 0]}
    assert hand(game, 0) == "6 9 C"
    assert game.turn == 1 and game.phase == FINAL
    assert kinds(game.apply(1, END)) == ["turn"]
    assert kinds(game.apply(2, END)) == ["turn"]
    assert game.turn == 0 and game.phase == FINAL
    assert kinds(game.apply(0, END)) == ["round_end", "next_dealer"]
    assert len(game.round_scores) == 1 and game.awaiting_deal


def test_ruling_14_a_final_turn_may_capture_before_any_play() -> None:
    game = position(["6 6 5", "9"], [(1, "6 6"), (0, "5")], turn=0, final=[1])
    assert game.legal_actions(0) == [
        {"kind": "capture", "group": 0},
        {"kind": "play", "cid": card(game, 0, "5"), "group": 1},
        {"kind": "end"},
    ]
    events = game.apply(0, {"kind": "capture", "group": 0})
    assert kinds(events) == ["capture", "turn"]  # the capture was the whole final turn
    assert game.turn == 1 and game.phase == FINAL
    # Seat 1 can do nothing in its final turn but end it, and with it the hand.
    assert game.legal_actions(1) == [END]
    assert kinds(game.apply(1, END)) == ["round_end", "next_dealer"]
    assert game.round_scores[-1].points == (25 - 5, -5)


def test_ruling_14_no_capture_after_a_play_in_a_final_turn() -> None:
    game = position(["6 6 5 C", "9"], [(1, "6 6"), (0, "5")], turn=0, final=[1])
    game.apply(0, {"kind": "play", "cid": card(game, 0, "5"), "group": 1})
    assert game.legal_actions(0) == [
        {"kind": "play", "cid": card(game, 0, "C"), "group": 1},
        {"kind": "end"},
    ]
    assert refused(game, 0, {"kind": "capture", "group": 0}) == (
        "A capture takes the place of your whole turn; you can no longer capture now."
    )


def test_ruling_14_every_final_turn_is_taken_even_with_nothing_to_do() -> None:
    game = position(["9 C", "8", "7"], [(0, "4")], "5")
    game.apply(0, DRAW)  # the last card: a 5, a new group
    game.apply(0, {"kind": "play", "cid": card(game, 0, "C"), "group": 0})
    events = game.apply(0, END)
    assert kinds(events) == ["last_card", "turn"]
    for seat, following in [(1, ["turn"]), (2, ["turn"]), (0, ["round_end", "next_dealer"])]:
        assert game.turn == seat and game.phase == FINAL
        assert game.legal_actions(seat) == [END]
        events = game.apply(seat, END)
        assert kinds(events) == following
    assert seats_of(events, "turn") == []
    assert game.awaiting_deal


# -- Ruling 15: books -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bonus", "kind", "label", "value"),
    [
        ("4A", "perfect", PERFECT, 300),
        ("C", "castle", CASTLE_BOOKS, 200),
        ("7A", "arms", ARMS_BOOKS, 150),
        ("", "thistle", THISTLES, 100),
    ],
)
def test_ruling_15_book_values(bonus: str, kind: str, label: str, value: int) -> None:
    game = position(["4 9", "8"], [(0, f"4 4 4 4 4 {bonus}")], final=[])
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert kinds(events) == ["add"] and game.books == []
    events = game.apply(0, END)
    assert kinds(events) == ["book", "round_end", "next_dealer"]
    assert (game.books[0].kind, public(events[0])["value"]) == (kind, value)
    assert lines(game, 0) == [(label, 1, value), (HAND_CLAN, 1, -5)]


def test_ruling_15_all_four_kinds_of_book_in_one_score() -> None:
    books = [(0, "1 1 1 1 1 1"), (0, "2 2 2 2 2 2 C"), (0, "3 3 3 3 3 3 2A"), (0, "4 4 4 4 4 4 4A")]
    game = position(["", ""], books=[*books, (0, "5 5 5 5 5 5")], final=[])
    game.apply(0, END)
    assert lines(game, 0) == [
        (PERFECT, 1, 300),
        (CASTLE_BOOKS, 1, 200),
        (ARMS_BOOKS, 1, 150),
        (THISTLES, 2, 100),
    ]
    assert game.round_scores[-1].points == (850, 0)


# -- Ruling 16: open groups -----------------------------------------------------------------------


def test_ruling_16_open_groups_count_card_by_card() -> None:
    game = position(
        ["9", ""],
        [(0, "4"), (0, "5 5 4A"), (0, "6 6 6 C"), (1, "7 7")],
        books=[(0, "8 8 8 8 8 8")],
        final=[],
    )
    game.apply(0, END)
    assert lines(game, 0) == [
        (THISTLES, 1, 100),
        (TABLE_CLAN, 6, 5),
        (TABLE_ARMS, 1, 10),
        (TABLE_CASTLES, 1, 25),
        (HAND_CLAN, 1, -5),
    ]
    assert lines(game, 1) == [(TABLE_CLAN, 2, 5)]
    assert game.round_scores[-1].points == (160, 10)


def test_ruling_16_a_lone_clan_card_counts() -> None:
    game = position(["", ""], [(1, "4")], final=[])
    game.apply(0, END)
    assert lines(game, 1) == [(TABLE_CLAN, 1, 5)]
    assert lines(game, 0) == []
    assert game.round_scores[-1].points == (0, 5)


# -- Ruling 17: deductions ------------------------------------------------------------------------


def test_ruling_17_cards_in_hand_and_orphans_are_deducted() -> None:
    game = position(["4 5 4A C", ""], orphans={0: "6A C", 1: "C"}, final=[])
    game.apply(0, END)
    assert lines(game, 0) == [
        (HAND_CLAN, 2, -5),
        (HAND_ARMS, 1, -10),
        (HAND_CASTLES, 1, -25),
        (ASIDE_ARMS, 1, -10),
        (ASIDE_CASTLES, 1, -25),
    ]
    assert lines(game, 1) == [(ASIDE_CASTLES, 1, -25)]
    assert game.round_scores[-1].points == (-80, -25)


# -- Ruling 18: going out doubles the net score ---------------------------------------------------


def test_ruling_18_the_side_going_out_doubles_its_net_score() -> None:
    game = position(["4", "8"], [(0, "4 4A")], "7 1", books=[(0, "5 5 5 5 5 5 C")])
    game.apply(0, DRAW)
    events = game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert "out" in kinds(events)
    assert lines(game, 0) == [
        (CASTLE_BOOKS, 1, 200),
        (TABLE_CLAN, 3, 5),
        (TABLE_ARMS, 1, 10),
        (DOUBLED, 225, 1),
    ]
    assert lines(game, 1) == [(HAND_CLAN, 1, -5)]  # not doubled
    assert game.round_scores[-1].points == (450, -5)


def test_ruling_18_a_negative_net_is_doubled_too() -> None:
    game = position(["4", "8"], [(0, "4 4A")], "7 1", orphans={0: "C C"})
    game.apply(0, DRAW)
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 0})
    assert lines(game, 0) == [
        (TABLE_CLAN, 3, 5),
        (TABLE_ARMS, 1, 10),
        (ASIDE_CASTLES, 2, -25),
        (DOUBLED, -25, 1),
    ]
    assert game.round_scores[-1].points == (-50, -5)


# -- Ruling 19: partnerships ----------------------------------------------------------------------


def partnership_end(goer: int) -> Thistle:
    """Seat `goer` (0 or 2) draws, then goes out by playing its last card, a 5, onto seat 0's
    5s."""
    hands = ["4 C", "8", "9 9", "9 9"]
    hands[goer] = "5"
    game = position(
        hands,
        [(0, "5 5"), (2, "4"), (1, "6 6 6"), (3, "7")],
        "1 2",
        orphans={0: "3A"},
        books=[(2, "2 2 2 2 2 2")],
        turn=goer,
        partnership=True,
    )
    game.apply(goer, DRAW)  # a 1: a new group of the drawer's
    game.apply(goer, {"kind": "play", "cid": card(game, goer, "5"), "group": 0})
    return game


@pytest.mark.parametrize("goer", [0, 2])
def test_ruling_19_one_score_per_partnership_doubled_if_either_partner_went_out(
    goer: int,
) -> None:
    game = partnership_end(goer)
    score = game.round_scores[-1]
    assert score.sides == ((0, 2), (1, 3))
    assert game.went_out == goer
    partner_hand = (
        [(HAND_CLAN, 2, -5)] if goer == 0 else [(HAND_CLAN, 1, -5), (HAND_CASTLES, 1, -25)]
    )
    net = 100 + 25 + sum(count * each for _, count, each in partner_hand) - 10
    assert lines(game, 0) == [
        (THISTLES, 1, 100),
        (TABLE_CLAN, 5, 5),
        *partner_hand,
        (ASIDE_ARMS, 1, -10),
        (DOUBLED, net, 1),
    ]
    assert lines(game, 1) == [(TABLE_CLAN, 4, 5), (HAND_CLAN, 3, -5)]
    assert score.points == (2 * net, 5)
    assert game.totals == (2 * net, 5)


def test_ruling_19_partners_build_on_each_others_groups_and_capture_from_each_other() -> None:
    game = position(["6 6 4 9", "8", "8", "8"], [(2, "6 6"), (2, "4")], "7 8", partnership=True)
    legal = game.legal_actions(0)
    assert {"kind": "capture", "group": 0} in legal
    game.apply(0, {"kind": "draw"})
    game.apply(0, {"kind": "play", "cid": card(game, 0, "4"), "group": 1})
    assert group_labels(game)[1] == (2, "4 4")


# -- Illegal actions ------------------------------------------------------------------------------


def test_illegal_actions_give_a_reason_and_change_nothing() -> None:
    game = position(["6 6 9 C", "8"], [(1, "6 6"), (0, "9")], "7 8")
    assert game.phase == START
    assert refused(game, 1, {"kind": "draw"}) == "It is not your turn."
    assert refused(game, 0, {"kind": "pass"}) == "'pass' is not a move in Thistle."
    assert refused(game, 0, {"cid": 1}) == "An action needs a kind."
    assert refused(game, 0, {"kind": "play", "cid": card(game, 0, "9"), "group": 1}) == (
        "Draw first (or capture): the first card you draw goes to the table before you play "
        "from your hand."
    )
    assert refused(game, 0, {"kind": "end"}) == (
        "Draw first (or capture); your turn ends after the second draw."
    )
    game.apply(0, {"kind": "draw"})
    assert refused(game, 0, {"kind": "draw"}) == "You have drawn already this turn."
    assert refused(game, 0, {"kind": "play", "cid": 50, "group": 1}) == (
        "That card is not in your hand."
    )
    assert refused(game, 0, {"kind": "play", "cid": True, "group": 1}) == (
        "That card is not in your hand."
    )
    assert refused(game, 0, {"kind": "play", "cid": card(game, 0, "C"), "group": "1"}) == (
        "There is no such group on the table."
    )
    assert refused(game, 7, {"kind": "end"}) == (
        "There is no such seat at this table; its seats are 1 to 2."
    )


def test_illegal_place_outside_the_place_step_is_refused() -> None:
    game = position(["6 6 9 C", "8"], [(1, "6 6"), (0, "9")], "7 8")
    no_card = "There is no drawn card waiting to be placed."
    assert refused(game, 0, {"kind": "place", "group": 1}) == no_card
    game.apply(0, DRAW)
    assert game.phase == PLAY
    assert refused(game, 0, {"kind": "place", "group": 1}) == no_card


# -- A turn never passes by itself ---------------------------------------------------------------


def test_the_seat_draws_itself_even_when_it_cannot_capture() -> None:
    game = position(["9 C", "8"], [(1, "6 6")], "7 8")
    assert game.phase == START and game.actors == (0,) and len(game.pile) == 2
    assert game.legal_actions(0) == [DRAW]
    assert game.view(0)["table"]["phase"] == "start"
    assert refused(game, 0, END) == "Draw first (or capture); your turn ends after the second draw."
    assert kinds(game.apply(0, DRAW)) == ["draw", "add"]
    assert game.phase == PLAY and game.turn == 0


def test_the_seat_ends_its_play_step_itself_even_when_it_cannot_play() -> None:
    game = position(["9 8", "2 C"], [(1, "3")], "7 5 2")
    assert kinds(game.apply(0, DRAW)) == ["draw", "add"]  # a 7: a new group
    assert game.phase == PLAY and game.turn == 0
    assert game.legal_actions(0) == [END]
    assert game.view(0)["legal"] == [END]
    assert kinds(game.apply(0, END)) == ["draw_hand", "turn"]
    assert hand(game, 0) == "5 8 9"
    # Seat 1 may capture nothing either: its turn waits for its own draw.
    assert game.turn == 1 and game.phase == START
    assert game.legal_actions(1) == [DRAW]


def test_a_final_turn_with_nothing_to_do_waits_for_its_end() -> None:
    game = position(["9", "8"], [(1, "6 6")], final=[1])
    assert game.phase == FINAL and game.legal_actions(0) == [END]
    assert refused(game, 0, DRAW) == "The pile is empty: in this last round nobody draws."
    assert kinds(game.apply(0, END)) == ["turn"]
    assert game.turn == 1 and game.phase == FINAL and game.legal_actions(1) == [END]


def others(game: Thistle, seat: int) -> list[dict[str, Any]]:
    """What every seat but `seat`, and a spectator, see."""
    return [game.view(other) for other in [*range(game.seats), None] if other != seat]


def own(game: Thistle, seat: int) -> dict[str, Any]:
    """What `seat` sees, but for what comes from its own hand: the hand and its legal actions."""
    view = game.view(seat)
    del view["legal"], view["table"]["hand"]
    return view


def seen(game: Thistle, events: list[Event]) -> list[list[dict[str, Any]]]:
    """The events as every seat and a spectator receive them."""
    return [[event.for_seat(seat) for event in events] for seat in [*range(game.seats), None]]


@pytest.mark.parametrize(
    ("pile", "final", "actions"),
    [("7 8 8", None, [DRAW, END]), ("", [1], [END])],
    ids=["regular turn", "final turn"],
)
def test_the_table_cannot_tell_whether_the_seat_could_capture_or_play(
    pile: str, final: list[int] | None, actions: list[Action]
) -> None:
    # The same position but for seat 0's hand: one could capture and play, the other nothing.
    able, unable = games = [
        position([mine, "5 5 8"], [(1, "6 6"), (0, "4")], pile, final=final)
        for mine in ("6 6 4 C", "1 2 3 9")
    ]
    assert {"kind": "capture", "group": 0} in able.legal_actions(0)
    for action in actions:
        choices = [a for a in able.legal_actions(0) if a["kind"] in ("capture", "play")]
        assert choices and action in able.legal_actions(0)
        assert unable.legal_actions(0) == [action]
        assert others(able, 0) == others(unable, 0)
        assert own(able, 0) == own(unable, 0)
        happened = [game.apply(0, action) for game in games]
        assert seen(able, happened[0]) == seen(unable, happened[1])
    assert able.turn == unable.turn == 1
    assert others(able, 0) == others(unable, 0)
    assert own(able, 0) == own(unable, 0)


@pytest.mark.parametrize(
    ("top", "table"),
    [
        ("4", {0: (0, "4 4"), 1: (1, "4"), 2: (0, "5 5A")}),
        ("C", {0: (0, "4 C"), 1: (1, "4"), 2: (0, "5 5A")}),
        ("6", {0: (0, "4"), 1: (1, "4"), 2: (0, "5 5A"), 3: (0, "6")}),
    ],
)
def test_the_drawn_cards_only_place_is_still_chosen_for_the_seat(
    top: str, table: dict[int, tuple[int, str]]
) -> None:
    game = position(["9 9", "8"], [(0, "4"), (1, "4"), (0, "5 5A")], f"{top} 8")
    events = game.apply(0, DRAW)
    assert kinds(events) == ["draw", "add"] and public(events[1])["from"] == "draw"
    assert group_labels(game) == table
    assert game.phase == PLAY and game.drawn is None
    assert game.legal_actions(0) == [END]
    assert refused(game, 0, {"kind": "place", "group": 0}) == (
        "There is no drawn card waiting to be placed."
    )
