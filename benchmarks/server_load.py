"""Server under load: a real server process, and bot clients in other processes playing games.

Method. Each point of the series (``--tables``) starts a fresh server process
(`serve_until_signalled`, stopped with SIGTERM) with a database file in a fresh folder
(``--db memory``: none), bots at delay 0 and its limits opened for the load (connections,
rates). ``--client-procs`` worker processes (see `load_client.py`) then open ``--players``
connections a table, each a cheap client speaking frames of msgpack with no checks: one
creates the table (Chinese Ten with one deck by default, ``--game``/``--options``), all sit, one
starts, and from then on every client acts the moment its own update lists legal actions, with a
uniformly random choice; a finished game is dealt again at once. ``--rate R`` paces each table
to about R actions a second instead (each action waits for its table's next slot), to measure
latency at a given offered load.

Figures, over a steady window of ``--seconds`` after ``--warmup``:

* actions/s: `ok` replies to actions that arrived in the window;
* latency: from sending an action to receiving the acting seat's next update (p50, p99, max);
* server memory (VmRSS from /proc): after start (baseline), once every client is connected and
  seated but no game is dealt (per client: the difference over the clients), and at its highest
  during play (per table: the difference from the seated figure over the tables); and VmHWM;
* CPU (utime + stime from /proc, all threads) of the server and of the clients, as % of one
  core: the machine's two cores are shared by both, so this says how much the server got;
* progress: when each table's updates reached its seat 0, so a table that stalled shows.

Little's law: with T tables each waiting on one seat at a time, a saturated run has mean latency
of about T / throughput, so low latency at 250 tables needs a very fast server or ``--rate``.

``--hostile`` adds a second window, with ``--hostile-procs`` processes of hostile clients as
well: clients that watch a table or the lobby and then stop reading (the server should drop
them once their queue is full), clients that connect and drop in the middle of a frame, over and
over, and players at tables of their own (against a server bot) who drop and resume their seat
with its token in a loop. It reports the honest clients' figures with and without them, which
non-readers the server dropped and when (from its log), and that no game was lost: every
table kept moving (longest pause between updates, against ``--stall``), every resume found its
seat, and the server still answers a new client at the end.

The server's garbage collections are timed (`gc.callbacks`): a full collection stops the server,
so it shows as a latency spike. By default the server tunes its collector itself
(`ServerConfig.gc_thresholds`); ``--gc off`` or ``--gc 700,10,10`` (Python's own thresholds) try
others.

``--profile FILE`` profiles the server with cProfile over the (clean) measured window, in CPU
time of its trio thread (SQLite works in a worker thread; time the machine gave to other
processes does not count), and prints the 25 functions with the most time of their own and their
share of the whole. cProfile counts each resumption of a coroutine as a call.

Usage: ``python benchmarks/server_load.py [--tables N…] [--seconds S] [--rate R] [--hostile]``;
``--tables 10 --seconds 5`` is a quick smoke run.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import gc
import itertools
import json
import logging
import multiprocessing
import os
import pstats
import re
import signal
import socket
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from multiprocessing.connection import Connection as Pipe
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

import msgpack
import trio
from load_client import (
    HOST,
    HonestPlan,
    HonestResults,
    HostilePlan,
    HostileResults,
    frame,
    hello,
    honest_main,
    hostile_main,
)
from relay_floor import run_relay

from cardtable.protocol.framing import SERVER_FRAME_LIMIT, FrameDecoder
from cardtable.server.app import RunningServer, serve_until_signalled
from cardtable.server.config import ServerConfig

CONTEXT = multiprocessing.get_context("spawn")
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
LOG_FORMAT = "%(asctime)s %(levelname)s %(message)s"


# -- the server process ------------------------------------------------------------------------


def server_config(db: str | None, collector: str = "default") -> ServerConfig:
    """The server's settings for the load: bots at once, limits out of the way."""
    wanted: dict[str, Any] = {
        "host": HOST,
        "port": 0,
        "db": db,
        "bot_delay": 0,
        "max_clients": 5000,
        "max_clients_per_address": None,
        "max_tables_per_client": 10_000,
        "action_rate": 1e9,
        "action_burst": 10**9,
        "request_rate": 1e9,
        "request_burst": 10**9,
    }
    if collector != "default":  # the benchmark sets the collector itself
        wanted["gc_thresholds"] = None
    known = {item.name for item in dataclasses.fields(ServerConfig)}
    return ServerConfig(**{name: value for name, value in wanted.items() if name in known})


