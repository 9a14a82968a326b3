"""The terminal client over an evening: does `cardtable join` stay the same size while it
watches bots play game after game?

    python benchmarks/client_memory.py [--minutes 30] [--interval 10] [--warm-up 3]
        [--bot-delay 0.05] [--game chinese-ten] [--seed 1] [--players 2] [--size 80x24]

It starts a real server (`cardtable serve --port 0 --seed SEED`, on a file in a temporary
folder: the same deals run after run, so as many games end in the same span), and a
creator session in this process opens a table with a bot in every seat, watches it, and starts
each game again once it ends. Then it runs the real `cardtable join 127.0.0.1:PORT` in a pseudo-
terminal of `--size`, waits for the lobby to list the table and presses `w` to watch it, as a
person would. Every `--interval` seconds it samples the join process's resident memory (VmRSS in
/proc) and its CPU time, and prints them with the updates and games so far. At the end it prints
the growth after the warm-up (`--warm-up` minutes): from the first sample after it to the last,
and the slope of a straight line fitted through those samples, in MB a minute; and the CPU per
update: the join process's CPU time over the same span, divided by the updates the table sent
in it (the watcher hears every one of them).

The terminal's output is read all along (a terminal that is not read stops the app), and
thrown away. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import platform
import pty
import re
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.protocol import TableStatus, Update

ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|[()][0-9A-Z]|[=>78])")
CTRL_Q = b"\x11"
PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")
MB = 1024 * 1024


@dataclass
class Sample:
    seconds: float
    rss: int  # bytes
    cpu: float  # seconds of CPU used so far (user + system)
    updates: int
    games: int


def rss_of(pid: int) -> int:
    """Resident memory of `pid`, in bytes."""
    with open(f"/proc/{pid}/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def cpu_of(pid: int) -> float:
    """CPU seconds `pid` has used (user and system)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class Terminal:
    """`cardtable ARGS…` on a pseudo-terminal; what it writes is read and kept only in part."""

    def __init__(self, args: list[str], size: tuple[int, int], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=dict(env, TERM="xterm-256color"),
            close_fds=True,
        )
        os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self.tail = b""  # the latest output, for looking for words in

    async def read_forever(self) -> None:
        while True:
            await trio.lowlevel.wait_readable(self.master)
            try:
                data = os.read(self.master, 65536)
            except BlockingIOError:
                continue
            except OSError:  # the child closed its side
                return
            if not data:
                return
            self.tail = (self.tail + data)[-65536:]

    async def expect(self, text: bytes, timeout: float = 30) -> None:
        with trio.fail_after(timeout):
            while text not in ESCAPES.sub(b"", self.tail):
                if self.process.poll() is not None:
                    raise RuntimeError(f"cardtable join exited: {self.tail[-800:]!r}")
                await trio.sleep(0.1)

    def type(self, keys: bytes) -> None:
        os.write(self.master, keys)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


class Creator:
    """The table's creator: opens it with bots, watches it, starts each game again."""

    def __init__(self, game: str, players: int, bot_delay: float) -> None:
        self.game, self.players, self.bot_delay = game, players, bot_delay
        self.updates = 0
        self.games = 0
        self.table = 0

    def heard(self, message: Any) -> None:
        if isinstance(message, Update):
            self.updates += 1

    async def run(self, port: int, task_status: Any = trio.TASK_STATUS_IGNORED) -> None:
        async with connect("127.0.0.1", port, "Host", on_message=self.heard) as session:
            summary = await session.create_table(
                self.game, self.players, settings={"bot_delay": self.bot_delay}
            )
            self.table = summary.table_id
            for seat in range(self.players):
                await session.add_bot(self.table, seat)
            await session.spectate(self.table)
            task_status.started()
            while True:
                await self.start(session)
                await session.wait_for(lambda: self.status(session) is not TableStatus.PLAYING)

    async def start(self, session: ClientSession) -> None:
        await session.start(self.table)
        await session.wait_for(lambda: self.status(session) is TableStatus.PLAYING)
        self.games += 1

    def status(self, session: ClientSession) -> TableStatus:
        return session.tables[self.table].status

    def watchers(self, session: ClientSession) -> int:
        return session.tables[self.table].spectators


async def start_server(
    folder: Path, bot_delay: float, seed: int
) -> tuple[subprocess.Popen[bytes], int]:
    """`cardtable serve` on a free port, its shuffles fixed by `seed`; returns the process and
    the port."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardtable",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            str(folder / "server.db"),
            "--bot-delay",
            str(bot_delay),
            "--seed",
            str(seed),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert server.stdout is not None
    with trio.fail_after(20):
        line = await trio.to_thread.run_sync(server.stdout.readline)
    found = re.search(rb"listening on port (\d+)", line)
    if found is None:
        server.kill()
        raise RuntimeError(f"the server said {line!r}")
    return server, int(found.group(1))


def slope(samples: list[Sample]) -> float:
    """MB a minute of a least-squares line through the samples' RSS."""
    if len(samples) < 2:
        return 0.0
    xs = [sample.seconds / 60 for sample in samples]
    ys = [sample.rss / MB for sample in samples]
    mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / spread


