"""The seed's five example Trupe hands (a–e), each dealt to the dealer and played out through
legal actions to going out, and the hands that miss a Trupe by one thing.

The dealer (seat 0) plays first; seat 1 only draws and discards what it drew.
"""

from __future__ import annotations

from cardtable.engine import Event, PlainAction
from cardtable.engine.trupe.rules import Trupe
from tests.trupe.position import (
    DRAW_ACTION,
    cards,
    event,
    hand,
    kinds,
    lines,
    play,
    private,
    stacked,
)

TRUPE_EVENTS = ["out", "round_end", "next_dealer"]


def legal(game: Trupe, seat: int, action: PlainAction) -> list[Event]:
    """Apply `action` after checking the legal list offers it."""
    assert action in game.legal_actions(seat), action
    return play(game, seat, action)


def draw(game: Trupe, seat: int) -> str:
    """Draw from the pack; the label of the card drawn."""
    events = legal(game, seat, DRAW_ACTION)
    assert kinds(events) == ["draw"]
    return str(private(events[0], seat)["card"]["short"])


def declare(game: Trupe, seat: int, names: str) -> list[Event]:
    return legal(game, seat, {"kind": "declare", "cids": cards(game, seat, names)})


def discard(game: Trupe, seat: int, name: str) -> list[Event]:
    return legal(game, seat, {"kind": "discard", "cid": cards(game, seat, name)[0]})


def pair(game: Trupe, seat: int, names: str) -> list[Event]:
    return legal(game, seat, {"kind": "pair", "cids": cards(game, seat, names)})


def extend(game: Trupe, seat: int, name: str, did: int) -> list[Event]:
    action = {"kind": "extend", "declaration": did, "cid": cards(game, seat, name)[0]}
    return legal(game, seat, action)


def other_seat_passes(game: Trupe) -> None:
    """Seat 1 draws and discards the card it drew; the turn comes back to seat 0."""
    drawn = draw(game, 1)
    events = discard(game, 1, drawn)
    assert kinds(events) == ["discard", "turn"] and game.turn == 0


def assert_trupe(game: Trupe, events: list[Event], by: str, points: int) -> None:
    assert kinds(events)[-3:] == TRUPE_EVENTS
    assert event(events, "out") == {"seat": 0, "by": by, "hand_type": "Trupe"}
    assert game.went_out == 0 and game.hand_type == "Trupe"
    assert game.view(1)["table"]["hand_type"] == "Trupe"
    assert ("Trupe hand", 1, 50) in lines(game, 0)
    assert game.round_scores[-1].points[0] == points
    assert game.hands[0] == []


def test_example_a_three_b1_three_b2_three_b4_four_brownie_honors() -> None:
    game = stacked(["B1 B1 B1 B2 B2 B2 B4 B4 B4 BGold BColors BWorld BBanner", ""], "S1")
    assert draw(game, 0) == "S1"
    declare(game, 0, "B1 B1 B1")
    declare(game, 0, "B2 B2 B2")
    declare(game, 0, "B4 B4 B4")
    declare(game, 0, "BGold BColors BWorld BBanner")
    events = discard(game, 0, "S1")
    assert_trupe(game, events, "discard", 3 * 5 + 20 + 50)
    assert lines(game, 0) == [
        ("Three like members", 3, 5),
        ("Four honors of one group", 1, 20),
        ("Trupe hand", 1, 50),
    ]
    assert len(game.zones()["declared 0"].cards) == 13


def test_example_b_three_fours_and_a_brownie_honor_paired_at_the_end() -> None:
    game = stacked(["B2 B2 B2 B2 B3 B3 B3 B3 B1 B1 B1 B1 BGold", ""], "S1 M1 BColors")
    draw(game, 0)
    declare(game, 0, "B2 B2 B2 B2")
    declare(game, 0, "B3 B3 B3 B3")
    declare(game, 0, "B1 B1 B1 B1")
    discard(game, 0, "S1")
    assert hand(game, 0) == "BGold"
    other_seat_passes(game)
    # Holding one card: the pack only.
    assert game.legal_actions(0) == [DRAW_ACTION]
    assert draw(game, 0) == "BColors"
    events = pair(game, 0, "BGold BColors")
    assert_trupe(game, events, "pair", 3 * 10 + 50)
    assert lines(game, 0) == [("Four like members", 3, 10), ("Trupe hand", 1, 50)]
    assert len(game.zones()["declared 0"].cards) == 14