def run_server(
    db: str | None, log_path: str, profile_path: str | None, collector: str, pipe: Pipe
) -> None:
    """The server process: serve until SIGTERM, telling `pipe` the port once listening.
    `collector` sets the garbage collector: "default", "off", or thresholds "700,10,10"."""
    logging.basicConfig(filename=log_path, level=logging.INFO, format=LOG_FORMAT)
    if collector == "off":
        gc.disable()
    elif collector != "default":
        gc.set_threshold(*(int(part) for part in collector.split(",")))

    def ready(server: RunningServer) -> None:
        pipe.send(server.port)

    if profile_path is not None:  # SIGUSR1 starts profiling, SIGUSR2 stops it and saves it
        profiler = cProfile.Profile(time.thread_time)  # CPU time: other processes do not count

        def begin(signum: int, frame: Any) -> None:
            profiler.enable()

        def end(signum: int, frame: Any) -> None:
            profiler.disable()
            profiler.dump_stats(profile_path)

        signal.signal(signal.SIGUSR1, begin)
        signal.signal(signal.SIGUSR2, end)
    pauses = GarbagePauses()
    gc.callbacks.append(pauses.observe)
    try:
        trio.run(serve_until_signalled, server_config(db, collector), ready)
    finally:
        Path(f"{log_path}.gc.json").write_text(json.dumps(pauses.collections))


class GarbagePauses:
    """When each garbage collection of the server started, its generation and how long it took:
    a collection stops everything, so a long one is a latency spike."""

    def __init__(self) -> None:
        self.collections: list[tuple[float, int, float]] = []
        self._started = 0.0

    def observe(self, phase: str, info: dict[str, int]) -> None:
        now = time.monotonic()
        if phase == "start":
            self._started = now
        else:
            self.collections.append((self._started, info["generation"], now - self._started))


def memory_kb(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of a process, in KB."""
    figures = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            figures[key] = int(value.split()[0])
    return figures


def cpu_seconds(pid: int, thread: int | None = None) -> tuple[float, float]:
    """User and system CPU time so far of a process (all its threads), or of one thread."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    fields = Path(path).read_text().rpartition(")")[2].split()
    return int(fields[11]) / CLOCK_TICKS, int(fields[12]) / CLOCK_TICKS


