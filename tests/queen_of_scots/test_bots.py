"""The heuristic Queen of Scots bot: scenario tests on built positions, and its strength.

Positions are written with card labels (see `tests.queen_of_scots.position`): ``"Knox"``,
``"James"`` (a royal), ``"Jewels"`` (a Crown Jewel). A rival holding eleven cards is far from going
out; one holding two may go out on their next turn, so the round is near its end.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardtable.engine import Bot, PlainAction, RandomBot, new_game, play_out
from cardtable.engine.queen_of_scots.bots import HeuristicBot
from cardtable.engine.queen_of_scots.edition import STANDARD
from cardtable.engine.queen_of_scots.phases import MELD
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from cardtable.engine.queen_of_scots.sets import QueenSet
from cardtable.wire.codec import to_wire
from tests.queen_of_scots.position import DRAW, STOP, hand, label, position, set_labels

#: A rival far from going out.
FULL = "James James Darnley Guise Arran Maitland Beaton Beaton Rizzio Rizzio Ruthven"
#: A rival who may go out on their next turn.
NEARLY_OUT = "Seton Ruthven"


def choose(game: QueenOfScots, seat: int = 0) -> PlainAction:
    """The bot's choice, in plain form."""
    choice: PlainAction = to_wire(HeuristicBot(1).choose(game.seat_view(seat), game.legal(seat)))
    return choice


def bot_turn(game: QueenOfScots, seat: int = 0) -> list[PlainAction]:
    """Let the bot play `seat`'s whole turn; return its actions (in plain form)."""
    bot, actions = HeuristicBot(1), []
    while not game.over and not game.awaiting_deal and game.turn == seat:
        action = bot.choose(game.seat_view(seat), game.legal(seat))
        game.apply(seat, action)
        actions.append(to_wire(action))
    return actions


def discarded(actions: list[PlainAction]) -> str:
    assert actions[-1]["kind"] == "discard"
    return label(actions[-1]["cid"])


def rest_on_table(game: QueenOfScots, keep: int, owner: int = 1) -> None:
    """Keep the top `keep` cards of the pile; the cards under them go onto `owner`'s table, a
    set of each kind (Crown Jewels with the first), so they are seen and play no part."""
    under, game.pile = game.pile[:-keep], game.pile[-keep:]
    kinds: dict[str | None, list[int]] = {}
    for cid in under:
        kinds.setdefault(STANDARD.cards[cid].match, []).append(cid)
    jewels = kinds.pop(None, [])
    for match, cids in kinds.items():
        game.sets[game.next_set] = QueenSet(game.next_set, owner, str(match), cids)
        game.next_set += 1
    next(group for group in game.sets.values() if group.owner == owner).cards += jewels


# -- the pickup -------------------------------------------------------------------------------


def test_it_takes_the_pile_when_it_can_use_it() -> None:
    """Two Knox make a set with the top, and the two Arran in the pile join its Arran set."""
    game = position(
        ["Knox Knox Seton Ruthven Maitland Rizzio Beaton", FULL],
        [(0, "Arran Arran Arran")],
        pile="Knox Arran Arran Bothwell",
    )
    actions = bot_turn(game)
    assert actions[0]["kind"] == "take"
    assert set_labels(game) == {
        0: (0, "Arran Arran Arran Arran Arran"),
        1: (0, "Knox Knox Knox"),
    }


@pytest.mark.parametrize(("rival", "takes"), [(FULL, True), (NEARLY_OUT, False)])
def test_it_refuses_a_pile_of_junk_near_the_end_of_the_round(rival: str, takes: bool) -> None:
    """Early, the pile's cards have time to find sets (Mary and Guise are a royal pair
    already); when the rival may go out they would be stuck in hand, and three Seton on the
    table do not pay for them."""
    game = position(
        ["Seton Seton Ruthven Maitland Rizzio", rival], pile="Seton Bothwell Knox Beaton Mary Guise"
    )
    action = choose(game)
    assert (action["kind"] == "take") is takes
    if not takes:
        assert action == DRAW


def test_it_goes_out_by_taking_the_pile() -> None:
    """The take puts the Beaton down; the pile's Crown Jewel joins a set, the Rizzio too."""
    game = position(
        ["Beaton Beaton Rizzio", FULL], [(0, "Rizzio Rizzio Rizzio")], pile="Beaton Jewels"
    )
    actions = bot_turn(game)
    assert actions[0]["kind"] == "take"
    assert game.went_out == 0
    assert set_labels(game)[1] == (0, "Beaton Beaton Beaton Jewels")


@pytest.mark.parametrize(
    ("mine", "pile", "expected"),
    [
        # Three Knox go down instead of two being deducted; only the Ruthven joins the hand.
        ("Knox Knox Seton Maitland", "Knox Ruthven", "take"),
        # Three Seton do not pay for Bothwell, Mary, Guise, Knox and Rizzio stuck in hand.
        ("Seton Seton Maitland", "Seton Bothwell Mary Guise Knox Rizzio", "stop"),
    ],
)
def test_on_an_empty_stock_it_takes_only_when_that_beats_stopping(
    mine: str, pile: str, expected: str
) -> None:
    game = position([mine, FULL], pile=pile, rest="pile")
    rest_on_table(game, len(pile.split()))
    assert not game.stock
    action = choose(game)
    assert action["kind"] == expected
    if expected == "stop":
        assert action == STOP


# -- the meld phase ---------------------------------------------------------------------------


