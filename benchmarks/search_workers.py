"""Do the search bots' worker processes stay the same size over many searches?

    python benchmarks/search_workers.py [--moves 2000] [--think 0.02] [--every 250]

The server's search bots think in a pool of worker processes that lives as long as the server
(`cardtable.server.bots.thinking`). This plays games of every game with search bots, one after
another, every move thought about in that pool exactly as the server asks for one (`think`:
the seat's view, its legal actions and the events it heard), and prints the resident memory
(VmRSS) of each worker and of this process every `--every` moves. A pool that kept anything
per search would grow with the moves; one that keeps nothing levels off after its first games.
"""

from __future__ import annotations

import argparse
import itertools
import os
from pathlib import Path

import trio

from cardtable.engine import all_games, new_game
from cardtable.engine.search import SearchBot, heard_by
from cardtable.server.bots import thinking as bot_thinking


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def worker_pids() -> list[int]:
    pool = bot_thinking._the_pool()
    return sorted(process.pid for process in pool._pool)  # type: ignore[attr-defined]


async def main(args: argparse.Namespace) -> None:
    games = [spec for spec in all_games() if "search" in spec.bots]
    moves = 0
    print("| moves | games | worker MB | this process MB |")
    print("|---|---|---|---|")
    try:
        for number in itertools.count():
            spec = games[number % len(games)]
            game = new_game(spec.id, spec.min_players, {}, seed=number)
            log = list(game.opening_events)  # (the table's log of the game, as the server keeps)
            while not game.over and moves < args.moves:
                seat = next((s for s in range(game.seats) if game.answers(s)), game.actors[0])
                legal = game.answers(seat) or game.legal(seat)
                bot = spec.bots["search"](moves)
                assert isinstance(bot, SearchBot)
                history = heard_by(log, seat)
                view = game.seat_view(seat)
                log += game.apply(
                    seat, await bot_thinking.think(bot, view, legal, history, args.think)
                )
                moves += 1
                if moves % args.every == 0:
                    workers = ", ".join(f"{rss_mb(pid):.1f}" for pid in worker_pids())
                    print(
                        f"| {moves} | {number + 1} | {workers} | {rss_mb(os.getpid()):.1f} |",
                        flush=True,
                    )
            if moves >= args.moves:
                return
    finally:
        bot_thinking.stop_thinking()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--think", type=float, default=0.02, help="seconds a move")
    parser.add_argument("--every", type=int, default=250)
    trio.run(main, parser.parse_args())
