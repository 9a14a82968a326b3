"""Scenario tests for each numbered Chinese Ten ruling."""

from __future__ import annotations

import itertools

import pytest

from cardtable.engine import Event, IllegalAction, OptionError, get_game, new_game
from cardtable.engine.chinese_ten import ChineseTen, makes_ten
from cardtable.engine.chinese_ten.rules import PLACE, PLAY, TAKE
from tests.chinese_ten.position import card, labels, new, position, tops

# -- Ruling 1: players and decks ------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("decks", [1, 2])
def test_two_to_four_players_with_one_or_two_decks(seats: int, decks: int) -> None:
    game = new_game("chinese-ten", seats, {"decks": decks})
    assert game.card_count() == 52 * decks


def test_two_decks_by_default() -> None:
    assert new_game("chinese-ten", 2).card_count() == 104


@pytest.mark.parametrize("seats", [0, 1, 5])
def test_other_player_counts_are_refused(seats: int) -> None:
    with pytest.raises(OptionError, match="2–4 players"):
        new_game("chinese-ten", seats)


@pytest.mark.parametrize("decks", [0, 3, "2", True])
def test_other_deck_counts_are_refused(decks: object) -> None:
    with pytest.raises(OptionError, match="decks"):
        new_game("chinese-ten", 2, {"decks": decks})


def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(OptionError, match="jokers"):
        new_game("chinese-ten", 2, {"jokers": 2})


def test_no_jokers_and_two_copies_of_each_card_with_two_decks() -> None:
    game = new(2, decks=2)
    faces = [(c.rank, c.suit) for c in game.cards]
    assert len(set(faces)) == 52
    assert all(faces.count(face) == 2 for face in set(faces))
    assert len({c.cid for c in game.cards}) == 104


# -- Ruling 2: the deal ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("decks", "seats", "size"),
    [(2, 2, 20), (2, 3, 15), (2, 4, 10), (1, 2, 13), (1, 3, 10), (1, 4, 8)],
)
def test_deal_sizes(decks: int, seats: int, size: int) -> None:
    game = new(seats, decks=decks)
    assert [len(hand) for hand in game.hands] == [size] * seats
    assert [len(spot) for spot in game.spots] == [1, 1, 1, 1]
    assert len(game.deck) == 52 * decks - size * seats - 4


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (2, 1), (3, 2), (4, 1)])
def test_left_of_dealer_starts(seats: int, dealer: int) -> None:
    game = new(seats, dealer=dealer)
    assert game.dealer == dealer
    assert game.actors == ((dealer + 1) % seats,)


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_dealer_then_the_layout() -> None:
    setup = get_game("chinese-ten").setup(3, {"decks": 1}, seed=0, dealer=1)
    stack = list(range(52))
    game = ChineseTen(setup, stack=stack)
    assert sorted(game.hands[2]) == list(range(0, 30, 3))
    assert sorted(game.hands[0]) == list(range(1, 30, 3))
    assert sorted(game.hands[1]) == list(range(2, 30, 3))
    assert [spot[0] for spot in game.spots] == [30, 31, 32, 33]
    assert game.deck[-1] == 34  # the next card to flip


def test_dealer_moves_left_each_round_and_totals_add_up() -> None:
    from cardtable.engine import RandomBot, play_out

    game = new_game("chinese-ten", 3, {"rounds": 4}, seed=5, dealer=2)
    dealers = [game.dealer]
    rounds_seen = [game.round]

    def watch(seat: int, action: object, events: list[Event]) -> None:
        if any(event.kind == "deal" for event in events):
            dealers.append(game.dealer)
            rounds_seen.append(game.round)

    play_out(game, [RandomBot(seat) for seat in range(3)], on_action=watch)
    assert dealers == [2, 0, 1, 2]
    assert rounds_seen == [1, 2, 3, 4]
    assert len(game.round_scores) == 4
    assert game.result is not None
    for side in range(3):
        assert game.result.totals[side] == sum(score.points[side] for score in game.round_scores)


# -- Ruling 3: spots are stacks ------------------------------------------------------------