def per_update(cpu: float, updates: int) -> float:
    """Milliseconds of CPU for each update (0 when there were none)."""
    return 1000 * cpu / updates if updates else 0.0


def report(samples: list[Sample], warm_up: float) -> None:
    settled = [sample for sample in samples if sample.seconds >= warm_up * 60]
    first, last = samples[0], samples[-1]
    print()
    print(f"RSS: {first.rss / MB:.1f} MB at the start, {last.rss / MB:.1f} MB at the end")
    print(f"updates: {last.updates} in {last.seconds / 60:.1f} min, games: {last.games}")
    if len(settled) >= 2:
        growth = (settled[-1].rss - settled[0].rss) / MB
        minutes = (settled[-1].seconds - settled[0].seconds) / 60
        low = min(sample.rss for sample in settled) / MB
        high = max(sample.rss for sample in settled) / MB
        print(
            f"after the warm-up ({warm_up:g} min): {growth:+.1f} MB in {minutes:.1f} min "
            f"(range {low:.1f}–{high:.1f} MB), fitted slope {slope(settled):+.2f} MB/min"
        )
        cpu = settled[-1].cpu - settled[0].cpu
        updates = settled[-1].updates - settled[0].updates
        print(
            f"CPU per update after the warm-up: {per_update(cpu, updates):.1f} ms "
            f"({cpu:.1f} s of CPU for {updates} updates)"
        )
    else:
        print("not enough samples after the warm-up to say")


async def measure(args: argparse.Namespace) -> None:
    size = tuple(int(part) for part in args.size.split("x"))
    assert len(size) == 2
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        server, port = await start_server(folder, args.bot_delay, args.seed)
        creator = Creator(args.game, args.players, args.bot_delay)
        terminal: Terminal | None = None
        try:
            async with trio.open_nursery() as nursery:
                await nursery.start(creator.run, port)
                env = dict(os.environ, CARDTABLE_DATA=str(folder / "data"))
                terminal = Terminal(
                    ["join", f"127.0.0.1:{port}", "--name", "Watcher"], (size[0], size[1]), env
                )
                nursery.start_soon(terminal.read_forever)
                await terminal.expect(b"playing")  # the lobby lists the table, selected
                terminal.type(b"w")
                await terminal.expect(b"watching")
                pid = terminal.process.pid
                print(
                    f"cardtable join (pid {pid}) watches table {creator.table}: {args.game}, "
                    f"{args.players} bots, bot delay {args.bot_delay} s, {args.size}"
                )
                print(
                    f"{'min':>6} {'RSS MB':>8} {'CPU %':>6} {'ms/upd':>6} {'updates':>8} "
                    f"{'games':>6}"
                )
                samples: list[Sample] = []
                began = time.monotonic()
                cpu_before, at_before, updates_before = cpu_of(pid), began, creator.updates
                while True:
                    if terminal.process.poll() is not None:
                        shown = ESCAPES.sub(b"", terminal.tail)[-600:].decode(errors="replace")
                        print(f"cardtable join exited ({terminal.process.returncode}): {shown!r}")
                        break
                    now = time.monotonic()
                    cpu = cpu_of(pid)
                    sample = Sample(now - began, rss_of(pid), cpu, creator.updates, creator.games)
                    samples.append(sample)
                    share = 100 * (cpu - cpu_before) / max(now - at_before, 1e-9)
                    each = per_update(cpu - cpu_before, sample.updates - updates_before)
                    cpu_before, at_before, updates_before = cpu, now, sample.updates
                    print(
                        f"{sample.seconds / 60:6.1f} {sample.rss / MB:8.1f} {share:6.1f} "
                        f"{each:6.1f} {sample.updates:8d} {sample.games:6d}",
                        flush=True,
                    )
                    if sample.seconds >= args.minutes * 60:
                        break
                    await trio.sleep(args.interval)
                report(samples, args.warm_up)
                if terminal.process.poll() is None:
                    terminal.type(CTRL_Q)  # watching: the app quits without asking
                with trio.move_on_after(10):
                    while terminal.process.poll() is None:
                        await trio.sleep(0.1)
                nursery.cancel_scope.cancel()
        finally:
            if terminal is not None:
                terminal.close()
            server.terminate()
            server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30, help="how long to watch (30)")
    parser.add_argument("--interval", type=float, default=10, help="seconds between samples (10)")
    parser.add_argument(
        "--warm-up", type=float, default=3, help="minutes left out of the growth (3)"
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.05, help="seconds a bot waits to act (0.05)"
    )
    parser.add_argument("--game", default="chinese-ten", help="the game (chinese-ten)")
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        help="the server's seed: the same deals, so as many games ends, run after run (1)",
    )
    parser.add_argument("--players", type=int, default=2, help="bots at the table (2)")
    parser.add_argument("--size", default="80x24", help="the terminal, COLUMNSxROWS (80x24)")
    args = parser.parse_args()
    print(
        f"{platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.platform()}"
    )
    trio.run(measure, args)


if __name__ == "__main__":
    main()
