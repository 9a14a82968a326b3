"""The heuristic Thistle bot: scenario tests on built positions, and its strength.

Positions are written with card labels (see `tests.thistle.position`): ``"4"`` a Clan card of
clan 4, ``"4A"`` the clan 4 Coat of Arms, ``"C"`` a Castle.
"""

from __future__ import annotations

import pytest

from cardtable.engine import PlainAction, RandomBot, new_game, play_out
from cardtable.engine.thistle.bots import HeuristicBot
from cardtable.engine.thistle.rules import Thistle
from cardtable.wire.codec import to_wire
from tests.thistle.position import group_labels, hand, label, lines, position

#: Enough pile that the hand is not near its end; its first card starts a group of its own.
PILE = "10 " * 9
#: A rival's hand that could capture none of the groups in these positions.
RIVAL = "9 9 9 9 9 9"


def choose(game: Thistle, seat: int = 0) -> PlainAction:
    """The bot's choice, in plain form."""
    view = game.seat_view(seat)
    plain: PlainAction = to_wire(HeuristicBot(1).choose(view, view.legal))
    return plain


def bot_turn(game: Thistle, seat: int = 0) -> list[PlainAction]:
    """Let the bot play `seat`'s whole turn; return its actions, in plain form."""
    bot, actions = HeuristicBot(1), []
    while game.turn == seat and game.actors == (seat,) and not game.awaiting_deal:
        view = game.seat_view(seat)
        action = bot.choose(view, view.legal)
        game.apply(seat, action)
        actions.append(to_wire(action))
    return actions


def orphan(game: Thistle, seat: int, name: str) -> int:
    return next(cid for cid in game.orphans[seat] if label(cid) == name)


# -- captures ---------------------------------------------------------------------------------


def test_it_takes_a_capture_of_three_before_one_of_two() -> None:
    game = position(["2 2 3 3 3 7", RIVAL], [(1, "2 2"), (1, "3 3 3")], PILE)
    assert choose(game) == {"kind": "capture", "group": 1}


def test_it_takes_from_a_rival_before_its_partner() -> None:
    game = position(
        ["4 4 4 5 5 7", RIVAL, "1", "2 2 2 2 2 2"],
        [(2, "4 4 4"), (1, "5 5")],
        PILE,
        orphans={0: "C"},
        partnership=True,
    )
    assert choose(game) == {"kind": "capture", "group": 1, "orphan": orphan(game, 0, "C")}


@pytest.mark.parametrize(("orphans", "captures"), [("C", True), ("", False)])
def test_it_captures_from_its_partner_only_to_bring_back_a_set_aside_card(
    orphans: str, captures: bool
) -> None:
    game = position(
        ["4 4 4 7", RIVAL, "1", "2 2 2 2 2 2"],
        [(2, "4 4 4")],
        PILE,
        orphans={0: orphans},
        partnership=True,
    )
    action = choose(game)
    if captures:
        assert action == {"kind": "capture", "group": 0, "orphan": orphan(game, 0, "C")}
    else:
        assert action == {"kind": "draw"}


@pytest.mark.parametrize(("orphans", "best"), [("2A C 6A", "6A"), ("2A C", "C"), ("2A", "2A")])
def test_it_adds_its_best_set_aside_card_to_a_capture(orphans: str, best: str) -> None:
    game = position(["6 6 6 1", RIVAL], [(1, "6 6 6")], PILE, orphans={0: orphans})
    assert choose(game) == {"kind": "capture", "group": 0, "orphan": orphan(game, 0, best)}


# -- building ---------------------------------------------------------------------------------


def test_it_completes_a_book_with_its_castle() -> None:
    game = position(["6 6 C 1", RIVAL], [(0, "6 6 6 6")], PILE)
    bot_turn(game)
    book = game.books[-1]
    assert (book.owner, book.clan, book.kind) == (0, 6, "castle")
    assert hand(game, 0) == "1 10"


@pytest.mark.parametrize(("held", "size"), [("7", 1), ("7 7", 1), ("7 7 7", 4)])
def test_it_makes_a_lone_card_a_group_only_of_four_or_more(held: str, size: int) -> None:
    game = position([f"{held} 1", RIVAL], [(0, "7")], PILE)
    bot_turn(game)
    assert game.groups[0].size == size