def test_a_covered_card_cannot_be_taken() -> None:
    game = position([["8C", "6D"], ["KS"]], [["4H", "8H"], ["10S"], ["JD"], ["QC"]], ["9S"])
    # The 4♥ lies under an 8♥: the 6♦ cannot reach it, so no capture is possible.
    kinds = {action["kind"] for action in game.legal_actions(0)}
    assert kinds == {"lay"}
    with pytest.raises(IllegalAction, match="cannot take"):
        game.apply(0, {"kind": "capture", "cid": card(game, 0, "6D"), "spot": 0})


def test_laying_covers_the_top_card() -> None:
    game = position([["8C", "6D"], ["KS"]], [["4H", "8H"], ["10S"], ["JD"], ["QC"]], ["9S"])
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "6D"), "spot": 1})
    assert labels(game, game.spots[1]) == ["10S", "6D"]
    assert tops(game)[1] == "6D"


def test_taking_the_top_card_uncovers_the_one_beneath() -> None:
    game = position([["2C", "5S"], ["KS"]], [["4H", "8H"], ["10S"], ["JD"], ["QC"]], ["9S"])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "2C"), "spot": 0})
    # 8♥ taken, 4♥ uncovered; then the flipped 9♠ captures nothing and there is no empty spot.
    assert tops(game) == ["4H", "10S", "JD", "QC"]
    assert game.phase == PLACE
    assert labels(game, [game.flipped or 0]) == ["9S"]


def test_a_spot_is_empty_only_when_its_stack_is_empty() -> None:
    game = position([["2C", "5S"], ["KS"]], [["4H", "8H"], ["10S"], ["JD"], ["QC"]], ["9S"])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "2C"), "spot": 0})
    assert game.legal_actions(0) == [{"kind": "place", "spot": spot} for spot in range(4)]


# -- Ruling 4: capture pairs -----------------------------------------------------------------

PAIRS = {(1, 9), (2, 8), (3, 7), (4, 6), (5, 5), (10, 10), (11, 11), (12, 12), (13, 13)}


@pytest.mark.parametrize(("a", "b"), list(itertools.product(range(1, 14), repeat=2)))
def test_capture_pairs(a: int, b: int) -> None:
    assert makes_ten(a, b) == ((a, b) in PAIRS or (b, a) in PAIRS)


def test_a_capture_takes_exactly_one_card_even_when_two_would_fit() -> None:
    game = position([["6C", "KD"], ["KS"]], [["4H"], ["4D"], ["JD"], ["QC"]], ["9S"])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "6C"), "spot": 1})
    assert labels(game, game.piles[0]) == ["6C", "4D"]
    assert tops(game)[0] == "4H"


@pytest.mark.parametrize(
    ("hand", "top", "reason"),
    [
        ("8C", "3D", "Your 8♣ cannot take the 3♦: An 8 takes a 2."),
        ("JC", "QD", "Your J♣ cannot take the Q♦: A J takes a J."),
        ("AC", "2D", "Your A♣ cannot take the 2♦: An A takes a 9."),
    ],
)
def test_a_capture_that_does_not_make_ten_is_refused_with_the_rule(
    hand: str, top: str, reason: str
) -> None:
    game = position([[hand], ["KS"]], [[top], [], [], []], ["2S"])
    with pytest.raises(IllegalAction) as refused:
        game.apply(0, {"kind": "capture", "cid": card(game, 0, hand), "spot": 0})
    assert refused.value.reason == reason


def test_tens_and_faces_capture_only_their_own_rank() -> None:
    game = position([["10C", "QD"], ["KS"]], [["KH"], ["JD"], ["5S"], ["3C"]], ["9S"])
    assert {action["kind"] for action in game.legal_actions(0)} == {"lay"}


# -- Ruling 5: step 1 ------------------------------------------------------------------------


def test_must_capture_when_any_capture_exists() -> None:
    game = position([["7C", "QD", "2S"], ["KS"]], [["3H"], ["QS"], ["5S"], ["5C"]], ["9D"])
    legal = game.legal_actions(0)
    assert {a["kind"] for a in legal} == {"capture"}
    pairs = {(labels(game, [a["cid"]])[0], a["spot"]) for a in legal}
    assert pairs == {("7C", 0), ("QD", 1)}
    with pytest.raises(IllegalAction, match="must capture"):
        game.apply(0, {"kind": "lay", "cid": card(game, 0, "2S"), "spot": 0})


