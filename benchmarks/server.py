"""Server throughput over real TCP: tables of network clients playing as fast as the rules allow.

A server and its clients run in this one process (one core), so every figure includes both
sides' work. Each table has `--players` ClientSessions that act with the random bot the moment
their view gives them legal actions. Prints actions per second and the latency from sending an
action to receiving the acting seat's new view (p50/p99). The load benchmark with separate
processes and hundreds of tables is `benchmarks/server_load.py`.

Every action is stored before it is told (see docs/server.md): ``--db file`` keeps the server's
database in a fresh file (the real cost: a committed transaction per batch), ``--db memory`` in
memory (the cost of everything else).

Usage: ``python benchmarks/server.py [--tables N…] [--players P] [--seconds S] [--db file|memory]``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.engine import RandomBot
from cardtable.protocol import TableStatus
from cardtable.server.app import serve
from cardtable.server.config import ServerConfig


async def play(
    session: ClientSession, bot: RandomBot, latencies: list[float], stop: trio.Event
) -> None:
    while not stop.is_set():
        await session.wait_for(lambda: session.legal or stop.is_set())
        if stop.is_set():
            return
        started = time.perf_counter()
        await session.act(bot.choose({}, session.legal))  # the new view arrives before the ok
        latencies.append(time.perf_counter() - started)


async def restart_finished(session: ClientSession, table: int, stop: trio.Event) -> None:
    """Deal the next game whenever one ends."""
    while not stop.is_set():
        await session.wait_for(
            lambda: (
                stop.is_set()
                or (session.table is not None and session.table.status is TableStatus.FINISHED)
            )
        )
        if not stop.is_set():
            await session.start(table)


async def bench(tables: int, players: int, seconds: float, db: str | None) -> None:
    latencies: list[float] = []
    stop = trio.Event()
    async with trio.open_nursery() as nursery:
        config = ServerConfig(
            host="127.0.0.1",
            port=0,
            bot_delay=0,
            max_tables_per_client=10_000,
            max_clients_per_address=None,
            action_rate=1e9,
            action_burst=10**9,
            request_rate=1e9,
            request_burst=10**9,
            db=db,
        )
        server = await nursery.start(serve, config)
        async with trio.open_nursery() as clients:
            sessions: list[ClientSession] = []

            async def seat(name: str, table: int, index: int, ready: trio.Event) -> None:
                async with connect("127.0.0.1", server.port, name) as session:
                    await session.sit(table, index)
                    sessions.append(session)
                    ready.set()
                    async with trio.open_nursery() as inner:
                        inner.start_soon(play, session, RandomBot(index), latencies, stop)
                        if index == 0:
                            inner.start_soon(restart_finished, session, table, stop)
                        await stop.wait()
                        inner.cancel_scope.cancel()

            async with connect("127.0.0.1", server.port, "host") as host:
                ids = [
                    (await host.create_table("chinese-ten", players, {"decks": 1})).table_id
                    for _ in range(tables)
                ]
                for number, table in enumerate(ids):
                    for index in range(players):
                        ready = trio.Event()
                        clients.start_soon(seat, f"p{number}-{index}", table, index, ready)
                        await ready.wait()
                for table in ids:
                    await host.start(table)
                started = time.perf_counter()
                await trio.sleep(seconds)
                stop.set()
                elapsed = time.perf_counter() - started
        server.stop()
    count = len(latencies)
    ordered = sorted(latencies)
    p50 = statistics.median(ordered) * 1000
    p99 = ordered[int(count * 0.99) - 1] * 1000
    print(
        f"{tables} tables × {players} players, db {'file' if db else 'memory'}: "
        f"{count / elapsed:,.0f} actions/s, "
        f"latency p50 {p50:.2f} ms, p99 {p99:.2f} ms ({count} actions in {elapsed:.1f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 50])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--db", choices=["file", "memory"], default="file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for tables in args.tables:
            db = str(Path(folder) / f"bench-{tables}.db") if args.db == "file" else None
            trio.run(bench, tables, args.players, args.seconds, db)


if __name__ == "__main__":
    main()