def test_it_melds_its_sets_and_adds_to_them() -> None:
    """Three Arran (and the fourth) make a set, the Knox joins its Knox set, the royal pair
    goes down with the Crown Jewel; only the discard is left to play."""
    game = position(
        ["Arran Arran Arran Arran Knox Jewels Guise Mary Seton Ruthven", FULL],
        [(0, "Knox Knox Knox")],
        phase=MELD,
    )
    actions = bot_turn(game)
    assert [action["kind"] for action in actions] == [
        "meld",
        "meld",
        "add",
        "add",
        "discard",
    ]
    assert sorted(set_labels(game).values()) == [
        (0, "Arran Arran Arran Arran"),
        (0, "Guise Mary Jewels"),
        (0, "Knox Knox Knox Knox"),
    ]
    assert len(game.hands[0]) == 1


def test_it_goes_out_when_it_can() -> None:
    """Three Knox go down, the Crown Jewel joins a set, and the last card is discarded."""
    game = position(["Knox Knox Knox Jewels Beaton", FULL], [(0, "Seton Seton Seton")], phase=MELD)
    actions = bot_turn(game)
    assert game.went_out == 0
    assert discarded(actions) == "Beaton"
    assert game.round_scores[-1].points[0] == 15 * 3 + 50 + 5 * 3


@pytest.mark.parametrize(("rival", "discard"), [(FULL, "Ruthven"), (NEARLY_OUT, "Bothwell")])
def test_it_dumps_high_cards_as_the_round_nears_its_end(rival: str, discard: str) -> None:
    """Early it discards the Ruthven: a rival holding two Bothwell would take more with a
    Bothwell on top. When the rival may go out, the Bothwell would cost the most in hand. The
    Seton pair stays either way."""
    game = position(["Bothwell Ruthven Seton Seton", rival], pile="Rizzio", phase=MELD)
    assert discarded(bot_turn(game)) == discard
    assert hand(game, 0).split().count("Seton") == 2


@pytest.mark.parametrize(
    ("rivals_sets", "discard"),
    [
        ("Bothwell Bothwell Bothwell Bothwell Bothwell Bothwell", "Bothwell"),
        ("Arran Arran Arran", "Seton"),
    ],
)
def test_it_feeds_the_next_player_no_pile(rivals_sets: str, discard: str) -> None:
    """When every other Bothwell is on the rival's table, nobody can take the pile with one, so
    the bot breaks up its Bothwell pair (which only a Crown Jewel could complete) rather than
    discard the Knox or the Seton the rival may hold two of."""
    game = position(
        ["Knox Bothwell Bothwell Seton", FULL], [(1, rivals_sets)], "Maitland", phase=MELD
    )
    assert discarded(bot_turn(game)) == discard


# -- what it knows ----------------------------------------------------------------------------


def test_it_chooses_from_its_own_view_alone() -> None:
    """Two games that differ only in cards the seat cannot see (the rival's hand and the stock)
    get the same choice, and the view is left as it was."""
    first = position(["Knox Knox Seton Ruthven", FULL], pile="Knox Bothwell")
    second = position(
        [
            "Knox Knox Seton Ruthven",
            "Bothwell Bothwell Knox Knox Seton Seton Mary Mary Guise James Rizzio",
        ],
        pile="Knox Bothwell",
    )
    assert first.view(0) == second.view(0)
    assert first.hands[1] != second.hands[1]
    view = first.seat_view(0)
    before = copy.deepcopy(view)
    assert choose(first) == choose(second)
    HeuristicBot(1).choose(view, view.legal)
    assert view == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_plays_only_legal_actions_in_whole_games(players: int) -> None:
    """Heuristic bots in every seat but one (a random bot) play games to their end."""
    for seed in range(3):
        game = new_game("queen-of-scots", players, seed=seed)
        bots: list[Bot[Any]] = [
            RandomBot(seed) if seat == seed % players else HeuristicBot(seed * 10 + seat)
            for seat in range(players)
        ]
        while not game.over:
            seat = game.actors[0]
            view = game.seat_view(seat)
            action = bots[seat].choose(copy.deepcopy(view), view.legal)
            assert action in view.legal
            game.apply(seat, action)
        assert game.result is not None


# -- strength ---------------------------------------------------------------------------------


def test_it_beats_the_random_bot_by_a_wide_margin() -> None:
    """30 two-player games (15 deals, each with the seats swapped): the bot wins nearly all of
    them (it won every one of 400 such games when measured)."""
    wins = 0.0
    for seed in range(15):
        for hero in (0, 1):
            game = new_game("queen-of-scots", 2, seed=seed)
            bots = [
                HeuristicBot(seed) if seat == hero else RandomBot(seed * 7 + seat)
                for seat in range(2)
            ]
            play_out(game, bots)
            assert game.result is not None
            if hero in game.result.winning_seats:
                wins += 1 / len(game.result.winning_seats)
    assert wins / 30 >= 0.9


def test_it_beats_three_random_bots() -> None:
    """Eight four-player games, the bot in a different seat each time: it wins most of them
    (a fair share would be a quarter)."""
    wins = 0
    for seed in range(8):
        hero = seed % 4
        game = new_game("queen-of-scots", 4, seed=seed)
        bots = [
            HeuristicBot(seed) if seat == hero else RandomBot(seed * 7 + seat) for seat in range(4)
        ]
        play_out(game, bots)
        assert game.result is not None
        wins += hero in game.result.winning_seats
    assert wins >= 6