def test_a_capture_puts_both_cards_in_the_players_pile() -> None:
    game = position([["7C", "QD"], ["KS"]], [["3H"], ["QS"], ["5S"], ["5C"]], ["9D"])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "QD"), "spot": 1})
    assert labels(game, game.piles[0]) == ["QD", "QS"]
    assert labels(game, game.hands[0]) == ["7C"]


def test_without_a_capture_lay_into_an_empty_spot_of_ones_choice() -> None:
    game = position([["2C", "QD"], ["KS"]], [[], ["4S"], [], ["5C"]], ["9D"])
    legal = game.legal_actions(0)
    assert {(a["kind"], a["spot"]) for a in legal} == {("lay", 0), ("lay", 2)}
    with pytest.raises(IllegalAction, match="empty spot"):
        game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 1})
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 2})
    assert tops(game)[2] == "2C"


def test_without_an_empty_spot_lay_on_any_spot() -> None:
    game = position([["2C", "QD"], ["KS"]], [["AH"], ["4S"], ["6H"], ["5C"]], ["9D", "KD"])
    assert {a["spot"] for a in game.legal_actions(0)} == {0, 1, 2, 3}
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 3})
    assert game.spots[3] and labels(game, game.spots[3]) == ["5C", "2C"]


# -- Ruling 6: step 2, the flip ------------------------------------------------------------


def test_a_capturing_flip_takes_and_flips_again() -> None:
    game = position(
        [["2C", "QD"], ["KS"]], [["AH"], ["4S"], ["6H"], ["5C"]], ["9D", "6D", "5H", "KH"]
    )
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 3})
    # 9♦ takes A♥, 6♦ takes 4♠, 5♥ captures nothing (5♣ is covered) and goes to an empty spot.
    assert labels(game, game.piles[0]) == ["9D", "AH", "6D", "4S"]
    assert tops(game) == ["5H", None, "6H", "2C"]
    assert game.actors == (1,)
    assert labels(game, game.deck) == ["KH"]


def test_when_a_flip_fits_several_spots_the_player_chooses() -> None:
    game = position([["2C", "QD"], ["KS"]], [["4H"], ["4S"], ["JH"], ["5C"]], ["6D", "KH"])
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 3})
    assert game.phase == TAKE
    assert game.legal_actions(0) == [{"kind": "take", "spot": 0}, {"kind": "take", "spot": 1}]
    assert game.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="cannot take"):
        game.apply(0, {"kind": "take", "spot": 2})
    with pytest.raises(IllegalAction, match="Choose which card"):
        game.apply(0, {"kind": "lay", "cid": card(game, 0, "QD"), "spot": 0})
    game.apply(0, {"kind": "take", "spot": 1})
    assert labels(game, game.piles[0]) == ["6D", "4S"]
    # The next flip, K♥, captures nothing and goes to the spot just emptied.
    assert tops(game) == ["4H", "KH", "JH", "2C"]
    assert game.actors == (1,)


def test_a_flip_that_captures_nothing_with_no_empty_spot_covers_a_spot_of_choice() -> None:
    game = position([["2C", "QD"], ["KS"]], [["4H"], ["4S"], ["JH"], ["5C"]], ["9D", "KH"])
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 3})
    assert game.phase == PLACE
    with pytest.raises(IllegalAction, match="Choose which spot"):
        game.apply(0, {"kind": "take", "spot": 0})
    with pytest.raises(IllegalAction, match="spots 1 to 4"):
        game.apply(0, {"kind": "place", "spot": 4})
    game.apply(0, {"kind": "place", "spot": 2})
    assert tops(game) == ["4H", "4S", "9D", "2C"]
    assert game.actors == (1,) and game.phase == PLAY
    assert labels(game, game.deck) == ["KH"]


def test_with_the_deck_empty_there_is_no_flip() -> None:
    game = position([["2C", "QD"], ["KS", "3D"]], [["4H"], ["4S"], ["JH"], ["5C"]], [])
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 0})
    assert game.actors == (1,)
    assert game.piles[0] == []


