"""The Chinese Ten bots choose from their own view and legal actions."""

from __future__ import annotations

from cardtable.engine.chinese_ten import GreedyBot
from cardtable.wire.codec import to_wire
from tests.chinese_ten.position import card, labels, position, tops


def test_greedy_takes_the_most_valuable_capture() -> None:
    game = position([["9C", "5D", "KD"], ["KS"]], [["AH"], ["5S"], ["KH"], ["7C"]], ["2S"])
    view = game.seat_view(0)
    action = to_wire(GreedyBot(1).choose(view, view.legal))
    assert action == {"kind": "capture", "cid": card(game, 0, "9C"), "spot": 0}


def test_greedy_lays_its_cheapest_card_over_the_best_card_on_the_table() -> None:
    game = position([["AC", "QD", "4D"], ["KS"]], [["2H"], ["KH"], ["8S"], ["7C"]], ["2S"])
    view = game.seat_view(0)
    assert {action.kind for action in view.legal} == {"lay"}
    action = to_wire(GreedyBot(1).choose(view, view.legal))
    assert action == {"kind": "lay", "cid": card(game, 0, "4D"), "spot": 1}


def test_greedy_covers_the_most_valuable_card_with_a_flip() -> None:
    game = position([["2C", "QD"], ["KS"]], [["4H"], ["AS"], ["JH"], ["5C"]], ["3D", "KH"])
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 0})
    view = game.seat_view(0)
    assert {action.kind for action in view.legal} == {"place"}
    game.apply(0, GreedyBot(1).choose(view, view.legal))
    assert tops(game)[1] == "3D" and labels(game, game.spots[1]) == ["AS", "3D"]


def test_the_deal_shows_each_player_only_their_own_hand() -> None:
    game = position([["2C"], ["3D"]], [["4H"], ["AS"], ["JH"], ["5C"]])
    deal = game._start_round(game._deck_order())[0]
    assert "hand" not in deal.for_seat(None)
    for seat in range(2):
        mine = {c["cid"] for c in deal.for_seat(seat)["hand"]}
        assert mine == set(game.hands[seat])
