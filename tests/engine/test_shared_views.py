"""Every game names the parts of a seat's table view that are its own (`_own_table_fields`), so
`Game.views` writes what all seats see alike once and shares it: the server builds a view for
every seat after every action, and a game that leaves its own fields unnamed has each seat's
table written whole (three times the work)."""

from __future__ import annotations

import pytest

from cardtable.engine import GameSpec, all_games, new_game


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
def test_the_seats_views_share_what_they_see_alike(spec: GameSpec) -> None:
    game = new_game(spec.id, spec.max_players, seed=2)
    first, second = game.views([0, 1])
    shared = [
        name
        for name, value in first["table"].items()
        if isinstance(value, list | dict) and second["table"][name] is value
    ]
    assert game._own_table_fields(0) is not None, spec.id
    assert shared, f"{spec.id}: no part of the table view is shared between two seats"