def test_flip_choices_before_the_hand_card_are_refused() -> None:
    game = position([["2C", "QD"], ["KS"]], [["4H"], ["4S"], ["JH"], ["5C"]], ["6D"])
    with pytest.raises(IllegalAction, match="hand first"):
        game.apply(0, {"kind": "take", "spot": 0})


# -- Ruling 7: an empty hand still flips ------------------------------------------------------


def test_a_player_with_an_empty_hand_skips_step_1_and_flips() -> None:
    game = position([["2C", "KD"], []], [["4H"], ["AS"], ["JH"], ["5C"]], ["3D", "9D", "7C", "QH"])
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 0})
    # The flipped 3♦ captures nothing and no spot is empty: seat 0 chooses where it goes.
    game.apply(0, {"kind": "place", "spot": 3})
    # Seat 1 holds nothing: the turn goes straight to flipping. 9♦ takes A♠; 7♣ takes 3♦.
    assert labels(game, game.piles[1]) == ["9D", "AS", "7C", "3D"]
    # Q♥ captures nothing and goes to the first empty spot.
    assert tops(game) == ["2C", "QH", "JH", "5C"]


# -- Ruling 8: the end -------------------------------------------------------------------------


def test_the_game_ends_after_a_turn_that_empties_every_hand() -> None:
    game = position([["2C"], ["3D"]], [["4H"], ["AS"], ["JH"], ["5C"]], ["KH", "QH", "10D"])
    game.apply(0, {"kind": "lay", "cid": card(game, 0, "2C"), "spot": 0})
    game.apply(0, {"kind": "place", "spot": 0})  # the flipped K♥ captures nothing
    assert not game.over
    game.apply(1, {"kind": "lay", "cid": card(game, 1, "3D"), "spot": 1})
    game.apply(1, {"kind": "place", "spot": 1})  # Q♥
    assert game.over
    assert labels(game, game.deck) == ["10D"]  # left in the deck, scoring nothing
    assert game.result is not None and game.result.totals == (0, 0)


def test_the_game_ends_when_the_deck_and_all_spots_are_empty() -> None:
    game = position([["9C", "KD"], ["QS", "2H"]], [["AH"], [], [], []], [])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "9C"), "spot": 0})
    assert game.over
    assert game.result is not None
    assert game.result.totals == (25, 0)  # the K♦ and both cards of seat 1 score nothing


def test_no_one_acts_after_the_end() -> None:
    game = position([["9C", "KD"], ["QS"]], [["AH"], [], [], []], [])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "9C"), "spot": 0})
    assert game.actors == ()
    assert game.legal_actions(0) == game.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(1, {"kind": "lay", "cid": card(game, 1, "QS"), "spot": 0})


# -- Ruling 9: the score -------------------------------------------------------------------------


def test_card_values_and_the_breakdown() -> None:
    game = position([["9C", "KD"], ["QS"]], [["AH"], ["KH"], ["5S"], ["7C"]], ["5H", "3H"])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "9C"), "spot": 0})
    # pile: 9♣ A♥, then flip 5♥ takes 5♠, flip 3♥ takes 7♣.
    assert labels(game, game.piles[0]) == ["9C", "AH", "5H", "5S", "3H", "7C"]
    game.apply(1, {"kind": "lay", "cid": card(game, 1, "QS"), "spot": 0})
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "KD"), "spot": 1})
    assert game.over and game.round_scores
    (score,) = game.round_scores
    lines = [(line.label, line.count, line.each, line.points) for line in score.lines[0]]
    assert lines == [
        ("Aces", 1, 20, 20),
        ("Kings, queens, jacks and tens", 2, 10, 20),
        ("Twos to nines", 5, 5, 25),
    ]
    assert score.points == (65, 0)
    assert game.result is not None and game.result.winners == (0,)


def test_equal_totals_share_the_win() -> None:
    game = position([["9C"], ["AD"]], [["AH"], ["9S"], [], []], [])
    game.apply(0, {"kind": "capture", "cid": card(game, 0, "9C"), "spot": 0})
    game.apply(1, {"kind": "capture", "cid": card(game, 1, "AD"), "spot": 1})
    assert game.over
    assert game.result is not None
    assert game.result.totals == (25, 25)
    assert game.result.winners == (0, 1)
