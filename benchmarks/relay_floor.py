"""The floor for the load benchmark: the cheapest server that could do cardtable's job.

A bare trio + msgpack relay. It speaks just enough of the protocol for the load benchmark's
clients (`load_client.py`): `hello` gets a `welcome`, `create_table` a `table_created`, `sit` a
`joined`, `ping` a `pong`; `start` and each `act` send every seat of the table an `update` of
640 bytes (its view whole, listing one legal action for the seat whose turn is next, in turn
around the table) and the sender an `ok`. It checks nothing, keeps no game and stores nothing:
a frame in, a map decoded, a map encoded per seat, written with trio's `send_all` under a lock
per connection (one task per connection reads; any of them may write to any seat).

`server_load.py --floor` runs it beside cardtable, point for point, with the same clients, so
the two are measured on the same machine in the same run (absolute rates on a shared machine
move from day to day). Alone: ``python benchmarks/relay_floor.py [--port P]``.
"""

from __future__ import annotations

import argparse
import itertools
import signal
from dataclasses import dataclass, field
from multiprocessing.connection import Connection as Pipe
from typing import Any

import msgpack
import trio

from cardtable.protocol import PROTOCOL_VERSION
from cardtable.protocol.framing import CLIENT_FRAME_LIMIT, FrameDecoder, encode_frame

#: The size of each update's payload, in bytes (cardtable's before view patches, at a
#: four-seat Chinese Ten table, was about this).
UPDATE_BYTES = 640
#: The one action each seat may take in turn.
ACTION = {"kind": "go"}


def frame(value: dict[str, Any]) -> bytes:
    return encode_frame(msgpack.packb(value), 1 << 30)


def _filler() -> str:
    """Padding that makes an update's payload exactly `UPDATE_BYTES` (the longest form)."""
    probe = {
        "type": "update",
        "table_id": 2**31 - 1,
        "game_no": 1,
        "seq": 2**31 - 1,
        "events": [{"kind": "go", "seat": 0}],
        "view": {"legal": [ACTION], "result": None, "table": ""},
    }
    return "x" * (UPDATE_BYTES - len(msgpack.packb(probe)) - 1)  # (a str8 header, not fixstr)


FILLER = _filler()


@dataclass
class Peer:
    stream: trio.SocketStream
    lock: trio.Lock = field(default_factory=trio.Lock)

    async def send(self, value: dict[str, Any]) -> None:
        async with self.lock:
            await self.stream.send_all(frame(value))


@dataclass
class RelayTable:
    id: int
    seats: dict[int, Peer] = field(default_factory=dict)
    turn: int = 0
    seq: int = 0

    async def tell(self, actor: int) -> None:
        """Every seat an update; the next seat in turn may act."""
        self.turn = (actor + 1) % max(1, len(self.seats))
        self.seq += 1
        for seat, peer in list(self.seats.items()):
            await peer.send(
                {
                    "type": "update",
                    "table_id": self.id,
                    "game_no": 1,
                    "seq": self.seq,
                    "events": [{"kind": "go", "seat": actor}],
                    "view": {
                        "legal": [ACTION] if seat == self.turn else [],
                        "result": None,
                        "table": FILLER,
                    },
                }
            )


class Relay:
    def __init__(self) -> None:
        self.tables: dict[int, RelayTable] = {}
        self._ids = itertools.count(1)

    async def handle(self, stream: trio.SocketStream) -> None:
        peer = Peer(stream)
        decoder = FrameDecoder(CLIENT_FRAME_LIMIT)
        where: tuple[RelayTable, int] | None = None
        try:
            while data := await stream.receive_some(65536):
                for payload in decoder.feed(data):
                    message = msgpack.unpackb(payload)
                    where = await self.answer(peer, message, where)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        finally:
            if where is not None:
                where[0].seats.pop(where[1], None)

    async def answer(
        self, peer: Peer, message: dict[str, Any], where: tuple[RelayTable, int] | None
    ) -> tuple[RelayTable, int] | None:
        kind, rid = message["type"], message.get("rid")
        if kind == "act" and where is not None:
            table, seat = where
            await table.tell(seat)
            await peer.send({"type": "ok", "rid": rid})
        elif kind == "hello":
            await peer.send({"type": "welcome", "version": PROTOCOL_VERSION, "name": "relay"})
        elif kind == "create_table":
            table = RelayTable(next(self._ids))
            self.tables[table.id] = table
            await peer.send({"type": "table_created", "rid": rid, "table": {"table_id": table.id}})
        elif kind == "sit":
            table = self.tables[message["table_id"]]
            table.seats[message["seat"]] = peer
            where = (table, message["seat"])
            await peer.send({"type": "joined", "rid": rid, "view": None})
        elif kind == "start" and where is not None:
            await where[0].tell(-1)
            await peer.send({"type": "ok", "rid": rid})
        elif kind == "ping":
            await peer.send({"type": "pong", "rid": rid})
        else:
            await peer.send({"type": "ok", "rid": rid})
        return where


async def serve_relay(
    port: int, task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED
) -> None:
    relay = Relay()
    listeners = await trio.open_tcp_listeners(port, host="127.0.0.1")
    task_status.started(listeners[0].socket.getsockname()[1])
    await trio.serve_listeners(relay.handle, listeners)


async def _until_signalled(pipe: Pipe | None, port: int) -> None:
    with trio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async with trio.open_nursery() as nursery:
            bound = await nursery.start(serve_relay, port)
            if pipe is not None:
                pipe.send(bound)
            else:
                print(f"relay listening on 127.0.0.1:{bound}")
            async for _ in signals:
                nursery.cancel_scope.cancel()
                return


def run_relay(pipe: Pipe) -> None:
    """A relay process (`server_load.py --floor`): tells `pipe` its port, serves until
    SIGTERM."""
    trio.run(_until_signalled, pipe, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    trio.run(_until_signalled, None, parser.parse_args().port)


if __name__ == "__main__":
    main()
