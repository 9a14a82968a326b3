"""History under a flood: what clients reading history or paging through replays cost everyone
else.

Method. A real server process (`cardtable serve`, a database file in a fresh folder, bots at
delay 0 unless a table says otherwise) is given ``--games`` short finished games (Chinese Ten,
two server bots, one deck; 200 by default, so that a history page of 200 is full) and one long
one: Chinese Ten with four server bots, two decks, ``--rounds`` rounds (10 by default: its
replay is about 3 MB). A table then plays on and on: two server bots at a bot delay of 0.2 s,
watched by a spectator that counts its updates. A bystander pings the server every 50 ms. After
a quiet window, each flood runs for ``--seconds``: ``--flooders`` connections from one address
(in a process of their own) either ask for ``list_history`` (limit 200) as fast as they are
answered (the history flood), or page through the long game's replay from the first step to
the last, back to back (the replay flood).

A newcomer connects every half second and is greeted (it must always get its `welcome`).

Figures, for the quiet window and each flood: the bystander's ping round trip (p50, p95, max),
the other table's updates a second and as a share of the quiet rate, what the flooders got a
second (answers and bytes), the newcomers' longest wait for a welcome, and the server's memory
(VmRSS, highest seen) and CPU (% of one core).

Usage: ``python benchmarks/history_flood.py [--flood both|history|replay] [--flooders 24]
[--seconds 15] [--quiet 10] [--games 200]``.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def game_over(session: ClientSession, game_no: int) -> None:
    await session.wait_for(
        lambda: (
            session.game_no == game_no
            and session.view is not None
            and session.view["result"] is not None
        )
    )


async def whole_replay(session: ClientSession, game: int) -> int:
    """Page through a replay as a spectator; the bytes of steps received (roughly)."""
    page = await session.replay(game, None)
    received = len(repr(page.steps))
    start = len(page.steps)
    while getattr(page, "more", False):
        page = await session.replay(game, None, start)
        received += len(repr(page.steps))
        start += len(page.steps)
    return received


async def short_games(port: int, games: int) -> None:
    """`games` short games, played by server bots at eight tables at once."""

    async def table(number: int, count: int) -> None:
        async with connect(HOST, port, f"Dealer{number}") as dealer:
            made = await dealer.create_table("chinese-ten", 2, {"decks": 1}, {"bot_delay": 0.0})
            await dealer.add_bot(made.table_id, 0)
            await dealer.add_bot(made.table_id, 1)
            await dealer.spectate(made.table_id)
            for game_no in range(1, count + 1):
                await dealer.start(made.table_id)
                with trio.fail_after(120):
                    await game_over(dealer, game_no)

    async with trio.open_nursery() as nursery:
        for number in range(8):
            nursery.start_soon(table, number, games // 8 + (number < games % 8))


async def long_game(port: int, rounds: int) -> int:
    """Play the long game with four server bots; its id."""
    async with connect(HOST, port, "Setter") as setter:
        table = await setter.create_table(
            "chinese-ten", 4, {"decks": 2, "rounds": rounds}, {"bot_delay": 0.0}
        )
        for seat in range(4):
            await setter.add_bot(table.table_id, seat)
        await setter.spectate(table.table_id)
        await setter.start(table.table_id)
        with trio.fail_after(300):
            await game_over(setter, 1)
        history = await setter.history(1)
        return history.games[0].game_id


async def other_table(port: int, updates: list[float], stop: trio.Event) -> None:
    """Two bots playing on at another table; when each update reached its spectator."""
    async with connect(HOST, port, "Watcher") as watcher:
        table = await watcher.create_table("chinese-ten", 2, {"decks": 1}, {"bot_delay": 0.2})
        await watcher.add_bot(table.table_id, 0)
        await watcher.add_bot(table.table_id, 1)
        await watcher.spectate(table.table_id)
        watcher.on_message(
            lambda message: updates.append(time.monotonic()) if message.type == "update" else None
        )
        games = 0
        while not stop.is_set():
            games += 1
            await watcher.start(table.table_id)
            with trio.move_on_after(120):
                await game_over(watcher, games)


async def bystander(port: int, pings: list[tuple[float, float]], stop: trio.Event) -> None:
    """Ping every 50 ms: (when, round trip)."""
    async with connect(HOST, port, "Bystander") as session:
        while not stop.is_set():
            began = time.monotonic()
            await session.ping()
            pings.append((began, time.monotonic() - began))
            await trio.sleep(0.05)


async def newcomers(port: int, welcomes: list[tuple[float, float]], stop: trio.Event) -> None:
    """A new connection every half second, greeted and closed: (when, time to its welcome)."""
    number = 0
    while not stop.is_set():
        number += 1
        began = time.monotonic()
        async with connect(HOST, port, f"Newcomer{number}"):
            welcomes.append((began, time.monotonic() - began))
        await trio.sleep(0.5)


async def flood(port: int, kind: str, game: int, flooders: int, seconds: float) -> None:
    """`flooders` connections asking for `list_history` (limit 200) or replaying `game`, back to
    back; prints the answers and the bytes received."""
    received = [0, 0]
    deadline = time.monotonic() + seconds

    async def one(number: int) -> None:
        async with connect(HOST, port, f"Flood{number}") as session:
            while time.monotonic() < deadline:
                if kind == "history":
                    page = await session.history(200)
                    received[1] += len(repr(page.games))
                else:
                    received[1] += await whole_replay(session, game)
                received[0] += 1

    async with trio.open_nursery() as nursery:
        for number in range(flooders):
            nursery.start_soon(one, number)
    print(received[0], received[1], flush=True)


def window(
    pings: list[tuple[float, float]], updates: list[float], start: float, end: float
) -> dict[str, float]:
    rtts = sorted(rtt for when, rtt in pings if start <= when < end)
    count = sum(start <= when < end for when in updates)
    return {
        "ping_p50_ms": 1000 * statistics.median(rtts) if rtts else float("nan"),
        "ping_p95_ms": 1000 * rtts[int(0.95 * (len(rtts) - 1))] if rtts else float("nan"),
        "ping_max_ms": 1000 * rtts[-1] if rtts else float("nan"),
        "updates_per_s": count / (end - start),
    }


async def measure_flood(
    server_pid: int,
    args: argparse.Namespace,
    kind: str,
    port: int,
    game: int,
    pings: list[tuple[float, float]],
    updates: list[float],
) -> dict[str, float]:
    """One flood of `kind` from a process of its own; its figures."""
    flooder = await trio.lowlevel.open_process(
        [sys.executable, __file__, "--flood-only", kind, str(port), str(game),
         str(args.flooders), str(args.seconds)],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    start, cpu_before = time.monotonic(), cpu_seconds(server_pid)
    peak = 0
    while flooder.poll() is None:
        peak = max(peak, rss_kb(server_pid))
        await trio.sleep(0.25)
    end, cpu_after = time.monotonic(), cpu_seconds(server_pid)
    assert flooder.stdout is not None
    answers, received = (await flooder.stdout.receive_some()).decode().split()[-2:]
    row = window(pings, updates, start, end)
    row["server_cpu_pct"] = 100 * (cpu_after - cpu_before) / (end - start)
    row["server_rss_mb"] = peak / 1024
    row["answers_per_s"] = int(answers) / (end - start)
    row["mb_per_s"] = int(received) / 1e6 / (end - start)
    row["start"], row["end"] = start, end
    return row


def slowest(welcomes: list[tuple[float, float]], start: float, end: float) -> float:
    """The longest wait for a welcome among the newcomers of a window, in ms."""
    return 1000 * max((took for when, took in welcomes if start <= when < end), default=0.0)


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="cardtable-flood-"))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--host", HOST, "--port", str(port),
         "--db", str(folder / "server.db"), "--bot-delay", "0", "--max-per-address", "0",
         "--no-announce"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        with trio.fail_after(20):
            while True:
                try:
                    await (await trio.open_tcp_stream(HOST, port)).aclose()
                    break
                except OSError:
                    await trio.sleep(0.1)
        await short_games(port, args.games)
        game = await long_game(port, args.rounds)
        async with connect(HOST, port, "Sizer") as sizer:
            began = time.monotonic()
            size = await whole_replay(sizer, game)
            print(f"the long game: replay of about {size / 1e6:.2f} MB, read in "
                  f"{time.monotonic() - began:.2f} s by one client; "
                  f"{args.games + 1} games stored")  # fmt: skip
        pings: list[tuple[float, float]] = []
        updates: list[float] = []
        welcomes: list[tuple[float, float]] = []
        stop = trio.Event()
        figures: dict[str, dict[str, float]] = {}
        kinds = ["history", "replay"] if args.flood == "both" else [args.flood]
        async with trio.open_nursery() as nursery:
            nursery.start_soon(other_table, port, updates, stop)
            nursery.start_soon(bystander, port, pings, stop)
            nursery.start_soon(newcomers, port, welcomes, stop)
            await trio.sleep(2)
            quiet_start, cpu0 = time.monotonic(), cpu_seconds(server.pid)
            peak = rss_kb(server.pid)
            await trio.sleep(args.quiet)
            quiet_end, cpu1 = time.monotonic(), cpu_seconds(server.pid)
            figures["quiet"] = window(pings, updates, quiet_start, quiet_end)
            figures["quiet"]["server_cpu_pct"] = 100 * (cpu1 - cpu0) / (quiet_end - quiet_start)
            figures["quiet"]["server_rss_mb"] = max(peak, rss_kb(server.pid)) / 1024
            figures["quiet"]["welcome_max_ms"] = slowest(welcomes, quiet_start, quiet_end)
            for kind in kinds:
                figures[kind] = await measure_flood(
                    server.pid, args, kind, port, game, pings, updates
                )
                row = figures[kind]
                row["welcome_max_ms"] = slowest(welcomes, row["start"], row["end"])
                await trio.sleep(2)  # the last answers drain before the next window
            stop.set()
            nursery.cancel_scope.cancel()
        quiet_rate = figures["quiet"]["updates_per_s"]
        print(f"{args.flooders} flooders from one address for {args.seconds:g} s each; "
              f"quiet window {args.quiet:g} s")  # fmt: skip
        print(f"{'':8} {'ping p50':>9} {'p95':>9} {'max':>9} {'updates/s':>10} {'of quiet':>9} "
              f"{'server CPU':>11} {'RSS MB':>7} {'answers/s':>10} {'MB/s':>6} "
              f"{'welcome max':>12}")  # fmt: skip
        for name, row in figures.items():
            print(
                f"{name:8} {row['ping_p50_ms']:7.1f}ms {row['ping_p95_ms']:7.1f}ms "
                f"{row['ping_max_ms']:7.1f}ms {row['updates_per_s']:10.2f} "
                f"{100 * row['updates_per_s'] / quiet_rate:8.0f}% "
                f"{row['server_cpu_pct']:10.0f}% {row['server_rss_mb']:7.0f} "
                f"{row.get('answers_per_s', 0.0):10.1f} {row.get('mb_per_s', 0.0):6.2f} "
                f"{row['welcome_max_ms']:10.1f}ms"
            )
    finally:
        server.terminate()
        server.wait(10)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--flood-only":
        kind, port, game, flooders, seconds = sys.argv[2:7]
        trio.run(flood, int(port), kind, int(game), int(flooders), float(seconds))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flood", choices=("both", "history", "replay"), default="both")
    parser.add_argument("--flooders", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--quiet", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=10)
    args: Any = parser.parse_args()
    trio.run(run, args)


if __name__ == "__main__":
    main()