def machine_busy_seconds() -> float:
    """CPU time the whole machine has spent busy (every core, every process) so far."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(int, fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS


def probe(port: int) -> float:
    """Seconds for a new client to be welcomed and answered a ping."""
    started = time.monotonic()
    decoder = FrameDecoder(SERVER_FRAME_LIMIT)
    with socket.create_connection((HOST, port), timeout=10) as sock:
        sock.sendall(frame(hello("probe")))
        wanted = "welcome"
        while True:
            data = sock.recv(65536)
            if not data:
                raise ConnectionError("the server closed the probe's connection")
            for payload in decoder.feed(data):
                message = msgpack.unpackb(payload, raw=False)
                if message["type"] == "error":
                    raise ConnectionError(f"the server refused the probe: {message['code']}")
                if message["type"] == wanted == "welcome":
                    sock.sendall(frame({"type": "ping", "rid": 1}))
                    wanted = "pong"
                elif message["type"] == wanted == "pong":
                    return time.monotonic() - started


# -- measuring -----------------------------------------------------------------------------------


class Window:
    """A stretch of the run: its times, CPU and the server's memory in it."""

    def __init__(self, server: int, clients: Sequence[int], hostile: Sequence[int] = ()) -> None:
        self.server, self.clients, self.hostile = server, clients, hostile
        self.start = time.monotonic()
        self.cpu = self._cpu()
        self.rss_peak = 0
        self.end = self.start

    def _cpu(self) -> dict[str, float]:
        """CPU seconds so far: the server's (in all, user, system, its main thread), the
        honest and the hostile clients', and the whole machine's."""
        user, system = cpu_seconds(self.server)
        return {
            "server": user + system,
            "server_user": user,
            "server_system": system,
            "server_main_thread": sum(cpu_seconds(self.server, self.server)),
            "clients": sum(sum(cpu_seconds(pid)) for pid in self.clients),
            "hostile": sum(sum(cpu_seconds(pid)) for pid in self.hostile),
            "machine": machine_busy_seconds(),
        }

    def run(self, seconds: float) -> None:
        """Sample the server's memory until `seconds` have passed."""
        deadline = self.start + seconds
        while (now := time.monotonic()) < deadline:
            self.rss_peak = max(self.rss_peak, memory_kb(self.server)["VmRSS"])
            time.sleep(min(0.25, deadline - now))
        self.end = time.monotonic()
        after = self._cpu()
        self.cpu = {name: after[name] - self.cpu[name] for name in after}
        ours = self.cpu["server"] + self.cpu["clients"] + self.cpu["hostile"]
        self.cpu["others"] = self.cpu.pop("machine") - ours

    @property
    def seconds(self) -> float:
        return self.end - self.start

    def figures(
        self, honest: list[HonestResults], collections: list[tuple[float, int, float]]
    ) -> dict[str, Any]:
        """Throughput, latency and CPU of the honest clients in this window, and the server's
        garbage collections (`GarbagePauses`)."""
        acks = sum(1 for part in honest for when in part.acks if self.start <= when < self.end)
        latencies = [
            latency
            for part in honest
            for sent, latency in zip(part.sent, part.latency, strict=True)
            if self.start <= sent < self.end
        ]
        spread = spread_ms(latencies)
        return {
            "seconds": round(self.seconds, 2),
            "actions_per_s": acks / self.seconds,
            "server_cpu_us_per_action": 1e6 * self.cpu["server"] / acks if acks else None,
            "latency_samples": len(latencies),
            "p50_ms": spread.get("p50"),
            "p99_ms": spread.get("p99"),
            "max_ms": spread.get("max"),
            "mean_ms": statistics.fmean(latencies) * 1000 if latencies else None,
            **{f"{name}_cpu_pct": 100 * value / self.seconds for name, value in self.cpu.items()},
            "rss_peak_kb": self.rss_peak,
            "gc": garbage(collections, self.start, self.end),
        }


def garbage(
    collections: list[tuple[float, int, float]], start: float, end: float
) -> dict[str, Any]:
    """The server's garbage collections between `start` and `end`, by generation: how many,
    their time in all and the longest, in ms."""
    found: dict[str, Any] = {}
    for generation in (0, 1, 2):
        pauses = [
            took for when, gen, took in collections if gen == generation and start <= when < end
        ]
        found[f"gen{generation}"] = {
            "count": len(pauses),
            "total_ms": round(sum(pauses) * 1000, 1),
            "longest_ms": round(max(pauses, default=0) * 1000, 1),
        }
    return found


def progress(honest: list[HonestResults], start: float, end: float) -> dict[str, Any]:
    """How each table moved between `start` and `end`: its longest pause and its actions."""
    gaps: dict[int, float] = {}
    moves: dict[int, int] = {}
    for part in honest:
        for table, times in part.progress.items():
            inside = [when for when in times if start <= when <= end]
            edges = [start, *inside, end]
            gaps[table] = max(later - earlier for earlier, later in itertools.pairwise(edges))
            moves[table] = len(inside)
    return {"gaps": gaps, "moves": moves}


def read_log(path: Path) -> dict[str, Any]:
    """What the server's log says: lines by level, errors, who it dropped for not reading."""
    levels: Counter[str] = Counter()
    problems: list[str] = []
    connected: dict[str, datetime] = {}
    not_reading: dict[str, float] = {}
    pattern = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) (\w+) (.*)$")
    tracebacks = 0
    for line in path.read_text(errors="replace").splitlines():
        match = pattern.match(line)
        if match is None:
            tracebacks += line.startswith("Traceback")
            continue
        stamp, level, text = match.groups()
        levels[level] += 1
        when = datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f")
        if text.endswith(" connected"):
            connected[text.removesuffix(" connected")] = when
        elif (found := re.match(r"<Client (.*)> is not reading", text)) is not None:
            name = found.group(1)
            since = connected.get(name)
            not_reading[name] = (when - since).total_seconds() if since else float("nan")
        elif level in ("WARNING", "ERROR", "CRITICAL"):
            problems.append(line)
    return {
        "levels": dict(levels),
        "tracebacks": tracebacks,
        "not_reading": not_reading,
        "problems": problems,
    }


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


