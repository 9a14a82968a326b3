"""Shared helpers of the search tests: games played by heuristic bots, positions on the way."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardtable.engine import Game, SeatView, SeenEvent, get_game, new_game
from cardtable.engine.search import SearchRules, heard_by

#: Games with a search bot, with the player counts and options their tests play.
SEARCH_GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("chinese-ten", 2, {}),
    ("chinese-ten", 4, {"decks": 1}),
    ("thistle", 3, {}),
    ("thistle", 4, {"partnership": True}),
    ("queen-of-scots", 2, {}),
    ("queen-of-scots", 3, {"strict": True}),
    ("trupe", 2, {}),
    ("trupe", 4, {}),
    ("nobility", 3, {}),
]


def rules_of(game_id: str) -> SearchRules:
    module = importlib.import_module(f"cardtable.engine.{game_id.replace('-', '_')}.search")
    rules: SearchRules = module.RULES
    return rules


@dataclass
class Position:
    """A moment of a game: the seat to act, its view and the events it was told of so far."""

    game: Game
    seat: int
    view: SeatView[Any]
    history: list[SeenEvent[Any]]


def positions(
    game_id: str, players: int, options: dict[str, Any], seed: int, limit: int = 300
) -> Iterator[Position]:
    """The positions of a game played by the heuristic bots (up to `limit` actions), each
    for the seat about to act; between rounds skipped."""
    spec = get_game(game_id)
    game = new_game(game_id, players, options, seed=seed)
    bots = [spec.bots[spec.default_bot](seed * 10 + seat) for seat in range(players)]
    heard = [heard_by(game.opening_events, seat) for seat in range(players)]
    for _ in range(limit):
        if game.over:
            return
        seat = game.actors[0]
        view = game.seat_view(seat)
        if not game.awaiting_deal:
            yield Position(game, seat, view, list(heard[seat]))
        events = game.apply(seat, bots[seat].choose(view, game.legal(seat)))
        for other in range(players):
            heard[other] += heard_by(events, other)
