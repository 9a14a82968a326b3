"""The clients of `benchmarks/server_load.py`: cheap honest players, and hostile clients.

Each worker process runs many clients in one trio loop. They speak the protocol directly (frames
of msgpack, no field checks; see docs/protocol.md), so that the server, not the clients, is what
the load measures. A worker talks to the benchmark's main process through a pipe:

* honest worker: sets its tables up, sends ``("seated", table_ids)``, waits for ``"go"``, plays
  until ``"stop"``, then sends ``("results", HonestResults)``;
* hostile worker: sets its reconnecting players up, sends ``("ready", None)``, makes trouble
  until ``"stop"``, then sends ``("results", HostileResults)``.

Times are `time.monotonic()` seconds, which every process on the machine shares.
"""

from __future__ import annotations

import itertools
import os
import random
import socket
import struct
import time
from array import array
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection as Pipe
from typing import Any

import msgpack
import trio

from cardtable.protocol import PROTOCOL_VERSION
from cardtable.protocol.framing import (
    CLIENT_FRAME_LIMIT,
    SERVER_FRAME_LIMIT,
    FrameDecoder,
    encode_frame,
    pack,
)
from cardtable.protocol.patch import apply_patch, patch_base

HOST = "127.0.0.1"
RECEIVE_SIZE = 64 * 1024
#: Clients a worker connects and seats at once while setting up.
SETUP_CONCURRENCY = 50


def frame(value: dict[str, Any]) -> bytes:
    return encode_frame(pack(value), CLIENT_FRAME_LIMIT)