# -- one point of the series ---------------------------------------------------------------------


def shares(total: int, parts: int) -> list[int]:
    return [count for part in range(parts) if (count := total // parts + (part < total % parts))]


def receive_all(pipes: Sequence[Pipe], kind: str, timeout: float) -> list[Any]:
    """Each pipe's next message, which must be `kind`; its payloads in order."""
    found: dict[int, Any] = {}
    deadline = time.monotonic() + timeout
    while len(found) < len(pipes):
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"{len(pipes) - len(found)} workers sent no {kind!r} in time")
        for pipe in wait([pipe for pipe in pipes if id(pipe) not in found], left):
            assert isinstance(pipe, Pipe)
            got, payload = pipe.recv()
            if got != kind:
                raise RuntimeError(f"a worker sent {got!r} ({payload}), not {kind!r}")
            found[id(pipe)] = payload
    return [found[id(pipe)] for pipe in pipes]


def measure(
    tables: int, args: argparse.Namespace, folder: Path, *, relay: bool = False
) -> dict[str, Any]:
    """One point of the series, with its own server (with `relay`, the floor: `relay_floor.py`
    in cardtable's place); every process it starts ends with it."""
    processes: list[multiprocessing.process.BaseProcess] = []
    try:
        return _measure(tables, args, folder, processes, relay)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
                process.join(10)


def _measure(
    tables: int,
    args: argparse.Namespace,
    folder: Path,
    processes: list[multiprocessing.process.BaseProcess],
    relay: bool,
) -> dict[str, Any]:
    label = f"{tables}t{'-relay' if relay else ''}"
    db = str(folder / f"{label}.db") if args.db == "file" else None
    log_path = folder / f"{label}.log"
    profile_path = None
    if args.profile and not relay:
        profile_path = args.profile if len(args.tables) == 1 else f"{args.profile}.{label}"
    ours, theirs = CONTEXT.Pipe()
    if relay:
        log_path.touch()  # (the relay logs nothing)
        server = CONTEXT.Process(target=run_relay, args=(theirs,), name="relay", daemon=True)
    else:
        server = CONTEXT.Process(
            target=run_server,
            args=(db, str(log_path), profile_path, args.gc, theirs),
            name="server",
            daemon=True,
        )
    processes.append(server)
    server.start()
    if not ours.poll(60):
        raise RuntimeError(f"the server did not start; see {log_path}")
    port = ours.recv()
    assert server.pid is not None
    time.sleep(0.5)
    baseline = memory_kb(server.pid)["VmRSS"]

    game_options = json.loads(args.options)
    honest_pipes, workers = [], []
    for number, count in enumerate(shares(tables, args.client_procs)):
        ours, theirs = CONTEXT.Pipe()
        plan = HonestPlan(
            port, number, count, args.players, args.game, game_options, args.rate, args.nice
        )
        worker = CONTEXT.Process(
            target=honest_main, args=(theirs, plan), name=f"honest{number}", daemon=True
        )
        processes.append(worker)
        worker.start()
        honest_pipes.append(ours)
        workers.append(worker)
    set_up = time.monotonic()
    table_ids = [table for ids in receive_all(honest_pipes, "seated", 300) for table in ids]
    set_up = time.monotonic() - set_up
    clients = tables * args.players
    time.sleep(1)
    seated = memory_kb(server.pid)["VmRSS"]
    worker_pids = [worker.pid for worker in workers if worker.pid is not None]

    for pipe in honest_pipes:
        pipe.send("go")
    go = time.monotonic()
    time.sleep(args.warmup)
    if profile_path is not None:
        os.kill(server.pid, signal.SIGUSR1)
    clean = Window(server.pid, worker_pids)
    clean.run(args.seconds)
    if profile_path is not None:
        os.kill(server.pid, signal.SIGUSR2)

    hostile = None
    hostile_pipes, hostile_workers = [], []
    if args.hostile and not relay:
        for number in range(args.hostile_procs):
            ours, theirs = CONTEXT.Pipe()
            plan_h = HostilePlan(
                port,
                number,
                table_ids,
                args.non_readers,
                args.droppers,
                args.loopers,
                args.game,
                game_options,
            )
            worker = CONTEXT.Process(
                target=hostile_main, args=(theirs, plan_h), name=f"hostile{number}", daemon=True
            )
            processes.append(worker)
            worker.start()
            hostile_pipes.append(ours)
            hostile_workers.append(worker)
        receive_all(hostile_pipes, "ready", 120)
        for pipe in hostile_pipes:
            pipe.send("go")
        time.sleep(2)
        hostile_pids = [worker.pid for worker in hostile_workers if worker.pid is not None]
        hostile = Window(server.pid, worker_pids, hostile_pids)
        hostile.run(args.hostile_seconds)
    end = time.monotonic()

    alive_before_probe = server.is_alive()
    try:
        probe_seconds: float | None = probe(port)
    except OSError as error:
        print(f"  the probe failed: {error}")
        probe_seconds = None
    hwm = memory_kb(server.pid)["VmHWM"]
    for pipe in hostile_pipes:
        pipe.send("stop")
    trouble: list[HostileResults] = receive_all(hostile_pipes, "results", 60)
    for pipe in honest_pipes:
        pipe.send("stop")
    honest: list[HonestResults] = receive_all(honest_pipes, "results", 60)
    for worker in workers + hostile_workers:
        worker.join(10)
    server.terminate()
    server.join(30)
    exit_code = server.exitcode
    if exit_code is None:
        server.kill()
        server.join()
    collections_path = Path(f"{log_path}.gc.json")
    collections = json.loads(collections_path.read_text()) if collections_path.exists() else []

    moved = progress(honest, go + args.warmup, end)
    windows = {"clean": (clean.start, clean.end)}
    if hostile is not None:
        windows["hostile"] = (hostile.start, hostile.end)
    moves_by_window = {
        name: progress(honest, start, stop)["moves"] for name, (start, stop) in windows.items()
    }
    figures: dict[str, Any] = {
        "server": "relay" if relay else "cardtable",
        "tables": tables,
        "clients": clients,
        "offered_per_s": args.rate * tables if args.rate else None,
        "set_up_s": round(set_up, 2),
        "rss_baseline_kb": baseline,
        "rss_seated_kb": seated,
        "rss_playing_kb": clean.rss_peak,
        "vm_hwm_kb": hwm,
        "kb_per_client": (seated - baseline) / clients,
        "kb_per_table": (clean.rss_peak - seated) / tables,
        "kb_per_client_all_in": clean.rss_peak / clients,
        "clean": clean.figures(honest, collections),
        "longest_pause_s": max(moved["gaps"].values(), default=None),
        "stalled_tables": sorted(t for t, gap in moved["gaps"].items() if gap > args.stall),
        "tables_without_moves": {
            name: sorted(t for t, count in moves.items() if count == 0)
            for name, moves in moves_by_window.items()
        },
        "bytes_per_message": (
            sum(part.received for part in honest) / max(1, sum(part.messages for part in honest))
        ),
        "honest_errors": dict(sum((part.errors for part in honest), Counter())),
        "honest_drops": [drop[:2] for part in honest for drop in part.drops],
        "server_alive": alive_before_probe,
        "probe_ms": probe_seconds * 1000 if probe_seconds is not None else None,
        "server_exit_code": exit_code,
        "log": read_log(log_path),
    }
    if hostile is not None:
        figures["hostile"] = hostile.figures(honest, collections)
        figures["trouble"] = summarise_trouble(trouble, hostile.start, hostile.end)
    if profile_path is not None:
        figures["profile"] = profile_path
    return figures


def spread_ms(seconds: list[float]) -> dict[str, float]:
    """Median, 99th percentile and highest of `seconds`, in ms."""
    if not seconds:
        return {}
    ordered = sorted(seconds)
    return {
        "p50": statistics.median(ordered) * 1000,
        "p99": ordered[max(0, int(len(ordered) * 0.99) - 1)] * 1000,
        "max": ordered[-1] * 1000,
    }


def summarise_trouble(parts: list[HostileResults], start: float, end: float) -> dict[str, Any]:
    non_readers = {name: closed for part in parts for name, closed in part.non_readers.items()}
    looper_acks = {
        table: sum(1 for when in times if start <= when < end)
        for part in parts
        for table, times in part.looper_acks.items()
    }
    return {
        "non_readers": len(non_readers),
        "non_readers_dropped": sum(non_readers.values()),
        "non_reader_failures": dict(sum((p.non_reader_failures for p in parts), Counter())),
        "half_frame_drops": dict(sum((p.drops for p in parts), Counter())),
        "drop_failures": dict(sum((p.drop_failures for p in parts), Counter())),
        "resumes": sum(p.resumes for p in parts),
        "resume_failures": dict(sum((p.resume_failures for p in parts), Counter())),
        "looper_tables": len(looper_acks),
        "looper_actions": sum(looper_acks.values()),
        "looper_tables_without_actions": sorted(t for t, n in looper_acks.items() if n == 0),
        "looper_games": sum(sum(p.looper_games.values()) for p in parts),
        "looper_waits": sum(p.looper_waits for p in parts),
        "resume_ms": spread_ms([seconds for p in parts for seconds in p.resume_seconds]),
    }


# -- the report ----------------------------------------------------------------------------------


def report(point: dict[str, Any], args: argparse.Namespace) -> None:
    mode = f"paced at {args.rate:g} actions/s a table" if args.rate else "saturated"
    print(
        f"\n== {point['server']}: {point['tables']} tables, {point['clients']} clients "
        f"({args.game}, "
        f"{args.players} players, db {args.db}, {mode}) =="
    )
    print(
        f"  set-up (connect, create, sit): {point['set_up_s']} s; a message to a player is "
        f"{point['bytes_per_message']:,.0f} bytes on average"
    )
    print(
        f"  server RSS: baseline {point['rss_baseline_kb'] / 1024:.1f} MB, seated "
        f"{point['rss_seated_kb'] / 1024:.1f} MB ({point['kb_per_client']:.1f} KB a client), "
        f"playing {point['rss_playing_kb'] / 1024:.1f} MB ({point['kb_per_table']:.1f} KB a "
        f"table; {point['kb_per_client_all_in']:.0f} KB a client in all), "
        f"VmHWM {point['vm_hwm_kb'] / 1024:.1f} MB"
    )
    for name in ("clean", "hostile"):
        if name not in point:
            continue
        window = point[name]
        little = ""
        if window["actions_per_s"] and not args.rate:
            saturated = point["tables"] / window["actions_per_s"] * 1000
            little = f" (tables/throughput {saturated:.1f} ms)"
        print(
            f"  {name:7} {window['actions_per_s']:,.0f} actions/s; latency p50 "
            f"{ms(window['p50_ms'])} ms, p99 {ms(window['p99_ms'])} ms, max "
            f"{ms(window['max_ms'])} ms, mean {ms(window['mean_ms'])} ms{little}; "
            f"CPU (% of one core) server {window['server_cpu_pct']:.0f}% (user "
            f"{window['server_user_cpu_pct']:.0f}%, system {window['server_system_cpu_pct']:.0f}%;"
            f" trio thread {window['server_main_thread_cpu_pct']:.0f}%), "
            f"honest clients {window['clients_cpu_pct']:.0f}%, hostile clients "
            f"{window['hostile_cpu_pct']:.0f}%, other processes {window['others_cpu_pct']:.0f}%; "
            f"server RSS at most {window['rss_peak_kb'] / 1024:.1f} MB"
        )
        collected = ", ".join(
            f"{name} {found['count']}× ({found['total_ms']:.0f} ms, "
            f"longest {found['longest_ms']:.0f})"
            for name, found in window["gc"].items()
        )
        print(f"          server garbage collections: {collected}")
    print(
        f"  progress: longest pause at a table {point['longest_pause_s']:.2f} s; tables paused "
        f"over {args.stall:g} s: {point['stalled_tables'] or 'none'}; tables without an action "
        f"in a window: {point['tables_without_moves']}"
    )
    if point["honest_errors"] or point["honest_drops"]:
        print(f"  honest clients: errors {point['honest_errors']}, dropped {point['honest_drops']}")
    if "trouble" in point:
        trouble = point["trouble"]
        print(
            f"  hostile: {trouble['non_readers_dropped']} of {trouble['non_readers']} non-readers "
            f"dropped by the server (failed to set up: {trouble['non_reader_failures'] or 0}); "
            f"half-frame drops {trouble['half_frame_drops']} (failed: "
            f"{trouble['drop_failures'] or 0}); {trouble['resumes']} resumes (failed: "
            f"{trouble['resume_failures'] or 0}); looper tables {trouble['looper_tables']}, "
            f"{trouble['looper_actions']} actions, {trouble['looper_games']} games, without "
            f"actions: {trouble['looper_tables_without_actions'] or 'none'}; plays cut short "
            f"waiting for an update: {trouble['looper_waits']}; a resume took (ms) "
            f"{ {name: round(value, 1) for name, value in trouble['resume_ms'].items()} }"
        )
    log = point["log"]
    dropped = log["not_reading"]
    if dropped:
        seconds = sorted(dropped.values())
        print(
            f"  dropped for not reading: {len(dropped)} ({sum(1 for n in dropped if 'mute' in n)} "
            f"non-readers), after {seconds[0]:.1f}–{seconds[-1]:.1f} s connected"
        )
        honest_dropped = [name for name in dropped if name.startswith("w")]
        if honest_dropped:
            print(f"  !! honest clients dropped for not reading: {honest_dropped[:10]}")
    print(
        f"  server log: {log['levels']}, tracebacks {log['tracebacks']}; alive at the end: "
        f"{point['server_alive']}, a new client answered in {ms(point['probe_ms'])} ms, exit "
        f"code {point['server_exit_code']}"
    )
    for line in log["problems"][:8]:
        print(f"    {line[:200]}")
    if "profile" in point:
        print_profile(point["profile"])


def print_profile(path: str, top: int = 25) -> None:
    stats = pstats.Stats(path)
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"  profile {path}: {total:.2f} s of CPU in the server's trio thread")
    print(f"  {'tottime':>8} {'share':>6} {'cumtime':>8} {'cum %':>6} {'calls':>9}  function")
    by_own = sorted(table.items(), key=lambda item: item[1][2], reverse=True)
    ours = [item for item in table.items() if f"{os.sep}cardtable{os.sep}" in item[0][0]]
    by_cumulative = sorted(ours, key=lambda item: item[1][3], reverse=True)
    for title, rows in (
        ("own time", by_own),
        ("cardtable's functions by time inside", by_cumulative),
    ):
        print(f"  -- {title}")
        for (file, line, function), (_, calls, own, cumulative, _) in rows[:top]:
            where = f"{Path(file).parent.name}/{Path(file).name}:{line}" if file != "~" else ""
            print(
                f"  {own:8.3f} {100 * own / total:5.1f}% {cumulative:8.3f} "
                f"{100 * cumulative / total:5.1f}% {calls:9}  {function} {where}"
            )


