"""Shared helpers of the search tests: games played by heuristic bots, positions on the way."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardtable.engine import Game, SeatView, SeenEvent, all_games, get_game, new_game
from cardtable.engine.search import SearchRules, heard_by
from tests.conformance.support import partnered, short_options


def search_tables() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game with a search bot: a short game at its fewest players, and at its
    most, in partnerships where it has them."""
    tables = []
    for spec in all_games():
        if spec.search is None:
            continue
        short = short_options(spec)
        tables.append((spec.id, spec.min_players, short))
        if spec.max_players != spec.min_players:
            tables.append((spec.id, spec.max_players, partnered(spec, spec.max_players, short)))
    return tables


#: The tables the search tests play.
SEARCH_GAMES = search_tables()


def rules_of(game_id: str) -> SearchRules:
    """The game's search rules, from its plug-in."""
    rules = get_game(game_id).search
    assert rules is not None, f"{game_id} has no search bot"
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
