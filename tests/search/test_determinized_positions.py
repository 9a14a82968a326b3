"""Each game's determinizer builds its world through the game's one constructor of a position,
`Game.from_view`: the world is exactly the game that the seat's view and the world's own unseen
cards make, for every seat and every card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.engine import Game
from tests.search.support import SEARCH_GAMES, positions, rules_of


def everything_seen(game: Game) -> tuple[Any, ...]:
    """What every seat and a watcher see, where each card lies, and who may act."""
    views = [game.view(seat) for seat in [*range(game.seats), None]]
    return views, sorted(game.zones().items()), game.actors


@pytest.mark.parametrize(("game_id", "players", "options"), SEARCH_GAMES)
def test_a_determinized_world_is_the_position_its_view_and_its_unseen_cards_make(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    rules = rules_of(game_id)
    checked = 0
    for index, position in enumerate(positions(game_id, players, options, seed=23)):
        if index % 2:
            continue
        seat = position.seat
        world = rules.determinize(position.view, position.history, random.Random(index))
        rebuilt = type(world).from_view(position.view, world.unseen(seat), seed=index)
        assert everything_seen(rebuilt) == everything_seen(world)
        checked += 1
    assert checked > 5
