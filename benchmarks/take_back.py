"""What a take-back costs: a take-back replays the game from its setup without the action, so it
costs most at the end of a long game. This plays whole games with each game's default bots
through `PlayedGame`, and times the last take-back that was allowed, and what recording each
action costs beside applying it.

Usage: ``python benchmarks/take_back.py [--games N]``.
"""

from __future__ import annotations

import argparse
import copy
import time

from cardtable.engine import get_game, new_game
from cardtable.engine.takeback import PlayedGame
from cardtable.wire.codec import to_wire

#: Long games: each game at a large table, the longest match where it has one.
GAMES = (
    ("chinese-ten", 4, {"rounds": 3}),
    ("thistle", 4, {}),
    ("trupe", 2, {}),
    ("nobility", 3, {"rubbers": 3}),
)


def measure(game_id: str, players: int, options: dict[str, object], seed: int) -> str:
    spec = get_game(game_id)
    played = PlayedGame(new_game(game_id, players, options, seed=seed))
    bots = [spec.bots[spec.default_bot](seed * 10 + seat) for seat in range(players)]
    applying = 0.0
    last: tuple[int, PlayedGame, int] | None = None
    while not played.game.over:
        game = played.game
        seat = game.actors[0]
        action = to_wire(bots[seat].choose(game.seat_view(seat), game.legal(seat)))
        start = time.perf_counter()
        played.apply(seat, action)
        applying += time.perf_counter() - start
        if played.can_take_back(seat):
            last = (len(played.steps), copy.deepcopy(played), seat)
    steps = len(played.steps)
    text = (
        f"{game_id} {players}p seed {seed}: {steps} actions, {applying / steps * 1e6:.0f} µs each"
    )
    if last is None:
        return text + "; no take-back allowed"
    at, trial, seat = last
    start = time.perf_counter()
    trial.take_back(seat)
    return text + f"; take-back at action {at}: {(time.perf_counter() - start) * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    for game_id, players, options in GAMES:
        for seed in range(args.games):
            print(measure(game_id, players, options, seed))


if __name__ == "__main__":
    main()