#: A long pile: a rival's six cards are unlikely to hold three of any one clan.
LONG_PILE = " ".join(f"{clan} " * 9 for clan in (10, 8, 6, 5, 4))


@pytest.mark.parametrize(("pile", "size"), [(PILE, 2), (LONG_PILE, 3)])
def test_it_adds_a_third_card_to_a_pair_only_when_a_capture_is_unlikely(
    pile: str, size: int
) -> None:
    game = position(["7 1", RIVAL], [(0, "7 7")], pile)
    bot_turn(game)
    assert game.groups[0].size == size


def test_it_places_the_drawn_card_where_the_group_stays_safe() -> None:
    game = position(["1", RIVAL], [(0, "4 4 4 4"), (0, "4")], "4 " + PILE)
    game.apply(0, {"kind": "draw"})
    assert choose(game) == {"kind": "place", "group": 0}


def test_it_keeps_a_castle_for_a_group_near_a_book_and_another_clans_arms_for_later() -> None:
    game = position(["C 2A 1", RIVAL], [(0, "3"), (0, "5 5 5 5")], PILE)
    bot_turn(game)
    assert group_labels(game)[1] == (0, "5 5 5 5 C")
    assert group_labels(game)[0] == (0, "3")
    assert "2A" in hand(game, 0).split()


def test_it_dumps_its_bonus_cards_when_the_pile_runs_low() -> None:
    game = position(["C 2A 1", RIVAL], [(0, "3"), (0, "5 5 5 5")], "10 10 10")
    bot_turn(game)
    assert group_labels(game)[1] == (0, "5 5 5 5 C")
    assert hand(game, 0) == "1 10"


def test_it_saves_a_coat_of_arms_for_its_own_clan() -> None:
    game = position(["C 6A 1", RIVAL], [(0, "6 6 6 6"), (0, "7 7 7 7 7")], PILE)
    bot_turn(game)
    assert group_labels(game)[0] == (0, "6 6 6 6 6A")
    assert group_labels(game)[1] == (0, "7 7 7 7 7 C")


# -- going out --------------------------------------------------------------------------------


def test_it_plays_its_whole_hand_to_go_out() -> None:
    game = position(["8 8 C", RIVAL], [(0, "8")], PILE)
    bot_turn(game)
    assert game.went_out == 0
    assert "Doubled for going out" in [line[0] for line in lines(game, 0)]


def test_it_does_not_go_out_when_its_net_would_be_negative() -> None:
    game = position(["8 8 C", RIVAL], [(0, "8")], PILE, orphans={0: "C C C"})
    bot_turn(game)
    assert game.went_out is None
    assert hand(game, 0) == "8 8 10 C"


# -- partnership ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("partners", "held", "after"),
    [("9 9", "9 9", "9 9 9 9"), ("5 5 5 5", "5 5", None)],
)
def test_it_makes_its_partners_groups_safe_or_completes_them(
    partners: str, held: str, after: str | None
) -> None:
    game = position(
        [f"{held} 1", "3 3 3 3 3 3", "2", "4 4 4 4 4 4"],
        [(2, partners)],
        PILE,
        partnership=True,
    )
    bot_turn(game)
    if after is None:
        assert game.books[-1].owner == 2 and 0 not in game.groups
    else:
        assert group_labels(game)[0] == (2, after)


# -- strength ---------------------------------------------------------------------------------


def test_it_beats_the_random_bot_by_a_wide_margin() -> None:
    """40 games (20 deals, each with the seats swapped): the bot wins nearly all of them."""
    score = 0.0
    for seed in range(20):
        for hero in (0, 1):
            game = new_game("thistle", 2, seed=seed)
            bots = [
                HeuristicBot(seed) if seat == hero else RandomBot(seed * 7 + seat)
                for seat in range(2)
            ]
            play_out(game, bots)
            assert game.result is not None
            winners = game.result.winning_seats
            if hero in winners:
                score += 1 / len(winners)
    assert score / 40 >= 0.8
