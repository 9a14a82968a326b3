"""How a result ranks its sides for the ratings, and how a player on several seats is rated."""

from __future__ import annotations

from cardtable.engine.scores import Result
from cardtable.server.ratings.outcome import RatedGame, rate, side_ranks
from cardtable.server.ratings.skill import NEW_SKILL, updated

ALONE = ((0,), (1,), (2,))


def test_the_conceder_ranks_last_whatever_its_score() -> None:
    assert side_ranks(Result(ALONE, (50, 10, 0), (1,), (0,))) == (3, 1, 2)


def test_equal_totals_tie_and_the_winners_come_first() -> None:
    assert side_ranks(Result(ALONE, (30, 30, 5), (0, 1))) == (1, 1, 3)
    assert side_ranks(Result(ALONE, (9, 30, 30), (1, 2))) == (3, 1, 1)
    assert side_ranks(Result(((0, 2), (1, 3)), (200, 350), (1,))) == (2, 1)


def test_a_bot_kind_on_several_seats_keeps_the_mean_of_its_seats() -> None:
    game = RatedGame(7, "nobility", ALONE, (1, 2, 3), ("Ada", "search bot", "search bot"))
    changes = {change.player: change for change in rate(game, lambda player: NEW_SKILL)}
    [[ada], [second], [third]] = updated([[NEW_SKILL]] * 3, (1, 2, 3))
    bot = changes["search bot"]
    assert changes["Ada"].after == ada
    assert (bot.seats, bot.rank, bot.side) == ((1, 2), 2, 1)
    assert bot.after.mu == (second.mu + third.mu) / 2
    assert bot.after.sigma == (second.sigma + third.sigma) / 2


def test_a_game_with_nobody_rated_changes_nothing() -> None:
    game = RatedGame(8, "trupe", ((0,), (1,)), (1, 2), (None, None))
    assert rate(game, lambda player: NEW_SKILL) == []
