"""The bots' levels: every game offers easy, normal and hard (and random), by level or by the
bots' older kind names, and the easy bot is a player of its own, repeatable from its seed."""

from __future__ import annotations

import pytest

from cardtable.engine import Bot, GameAction, OptionError, all_games, get_game, play_out, start
from cardtable.engine.levels import BotLevel, EasyBot
from cardtable.engine.search import SearchBot


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
def test_every_game_offers_the_same_ladder_and_the_older_names(spec: object) -> None:
    from cardtable.engine import GameSpec

    assert isinstance(spec, GameSpec)
    assert list(spec.bots) == ["random", "easy", "normal", "hard"]
    assert spec.default_bot == spec.bot_kind(None) == "normal"
    assert isinstance(spec.bots["easy"](1), EasyBot)
    assert isinstance(spec.bots["hard"](1), SearchBot)
    assert spec.bots["search"] is spec.bots["hard"]
    assert spec.bots["heuristic"] is spec.bots["greedy"] is spec.bots["normal"]
    assert [spec.bot_kind(kind) for kind in ("search", "heuristic", "greedy", "random")] == [
        "hard",
        "normal",
        "normal",
        "random",
    ]
    with pytest.raises(OptionError) as caught:
        spec.bot_kind("genius")
    assert str(caught.value) == (
        "There is no 'genius' bot; the levels are: random, easy, normal, hard."
    )


def played(game_id: str, level: str, seed: int) -> list[tuple[int, GameAction]]:
    """The actions of a two-player game of `game_id` with bots of `level` on both seats."""
    spec = get_game(game_id)
    bots: list[Bot[object]] = [spec.bots[level](seed * 10 + seat) for seat in range(2)]
    return play_out(start(spec.setup(2, seed=seed)), bots)


@pytest.mark.parametrize("game_id", ["chinese-ten", "thistle", "queen-of-scots", "trupe"])
def test_the_easy_bot_plays_the_same_game_from_the_same_seed_and_not_the_normal_one(
    game_id: str,
) -> None:
    easy = played(game_id, BotLevel.EASY, 3)
    assert easy == played(game_id, BotLevel.EASY, 3)
    assert easy != played(game_id, BotLevel.NORMAL, 3)
