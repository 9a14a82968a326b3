"""How long does a hint take to come back, on a real server?

    python benchmarks/hints.py [--hints 30] [--busy 0] [--games chinese-ten,thistle,...]

Starts a server on loopback (in memory, no database), and for each game with a search bot
opens an unrated table with one player and bots of kind ``random`` (quick, so the hints are
what the worker pool does), asks for a hint at each of the player's turns (`hint`, then the
`suggestion` pushed) and plays the suggested action. Prints each game's latency, request to
suggestion, as p50, p99 and max over `--hints` hints. The first hint also starts the worker
pool; it is reported apart (``first``). `--busy N` keeps N more tables of search bots playing
each other meanwhile (at the default 0.5 s a move), so the hints share the pool's workers with
them, as on a busy server.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.engine import all_games
from cardtable.server.app import serve
from cardtable.server.bots.thinking import stop_thinking
from cardtable.server.config import ServerConfig

HOST = "127.0.0.1"


async def hints_at_a_table(player: ClientSession, game: str, count: int) -> list[float]:
    """`count` hints' latencies in seconds at a new table of `game` (games dealt anew as
    needed)."""
    spec = next(spec for spec in all_games() if spec.id == game)
    latencies: list[float] = []
    while len(latencies) < count:
        table = await player.create_table(
            game, spec.min_players, {}, {"rated": False, "bot_delay": 0}
        )
        tid = int(table.table_id)
        await player.sit(tid, 0)
        for seat in range(1, spec.min_players):
            await player.add_bot(tid, seat, "random")
        await player.start(tid)
        while len(latencies) < count:
            await player.wait_for(lambda: bool(player.legal) or finished(player))
            if finished(player):
                break
            player.suggestion = None
            started = time.perf_counter()
            await player.hint()
            await player.wait_for(lambda: player.suggestion is not None)
            latencies.append(time.perf_counter() - started)
            assert player.suggestion is not None
            action = player.suggestion.action
            await player.act(action if action in player.legal else player.legal[0])
        await player.leave()
    return latencies


def finished(session: ClientSession) -> bool:
    view: dict[str, Any] | None = session.view
    return view is not None and view.get("result") is not None


async def busy_table(port: int, number: int) -> None:
    """A table of search bots playing each other until cancelled."""
    async with connect(HOST, port, f"Busy{number}") as owner:
        while True:
            table = await owner.create_table("thistle", 2, {}, {"rated": False, "bot_delay": 0})
            tid = int(table.table_id)
            for seat in range(2):
                await owner.add_bot(tid, seat, "hard")
            await owner.start(tid)
            await owner.spectate(tid)
            await owner.wait_for(lambda: finished(owner))
            await owner.leave()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def main(args: argparse.Namespace) -> None:
    config = ServerConfig(host=HOST, port=0, bot_delay=0.0, action_burst=10**6, request_burst=10**6)
    games = args.games.split(",") if args.games else [s.id for s in all_games() if s.search]
    try:
        async with trio.open_nursery() as nursery:
            running = await nursery.start(serve, config)
            for number in range(args.busy):
                nursery.start_soon(busy_table, running.port, number)
            async with connect(HOST, running.port, "Ada") as ada:
                first = (await hints_at_a_table(ada, games[0], 1))[0]
                print(f"first hint (starts the worker pool): {first:.2f} s")
                print(f"busy tables of search bots: {args.busy}\n")
                print("| game | hints | p50 s | p99 s | max s |")
                print("|---|---|---|---|---|")
                for game in games:
                    latencies = await hints_at_a_table(ada, game, args.hints)
                    print(
                        f"| {game} | {len(latencies)} | {statistics.median(latencies):.2f} "
                        f"| {percentile(latencies, 0.99):.2f} | {max(latencies):.2f} |",
                        flush=True,
                    )
            running.stop()
            nursery.cancel_scope.cancel()
    finally:
        stop_thinking()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hints", type=int, default=30, help="hints per game")
    parser.add_argument("--busy", type=int, default=0, help="tables of search bots meanwhile")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    trio.run(main, parser.parse_args())