def hello(name: str, token: str | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    if token is not None:
        message["token"] = token
    return message


async def open_stream(port: int, receive_buffer: int | None = None) -> trio.SocketStream:
    """A TCP connection to the server; `receive_buffer` shrinks the kernel's receive buffer."""
    sock = trio.socket.socket(trio.socket.AF_INET, trio.socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    try:
        await sock.connect((HOST, port))
    except BaseException:
        sock.close()
        raise
    return trio.SocketStream(sock)


def reset_on_close(stream: trio.SocketStream) -> None:
    """Make closing `stream` send a TCP reset instead of a clean end."""
    stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


class Gone(Exception):
    """The server closed the connection (or sent a fatal error)."""


class Wire:
    """One connection: frames out, decoded messages in, no checks beyond the framing."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.decoder = FrameDecoder(SERVER_FRAME_LIMIT)
        self.backlog: list[dict[str, Any]] = []
        #: Bytes and messages received so far.
        self.received = 0
        self.messages = 0
        self._rid = 0
        #: The view the server last gave this connection (see `follow`).
        self.view: dict[str, Any] | None = None

    def follow(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """Take the view a `joined` or `update` brings, whole or as a patch on the last one."""
        if message.get("view") is not None:
            self.view = message["view"]
        elif message.get("patch") is not None and self.view is not None:
            self.view = apply_patch(patch_base(self.view, message["events"]), message["patch"])
        return self.view

    def next_rid(self) -> int:
        self._rid += 1
        return self._rid

    async def send(self, value: dict[str, Any]) -> None:
        await self.stream.send_all(frame(value))

    async def created_table(self, rid: int) -> int:
        """The id of the table our `create_table` (request `rid`) opened."""
        created = await self.expect("table_created", rid)
        return int(created["table"]["table_id"])

    async def request(self, message_type: str, /, **fields: Any) -> int:
        rid = self.next_rid()
        await self.send({"type": message_type, "rid": rid, **fields})
        return rid

    async def receive(self) -> list[dict[str, Any]]:
        """The messages of the next read (maybe none); raises `Gone` at the end."""
        try:
            data = await self.stream.receive_some(RECEIVE_SIZE)
        except trio.BrokenResourceError as error:
            raise Gone("reset") from error
        if not data:
            raise Gone("closed")
        self.received += len(data)
        payloads = self.decoder.feed(data)
        self.messages += len(payloads)
        return [msgpack.unpackb(payload, raw=False) for payload in payloads]

    async def expect(self, kind: str, rid: int | None = None) -> dict[str, Any]:
        """Read until a `kind` message (answering `rid`, if given) arrives; what follows it
        stays in `backlog`. A failed request or a fatal error raises `Gone`."""
        while True:
            while self.backlog:
                message = self.backlog.pop(0)
                if message["type"] == "error" and (
                    message.get("fatal") or (rid is not None and message.get("rid") == rid)
                ):
                    raise Gone(f"{message['code']}: {message['message']}")
                if message["type"] == kind and (rid is None or message.get("rid") == rid):
                    return message
            self.backlog = await self.receive()

    async def aclose(self) -> None:
        await trio.aclose_forcefully(self.stream)


# -- honest players ----------------------------------------------------------------------------


@dataclass
class HonestPlan:
    port: int
    worker: int
    tables: int
    players: int
    game: str
    options: dict[str, Any]
    #: Actions a second at each table (None: as fast as the rules allow).
    rate: float | None
    nice: int = 0


@dataclass
class HonestResults:
    clients: int = 0
    #: For each action: when it was sent, and how long until the actor's next update.
    sent: array[float] = field(default_factory=lambda: array("d"))
    latency: array[float] = field(default_factory=lambda: array("d"))
    #: When each action's `ok` arrived.
    acks: array[float] = field(default_factory=lambda: array("d"))
    #: Each table's id and when each of its updates reached its seat 0.
    progress: dict[int, array[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    #: Bytes and messages the clients received, in all.
    received: int = 0
    messages: int = 0
    #: Clients the server closed: (name, why, when).
    drops: list[tuple[str, str, float]] = field(default_factory=list)


class TableRun:
    def __init__(self, players: int, rate: float | None) -> None:
        self.id = 0
        self.players = players
        self.created = trio.Event()
        self.pace = 1 / rate if rate else None
        self.next_slot = 0.0
        self.progress = array("d")


class Player:
    """A seated client that acts at random the moment its view lists legal actions."""

    def __init__(self, name: str, seat: int, table: TableRun, results: HonestResults) -> None:
        self.name = name
        self.seat = seat
        self.table = table
        self.results = results
        self.random = random.Random(name)
        self.wire: Wire | None = None
        self.legal: list[Any] | None = None
        self.view_legal: list[Any] = []
        self.sent_at: float | None = None
        self.acts: set[int] = set()
        self.restart = False

    async def set_up(self, port: int, plan: HonestPlan) -> None:
        wire = self.wire = Wire(await open_stream(port))
        await wire.send(hello(self.name))
        await wire.expect("welcome")
        if self.seat == 0:
            rid = await wire.request(
                "create_table", game_kind=plan.game, seats=plan.players, options=plan.options
            )
            self.table.id = await wire.created_table(rid)
            self.table.created.set()
        else:
            await self.table.created.wait()
        rid = await wire.request("sit", table_id=self.table.id, seat=self.seat)
        await wire.expect("joined", rid)

    async def play(self, begin: bool) -> None:
        wire = self.wire
        assert wire is not None
        try:
            if begin:
                await wire.request("start", table_id=self.table.id)
            messages, wire.backlog = wire.backlog, []
            while True:
                now = time.monotonic()
                self._handle(messages, now)
                if self.restart:
                    self.restart = False
                    await wire.request("start", table_id=self.table.id)
                if self.legal is not None:
                    await self._act(wire, self.legal, now)
                messages = await wire.receive()
        except Gone as gone:
            self.results.drops.append((self.name, str(gone), time.monotonic()))

    async def _act(self, wire: Wire, legal: list[Any], now: float) -> None:
        self.legal = None
        action = self.random.choice(legal)
        pace = self.table.pace
        if pace is not None:
            slot = max(now, self.table.next_slot)
            self.table.next_slot = slot + pace
            if slot > now:
                await trio.sleep(slot - now)
        rid = wire.next_rid()
        self.acts.add(rid)
        self.sent_at = time.monotonic()
        await wire.send({"type": "act", "rid": rid, "action": action})

    def _handle(self, messages: list[dict[str, Any]], now: float) -> None:
        results = self.results
        for message in messages:
            kind = message["type"]
            if kind == "update":
                if self.sent_at is not None:
                    results.sent.append(self.sent_at)
                    results.latency.append(now - self.sent_at)
                    self.sent_at = None
                assert self.wire is not None
                view = self.wire.follow(message)
                assert view is not None
                self.view_legal = view["legal"]
                self.legal = self.view_legal or None
                if self.seat == 0:
                    self.table.progress.append(now)
                    if view["result"] is not None:
                        self.restart = True
            elif kind == "ok":
                rid = message.get("rid")
                if rid in self.acts:
                    self.acts.discard(rid)
                    results.acks.append(now)
            elif kind == "error":
                results.errors[message["code"]] += 1
                if message.get("fatal"):
                    raise Gone(f"{message['code']}: {message['message']}")
                if message.get("rid") in self.acts:
                    self.acts.discard(message.get("rid"))
                    self.legal = self.view_legal or None  # try again from the latest view


def honest_main(pipe: Pipe, plan: HonestPlan) -> None:
    """A worker process's entry: `plan.tables` tables of `plan.players` players."""
    if plan.nice:
        os.nice(plan.nice)
    trio.run(_honest, pipe, plan)


async def _receive(pipe: Pipe) -> Any:
    return await trio.to_thread.run_sync(pipe.recv, abandon_on_cancel=True)


async def _honest(pipe: Pipe, plan: HonestPlan) -> None:
    results = HonestResults()
    tables = [TableRun(plan.players, plan.rate) for _ in range(plan.tables)]
    players = [
        Player(f"w{plan.worker}t{number}s{seat}", seat, table, results)
        for number, table in enumerate(tables)
        for seat in range(plan.players)
    ]
    limiter = trio.CapacityLimiter(SETUP_CONCURRENCY)

    async def set_up(player: Player) -> None:
        if player.seat != 0:
            await player.table.created.wait()  # not holding a place its table's creator needs
        async with limiter:
            await player.set_up(plan.port, plan)

    try:
        async with trio.open_nursery() as nursery:
            for player in players:
                nursery.start_soon(set_up, player)
    except Exception as error:  # e.g. the server refused a client: say so, and stop
        pipe.send(("failed", repr(error)))
        return
    results.clients = len(players)
    pipe.send(("seated", [table.id for table in tables]))
    command = await _receive(pipe)
    assert command == "go", command
    go = time.monotonic()
    for table in tables:
        if table.pace is not None:
            table.next_slot = go + random.uniform(0, table.pace)
    async with trio.open_nursery() as nursery:
        for player in players:
            nursery.start_soon(player.play, player.seat == 0)
        command = await _receive(pipe)
        assert command == "stop", command
        nursery.cancel_scope.cancel()
    for player in players:
        if player.wire is not None:
            results.received += player.wire.received
            results.messages += player.wire.messages
            await player.wire.aclose()
    results.progress = {table.id: table.progress for table in tables}
    pipe.send(("results", results))


# -- hostile clients ---------------------------------------------------------------------------


@dataclass
class HostilePlan:
    port: int
    worker: int
    #: Honest tables, to watch.
    table_ids: list[int]
    #: Clients that watch a table or the lobby, then stop reading.
    non_readers: int
    #: Tasks that each connect, send part of a frame and drop, over and over.
    droppers: int
    #: Players at tables of their own (against a server bot) who drop and resume in a loop.
    loopers: int
    game: str
    options: dict[str, Any]


@dataclass
class HostileResults:
    #: name -> whether the server had closed it by the end (it stopped reading).
    non_readers: dict[str, bool] = field(default_factory=dict)
    non_reader_failures: Counter[str] = field(default_factory=Counter)
    #: Connections dropped mid-frame, by how.
    drops: Counter[str] = field(default_factory=Counter)
    drop_failures: Counter[str] = field(default_factory=Counter)
    resumes: int = 0
    #: Resumes the server refused or that failed (a lost seat would show here).
    resume_failures: Counter[str] = field(default_factory=Counter)
    #: Each looper's table: when each of its actions was acknowledged.
    looper_acks: dict[int, array[float]] = field(default_factory=dict)
    looper_games: Counter[int] = field(default_factory=Counter)
    #: Times a looper gave up waiting (`LOOPER_PATIENCE`) for an update or a reply and dropped.
    looper_waits: int = 0
    #: How long each resume took, from connecting to the `joined`.
    resume_seconds: list[float] = field(default_factory=list)


def hostile_main(pipe: Pipe, plan: HostilePlan) -> None:
    trio.run(_hostile, pipe, plan)


async def _hostile(pipe: Pipe, plan: HostilePlan) -> None:
    results = HostileResults()
    silent: list[tuple[str, Wire]] = []
    loopers = [
        Looper(f"h{plan.worker}loop{number}", plan, results) for number in range(plan.loopers)
    ]
    async with trio.open_nursery() as nursery:
        for looper in loopers:
            nursery.start_soon(looper.set_up)
    pipe.send(("ready", None))
    command = await _receive(pipe)
    assert command == "go", command
    async with trio.open_nursery() as nursery:
        for number in range(plan.non_readers):
            nursery.start_soon(_non_reader, plan, number, results, silent)
        for number in range(plan.droppers):
            nursery.start_soon(_dropper, plan, number, results)
        for looper in loopers:
            nursery.start_soon(looper.run)
        command = await _receive(pipe)
        assert command == "stop", command
        nursery.cancel_scope.cancel()
    for looper in loopers:
        if looper.wire is not None:
            await looper.wire.aclose()
    async with trio.open_nursery() as nursery:
        for name, wire in silent:
            nursery.start_soon(_closed_by_server, name, wire, results)
    pipe.send(("results", results))


async def _non_reader(
    plan: HostilePlan, number: int, results: HostileResults, silent: list[tuple[str, Wire]]
) -> None:
    """Watch a table (or the lobby), then never read again."""
    await trio.sleep(number * 2 / max(plan.non_readers, 1))  # arrive over two seconds
    name = f"h{plan.worker}mute{number}"
    try:
        wire = Wire(await open_stream(plan.port, receive_buffer=4096))
        await wire.send(hello(name))
        await wire.expect("welcome")
        if number % 2 and plan.table_ids:
            rid = await wire.request("spectate", table_id=random.choice(plan.table_ids))
            await wire.expect("joined", rid)
        else:
            rid = await wire.request("list_tables", watch=True)
            await wire.expect("tables", rid)
    except (Gone, OSError) as error:
        results.non_reader_failures[str(error)] += 1
        return
    silent.append((name, wire))


async def _closed_by_server(name: str, wire: Wire, results: HostileResults) -> None:
    """Read what is left: an end within a few seconds means the server closed it."""
    closed = False
    with trio.move_on_after(3):
        try:
            while True:
                await wire.receive()
        except (Gone, OSError):
            closed = True
    results.non_readers[name] = closed
    await wire.aclose()


DROPS = ("half-hello", "half-header", "half-request", "reset-mid-frame")


async def _dropper(plan: HostilePlan, number: int, results: HostileResults) -> None:
    """Connect, send part of a frame, drop; again and again."""
    rng = random.Random(number)
    for attempt in itertools.count():
        how = DROPS[attempt % len(DROPS)]
        name = f"h{plan.worker}drop{number}x{attempt}"
        try:
            with trio.fail_after(5):
                wire = Wire(await open_stream(plan.port))
                try:
                    if how == "half-hello":
                        data = frame(hello(name))
                        await wire.stream.send_all(data[: len(data) // 2])
                    else:
                        await wire.send(hello(name))
                        await wire.expect("welcome")
                        if how == "half-header":
                            await wire.stream.send_all(b"\x00\x00")
                        elif how == "half-request":
                            data = frame({"type": "ping", "rid": 1})
                            await wire.stream.send_all(data[: len(data) - 3])
                        else:
                            if plan.table_ids:
                                rid = await wire.request(
                                    "spectate", table=rng.choice(plan.table_ids)
                                )
                                await wire.expect("joined", rid)
                            data = frame({"type": "chat", "rid": 9, "text": "x" * 200})
                            await wire.stream.send_all(data[:100])
                            reset_on_close(wire.stream)
                finally:
                    await wire.aclose()
            results.drops[how] += 1
        except (Gone, OSError, trio.TooSlowError) as error:
            results.drop_failures[f"{how}: {error}"] += 1
        await trio.sleep(rng.uniform(0.02, 0.08))


#: Seconds a looper waits for its turn or a reply before dropping anyway.
LOOPER_PATIENCE = 3.0


class Looper:
    """A player at a table of its own (with a server bot) who drops and resumes in a loop."""

    def __init__(self, name: str, plan: HostilePlan, results: HostileResults) -> None:
        self.name = name
        self.plan = plan
        self.results = results
        self.random = random.Random(name)
        self.wire: Wire | None = None
        self.token = ""
        self.table = 0
        self.acks = array("d")
        self.ready = False

    async def set_up(self) -> None:
        plan = self.plan
        try:
            wire = self.wire = Wire(await open_stream(plan.port))
            await wire.send(hello(self.name))
            await wire.expect("welcome")
            rid = await wire.request(
                "create_table",
                game_kind=plan.game,
                seats=2,
                options=plan.options,
                settings={"bot_delay": 0},
            )
            self.table = await wire.created_table(rid)
            rid = await wire.request("sit", table_id=self.table, seat=0)
            self.token = (await wire.expect("joined", rid))["token"]
            rid = await wire.request("add_bot", table_id=self.table, seat=1, kind="random")
            await wire.expect("ok", rid)
            rid = await wire.request("start", table_id=self.table)
            await wire.expect("ok", rid)
        except (Gone, OSError) as error:
            self.results.resume_failures[f"set-up: {error}"] += 1
            return
        self.results.looper_acks[self.table] = self.acks
        self.ready = True

    async def run(self) -> None:
        if not self.ready:
            return
        while True:
            wire = self.wire
            assert wire is not None
            await self._play(wire, self.random.randint(0, 4))
            how = self.random.choice(("close", "half-frame", "reset"))
            if how == "half-frame":
                with trio.move_on_after(1):
                    data = frame({"type": "ping", "rid": 99})
                    await wire.stream.send_all(data[:5])
            elif how == "reset":
                reset_on_close(wire.stream)
            await wire.aclose()
            self.wire = None
            await trio.sleep(self.random.uniform(0, 0.05))
            await self._resume()

    async def _resume(self) -> None:
        while self.wire is None:
            started = time.monotonic()
            try:
                with trio.fail_after(5):
                    wire = Wire(await open_stream(self.plan.port))
                    await wire.send(hello(self.name, self.token))
                    await wire.expect("welcome")
                    joined: dict[str, Any] | None = None
                    while joined is None:
                        if not wire.backlog:
                            wire.backlog = await wire.receive()
                            continue
                        message = wire.backlog.pop(0)
                        if message["type"] == "error":  # bad_token: the seat is lost
                            raise Gone(message["code"])
                        if message["type"] == "joined":
                            joined = message
                    wire.backlog.insert(0, joined)
                    self.wire = wire
                    self.results.resumes += 1
                    self.results.resume_seconds.append(time.monotonic() - started)
            except (Gone, OSError, trio.TooSlowError) as error:
                self.results.resume_failures[str(error)] += 1
                await trio.sleep(0.1)

    async def _play(self, wire: Wire, actions: int) -> None:
        """Play `actions` actions (restarting finished games), waiting `LOOPER_PATIENCE` at
        most."""
        acted = 0
        waiting: set[int] = set()
        with trio.move_on_after(LOOPER_PATIENCE) as scope:
            try:
                while True:
                    messages, wire.backlog = wire.backlog, []
                    legal: list[Any] = []
                    for message in messages:
                        kind = message["type"]
                        view = wire.follow(message) if kind in ("update", "joined") else None
                        if view is not None:
                            legal = view["legal"]
                            if view["result"] is not None:
                                await wire.request("start", table_id=self.table)
                                self.results.looper_games[self.table] += 1
                        elif kind == "ok" and message.get("rid") in waiting:
                            waiting.discard(message.get("rid"))
                            self.acks.append(time.monotonic())
                        elif kind == "error" and message.get("rid") in waiting:
                            waiting.discard(message.get("rid"))
                    if legal and acted < actions:
                        action = self.random.choice(legal)
                        waiting.add(await wire.request("act", action=action))
                        acted += 1
                    if acted >= actions and not waiting:
                        return
                    wire.backlog = await wire.receive()
            except Gone as gone:
                self.results.resume_failures[f"dropped while playing: {gone}"] += 1
        if scope.cancelled_caught:
            self.results.looper_waits += 1
