"""Scenario tests for each numbered Trupe ruling (shared/rulings/trupe.md), played through
`apply` and `legal_actions`.

Positions are written with card labels (see `tests.trupe.position`): ``"B2"`` a Brownie 2,
``"MGold"`` the Mariner Gold, ``"P1"`` a premium, ``"Pro"`` a Prospero, ``"Mi1"`` / ``"Mi2"`` the
Mirandas, ``"Tref"`` the Trefoil. Rows are listed oldest first; packs top card first.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.engine import Event, OptionError, PlainAction, new_game
from cardtable.engine.trupe.cards import DECK, TREFOIL_CID
from cardtable.engine.trupe.phases import (
    DISCARD,
    DRAW,
    EXTRA,
    PLAY,
    TAKEN,
)
from cardtable.engine.trupe.rules import (
    RULINGS,
    Trupe,
)
from tests.trupe.position import (
    DRAW_ACTION,
    assert_conserved,
    card,
    cards,
    declared,
    event,
    hand,
    in_row,
    kinds,
    label,
    labels,
    lines,
    new,
    open_pack,
    pack,
    play,
    position,
    private,
    public,
    refused,
    row,
    shorts,
    stacked,
    wire,
)

DRAW_FIRST = "Start your turn by drawing from the pack or taking a card from the discard row."
DRAWN = "You have drawn this turn; declare, extend, lay down a final pair, or discard."
EXTRA_FIRST = "Before play starts, discard a card for each extra draw your Miranda gave you."
MORE_DISCARDS = "Discard another card: your Miranda's extra draws are paid for with discards."
NOT_YOUR_TURN = "It is not your turn."
NOT_IN_HAND = "That card is not in your hand."
SIZE = "A combination is exactly 3 or 4 cards."
ONE_GROUP = "Members in a combination must all be of one group."
MEMBERS_RUN = (
    "Members of one group make a combination only with one numeral (three 2s) or in "
    "sequence (1-2-3, 2-3-4, 1-2-3-4)."
)
NO_MIXING = "Honors and members do not combine."
HONOR_SHAPE = (
    "Honors combine as one honor from different groups (three Golds) or different honors "
    "of one group."
)
SAY_AS = "Say which card the Trefoil stands for, e.g. B2 (a Brownie 2) or MGold."
ONLY_TREFOIL_AS = "Only the Trefoil is declared as another card."
OWN_ONLY = "You may extend only your own declarations."
THREES_ONLY = "Only a declared 3 can be extended, to a 4."
NO_SUCH_DECLARATION = "There is no such declaration on the board."
PAIR_SHAPE = (
    "A final pair is two like members, two honors of one group, or one honor of two groups."
)
PAIR_TO_GO_OUT = (
    "A final pair is laid down only to go out: the cards left after it must be this turn's "
    "discards, or none."
)
ONE_CARD_DRAWS = "Holding one card, you draw from the pack only."
OUT_EVENTS = ["out", "round_end", "next_dealer"]


def declare(game: Trupe, seat: int, names: str, as_: str | None = None) -> PlainAction:
    action: PlainAction = {"kind": "declare", "cids": cards(game, seat, names)}
    if as_ is not None:
        action["as"] = as_
    return action


def extend(game: Trupe, seat: int, name: str, did: int, as_: str | None = None) -> PlainAction:
    action: PlainAction = {"kind": "extend", "declaration": did, "cid": card(game, seat, name)}
    if as_ is not None:
        action["as"] = as_
    return action


def pair(game: Trupe, seat: int, names: str, as_: str | None = None) -> PlainAction:
    action: PlainAction = {"kind": "pair", "cids": cards(game, seat, names)}
    if as_ is not None:
        action["as"] = as_
    return action


def discard(game: Trupe, seat: int, name: str) -> PlainAction:
    return {"kind": "discard", "cid": card(game, seat, name)}


def take(game: Trupe, name: str) -> PlainAction:
    return {"kind": "take", "cid": in_row(game, name)}


def of_kind(game: Trupe, seat: int, kind: str) -> list[PlainAction]:
    return [action for action in game.legal_actions(seat) if action["kind"] == kind]


def turn_seats(events: list[Event]) -> list[int]:
    return [public(e)["seat"] for e in events if e.kind == "turn"]


def drawn(events: list[Event], seat: int) -> str:
    """The cards `seat` was shown drawing, in order."""
    return " ".join(
        private(e, seat)["card"]["short"]
        for e in events
        if e.kind == "draw" and public(e)["seat"] == seat
    )


def specials_of(game: Trupe, seat: int) -> str:
    return shorts(game.view(None)["table"]["specials"][seat])


def table_declarations(game: Trupe) -> list[dict[str, Any]]:
    return list(game.view(None)["table"]["declarations"])


# -- Ruling 1: players, the deal, the dealer plays first, the deal rotates left -------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_ruling_1_two_to_four_players(seats: int) -> None:
    game = new_game("trupe", seats)
    assert game.sides == tuple((seat,) for seat in range(seats))
    assert len(game.view(None)["table"]["hand_counts"]) == seats


@pytest.mark.parametrize("seats", [1, 5])
def test_ruling_1_one_or_five_players_are_refused(seats: int) -> None:
    with pytest.raises(OptionError) as refusal:
        new_game("trupe", seats)
    assert str(refusal.value) == f"Trupe is for 2–4 players, not {seats}."


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1), (4, 3)])
def test_ruling_1_thirteen_each_dealt_one_at_a_time_from_the_dealers_left(
    seats: int, dealer: int
) -> None:
    game = new(seats, dealer=dealer, stack=list(range(89)))
    deal = game.opening_events[0]
    assert deal.kind == "deal"
    assert public(deal) == {
        "round": 1,
        "dealer": dealer,
        "hand_counts": [13] * seats,
        "pack": 89 - 13 * seats,
    }
    for offset in range(1, seats + 1):
        seat = (dealer + offset) % seats
        expected = [offset - 1 + seats * index for index in range(13)]
        assert game.hands[seat] == expected
        assert sorted(w["cid"] for w in game.view(seat)["table"]["hand"]) == expected
        assert seat not in deal.private  # the hand reaches its seat in the view alone
    # The rest is the pack, drawn in dealing order.
    first = game.apply(dealer, DRAW_ACTION)[0]
    assert private(first, dealer)["card"]["cid"] == 13 * seats
    assert public(first) == {"seat": dealer, "reason": "turn", "pack": 88 - 13 * seats}
    assert_conserved(game)


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (2, 1), (3, 1), (4, 3)])
def test_ruling_1_the_dealer_plays_first(seats: int, dealer: int) -> None:
    game = new(seats, dealer=dealer, stack=list(range(89)))
    assert kinds(game.opening_events) == ["deal", "turn"]
    assert turn_seats(game.opening_events) == [dealer]
    assert game.actors == (dealer,)
    table = game.view(dealer)["table"]
    assert table["turn"] == dealer and table["phase"] == "draw"
    assert game.legal_actions(dealer) == [DRAW_ACTION]
    for other in range(seats):
        if other != dealer:
            assert game.legal_actions(other) == []
            assert refused(game, other, DRAW_ACTION) == NOT_YOUR_TURN


def test_ruling_1_each_seat_is_shown_only_its_own_hand() -> None:
    game = new(3, stack=list(range(89)))
    deal = game.opening_events[0]
    for seat in [0, 1, 2, None]:
        assert deal.for_seat(seat) == deal.for_seat(None)  # the deal names no card
    for seat in range(3):
        assert game.view(seat)["table"]["hand"] == [wire(cid) for cid in game.hands[seat]]
    assert game.view(None)["table"]["hand"] is None
    assert game.view(None)["table"]["hand_counts"] == [13, 13, 13]


@pytest.mark.parametrize(("seats", "turn"), [(2, 0), (2, 1), (3, 2), (4, 3)])
def test_ruling_1_the_deal_rotates_left_and_the_new_dealer_plays_first(
    seats: int, turn: int
) -> None:
    hands = ["S4"] * seats
    hands[turn] = "G1"
    game = position(hands, [(turn, "B2 B2 B2")], turn=turn, phase=PLAY)
    old_dealer = game.dealer
    events = play(game, turn, discard(game, turn, "G1"))
    assert kinds(events) == ["discard", *OUT_EVENTS]
    assert event(events, "next_dealer") == {"seat": (old_dealer + 1) % seats, "round": 2}
    assert game.awaiting_deal and game.actors == (game.dealer,)
    assert game.view(None)["table"]["phase"] == "deal"
    assert game.legal_actions(game.dealer) == [{"kind": "deal"}]
    assert refused(game, game.dealer, DRAW_ACTION) == (
        "This round is over; the next one starts when you deal."
    )
    events = play(game, game.dealer, {"kind": "deal"})
    assert events[0].kind == "deal" and public(events[0])["dealer"] == game.dealer
    assert public(events[0])["round"] == 2
    # Whatever the deal holds (it is shuffled), once any Miranda is paid for, the first
    # regular turn is the dealer's unless a Prospero took it.
    while game.phase == EXTRA:
        events += play(game, game.turn, {"kind": "discard", "cid": game.hands[game.turn][0]})
    lost = [public(e)["seat"] for e in events if e.kind == "lose_turn"]
    first = turn_seats(events)[0]
    assert first == game.dealer or lost[:1] == [game.dealer]


# -- Ruling 2: premiums and penalties -------------------------------------------------------------


def test_ruling_2_a_dealt_premium_is_declared_and_replaced_from_the_top_of_the_pack() -> None:
    game = stacked(["P1 B1", "S4"], "G3 S1")
    events = game.opening_events
    assert kinds(events) == ["deal", "special", "draw", "turn"]
    assert event(events, "special") == {"seat": 0, "card": wire(80)}
    assert event(events, "draw") == {"seat": 0, "reason": "replacement", "pack": 89 - 26 - 1}
    assert drawn(events, 0) == "G3"
    assert "card" not in events[2].for_seat(1) and "card" not in events[2].for_seat(None)
    assert "G3" in hand(game, 0).split() and "P1" not in hand(game, 0).split()
    assert specials_of(game, 0) == "P1" and specials_of(game, 1) == ""
    assert game.view(1)["table"]["hand_counts"] == [13, 13]
    assert pack(game).startswith("S1 ")
    assert turn_seats(events) == [0]


def test_ruling_2_specials_at_the_deal_are_declared_from_the_dealer_round_to_the_left() -> None:
    game = stacked(["P1", "P2", "P3"], "G1 G2 G3", dealer=1)
    events = game.opening_events
    assert kinds(events) == ["deal", *["special", "draw"] * 3, "turn"]
    order = [public(e)["seat"] for e in events if e.kind in ("special", "draw")]
    assert order == [1, 1, 2, 2, 0, 0]
    assert [drawn(events, seat) for seat in range(3)] == ["G3", "G1", "G2"]
    assert [specials_of(game, seat) for seat in range(3)] == ["P1", "P2", "P3"]
    assert turn_seats(events) == [1]
    assert game.view(None)["table"]["hand_counts"] == [13, 13, 13]


def test_ruling_2_a_replacement_that_is_special_is_replaced_again_at_the_deal() -> None:
    game = stacked(["B1", "P1"], "P2 P3 G3 S1")
    events = game.opening_events
    assert kinds(events) == ["deal", "special", "special", "special", "draw", "turn"]
    assert [public(e)["card"]["short"] for e in events if e.kind == "special"] == ["P1", "P2", "P3"]
    assert all(public(e)["seat"] == 1 for e in events if e.kind in ("special", "draw"))
    assert drawn(events, 1) == "G3"
    assert specials_of(game, 1) == "P1 P2 P3"
    assert [len(h) for h in game.hands] == [13, 13]
    assert pack(game).startswith("S1 ")


def test_ruling_2_a_special_drawn_in_play_is_declared_and_replaced_again_and_again() -> None:
    game = position(["B1 G2", "S4"], pack="P1 P2 G3 S1")
    events = play(game, 0, DRAW_ACTION)
    assert kinds(events) == ["special", "special", "draw"]
    assert [public(e)["card"]["short"] for e in events if e.kind == "special"] == ["P1", "P2"]
    assert event(events, "draw")["reason"] == "replacement"
    assert drawn(events, 0) == "G3"
    assert hand(game, 0) == "B1 G2 G3"
    assert specials_of(game, 0) == "P1 P2"
    assert game.phase == PLAY and pack(game).startswith("S1 ")


@pytest.mark.parametrize(("miranda", "extra"), [("Mi1", 1), ("Mi2", 2)])
def test_ruling_2_a_miranda_at_the_deal_is_paid_with_discards_before_play(
    miranda: str, extra: int
) -> None:
    game = stacked(["S4", miranda], "G3 G1 G2 S1", dealer=0)
    events = game.opening_events
    assert event(events, "extra_discards") == {"seat": 1, "due": extra}
    assert "turn" not in kinds(events)
    table = game.view(1)["table"]
    assert table["phase"] == EXTRA and table["turn"] == 1 and table["extra_due"] == [0, extra]
    assert game.actors == (1,)
    assert game.legal_actions(1) == [{"kind": "discard", "cid": cid} for cid in game.hands[1]]
    assert game.legal_actions(0) == []
    assert refused(game, 1, DRAW_ACTION) == EXTRA_FIRST
    assert refused(game, 0, DRAW_ACTION) == NOT_YOUR_TURN
    for paid in range(extra):
        events = play(game, 1, {"kind": "discard", "cid": game.hands[1][0]})
        assert events[0].kind == "discard"
        assert game.view(None)["table"]["extra_due"] == [0, extra - paid - 1]
    # Only now does the dealer play first.
    assert kinds(events) == ["discard", "turn"]
    assert turn_seats(events) == [0]
    assert game.phase == DRAW and len(game.row) == extra


@pytest.mark.parametrize(("miranda", "extra"), [("Mi1", 1), ("Mi2", 2)])
def test_ruling_2_a_miranda_at_the_deal_gives_its_extra_draws_and_the_hand_stays_13(
    miranda: str, extra: int
) -> None:
    """Ruling 2: replaced, then one extra draw from the pack per extra draw, then as many extra
    discards, so declared cards + hand stay at 13."""
    game = stacked([miranda, "S4"], "G3 G1 G2 S1", dealer=0)
    events = game.opening_events
    reasons = [public(e)["reason"] for e in events if e.kind == "draw"]
    assert reasons == ["replacement", *["extra"] * extra]
    assert drawn(events, 0) == " ".join(["G3", "G1", "G2"][: 1 + extra])
    assert len(game.hands[0]) == 13 + extra
    assert game.view(0)["table"]["extra_due"] == [extra, 0]
    for _ in range(extra):
        play(game, 0, {"kind": "discard", "cid": game.hands[0][-1]})
    assert len(game.hands[0]) == 13 and game.phase == DRAW and game.turn == 0


@pytest.mark.parametrize(("miranda", "extra"), [("Mi1", 1), ("Mi2", 2)])
def test_ruling_2_a_miranda_drawn_in_play_gives_extra_draws_and_discards_at_the_end_of_the_turn(
    miranda: str, extra: int
) -> None:
    game = position(["G3 G4 S2 S3 M4", "S4"], row="B3", pack=f"{miranda} G1 G2 M1 S1", dealer=1)
    events = play(game, 0, DRAW_ACTION)
    assert kinds(events) == ["special", *["draw"] * (1 + extra)]
    assert [public(e)["reason"] for e in events if e.kind == "draw"] == [
        "replacement",
        *["extra"] * extra,
    ]
    # The extra draws come from the pack, not the row.
    assert drawn(events, 0) == " ".join(["G1", "G2", "M1"][: 1 + extra])
    assert row(game) == "B3" and pack(game).startswith("M1 S1 " if extra == 1 else "S1 ")
    assert game.phase == PLAY and game.discards_due == 1 + extra
    assert game.view(0)["table"]["discards_due"] == 1 + extra
    assert len(game.hands[0]) == 5 + 1 + extra
    # Declaring still comes before the discards.
    play(game, 0, declare(game, 0, "G1 G2 G3"))
    for left in range(extra, 0, -1):
        events = play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
        assert kinds(events) == ["discard"]
        assert game.phase == DISCARD and game.turn == 0 and game.discards_due == left
        assert game.legal_actions(0) == [{"kind": "discard", "cid": c} for c in game.hands[0]]
        assert refused(game, 0, DRAW_ACTION) == MORE_DISCARDS
        assert refused(game, 0, {"kind": "declare", "cids": game.hands[0][:3]}) == MORE_DISCARDS
    events = play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
    assert kinds(events) == ["discard", "turn"] and turn_seats(events) == [1]
    # Declared cards and hand are as many as before the turn.
    on_board = sum(len(d.cids) for d in game.own_declarations(0))
    assert on_board + len(game.hands[0]) == 5


def test_ruling_2_a_prospero_at_the_deal_costs_its_holder_the_next_regular_turn() -> None:
    game = stacked(["S4", "Pro"], "G3", dealer=0)
    assert game.view(None)["table"]["lost_turns"] == [0, 1]
    assert specials_of(game, 1) == "Pro"
    assert turn_seats(game.opening_events) == [0]
    play(game, 0, DRAW_ACTION)
    events = play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
    assert kinds(events) == ["discard", "lose_turn", "turn"]
    assert event(events, "lose_turn") == {"seat": 1, "still_owed": 0}
    assert turn_seats(events) == [0]
    assert game.view(None)["table"]["lost_turns"] == [0, 0]
    # One turn only: seat 1 plays the turn after.
    play(game, 0, DRAW_ACTION)
    events = play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
    assert kinds(events) == ["discard", "turn"] and turn_seats(events) == [1]


def test_ruling_2_a_dealer_holding_prospero_loses_the_first_turn() -> None:
    game = stacked(["Pro", "S4", "S3"], "G3", dealer=0)
    events = game.opening_events
    assert kinds(events)[-2:] == ["lose_turn", "turn"]
    assert event(events, "lose_turn") == {"seat": 0, "still_owed": 0}
    assert turn_seats(events) == [1] and game.actors == (1,)
    assert refused(game, 0, DRAW_ACTION) == NOT_YOUR_TURN


def test_ruling_2_a_prospero_drawn_in_play_costs_the_next_regular_turn() -> None:
    game = position(["B1 G2", "S4 S3"], pack="Pro G3 S1 S2 M1 M2", dealer=1)
    events = play(game, 0, DRAW_ACTION)
    assert kinds(events) == ["special", "draw"] and drawn(events, 0) == "G3"
    assert game.lost_turns == [1, 0]
    events = play(game, 0, discard(game, 0, "G3"))
    assert turn_seats(events) == [1]
    play(game, 1, DRAW_ACTION)
    events = play(game, 1, discard(game, 1, "S1"))
    assert kinds(events) == ["discard", "lose_turn", "turn"]
    assert event(events, "lose_turn")["seat"] == 0 and turn_seats(events) == [1]


def test_ruling_2_holding_both_at_the_deal_applies_both() -> None:
    """Miranda: an extra draw and an extra discard before play; Prospero: the holder (here the
    dealer) then loses the first regular turn."""
    game = stacked(["Mi1 Pro", "S4"], "G3 G1 G2 S1", dealer=0)
    events = game.opening_events
    assert [public(e)["card"]["short"] for e in events if e.kind == "special"] == ["Mi1", "Pro"]
    assert game.view(None)["table"]["lost_turns"] == [1, 0]
    assert event(events, "extra_discards") == {"seat": 0, "due": 1}
    assert drawn(events, 0) == "G3 G1 G2"
    assert len(game.hands[0]) == 14
    events = play(game, 0, discard(game, 0, "G2"))
    assert kinds(events) == ["discard", "lose_turn", "turn"]
    assert turn_seats(events) == [1]
    assert len(game.hands[0]) == 13


def test_ruling_2_holding_both_in_play_applies_both() -> None:
    game = position(["B1 G4", "S4 S3"], pack="Mi1 Pro G1 G2 S1 S2 M1", dealer=1)
    events = play(game, 0, DRAW_ACTION)
    assert kinds(events) == ["special", "special", "draw", "draw"]
    assert drawn(events, 0) == "G1 G2"
    assert game.discards_due == 2 and game.lost_turns == [1, 0]
    play(game, 0, discard(game, 0, "G1"))
    events = play(game, 0, discard(game, 0, "G2"))
    assert turn_seats(events) == [1]
    play(game, 1, DRAW_ACTION)
    events = play(game, 1, discard(game, 1, "S1"))
    assert kinds(events) == ["discard", "lose_turn", "turn"] and turn_seats(events) == [1]
    assert hand(game, 0) == "B1 G4"


def test_ruling_2_each_prospero_costs_a_turn() -> None:
    game = stacked(["S4", "Pro Pro"], "G3 G1", dealer=0)
    assert game.view(None)["table"]["lost_turns"] == [0, 2]
    play(game, 0, DRAW_ACTION)
    events = play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
    assert [public(e) for e in events if e.kind == "lose_turn"] == [{"seat": 1, "still_owed": 1}]
    assert turn_seats(events) == [0]
    play(game, 0, DRAW_ACTION)
    events = play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
    assert [public(e) for e in events if e.kind == "lose_turn"] == [{"seat": 1, "still_owed": 0}]
    play(game, 0, DRAW_ACTION)
    events = play(game, 0, {"kind": "discard", "cid": game.hands[0][0]})
    assert kinds(events) == ["discard", "turn"] and turn_seats(events) == [1]


# -- Ruling 3: a turn is draw or take, declare, discard -------------------------------------------


def test_ruling_3_a_turn_starts_with_a_draw_or_a_take() -> None:
    game = position(["B2 B2 B2 G1", "S4"], [(0, "G3 G3 G3")], row="S1")
    assert game.legal_actions(0) == [DRAW_ACTION]
    assert game.view(0)["table"]["phase"] == "draw"
    assert refused(game, 0, declare(game, 0, "B2 B2 B2")) == DRAW_FIRST
    assert refused(game, 0, discard(game, 0, "G1")) == DRAW_FIRST
    assert refused(game, 0, pair(game, 0, "B2 B2")) == DRAW_FIRST
    assert refused(game, 0, {"kind": "extend", "declaration": 0, "cid": 0}) == DRAW_FIRST


def test_ruling_3_drawing_takes_the_top_of_the_pack_and_shows_it_to_the_drawer_alone() -> None:
    game = position(["B1", "S4"], pack="GGold B4")
    events = play(game, 0, DRAW_ACTION)
    assert kinds(events) == ["draw"]
    assert public(events[0]) == {"seat": 0, "reason": "turn", "pack": len(game.pack)}
    assert events[0].for_seat(0)["card"] == wire(card(game, 0, "GGold"))
    assert "card" not in events[0].for_seat(1) and "card" not in events[0].for_seat(None)
    assert hand(game, 0) == "B1 GGold" and pack(game).startswith("B4 ")
    assert game.view(1)["table"]["hand_counts"] == [2, 1]


def test_ruling_3_any_visible_discard_may_be_taken_not_only_the_latest() -> None:
    game = position(["B2 B2 S1", "S4"], row="B2 G1 M3 S2 G4")
    assert of_kind(game, 0, "take") == [{"kind": "take", "cid": in_row(game, "B2")}]
    oldest = in_row(game, "B2")
    events = play(game, 0, take(game, "B2"))
    assert kinds(events) == ["take"]
    assert event(events, "take") == {
        "seat": 0,
        "card": wire(oldest),
        "row": [wire(cid) for cid in game.row],
    }
    assert game.taken == oldest and row(game) == "G1 M3 S2 G4"


def test_ruling_3_only_one_draw_a_turn() -> None:
    game = position(["B2 B2 S1", "S4"], row="B2", pack="G3")
    play(game, 0, DRAW_ACTION)
    assert game.phase == PLAY
    assert {a["kind"] for a in game.legal_actions(0)} <= {"declare", "extend", "pair", "discard"}
    assert refused(game, 0, DRAW_ACTION) == DRAWN
    assert refused(game, 0, take(game, "B2")) == DRAWN


def test_ruling_3_declaring_is_optional_and_may_be_repeated_then_a_discard_ends_the_turn() -> None:
    game = position(
        ["B2 B2 B2 G1 G1 G1 S4", "M1", "M2"], pack="MGold", turn=1, dealer=0, phase=DRAW
    )
    play(game, 1, DRAW_ACTION)
    events = play(game, 1, discard(game, 1, "MGold"))
    assert kinds(events) == ["discard", "turn"] and turn_seats(events) == [2]
    play(game, 2, DRAW_ACTION)
    events = play(game, 2, discard(game, 2, "M2"))
    assert turn_seats(events) == [0]
    play(game, 0, DRAW_ACTION)
    play(game, 0, declare(game, 0, "B2 B2 B2"))
    play(game, 0, declare(game, 0, "G1 G1 G1"))
    assert game.phase == PLAY and game.turn == 0
    events = play(game, 0, discard(game, 0, "S4"))
    assert kinds(events) == ["discard", "turn"] and turn_seats(events) == [1]
    assert declared(game) == {0: (0, "B2 B2 B2"), 1: (0, "G1 G1 G1")}
    assert row(game) == "MGold M2 S4"


def test_ruling_3_unknown_moves_and_dealing_mid_hand_are_refused() -> None:
    game = position(["B1", "S4"])
    assert refused(game, 0, {"kind": "pass"}) == "'pass' is not a move in Trupe."
    assert refused(game, 0, {"kind": "deal"}) == "The hand is under way: there is nothing to deal."
    assert refused(game, 0, {"kind": 3}) == "An action needs a kind."
    assert refused(game, 2, DRAW_ACTION) == (
        "There is no such seat at this table; its seats are 1 to 2."
    )


# -- Ruling 4: the four kinds of combination ------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "kind", "points", "group"),
    [
        ("B2 B2 B2", "members", 5, "B"),
        ("S4 S4 S4 S4", "members", 10, "S"),
        ("G1 G2 G3", "sequence", 0, "G"),
        ("M2 M3 M4", "sequence", 0, "M"),
        ("B1 B2 B3 B4", "sequence", 0, "B"),
        ("BGold GGold MGold", "honor", 20, None),
        ("BGold GGold MGold SGold", "honor", 40, None),
        ("BColors GColors SColors", "honor", 10, None),
        ("BWorld GWorld MWorld SWorld", "honor", 20, None),
        ("BBanner MBanner SBanner", "honor", 10, None),
        ("MGold MColors MWorld", "group honors", 10, "M"),
        ("SColors SWorld SBanner", "group honors", 10, "S"),
        ("GGold GColors GWorld GBanner", "group honors", 20, "G"),
    ],
)
def test_ruling_4_each_combination_and_its_points(
    spec: str, kind: str, points: int, group: str | None
) -> None:
    game = position([f"{spec} Tref", "S1"], phase=PLAY)
    action = declare(game, 0, spec)
    assert action in game.legal_actions(0)
    events = play(game, 0, action)
    assert kinds(events) == ["declare"]
    size = len(spec.split())
    expected = {
        "id": 0,
        "owner": 0,
        "type": kind,
        "size": size,
        "points": points,
        "group": group,
        "cards": [wire(cid) for cid in action["cids"]],
    }
    assert event(events, "declare") == {"seat": 0, "declaration": expected}
    assert table_declarations(game) == [expected]
    assert game.view(1)["table"]["table_points"] == [points, 0]
    assert hand(game, 0) == "Tref" and game.phase == PLAY


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("B2 B2 G2", ONE_GROUP),
        ("B1 G2 M3", ONE_GROUP),
        ("B1 B2 B4", MEMBERS_RUN),
        ("B1 B1 B2", MEMBERS_RUN),
        ("B1 B3 B4", MEMBERS_RUN),
        ("BGold B1 B1", NO_MIXING),
        ("BGold BColors B2", NO_MIXING),
        ("BGold BColors GGold", HONOR_SHAPE),
        ("BGold GGold MColors", HONOR_SHAPE),
        ("B2 B2", SIZE),
        ("BGold GGold", SIZE),
        ("B2", SIZE),
        ("B1 B1 B1 B1 B2", SIZE),
        ("B1 B2 B3 B4 G1", SIZE),
    ],
)
def test_ruling_4_invalid_combinations_are_refused(spec: str, reason: str) -> None:
    game = position(
        ["B1 B1 B1 B1 B2 B2 B3 B4 G1 G2 M3 BGold BColors GGold MColors", "S1"], phase=PLAY
    )
    action = declare(game, 0, spec)
    assert action not in game.legal_actions(0)
    assert refused(game, 0, action) == reason


def test_ruling_4_the_legal_list_offers_each_combination_once_and_any_copies_are_accepted() -> None:
    game = position(["B2 B2 B2 B2 S1", "S4"], phase=PLAY)
    twos = cards(game, 0, "B2 B2 B2 B2")
    assert of_kind(game, 0, "declare") == [
        {"kind": "declare", "cids": twos[:3]},
        {"kind": "declare", "cids": twos},
    ]
    play(game, 0, {"kind": "declare", "cids": twos[1:]})
    assert declared(game) == {0: (0, "B2 B2 B2")}
    assert game.declarations[0].cids == twos[1:]


@pytest.mark.parametrize(
    ("cids", "reason"),
    [
        (None, "Name the cards from your hand."),
        ([], "Name the cards from your hand."),
        ("B2 B2 B2", "Name the cards from your hand."),
        (["B2", "B2", "B2"], "Cards are named by their numbers."),
        ([True, False, True], "Cards are named by their numbers."),
        ([4, 4, 5], "A card is named twice."),
        ([4, 5, 61], NOT_IN_HAND),
    ],
)
def test_ruling_4_a_declaration_must_name_hand_cards(cids: object, reason: str) -> None:
    game = position(["B2 B2 B2 S1", "S4"], phase=PLAY)
    assert labels(game.hands[0][:3]) == "B2 B2 B2" and game.hands[0][:2] == [4, 5]
    assert refused(game, 0, {"kind": "declare", "cids": cids}) == reason


# -- Ruling 4, the Trefoil: any card, keeping the identity it is declared as ----------------------


def test_ruling_4_the_trefoil_stands_for_any_card_and_keeps_that_identity() -> None:
    game = position(["B2 B2 Tref S1", "S4"], phase=PLAY)
    twos = cards(game, 0, "B2 B2")
    offered = of_kind(game, 0, "declare")
    assert offered == [{"kind": "declare", "cids": [*twos, TREFOIL_CID], "as": "B2"}]
    events = play(game, 0, offered[0])
    declaration = event(events, "declare")["declaration"]
    assert declaration["type"] == "members" and declaration["points"] == 5
    trefoil = declaration["cards"][-1]
    assert trefoil == {**wire(TREFOIL_CID), "as": "B2", "as_name": "Brownie 2"}
    assert declared(game) == {0: (0, "B2 B2 Tref=B2")}
    assert table_declarations(game)[0]["cards"][-1]["as"] == "B2"


def test_ruling_4_the_trefoil_may_stand_for_an_honor() -> None:
    game = position(["BGold GGold Tref S1", "S4"], phase=PLAY)
    golds = cards(game, 0, "BGold GGold")
    offered = of_kind(game, 0, "declare")
    assert {"kind": "declare", "cids": [*golds, TREFOIL_CID], "as": "MGold"} in offered
    assert {"kind": "declare", "cids": [*golds, TREFOIL_CID], "as": "SGold"} in offered
    events = play(game, 0, declare(game, 0, "BGold GGold Tref", "SGold"))
    declaration = event(events, "declare")["declaration"]
    assert (declaration["type"], declaration["points"], declaration["group"]) == ("honor", 20, None)
    assert declared(game) == {0: (0, "BGold GGold Tref=SGold")}


@pytest.mark.parametrize("names", ["B2 B2 Tref", "Tref B2 B2", "B1 B3 Tref"])
def test_ruling_4_the_trefoil_needs_an_as(names: str) -> None:
    game = position(["B1 B2 B2 B3 Tref S1", "S4"], phase=PLAY)
    assert refused(game, 0, declare(game, 0, names)) == SAY_AS
    assert refused(game, 0, declare(game, 0, names, "X9")) == SAY_AS
    assert refused(game, 0, {**declare(game, 0, names), "as": 2}) == SAY_AS


def test_ruling_4_only_the_trefoil_takes_an_as() -> None:
    game = position(["B2 B2 B2 G2 S1", "S4"], phase=PLAY)
    assert refused(game, 0, declare(game, 0, "B2 B2 G2", "B2")) == ONLY_TREFOIL_AS
    assert refused(game, 0, declare(game, 0, "B2 B2 B2", "B2")) == ONLY_TREFOIL_AS


def test_ruling_4_the_trefoil_must_make_a_real_combination() -> None:
    game = position(["B2 B2 BGold Tref S1", "S4"], phase=PLAY)
    assert refused(game, 0, declare(game, 0, "B2 B2 Tref", "G2")) == ONE_GROUP
    assert refused(game, 0, declare(game, 0, "B2 B2 Tref", "BGold")) == NO_MIXING
    assert refused(game, 0, declare(game, 0, "B2 BGold Tref", "B2")) == NO_MIXING
    assert game.hands[0][-1] == TREFOIL_CID


def test_ruling_4_a_trefoil_sequence_and_its_choices() -> None:
    game = position(["G1 G3 Tref S1", "S4"], phase=PLAY)
    low, high = cards(game, 0, "G1 G3")
    offered = of_kind(game, 0, "declare")
    assert offered == [{"kind": "declare", "cids": [low, high, TREFOIL_CID], "as": "G2"}]
    play(game, 0, offered[0])
    assert table_declarations(game)[0]["type"] == "sequence"


# -- Ruling 5: a card taken from the row is declared at once, in a new combination ----------------


def test_ruling_5_only_row_cards_that_make_a_new_combination_with_the_hand_may_be_taken() -> None:
    game = position(["B2 B2 BGold GGold S1 M3", "S4"], [(0, "S3 S3 S3")], row="G1 B2 S3 MGold S4")
    assert game.legal_actions(0) == [
        DRAW_ACTION,
        {"kind": "take", "cid": in_row(game, "B2")},
        {"kind": "take", "cid": in_row(game, "MGold")},
    ]
    assert refused(game, 0, take(game, "G1")) == (
        "You may take the Girl Scout 1 only to declare it this turn in a new combination with "
        "cards from your hand, and your hand has none for it."
    )
    # A card that would only extend an earlier declaration may not be taken.
    assert refused(game, 0, take(game, "S3")).startswith("You may take the Senior 3 only")
    assert refused(game, 0, {"kind": "take", "cid": 0}) == "That card is not in the discard row."
    assert refused(game, 0, {"kind": "take"}) == "That card is not in the discard row."


def declare_taken(name: str) -> str:
    """The refusal of anything that would end the turn before the taken card is declared."""
    return (
        f"Declare the {name} you took from the discards before your turn ends, in a new "
        "combination with cards from your hand."
    )


def keep_for_taken(name: str) -> str:
    return (
        f"Keep the cards that declare the {name} you took from the discards: it must be "
        "declared this turn, in a new combination with cards from your hand."
    )


def test_ruling_5_a_taken_card_may_be_declared_first() -> None:
    game = position(["B2 B2 G1 G1 G1 S1 S2", "S4"], [(0, "M2 M2 M2")], row="M4 B2")
    play(game, 0, take(game, "B2"))
    taken = game.taken
    assert taken is not None and DECK[taken].short == "B2"
    table = game.view(1)["table"]
    assert table["phase"] == TAKEN and table["taken"] == wire(taken)
    assert game.zones()["taken"].cards == (taken,) and game.zones()["taken"].public
    assert taken not in game.zones()["hand 0"].cards
    twos = cards(game, 0, "B2 B2 B2")
    assert taken in twos
    # Its declarations come first; the Girl Scout 1s may be declared before it as well.
    assert game.legal_actions(0) == [
        {"kind": "declare", "cids": [taken, *[c for c in twos if c != taken]]},
        {"kind": "declare", "cids": cards(game, 0, "G1 G1 G1")},
    ]
    events = play(game, 0, {"kind": "declare", "cids": twos})
    assert kinds(events) == ["declare"]
    assert game.phase == PLAY and game.taken is None
    assert game.view(1)["table"]["taken"] is None
    # The rest of the turn goes on as usual.
    play(game, 0, declare(game, 0, "G1 G1 G1"))
    events = play(game, 0, discard(game, 0, "S1"))
    assert turn_seats(events) == [1]


def test_ruling_5_a_taken_card_may_be_declared_later_in_the_turn() -> None:
    game = position(["B2 B2 G1 G1 G1 S1 S2", "S4"], row="M4 B2")
    play(game, 0, take(game, "B2"))
    taken = game.taken
    assert taken is not None
    events = play(game, 0, declare(game, 0, "G1 G1 G1"))
    assert kinds(events) == ["declare"]
    # Still to be declared: the turn cannot end, and everyone still sees the card.
    assert game.view(1)["table"]["phase"] == TAKEN
    assert game.view(1)["table"]["taken"] == wire(taken)
    others = [cid for cid in cards(game, 0, "B2 B2 B2") if cid != taken]
    assert game.legal_actions(0) == [{"kind": "declare", "cids": [taken, *others]}]
    assert refused(game, 0, discard(game, 0, "S1")) == declare_taken("Brownie 2")
    play(game, 0, declare(game, 0, "B2 B2 B2"))
    assert game.phase == PLAY and game.taken is None
    assert declared(game) == {0: (0, "G1 G1 G1"), 1: (0, "B2 B2 B2")}
    assert turn_seats(play(game, 0, discard(game, 0, "S1"))) == [1]


def test_ruling_5_an_extension_may_come_before_the_taken_cards_declaration() -> None:
    game = position(["G1 B2 B2 S1 S2", "S4"], [(0, "G1 G1 G1")], row="B2")
    play(game, 0, take(game, "B2"))
    taken = game.taken
    assert taken is not None
    assert of_kind(game, 0, "extend") == [extend(game, 0, "G1", 0)]
    play(game, 0, extend(game, 0, "G1", 0))
    assert game.phase == TAKEN
    play(game, 0, declare(game, 0, "B2 B2 B2"))
    assert declared(game) == {0: (0, "G1 G1 G1 G1"), 1: (0, "B2 B2 B2")}


def test_ruling_5_the_turn_never_ends_with_the_taken_card_undeclared() -> None:
    game = position(["B2 B2 G1 G1 S1 S2", "S4"], row="M4 B2")
    play(game, 0, take(game, "B2"))
    before = game.legal_actions(0)
    assert [action["kind"] for action in before] == ["declare"]
    reason = declare_taken("Brownie 2")
    assert refused(game, 0, discard(game, 0, "S1")) == reason
    assert refused(game, 0, pair(game, 0, "G1 G1")) == reason
    assert refused(game, 0, DRAW_ACTION) == reason
    assert refused(game, 0, take(game, "M4")) == reason


def test_ruling_5_plays_that_would_leave_the_taken_card_undeclarable_are_refused() -> None:
    # The Brownie 2 taken makes only the sequence 1-2-3; the three Brownie 3s would use its 3.
    game = position(["B1 B3 B3 B3 S1 S4", "M4"], row="B2")
    play(game, 0, take(game, "B2"))
    taken = game.taken
    assert taken is not None
    assert game.legal_actions(0) == [
        {"kind": "declare", "cids": [*cards(game, 0, "B1"), taken, *cards(game, 0, "B3")]}
    ]
    assert refused(game, 0, declare(game, 0, "B3 B3 B3")) == keep_for_taken("Brownie 2")
    # An extension that would take a card the taken card needs is refused too.
    game = position(["B1 B3 S1 S4", "M4"], [(0, "B3 B3 B3")], row="B2")
    play(game, 0, take(game, "B2"))
    assert of_kind(game, 0, "extend") == []
    assert refused(game, 0, extend(game, 0, "B3", 0)) == keep_for_taken("Brownie 2")


def test_ruling_5_a_taken_card_never_extends_an_earlier_declaration() -> None:
    game = position(["B1 B3 S1", "S4"], [(0, "B2 B2 B2")], row="B2")
    play(game, 0, take(game, "B2"))
    taken = game.taken
    assert taken is not None
    assert of_kind(game, 0, "extend") == []
    assert refused(game, 0, {"kind": "extend", "declaration": 0, "cid": taken}) == (
        "The Brownie 2 you took from the discards never extends a declaration: declare it in "
        "a new combination with cards from your hand."
    )
    assert game.legal_actions(0) == [
        {"kind": "declare", "cids": [*cards(game, 0, "B1"), taken, *cards(game, 0, "B3")]}
    ]
    play(game, 0, declare(game, 0, "B1 B2 B3"))
    assert declared(game) == {0: (0, "B2 B2 B2"), 1: (0, "B1 B2 B3")}


def test_ruling_5_a_taken_card_that_only_fits_an_earlier_declaration_cannot_be_taken() -> None:
    game = position(["G1 S1", "S4"], [(0, "B2 B2 B2"), (0, "BGold GGold MGold")], row="B2 SGold")
    assert game.legal_actions(0) == [DRAW_ACTION]
    assert refused(game, 0, take(game, "B2")).startswith("You may take the Brownie 2 only")
    assert refused(game, 0, take(game, "SGold")).startswith("You may take the Senior Gold only")


def test_ruling_5_the_trefoil_in_hand_may_make_the_combination_for_a_taken_card() -> None:
    game = position(["B2 Tref S1", "S4"], row="B2 G3")
    assert of_kind(game, 0, "take") == [{"kind": "take", "cid": in_row(game, "B2")}]
    play(game, 0, take(game, "B2"))
    taken = game.taken
    assert taken is not None
    other = next(cid for cid in cards(game, 0, "B2 B2") if cid != taken)
    assert game.legal_actions(0) == [
        {"kind": "declare", "cids": [taken, other, TREFOIL_CID], "as": "B2"}
    ]
    play(game, 0, {"kind": "declare", "cids": [taken, TREFOIL_CID, other], "as": "B2"})
    assert declared(game) == {0: (0, "B2 Tref=B2 B2")}


def test_ruling_5_a_trefoil_in_the_row_may_be_taken_into_a_new_combination() -> None:
    game = position(["G4 G4 S1", "S4"], row="Tref")
    assert of_kind(game, 0, "take") == [{"kind": "take", "cid": TREFOIL_CID}]
    play(game, 0, {"kind": "take", "cid": TREFOIL_CID})
    fours = cards(game, 0, "G4 G4")
    assert game.legal_actions(0) == [{"kind": "declare", "cids": [*fours, TREFOIL_CID], "as": "G4"}]
    play(game, 0, game.legal_actions(0)[0])
    assert declared(game) == {0: (0, "G4 G4 Tref=G4")}


# -- Ruling 6: extending a declared 3 to a 4 ------------------------------------------------------


def test_ruling_6_a_card_from_the_pack_turns_an_own_3_into_a_4_on_a_later_turn() -> None:
    game = position(["S1 S1", "M4"], [(0, "B2 B2 B2")], pack="B2 G3")
    assert game.view(1)["table"]["table_points"] == [5, 0]
    play(game, 0, DRAW_ACTION)
    action = extend(game, 0, "B2", 0)
    assert of_kind(game, 0, "extend") == [action]
    events = play(game, 0, action)
    assert kinds(events) == ["extend"]
    extended = event(events, "extend")
    assert extended["seat"] == 0 and extended["card"] == wire(action["cid"])
    assert extended["declaration"]["size"] == 4 and extended["declaration"]["points"] == 10
    assert declared(game) == {0: (0, "B2 B2 B2 B2")}
    assert game.view(1)["table"]["table_points"] == [10, 0]
    assert hand(game, 0) == "S1 S1" and game.phase == PLAY


def test_ruling_6_a_card_dealt_never_extends() -> None:
    game = position(["S1 S1", "M4"], [(0, "B2 B2 B2")], dealt=["B2", ""], pack="G3")
    play(game, 0, DRAW_ACTION)
    assert of_kind(game, 0, "extend") == []
    assert game.view(0)["table"]["from_pack"] == cards(game, 0, "G3 S1 S1")
    assert refused(game, 0, extend(game, 0, "B2", 0)) == (
        "Only a card drawn from the pack extends a declared 3, and the Brownie 2 was dealt to you."
    )


def test_ruling_6_a_3_is_extended_on_a_later_turn_only() -> None:
    # Three Brownie 2s dealt and declared: the fourth, drawn from the pack that turn, does not
    # extend them on that turn; on the next it does.
    game = stacked(["B2 B2 B2 G3 G3 S4 S4 M1 M1", "M3 M3 S1 S1"], pack="B2 G1 G2")
    assert game.turn == 0 and game.phase == DRAW
    play(game, 0, DRAW_ACTION)
    assert hand(game, 0).count("B2") == 4
    drawn_b2 = next(cid for cid in game.hands[0] if label(cid) == "B2" and cid in game.from_pack)
    dealt_b2s = [cid for cid in game.hands[0] if label(cid) == "B2" and cid != drawn_b2]
    play(game, 0, {"kind": "declare", "cids": dealt_b2s})
    assert game.view(1)["table"]["declared_this_turn"] == [0]
    assert of_kind(game, 0, "extend") == []
    assert refused(game, 0, {"kind": "extend", "declaration": 0, "cid": drawn_b2}) == (
        "A 3 is extended on a later turn than it was declared: declare all four together, or "
        "extend it on your next turn."
    )
    play(game, 0, discard(game, 0, "M1"))
    play(game, 1, DRAW_ACTION)
    play(game, 1, discard(game, 1, "S1"))
    play(game, 0, DRAW_ACTION)
    assert game.view(0)["table"]["declared_this_turn"] == []
    assert of_kind(game, 0, "extend") == [{"kind": "extend", "declaration": 0, "cid": drawn_b2}]
    play(game, 0, {"kind": "extend", "declaration": 0, "cid": drawn_b2})
    assert declared(game) == {0: (0, "B2 B2 B2 B2")}


def test_ruling_6_a_replacement_for_a_special_comes_from_the_pack() -> None:
    # The premium dealt to seat 0 is replaced by the Brownie 2 on top of the pack.
    game = stacked(["B2 B2 B2 P1", "M3 M3 S1 S1"], pack="B2 G1 G2")
    replacement = next(cid for cid in game.hands[0] if cid in game.from_pack)
    assert label(replacement) == "B2"
    play(game, 0, DRAW_ACTION)
    dealt_b2s = [cid for cid in game.hands[0] if label(cid) == "B2" and cid != replacement]
    play(game, 0, {"kind": "declare", "cids": dealt_b2s})
    play(game, 0, {"kind": "discard", "cid": game.hands[0][-1]})
    play(game, 1, DRAW_ACTION)
    play(game, 1, discard(game, 1, "S1"))
    play(game, 0, DRAW_ACTION)
    assert of_kind(game, 0, "extend") == [{"kind": "extend", "declaration": 0, "cid": replacement}]


def test_ruling_6_under_the_first_rulings_any_hand_card_extended_on_any_turn() -> None:
    """Games stored before the current rulings replay under the first (option rulings=1)."""
    game = position(["", "M4"], dealt=["B2 B2 B2 B2 S1 S2", ""], phase=PLAY, rulings=1)
    # Every hand card counts as one that may extend.
    assert game.view(0)["table"]["from_pack"] == game.hands[0]
    play(game, 0, declare(game, 0, "B2 B2 B2"))
    assert of_kind(game, 0, "extend") == [extend(game, 0, "B2", 0)]
    play(game, 0, extend(game, 0, "B2", 0))
    assert declared(game) == {0: (0, "B2 B2 B2 B2")}


@pytest.mark.parametrize(
    ("spec", "name", "kind", "points"),
    [
        ("B1 B2 B3", "B4", "sequence", 0),
        ("B2 B3 B4", "B1", "sequence", 0),
        ("BGold GGold MGold", "SGold", "honor", 40),
        ("BColors GColors MColors", "SColors", "honor", 20),
        ("MGold MColors MWorld", "MBanner", "group honors", 20),
        ("B2 B2 Tref=B2", "B2", "members", 10),
        ("Tref=G1 G2 G3", "G4", "sequence", 0),
    ],
)
def test_ruling_6_every_kind_of_3_extends_and_scores_as_a_4(
    spec: str, name: str, kind: str, points: int
) -> None:
    game = position([f"{name} S1", "M4"], [(0, spec)], phase=PLAY)
    play(game, 0, extend(game, 0, name, 0))
    declaration = table_declarations(game)[0]
    assert (declaration["type"], declaration["size"], declaration["points"]) == (kind, 4, points)


def test_ruling_6_the_trefoil_extends_as_the_card_it_stands_for() -> None:
    game = position(["Tref S1", "M4"], [(0, "B2 B2 B2"), (0, "G2 G3 G4")], phase=PLAY)
    offered = of_kind(game, 0, "extend")
    assert offered == [
        {"kind": "extend", "declaration": 0, "cid": TREFOIL_CID, "as": "B2"},
        {"kind": "extend", "declaration": 1, "cid": TREFOIL_CID, "as": "G1"},
    ]
    assert refused(game, 0, {"kind": "extend", "declaration": 0, "cid": TREFOIL_CID}) == SAY_AS
    assert refused(game, 0, extend(game, 0, "Tref", 0, "B3")) == (
        "The Trefoil (as Brownie 3) does not turn that 3 into a 4."
    )
    events = play(game, 0, extend(game, 0, "Tref", 1, "G1"))
    assert event(events, "extend")["card"]["as"] == "G1"
    assert declared(game)[1] == (0, "G2 G3 G4 Tref=G1")


def test_ruling_6_a_declared_trefoil_keeps_its_identity() -> None:
    game = position(["B1 B3 G2 S1", "M4"], [(0, "B2 B2 Tref=B2")], phase=PLAY)
    assert of_kind(game, 0, "extend") == []
    # As a Brownie 2 it is no longer free to make a Brownie 1-2-3 or a Girl Scout 2.
    assert refused(game, 0, extend(game, 0, "B1", 0)) == (
        "The Brownie 1 does not turn that 3 into a 4."
    )
    assert refused(game, 0, extend(game, 0, "G2", 0)) == (
        "The Girl Scout 2 does not turn that 3 into a 4."
    )
    assert table_declarations(game)[0]["cards"][-1]["as"] == "B2"


def test_ruling_6_a_3_extends_with_a_matching_card_only() -> None:
    game = position(["G2 B1 S1", "M4"], [(0, "B2 B2 B2")], phase=PLAY)
    assert of_kind(game, 0, "extend") == []
    assert refused(game, 0, extend(game, 0, "G2", 0)) == (
        "The Girl Scout 2 does not turn that 3 into a 4."
    )
    assert refused(game, 0, extend(game, 0, "B1", 0)) == (
        "The Brownie 1 does not turn that 3 into a 4."
    )


def test_ruling_6_another_players_declaration_is_never_extended() -> None:
    game = position(["B2 S1", "M4"], [(1, "B2 B2 B2")], phase=PLAY)
    assert of_kind(game, 0, "extend") == []
    assert refused(game, 0, extend(game, 0, "B2", 0)) == OWN_ONLY


def test_ruling_6_a_4_is_never_extended() -> None:
    game = position(["B1 Tref S1", "M4"], [(0, "B1 B2 B3 B4"), (0, "G3 G3 G3 G3")], phase=PLAY)
    assert of_kind(game, 0, "extend") == []
    assert refused(game, 0, extend(game, 0, "B1", 0)) == THREES_ONLY
    assert refused(game, 0, extend(game, 0, "Tref", 1, "G3")) == THREES_ONLY


def test_ruling_6_an_extension_names_a_declaration_and_a_hand_card() -> None:
    game = position(["B2 S1", "M4"], [(0, "B2 B2 B2")], phase=PLAY)
    b2 = card(game, 0, "B2")
    assert refused(game, 0, {"kind": "extend", "declaration": 5, "cid": b2}) == (
        NO_SUCH_DECLARATION
    )
    assert refused(game, 0, {"kind": "extend", "cid": b2}) == NO_SUCH_DECLARATION
    assert refused(game, 0, {"kind": "extend", "declaration": True, "cid": b2}) == (
        NO_SUCH_DECLARATION
    )
    assert refused(game, 0, {"kind": "extend", "declaration": 0, "cid": 0}) == NOT_IN_HAND
    assert refused(game, 0, {"kind": "extend", "declaration": 0}) == NOT_IN_HAND


# -- Ruling 7: the discard row, the open pack, turning it over ------------------------------------


def test_ruling_7_the_sixth_discard_puts_the_oldest_under_into_the_open_pack() -> None:
    game = position(["S4 B1", "M1 M2"], row="G1 G2 G3 G4 S1", phase=PLAY)
    events = play(game, 0, discard(game, 0, "S4"))
    covered = event(events, "discard")
    assert covered["covered"] == wire(game.open_pack[-1]) and covered["open_pack"] == 1
    assert row(game) == "G2 G3 G4 S1 S4" and open_pack(game) == "G1"
    table = game.view(None)["table"]
    assert len(table["row"]) == 5 and table["open_pack"] == 1
    assert table["open_top"]["short"] == "G1"
    assert "open pack" in game.zones() and game.zones()["open pack"].public
    play(game, 1, DRAW_ACTION)
    events = play(game, 1, discard(game, 1, "M1"))
    assert event(events, "discard")["covered"]["short"] == "G2"
    assert row(game) == "G3 G4 S1 S4 M1" and open_pack(game) == "G2 G1"
    assert game.view(None)["table"]["open_top"]["short"] == "G2"


def test_ruling_7_up_to_five_discards_lie_in_the_row_without_covering() -> None:
    game = position(["S4 B1", "M1 M2"], row="G1 G2 G3", phase=PLAY)
    events = play(game, 0, discard(game, 0, "S4"))
    assert event(events, "discard")["covered"] is None
    assert event(events, "discard")["open_pack"] == 0
    assert row(game) == "G1 G2 G3 S4" and game.view(None)["table"]["open_top"] is None


def test_ruling_7_taking_leaves_a_gap_and_uncovers_nothing() -> None:
    game = position(["B2 B2 S1 S2", "M1"], row="G1 B2 G3 G4 S3", open_pack="M4 M3")
    play(game, 0, take(game, "B2"))
    play(game, 0, declare(game, 0, "B2 B2 B2"))
    assert row(game) == "G1 G3 G4 S3" and open_pack(game) == "M4 M3"
    events = play(game, 0, discard(game, 0, "S1"))
    assert event(events, "discard")["covered"] is None
    assert row(game) == "G1 G3 G4 S3 S1" and open_pack(game) == "M4 M3"


def test_ruling_7_an_empty_pack_turns_over_the_open_pack_oldest_first_and_the_row_stays() -> None:
    # Everything else sits in seat 1's hand, so the pack is empty.
    game = position(["B1", "M1"], row="G1 G2", open_pack="S3 S2 S1", rest=1)
    assert game.view(None)["table"]["pack"] == 0
    events = play(game, 0, DRAW_ACTION)
    assert kinds(events) == ["turn_over", "draw"]
    assert event(events, "turn_over") == {"pack": 3, "times": 1}
    assert drawn(events, 0) == "S1"
    assert pack(game) == "S2 S3" and open_pack(game) == "" and row(game) == "G1 G2"
    table = game.view(None)["table"]
    assert table["turnovers"] == 1 and table["open_pack"] == 0 and table["open_top"] is None


def test_ruling_7_nothing_left_to_draw_ends_the_hand_with_no_winner() -> None:
    game = position(["B1 BGold", "M1"], [(0, "G2 G2 G2")], row="G1 G3", rest=1)
    assert game.pack == [] and game.open_pack == []
    events = play(game, 0, DRAW_ACTION)
    assert kinds(events) == ["no_winner", "round_end", "next_dealer"]
    assert event(events, "no_winner") == {"pack": 0}
    assert game.went_out is None and game.hand_type is None
    table = game.view(None)["table"]
    assert table["went_out"] is None and table["hand_type"] is None and table["phase"] == "deal"
    # Nobody went out, so everybody pays for the cards in hand.
    assert lines(game, 0) == [
        ("Three like members", 1, 5),
        ("Members in hand", 1, -1),
        ("Honors and Trefoil in hand", 1, -2),
    ]
    held = [DECK[cid] for cid in game.hands[1]]
    members = sum(c.type == "member" for c in held)
    others = len(held) - members
    assert specials_of(game, 1) == "P1 P2 P3 P4 Pro Pro Mi1 Mi2"
    assert lines(game, 1) == [
        ("Premiums", 4, 1),
        ("Penalties", 4, -2),
        ("Members in hand", members, -1),
        ("Honors and Trefoil in hand", others, -2),
    ]
    assert game.round_scores[-1].points == (2, 4 - 8 - members - 2 * others)


def turn_over_each_turn(rulings: int) -> Trupe:
    """A position where the pack is empty and the open pack holds one card, under a full row:
    each draw turns the open pack over, and each discard covers one row card to make the next
    open pack."""
    return position(["B1", "M1"], row="G1 G2 G3 G4 S1", open_pack="S3", rest=1, rulings=rulings)


def test_ruling_7_the_open_pack_is_turned_over_as_often_as_the_pack_runs_out() -> None:
    game = turn_over_each_turn(RULINGS)
    for times in range(1, 7):
        seat = game.turn
        events = play(game, seat, DRAW_ACTION)
        assert kinds(events) == ["turn_over", "draw"]
        assert event(events, "turn_over") == {"pack": 1, "times": times}
        drew = drawn(events, seat)
        assert game.view(None)["table"]["turnovers"] == times
        play(game, seat, discard(game, seat, drew))
    assert game.went_out is None and not game.awaiting_deal


def test_ruling_7_under_the_first_rulings_a_fourth_run_out_ended_the_hand() -> None:
    """Games stored before the current rulings replay under the first (option rulings=1)."""
    game = turn_over_each_turn(1)
    for _ in range(3):
        seat = game.turn
        events = play(game, seat, DRAW_ACTION)
        play(game, seat, discard(game, seat, drawn(events, seat)))
    events = play(game, game.turn, DRAW_ACTION)
    assert kinds(events) == ["no_winner", "round_end", "next_dealer"]


# -- Ruling 8: going out --------------------------------------------------------------------------


def test_ruling_8_going_out_with_a_final_discard() -> None:
    game = position(["B2 B2 B2 S1", "M4"], [(0, "G1 G1 G1")], phase=PLAY)
    assert kinds(play(game, 0, declare(game, 0, "B2 B2 B2"))) == ["declare"]
    events = play(game, 0, discard(game, 0, "S1"))
    assert kinds(events) == ["discard", *OUT_EVENTS]
    assert event(events, "out") == {"seat": 0, "by": "discard", "hand_type": "Gam"}
    assert game.went_out == 0 and game.hands[0] == [] and row(game) == "S1"
    assert game.view(1)["table"]["went_out"] == 0


def test_ruling_8_going_out_with_a_final_pair_makes_14_cards() -> None:
    game = position(
        ["B3", "M4"], [(0, "B1 B1 B1 B1"), (0, "B2 B2 B2 B2"), (0, "B4 B4 B4 B4")], pack="B3"
    )
    play(game, 0, DRAW_ACTION)
    action = pair(game, 0, "B3 B3")
    assert of_kind(game, 0, "pair") == [action]
    events = play(game, 0, action)
    assert kinds(events) == ["pair", *OUT_EVENTS]
    assert event(events, "pair") == {"seat": 0, "cards": [wire(cid) for cid in action["cids"]]}
    assert event(events, "out") == {"seat": 0, "by": "pair", "hand_type": "Trupe"}
    assert game.view(1)["table"]["pairs"] == [{"cards": [wire(c) for c in action["cids"]]}, None]
    assert len(game.zones()["declared 0"].cards) == 14
    assert row(game) == ""


def test_ruling_8_a_final_pair_may_be_laid_before_the_last_discard() -> None:
    game = position(["BGold BColors S1", "M4"], [(0, "B1 B1 B1")], phase=PLAY)
    action = pair(game, 0, "BGold BColors")
    assert of_kind(game, 0, "pair") == [action]
    assert kinds(play(game, 0, action)) == ["pair"]
    assert game.phase == PLAY and hand(game, 0) == "S1"
    assert of_kind(game, 0, "pair") == []
    events = play(game, 0, discard(game, 0, "S1"))
    assert event(events, "out")["by"] == "discard"


def test_ruling_8_a_final_pair_is_refused_while_more_than_one_card_would_be_left() -> None:
    game = position(["BGold BColors S1 S2", "M4"], [(0, "B1 B1 B1")], phase=PLAY)
    assert of_kind(game, 0, "pair") == []
    assert refused(game, 0, pair(game, 0, "BGold BColors")) == PAIR_TO_GO_OUT


@pytest.mark.parametrize(
    ("names", "as_"),
    [
        ("B3 B3", None),
        ("BGold BWorld", None),
        ("BGold GGold", None),
        ("MBanner SBanner", None),
        ("B3 Tref", "B3"),
        ("BGold Tref", "BBanner"),
        ("BGold Tref", "MGold"),
    ],
)
def test_ruling_8_final_pairs(names: str, as_: str | None) -> None:
    game = position([names, "M4"], [(0, "G1 G1 G1")], phase=PLAY)
    action = pair(game, 0, names, as_)
    assert action in of_kind(game, 0, "pair")
    assert event(play(game, 0, action), "out")["by"] == "pair"


@pytest.mark.parametrize(
    ("names", "as_"),
    [
        ("B1 B2", None),
        ("B3 G3", None),
        ("BGold B1", None),
        ("BGold GColors", None),
        ("B3 Tref", "B4"),
        ("BGold Tref", "BGold"),
    ],
)
def test_ruling_8_what_is_not_a_final_pair(names: str, as_: str | None) -> None:
    game = position([names, "M4"], [(0, "G1 G1 G1")], phase=PLAY)
    action = pair(game, 0, names, as_)
    assert action not in of_kind(game, 0, "pair")
    assert refused(game, 0, action) == PAIR_SHAPE


def test_ruling_8_a_final_pair_is_two_cards() -> None:
    game = position(["B3 B3 B3", "M4"], [(0, "G1 G1 G1")], phase=PLAY)
    assert refused(game, 0, pair(game, 0, "B3 B3 B3")) == "A final pair is two cards."
    assert refused(game, 0, pair(game, 0, "B3")) == "A final pair is two cards."
    assert refused(game, 0, pair(game, 0, "B3 B3", "B3")) == ONLY_TREFOIL_AS


#: Four declared 3s: with one card in hand, 13 cards.
THREE_THREES = [(0, "B2 B2 B2"), (0, "G1 G1 G1"), (0, "G2 G2 G2"), (0, "M3 M3 M3")]


def test_ruling_8_holding_one_card_draws_from_the_pack_only() -> None:
    game = position(["B3", "M4"], [(0, "B2 B2 B2"), (0, "G1 G1 G1")], row="B3 G1")
    assert game.legal_actions(0) == [DRAW_ACTION]
    assert refused(game, 0, take(game, "B3")) == ONE_CARD_DRAWS
    assert refused(game, 0, take(game, "G1")) == ONE_CARD_DRAWS


def test_ruling_8_one_card_held_a_drawn_pair_goes_out() -> None:
    game = position(
        ["B2", "M4"], [(0, "G1 G1 G1 G1"), (0, "G2 G2 G2 G2"), (0, "G3 G3 G3 G3")], pack="B2"
    )
    play(game, 0, DRAW_ACTION)
    assert of_kind(game, 0, "pair") == [pair(game, 0, "B2 B2")]
    events = play(game, 0, pair(game, 0, "B2 B2"))
    assert event(events, "out") == {"seat": 0, "by": "pair", "hand_type": "Gam"}
    assert len(game.zones()["declared 0"].cards) == 14


def test_ruling_8_one_card_held_a_drawn_card_that_extends_then_a_discard_goes_out() -> None:
    game = position(["S4", "M4"], THREE_THREES, pack="B2")
    play(game, 0, DRAW_ACTION)
    assert of_kind(game, 0, "extend") == [extend(game, 0, "B2", 0)]
    assert kinds(play(game, 0, extend(game, 0, "B2", 0))) == ["extend"]
    assert game.legal_actions(0) == [discard(game, 0, "S4")]
    events = play(game, 0, discard(game, 0, "S4"))
    assert event(events, "out") == {"seat": 0, "by": "discard", "hand_type": "Gam"}
    assert len(game.zones()["declared 0"].cards) == 13


def test_ruling_8_one_card_held_otherwise_discard_one_and_play_on() -> None:
    game = position(["S4", "M4"], THREE_THREES, pack="S3 M1")
    play(game, 0, DRAW_ACTION)
    assert game.legal_actions(0) == [discard(game, 0, "S3"), discard(game, 0, "S4")]
    events = play(game, 0, discard(game, 0, "S4"))
    assert kinds(events) == ["discard", "turn"] and turn_seats(events) == [1]
    assert hand(game, 0) == "S3" and game.went_out is None


def test_ruling_8_going_out_needs_a_final_discard_or_a_final_pair() -> None:
    """Ruling 8 names two ways out: every card declared with a final discard (13 cards), or a
    final pair laid without discarding (14). Declaring the last cards of a 14-card hand would
    be a third (14 declared, no pair): it is refused, a card is kept for the discard."""
    game = position(
        ["B1 B1 B1 B2 B2 B2", "M4"], [(0, "G1 G1 G1 G1"), (0, "G2 G2 G2 G2")], phase=PLAY
    )
    play(game, 0, declare(game, 0, "B1 B1 B1"))
    last = declare(game, 0, "B2 B2 B2")
    assert of_kind(game, 0, "declare") == []
    refused(game, 0, last)
    # The ways out that remain: a final pair and a discard, or a discard and play on.
    assert of_kind(game, 0, "pair") and of_kind(game, 0, "discard")


def test_ruling_8_a_take_that_would_use_the_last_cards_is_refused() -> None:
    """Two Brownie 1s in hand and a third in the row: taking it would declare every card with
    nothing to discard, so it is not offered; with one more card in hand it is."""
    game = position(["B1 B1", "M4"], [(0, "G1 G1 G1 G1")], row="B1")
    assert of_kind(game, 0, "take") == []
    refused(game, 0, take(game, "B1"))
    game = position(["B1 B1 S3", "M4"], [(0, "G1 G1 G1 G1")], row="B1")
    assert of_kind(game, 0, "take") == [take(game, "B1")]


# -- Ruling 9: the finisher's hand type -----------------------------------------------------------


def out_with(
    declared_specs: list[str], held: str, *, pack_card: str | None = None, finish: str = ""
) -> Trupe:
    """Seat 0 holds `held` with `declared_specs` on the board, draws, and goes out by `finish`
    (``"discard X"`` or ``"pair X Y"``)."""
    game = position(
        [held, "M4 M4"],
        [(0, spec) for spec in declared_specs],
        pack=pack_card or "",
        phase=DRAW if pack_card else PLAY,
    )
    if pack_card:
        play(game, 0, DRAW_ACTION)
    how, *names = finish.split()
    if how == "discard":
        play(game, 0, discard(game, 0, names[0]))
    else:
        play(game, 0, pair(game, 0, " ".join(names)))
    assert game.went_out == 0
    return game


def test_ruling_9_a_hand_all_of_one_group_is_a_trupe_worth_50() -> None:
    game = out_with(
        ["B1 B1 B1", "B2 B2 B2", "B4 B4 B4", "BGold BColors BWorld BBanner"],
        "S1",
        finish="discard S1",
    )
    assert game.hand_type == "Trupe" and game.view(1)["table"]["hand_type"] == "Trupe"
    assert ("Trupe hand", 1, 50) in lines(game, 0)
    assert game.round_scores[-1].points[0] == 3 * 5 + 20 + 50


def test_ruling_9_a_sequence_makes_a_revel_with_no_bonus() -> None:
    game = out_with(
        ["B1 B2 B3", "B2 B2 B2", "B4 B4 B4", "BGold BColors BWorld BBanner"],
        "S1",
        finish="discard S1",
    )
    assert game.hand_type == "Revel"
    assert lines(game, 0) == [
        ("Three like members", 2, 5),
        ("Four honors of one group", 1, 20),
        ("Sequences", 1, 0),
    ]
    assert game.round_scores[-1].points[0] == 30


def test_ruling_9_sets_of_different_groups_make_a_gam_worth_5() -> None:
    game = out_with(["B1 B1 B1", "G2 G2 G2 G2"], "S1", finish="discard S1")
    assert game.hand_type == "Gam"
    assert lines(game, 0) == [
        ("Three like members", 1, 5),
        ("Four like members", 1, 10),
        ("Gam hand", 1, 5),
    ]


def test_ruling_9_honors_across_groups_stop_a_trupe() -> None:
    game = out_with(
        ["B1 B1 B1", "B2 B2 B2", "B4 B4 B4", "BGold GGold MGold"], "S1", finish="discard S1"
    )
    assert game.hand_type == "Gam"


def test_ruling_9_a_final_pair_from_another_group_stops_a_trupe() -> None:
    game = out_with(
        ["B1 B1 B1 B1", "B2 B2 B2 B2", "B4 B4 B4 B4"], "G3", pack_card="G3", finish="pair G3 G3"
    )
    assert game.hand_type == "Gam"
    game = out_with(
        ["B1 B1 B1 B1", "B2 B2 B2 B2", "B4 B4 B4 B4"],
        "BGold",
        pack_card="GGold",
        finish="pair BGold GGold",
    )
    assert game.hand_type == "Gam"


def test_ruling_9_a_final_pair_of_the_same_group_keeps_a_trupe() -> None:
    game = out_with(
        ["B1 B1 B1 B1", "B2 B2 B2 B2", "B4 B4 B4 B4"],
        "BGold",
        pack_card="BWorld",
        finish="pair BGold BWorld",
    )
    assert game.hand_type == "Trupe"


def test_ruling_9_a_trefoil_counts_as_the_card_it_stands_for() -> None:
    game = out_with(["B1 B1 Tref=B1", "B2 B2 B2 B2", "B4 B4 B4 B4"], "B3 B3", finish="pair B3 B3")
    assert game.hand_type == "Trupe"
    game = out_with(
        ["G1 G1 Tref=G1", "B2 B2 B2 B2", "B4 B4 B4 B4"],
        "B3 B3",
        finish="pair B3 B3",
    )
    assert game.hand_type == "Gam"


def test_ruling_9_only_the_finisher_has_a_hand_type() -> None:
    game = position(
        ["S1", "B3 M4"], [(0, "G1 G1 G1"), (1, "B1 B1 B1"), (1, "B2 B2 B2")], phase=PLAY
    )
    play(game, 0, discard(game, 0, "S1"))
    assert game.hand_type == "Trupe"
    assert [label for label, _, _ in lines(game, 1)] == [
        "Three like members",
        "Members in hand",
    ]


# -- Ruling 10: scoring each hand -----------------------------------------------------------------


def test_ruling_10_every_line_of_the_score() -> None:
    game = position(
        ["S1", "S2 S2 S4 Tref SGold"],
        [
            (0, "B2 B2 B2"),
            (0, "G3 G3 G3 G3"),
            (1, "BGold GGold MGold"),
            (1, "SColors SWorld SBanner"),
            (1, "BColors GColors MColors"),
            (1, "BWorld GWorld MWorld"),
            (1, "BBanner GBanner MBanner"),
            (1, "M1 M2 M3"),
        ],
        specials=["P1 P2", "Pro Mi1"],
        phase=PLAY,
    )
    events = play(game, 0, discard(game, 0, "S1"))
    assert event(events, "out")["hand_type"] == "Gam"
    assert lines(game, 0) == [
        ("Three like members", 1, 5),
        ("Four like members", 1, 10),
        ("Gam hand", 1, 5),
        ("Premiums", 2, 1),
    ]
    assert lines(game, 1) == [
        ("Three Colors, Worlds or Banners", 3, 10),
        ("Three Golds", 1, 20),
        ("Three honors of one group", 1, 10),
        ("Sequences", 1, 0),
        ("Penalties", 2, -2),
        ("Members in hand", 3, -1),
        ("Honors and Trefoil in hand", 2, -2),
    ]
    assert game.round_scores[-1].points == (22, 30 + 20 + 10 - 4 - 3 - 4)
    ended = event(events, "round_end")
    assert ended["totals"] == [22, 49] and ended["score"]["points"] == [22, 49]
    assert game.view(None)["totals"] == [22, 49]


def test_ruling_10_fours_score_double() -> None:
    game = position(
        ["S1", "S2"],
        [
            (0, "BGold GGold MGold SGold"),
            (0, "BWorld GWorld MWorld SWorld"),
            (0, "G4 G4 G4 G4"),
            (1, "BColors GColors MColors SColors"),
        ],
        phase=PLAY,
    )
    play(game, 0, discard(game, 0, "S1"))
    assert lines(game, 0) == [
        ("Four like members", 1, 10),
        ("Four Colors, Worlds or Banners", 1, 20),
        ("Four Golds", 1, 40),
        ("Gam hand", 1, 5),
    ]
    assert lines(game, 1) == [("Four Colors, Worlds or Banners", 1, 20), ("Members in hand", 1, -1)]
    assert game.round_scores[-1].points == (75, 19)


def test_ruling_10_every_seat_gets_the_same_lines_in_the_same_order() -> None:
    game = position(["S1", "B1 BGold"], [(0, "G3 G3 G3"), (1, "M1 M1 M1 M1")], phase=PLAY)
    play(game, 0, discard(game, 0, "S1"))
    labels_ = [[line.label for line in seat] for seat in game.round_scores[-1].lines]
    assert (
        labels_[0]
        == labels_[1]
        == [
            "Three like members",
            "Four like members",
            "Trupe hand",
            "Members in hand",
            "Honors and Trefoil in hand",
        ]
    )
    assert game.round_scores[-1].points == (5 + 50, 10 - 1 - 2)


def test_ruling_10_an_extended_3_scores_as_a_4() -> None:
    game = position(["B2 S1", "M4"], [(0, "B2 B2 B2")], phase=PLAY)
    play(game, 0, extend(game, 0, "B2", 0))
    play(game, 0, discard(game, 0, "S1"))
    assert lines(game, 0) == [("Four like members", 1, 10), ("Trupe hand", 1, 50)]


def test_ruling_10_the_finisher_pays_nothing_and_a_final_pair_scores_nothing() -> None:
    game = position(
        ["BGold", "B1 BColors Tref"],
        [(0, "G1 G1 G1 G1"), (0, "G2 G2 G2 G2"), (0, "G4 G4 G4 G4")],
        pack="GGold",
        specials=["Pro", "P1"],
    )
    play(game, 0, DRAW_ACTION)
    play(game, 0, pair(game, 0, "BGold GGold"))
    assert lines(game, 0) == [
        ("Four like members", 3, 10),
        ("Gam hand", 1, 5),
        ("Penalties", 1, -2),
    ]
    assert lines(game, 1) == [
        ("Premiums", 1, 1),
        ("Members in hand", 1, -1),
        ("Honors and Trefoil in hand", 2, -2),
    ]
    assert game.round_scores[-1].points == (33, -4)


def test_ruling_10_scores_carry_over_and_may_go_negative() -> None:
    game = position(["S1", "BGold GGold"], [(0, "G3 G3 G3")], phase=PLAY, totals=(10, -3))
    play(game, 0, discard(game, 0, "S1"))
    assert game.round_scores[-1].points == (55, -4)
    assert game.totals == (65, -7) and game.view(1)["totals"] == [65, -7]


# -- Ruling 11: the game --------------------------------------------------------------------------


def finish_hand(totals: tuple[int, ...], target: int = 150, *, seat_one: str = "M4") -> Trupe:
    """Seat 0 goes out with a Trupe worth 55 (three Brownie 2s); seat 1 keeps `seat_one`."""
    game = position(["S1", seat_one], [(0, "B2 B2 B2")], phase=PLAY, totals=totals, target=target)
    play(game, 0, discard(game, 0, "S1"))
    return game


def test_ruling_11_the_first_to_150_wins() -> None:
    game = finish_hand((100, 140))
    assert game.totals == (155, 139)
    assert game.over and game.result is not None
    assert game.result.winning_seats == (0,)
    assert game.view(None)["result"]["winning_seats"] == [0]
    assert game.actors == () and game.legal_actions(0) == []
    assert refused(game, 0, DRAW_ACTION) == "The game is over."
    assert game.view(None)["table"]["phase"] == "over"


def test_ruling_11_below_the_target_another_hand_is_dealt() -> None:
    game = finish_hand((90, 140))
    assert game.totals == (145, 139) and not game.over and game.awaiting_deal


def test_ruling_11_several_over_150_the_highest_wins() -> None:
    game = finish_hand((110, 200), seat_one="M4")
    assert game.totals == (165, 199)
    assert game.over and game.result is not None and game.result.winning_seats == (1,)


def test_ruling_11_an_exact_tie_at_the_top_plays_another_hand() -> None:
    game = finish_hand((100, 156))
    assert game.totals == (155, 155)
    assert not game.over and game.awaiting_deal
    assert game.legal_actions(game.dealer) == [{"kind": "deal"}]


def test_ruling_11_a_tie_below_the_top_does_not_stop_the_game() -> None:
    game = position(
        ["S1", "M4", "M3"], [(0, "B2 B2 B2")], phase=PLAY, totals=(100, 151, 151), target=150
    )
    play(game, 0, discard(game, 0, "S1"))
    assert game.totals == (155, 150, 150)
    assert game.over and game.result is not None and game.result.winning_seats == (0,)


def test_ruling_11_the_target_is_an_option() -> None:
    game = new_game("trupe", 2)
    assert game.view(None)["table"]["target"] == 150
    assert new_game("trupe", 2, {"target": 60}).view(None)["table"]["target"] == 60
    with pytest.raises(OptionError):
        new_game("trupe", 2, {"target": 40})
    with pytest.raises(OptionError):
        new_game("trupe", 2, {"target": 1001})
    game = finish_hand((0, 0), target=50)
    assert game.over and game.result is not None and game.result.winning_seats == (0,)