def summary(points: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(
        "\n| server | tables | clients | offered/s | actions/s | p50 ms | p99 ms | max ms "
        "| RSS MB | KB/client seated | KB/table playing | KB/client all-in | server CPU "
        "| CPU µs/action | clients CPU | others CPU |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for point in points:
        clean = point["clean"]
        offered = f"{point['offered_per_s']:,.0f}" if point["offered_per_s"] else "max"
        per_action = clean["server_cpu_us_per_action"]
        print(
            f"| {point['server']} | {point['tables']} | {point['clients']} | {offered} | "
            f"{clean['actions_per_s']:,.0f} | {ms(clean['p50_ms'])} | {ms(clean['p99_ms'])} | "
            f"{ms(clean['max_ms'])} | {point['rss_playing_kb'] / 1024:.1f} | "
            f"{point['kb_per_client']:.1f} | {point['kb_per_table']:.1f} | "
            f"{point['kb_per_client_all_in']:.0f} | {clean['server_cpu_pct']:.0f}% | "
            f"{ms(per_action)} | {clean['clients_cpu_pct']:.0f}% | "
            f"{clean['others_cpu_pct']:.0f}% |"
        )
    floors = {point["tables"]: point for point in points if point["server"] == "relay"}
    if floors:
        print(
            "\n| tables | actions/s cardtable | relay | ratio | CPU µs/action cardtable | relay "
            "| ratio | p99 ms cardtable | relay |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for point in points:
            floor = floors.get(point["tables"])
            if point["server"] != "cardtable" or floor is None:
                continue
            ours, theirs = point["clean"], floor["clean"]
            cpu, cpu_floor = ours["server_cpu_us_per_action"], theirs["server_cpu_us_per_action"]
            print(
                f"| {point['tables']} | {ours['actions_per_s']:,.0f} | "
                f"{theirs['actions_per_s']:,.0f} | "
                f"{ours['actions_per_s'] / max(theirs['actions_per_s'], 1e-9):.2f} | "
                f"{ms(cpu)} | {ms(cpu_floor)} | "
                f"{(cpu / cpu_floor) if cpu and cpu_floor else float('nan'):.2f} | "
                f"{ms(ours['p99_ms'])} | {ms(theirs['p99_ms'])} |"
            )
    if args.hostile:
        print(
            "\n| tables | actions/s clean | with hostile | p99 ms clean | with hostile | "
            "non-readers dropped | half-frame drops | resumes (failed) | paused tables |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for point in points:
            if "hostile" not in point:
                continue
            clean, hostile, trouble = point["clean"], point["hostile"], point["trouble"]
            print(
                f"| {point['tables']} | {clean['actions_per_s']:,.0f} | "
                f"{hostile['actions_per_s']:,.0f} | {ms(clean['p99_ms'])} | "
                f"{ms(hostile['p99_ms'])} | {trouble['non_readers_dropped']}/"
                f"{trouble['non_readers']} | {sum(trouble['half_frame_drops'].values())} | "
                f"{trouble['resumes']} ({sum(trouble['resume_failures'].values())}) | "
                f"{len(point['stalled_tables'])} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50, 100, 250])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--game", default="chinese-ten")
    parser.add_argument(
        "--options", default=None, help='the game\'s options as JSON (Chinese Ten: {"decks": 1})'
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--rate", type=float, default=None, help="actions/s a table (paced)")
    parser.add_argument("--client-procs", type=int, default=3)
    parser.add_argument("--nice", type=int, default=0, help="niceness of the client processes")
    parser.add_argument("--db", choices=["file", "memory"], default="file")
    parser.add_argument("--hostile", action="store_true")
    parser.add_argument("--hostile-procs", type=int, default=1)
    parser.add_argument("--hostile-seconds", type=float, default=None, help="default: --seconds")
    parser.add_argument("--non-readers", type=int, default=20)
    parser.add_argument("--droppers", type=int, default=4)
    parser.add_argument("--loopers", type=int, default=10)
    parser.add_argument("--stall", type=float, default=2.0, help="a pause that counts as stalled")
    parser.add_argument("--profile", default=None, help="cProfile the server into this file")
    parser.add_argument(
        "--gc",
        default="default",
        help=(
            "the server's garbage collector: default (the server's own thresholds, "
            "ServerConfig.gc_thresholds), off, or thresholds such as 700,10,10 (Python's)"
        ),
    )
    parser.add_argument(
        "--floor",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="run the relay floor (relay_floor.py) beside cardtable at each point",
    )
    parser.add_argument("--json", default=None, help="also write every figure to this file")
    parser.add_argument("--keep", action="store_true", help="keep the server's logs and db")
    args = parser.parse_args()
    if args.options is None:
        args.options = json.dumps({"decks": 1} if args.game == "chinese-ten" else {})
    if args.hostile_seconds is None:
        args.hostile_seconds = args.seconds
    points = []
    folder = Path(tempfile.mkdtemp(prefix="cardtable-load-"))
    try:
        for tables in args.tables:
            point = measure(tables, args, folder)
            report(point, args)
            points.append(point)
            if args.floor:
                floor = measure(tables, args, folder, relay=True)
                report(floor, args)
                points.append(floor)
    finally:
        if args.keep:
            print(f"\nlogs and databases kept in {folder}")
        else:
            for path in folder.iterdir():
                path.unlink()
            folder.rmdir()
    summary(points, args)
    if args.json:
        Path(args.json).write_text(json.dumps(points, indent=1, default=str))


if __name__ == "__main__":
    main()
