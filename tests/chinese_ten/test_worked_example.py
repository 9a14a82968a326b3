"""The seed's worked example: Martha and Laura's opening, replayed on a stacked two-deck deal.

Laura deals (seat 1), so Martha (seat 0) leads. The layout shows A, 4, 10, J. Martha's 9 takes
the A, and her flip, a 7, goes to the emptied spot. Laura holds no 6, 10, 3 or J (ruling 10 reads
the seed's "7" as 3), so she must lay: she covers the 4 with her 8. Her flip, a 3, takes the 7;
her next flip, a 6, captures nothing because the 4 is covered, and goes to the empty spot.
"""

from __future__ import annotations

from cardtable.engine import get_game
from cardtable.engine.chinese_ten import ChineseTen
from cardtable.engine.chinese_ten.text import describe
from tests.chinese_ten.position import Cards, card, labels, tops

MARTHA, LAURA = 0, 1

MARTHA_HAND = [
    "9S", "2S", "2H", "4S", "5S", "5H", "7S", "7H", "8S", "8H",
    "9H", "AS", "KS", "KH", "QS", "QH", "3S", "3H", "6S", "6H",
]  # fmt: skip
LAURA_HAND = [
    "8C", "2C", "2D", "4C", "4D", "5C", "5D", "7C", "7D", "9C",
    "9D", "AC", "AD", "KC", "KD", "QC", "QD", "2C", "4C", "5C",
]  # fmt: skip
LAYOUT = ["AH", "4H", "10H", "JH"]
DECK_TOP = ["7D", "3D", "6D", "KC"]


def stacked_game() -> ChineseTen:
    setup = get_game("chinese-ten").setup(2, {"decks": 2}, seed=0, dealer=LAURA)
    game = ChineseTen(setup)
    cards = Cards(game)
    martha, laura = cards.many(MARTHA_HAND), cards.many(LAURA_HAND)
    dealt = [cid for pair in zip(martha, laura, strict=True) for cid in pair]
    top = cards.many(LAYOUT) + cards.many(DECK_TOP)
    rest = [cid for cid in range(game.card_count()) if cid not in cards.used]
    return ChineseTen(setup, stack=dealt + top + rest)


def test_martha_and_laura() -> None:
    game = stacked_game()
    names = ["Martha", "Laura"]
    assert game.actors == (MARTHA,)
    assert tops(game) == ["AH", "4H", "10H", "JH"]
    assert [len(hand) for hand in game.hands] == [20, 20]

    # Martha: the A is the most valuable card on the table and her 9 takes it.
    events = game.apply(MARTHA, {"kind": "capture", "cid": card(game, MARTHA, "9S"), "spot": 0})
    assert labels(game, game.piles[MARTHA]) == ["9S", "AH"]
    # She flips a 7, which captures nothing and moves to the empty spot.
    assert tops(game) == ["7D", "4H", "10H", "JH"]
    log = [describe(event.seen_by(None), names) for event in events]
    assert log == [
        "Martha plays 9♠ and takes A♥ from spot 1 (+25).",
        "  Martha flips 7♦.",
        "  The flipped 7♦ goes to spot 1.",
        "Laura's turn.",
    ]

    # Laura: no 6, 10, 3 or J, so she cannot capture and must lay; no spot is empty.
    legal = game.legal_actions(LAURA)
    assert {action["kind"] for action in legal} == {"lay"}
    assert {action["spot"] for action in legal} == {0, 1, 2, 3}
    events = game.apply(LAURA, {"kind": "lay", "cid": card(game, LAURA, "8C"), "spot": 1})
    # Her flip, a 3, takes the 7; the next, a 6, cannot reach the covered 4 and fills the gap.
    assert labels(game, game.piles[LAURA]) == ["3D", "7D"]
    assert tops(game) == ["6D", "8C", "10H", "JH"]
    assert labels(game, game.spots[1]) == ["4H", "8C"]
    log = [describe(event.seen_by(None), names) for event in events]
    assert log == [
        "Laura lays 8♣ on spot 2, covering 4♥.",
        "  Laura flips 3♦.",
        "  The flipped 3♦ takes 7♦ from spot 1 (+10).",
        "  Laura flips 6♦.",
        "  The flipped 6♦ goes to spot 1.",
        "Martha's turn.",
    ]
    assert game.actors == (MARTHA,)
    view = game.view(None)["table"]
    assert [pile["points"] for pile in view["piles"]] == [25, 10]
    assert view["deck"] == 104 - 40 - 4 - 3