def test_example_c_two_fours_a_three_and_a_pair_of_brownie_honors() -> None:
    """13 cards: 4 + 4 + 3 declared and a pair of Brownie honors; the card drawn this turn is
    the final discard, laid after the pair."""
    game = stacked(["B4 B4 B4 B4 B3 B3 B3 B3 B2 B2 B2 BGold S1", ""], "BWorld")
    assert draw(game, 0) == "BWorld"
    declare(game, 0, "B4 B4 B4 B4")
    declare(game, 0, "B3 B3 B3 B3")
    declare(game, 0, "B2 B2 B2")
    assert kinds(pair(game, 0, "BGold BWorld")) == ["pair"]
    events = discard(game, 0, "S1")
    assert_trupe(game, events, "discard", 10 + 10 + 5 + 50)
    assert lines(game, 0) == [
        ("Three like members", 1, 5),
        ("Four like members", 2, 10),
        ("Trupe hand", 1, 50),
    ]
    assert game.view(0)["table"]["pairs"][0] is not None
    assert len(game.zones()["declared 0"].cards) == 13


def test_example_d_four_threes_and_an_honor_then_a_drawn_card_extends_a_three() -> None:
    game = stacked(["B1 B1 B1 B2 B2 B2 B3 B3 B3 B4 B4 B4 BGold", ""], "S1 M1 B1")
    draw(game, 0)
    declare(game, 0, "B1 B1 B1")
    declare(game, 0, "B2 B2 B2")
    declare(game, 0, "B3 B3 B3")
    declare(game, 0, "B4 B4 B4")
    discard(game, 0, "S1")
    assert hand(game, 0) == "BGold"
    other_seat_passes(game)
    assert draw(game, 0) == "B1"
    assert kinds(extend(game, 0, "B1", 0)) == ["extend"]
    events = discard(game, 0, "BGold")
    assert_trupe(game, events, "discard", 3 * 5 + 10 + 50)
    assert lines(game, 0) == [
        ("Three like members", 3, 5),
        ("Four like members", 1, 10),
        ("Trupe hand", 1, 50),
    ]
    assert len(game.zones()["declared 0"].cards) == 13


def test_example_e_three_fours_and_a_brownie_3_paired_at_the_end() -> None:
    game = stacked(["B2 B2 B2 B2 B4 B4 B4 B4 B1 B1 B1 B1 B3", ""], "S1 M1 B3")
    draw(game, 0)
    declare(game, 0, "B2 B2 B2 B2")
    declare(game, 0, "B4 B4 B4 B4")
    declare(game, 0, "B1 B1 B1 B1")
    discard(game, 0, "S1")
    other_seat_passes(game)
    assert draw(game, 0) == "B3"
    events = pair(game, 0, "B3 B3")
    assert_trupe(game, events, "pair", 3 * 10 + 50)
    assert len(game.zones()["declared 0"].cards) == 14


def test_three_golds_stop_a_trupe() -> None:
    game = stacked(["B1 B1 B1 B2 B2 B2 B2 B4 B4 B4 BGold GGold MGold", ""], "S1")
    draw(game, 0)
    declare(game, 0, "B1 B1 B1")
    declare(game, 0, "B2 B2 B2 B2")
    declare(game, 0, "B4 B4 B4")
    declare(game, 0, "BGold GGold MGold")
    events = discard(game, 0, "S1")
    assert event(events, "out")["hand_type"] == "Gam"
    assert lines(game, 0) == [
        ("Three like members", 2, 5),
        ("Four like members", 1, 10),
        ("Three Golds", 1, 20),
        ("Gam hand", 1, 5),
    ]


def test_a_sequence_stops_a_trupe_the_hand_is_a_revel() -> None:
    game = stacked(["B1 B2 B3 B2 B2 B2 B4 B4 B4 BGold BColors BWorld BBanner", ""], "S1")
    draw(game, 0)
    declare(game, 0, "B1 B2 B3")
    declare(game, 0, "B2 B2 B2")
    declare(game, 0, "B4 B4 B4")
    declare(game, 0, "BGold BColors BWorld BBanner")
    events = discard(game, 0, "S1")
    assert event(events, "out")["hand_type"] == "Revel"
    assert lines(game, 0) == [
        ("Three like members", 2, 5),
        ("Four honors of one group", 1, 20),
        ("Sequences", 1, 0),
    ]
    assert game.round_scores[-1].points[0] == 30


def test_a_final_pair_from_another_group_stops_a_trupe() -> None:
    game = stacked(["B2 B2 B2 B2 B4 B4 B4 B4 B1 B1 B1 B1 G3", ""], "S1 M1 G3")
    draw(game, 0)
    declare(game, 0, "B2 B2 B2 B2")
    declare(game, 0, "B4 B4 B4 B4")
    declare(game, 0, "B1 B1 B1 B1")
    discard(game, 0, "S1")
    other_seat_passes(game)
    draw(game, 0)
    events = pair(game, 0, "G3 G3")
    assert event(events, "out") == {"seat": 0, "by": "pair", "hand_type": "Gam"}
    assert lines(game, 0) == [("Four like members", 3, 10), ("Gam hand", 1, 5)]
