"""How big a game's updates are: every frame one seat receives, counted per game.

A real server on a real port (in this process, database in memory, server bots at delay 0)
and one raw client: it speaks frames of msgpack directly (no checks), creates a table, sits on
seat 0, puts the game's default bot on every other seat, starts, and plays a uniformly random
legal action whenever its view lists some, until the game's result is set. Every frame the
client receives during the game is counted; `update` frames are measured by the bytes they
take on the wire after the 4-byte length header (a payload over 1,024 bytes goes compressed).

Per game it prints: the updates, the p50, p99 and largest update, the bytes of all updates
(what one seat receives in a game), and the growth: the median update of the first tenth of
the game against that of the last tenth.

Usage: ``python benchmarks/update_sizes.py [--games N] [--seed S] [--only GAME-ID]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
from dataclasses import dataclass
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
from cardtable.server.app import serve
from cardtable.server.config import ServerConfig


@dataclass(frozen=True)
class Case:
    """One line of the report: a game, its seats and options."""

    label: str
    game: str
    seats: int
    options: dict[str, Any]


CASES = (
    Case("Thistle, partnership", "thistle", 4, {"partnership": True}),
    Case("Queen of Scots to 1000", "queen-of-scots", 4, {"target": 1000}),
    Case("Chinese Ten, 4 seats, 10 rounds", "chinese-ten", 4, {"rounds": 10}),
    Case("Trupe to 50", "trupe", 4, {"target": 50}),
    Case("Nobility", "nobility", 3, {}),
)


class RawClient:
    """One TCP connection speaking frames of msgpack, following its own view."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.decoder = FrameDecoder(SERVER_FRAME_LIMIT)
        self.pending: list[tuple[int, dict[str, Any]]] = []
        self.rid = 0
        self.view: dict[str, Any] | None = None

    async def send(self, message_type: str, **fields: Any) -> int:
        self.rid += 1
        body = {"type": message_type, "rid": self.rid, **fields}
        await self.stream.send_all(encode_frame(pack(body), CLIENT_FRAME_LIMIT))
        return self.rid

    async def next(self) -> tuple[int, dict[str, Any]]:
        """The next message and its size in bytes on the wire (header not counted)."""
        while not self.pending:
            data = await self.stream.receive_some(256 * 1024)
            if not data:
                raise ConnectionError("the server closed the connection")
            payloads = self.decoder.feed(data)
            self.pending = [  # (the bytes on the wire: a large payload goes compressed)
                (size, msgpack.unpackb(payload, raw=False))
                for size, payload in zip(self.decoder.wire_sizes, payloads, strict=True)
            ]
        return self.pending.pop(0)

    async def reply(self, rid: int) -> dict[str, Any]:
        while True:
            _, message = await self.next()
            if message.get("rid") == rid:
                if message["type"] == "error":
                    raise RuntimeError(f"{message['code']}: {message['message']}")
                return message

    def follow(self, message: dict[str, Any]) -> None:
        """Take the view an update carries: whole, or as changes to the last one."""
        if message.get("view") is not None:
            self.view = message["view"]
        elif message.get("patch") is not None:
            from cardtable.protocol.patch import apply_patch, patch_base  # (protocol 4 on)

            assert self.view is not None
            self.view = apply_patch(patch_base(self.view, message["events"]), message["patch"])


@dataclass(frozen=True)
class GameSizes:
    updates: list[int]
    other_frames: int

    def line(self, label: str) -> str:
        sizes = sorted(self.updates)
        tenth = max(1, len(self.updates) // 10)
        first = statistics.median(self.updates[:tenth])
        last = statistics.median(self.updates[-tenth:])
        p99 = sizes[max(0, int(len(sizes) * 0.99) - 1)]
        return (
            f"| {label} | {len(sizes)} | {statistics.median(sizes) / 1000:.2f} | "
            f"{p99 / 1000:.2f} | {sizes[-1] / 1000:.2f} | {sum(sizes) / 1e6:.3f} | "
            f"{first / 1000:.2f} → {last / 1000:.2f} |"
        )


async def play_one(port: int, case: Case, seed: int, name: str) -> GameSizes:
    """One game of `case` on seat 0 against server bots; the size of every update."""
    choose = random.Random(seed)
    stream = await trio.open_tcp_stream("127.0.0.1", port)
    client = RawClient(stream)
    hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": name}
    await stream.send_all(encode_frame(pack(hello), CLIENT_FRAME_LIMIT))
    _, welcome = await client.next()
    assert welcome["type"] == "welcome", welcome
    rid = await client.send(
        "create_table", game_kind=case.game, seats=case.seats, options=case.options
    )
    table = (await client.reply(rid))["table"]["table_id"]
    await client.reply(await client.send("sit", table_id=table, seat=0))
    for seat in range(1, case.seats):
        await client.reply(await client.send("add_bot", table_id=table, seat=seat))
    await client.send("start", table_id=table)
    updates: list[int] = []
    others = 0
    acted_on = -1
    while True:
        size, message = await client.next()
        if message["type"] != "update":
            others += 1
            continue
        updates.append(size)
        client.follow(message)
        view = client.view
        assert view is not None
        if view["result"] is not None:
            break
        if view["legal"] and message["seq"] != acted_on:
            acted_on = message["seq"]
            await client.send("act", action=choose.choice(view["legal"]))
    await trio.aclose_forcefully(stream)
    return GameSizes(updates, others)


async def run(args: argparse.Namespace) -> None:
    config = ServerConfig(
        host="127.0.0.1",
        port=0,
        bot_delay=0,
        seed=args.seed,
        max_tables_per_client=10_000,
        action_rate=1e9,
        action_burst=10**9,
        request_rate=1e9,
        request_burst=10**9,
    )
    print(f"protocol {PROTOCOL_VERSION}; Python {platform.python_version()}, {platform.node()}")
    print(
        "| game | updates | p50 KB | p99 KB | max KB | MB a game a seat | "
        "median first tenth → last tenth, KB |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    async with trio.open_nursery() as nursery:
        server = await nursery.start(serve, config)
        for index, case in enumerate(CASES):
            if args.only and case.game != args.only:
                continue
            for number in range(args.games):
                name = f"Measure{index}x{number}"
                sizes = await play_one(server.port, case, args.seed + number, name)
                label = case.label if args.games == 1 else f"{case.label} #{number + 1}"
                print(sizes.line(label), flush=True)
        nursery.cancel_scope.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="games of each kind")
    parser.add_argument("--seed", type=int, default=1, help="fixes the shuffles and choices")
    parser.add_argument("--only", help="one game id")
    trio.run(run, parser.parse_args())


if __name__ == "__main__":
    main()
