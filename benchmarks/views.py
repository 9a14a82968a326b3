"""What a step costs in views: after each action the server writes every seat's view and the
spectators' in plain form (`Game.view`: the typed `SeatView` built by the rules, then written by
the codec). This times that, per game, over random-bot games on one core.

Usage: ``python benchmarks/views.py [--games N] [--steps S]``.
"""

from __future__ import annotations

import argparse
import time

from cardtable.engine import RandomBot, new_game

#: Each game at its largest table.
TABLES = (("chinese-ten", 4), ("thistle", 4), ("queen-of-scots", 4), ("trupe", 4), ("nobility", 3))


def time_views(game_id: str, players: int, games: int, steps: int) -> tuple[float, float]:
    """Microseconds to write all views of one step, and to build them typed only."""
    written = built = 0.0
    count = 0
    for seed in range(games):
        game = new_game(game_id, players, seed=seed)
        bots = [RandomBot(seat) for seat in range(players)]
        for _ in range(steps):
            if game.over:
                break
            viewers = [*range(players), None]
            start = time.perf_counter()
            for viewer in viewers:
                game.seat_view(viewer)
            middle = time.perf_counter()
            for viewer in viewers:
                game.view(viewer)
            written += time.perf_counter() - middle
            built += middle - start
            count += 1
            seat = game.actors[0]
            game.apply(seat, bots[seat].choose(None, game.legal(seat)))
    return written / count * 1e6, built / count * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per line")
    parser.add_argument("--steps", type=int, default=400, help="steps per game at most")
    args = parser.parse_args()
    print(f"{'game':<16}{'players':>8}{'µs a step, plain':>20}{'built typed':>18}")
    for game_id, players in TABLES:
        written, built = time_views(game_id, players, args.games, args.steps)
        print(f"{game_id:<16}{players:>8}{written:>20,.0f}{built:>18,.0f}")


if __name__ == "__main__":
    main()
