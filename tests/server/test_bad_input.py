"""Bad input over real TCP: every kind gets its own error while the server and every other table
carry on.

Each test runs in an `Arena`: a *target* table where Ada (seat 0) and Bram (seat 1) are playing,
which is where the offender sits, watches or aims, and an *others* table where Cleo and Dov are
playing too. After the bad input the test checks that the offender got exactly the right error
(and was closed when it is fatal), that the target table's record of actions did not change, and
that both games then play on to their results.
"""

from __future__ import annotations

import copy
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

import msgpack
import pytest
import trio

from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import IllegalAction
from cardtable.protocol import (
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    Joined,
    Message,
    Pong,
    Tables,
    Welcome,
)
from cardtable.protocol.framing import CLIENT_FRAME_LIMIT, COMPRESSED, HEADER, pack
from cardtable.protocol.versions import BEFORE_RATINGS
from cardtable.server.app import RunningServer
from cardtable.server.config import ServerConfig
from cardtable.server.table.table import Table
from tests.server.conftest import HOST, Connect, server_config
from tests.server.raw import RawClient, raw_connect

GAME = "chinese-ten"


# -- the arena --------------------------------------------------------------------------------


def caught_up(session: ClientSession, table: Table) -> bool:
    """Whether `session` has seen every action of the table's current game."""
    return (
        session.view is not None
        and session.game_no == table.game_no
        and session.seq == len(table.actions)
    )


@dataclass
class Pair:
    """Two sessions playing one game against each other at their own table."""

    server: RunningServer
    table_id: int
    players: tuple[ClientSession, ClientSession]

    @classmethod
    async def open(
        cls, server: RunningServer, first: ClientSession, second: ClientSession, **options: Any
    ) -> Pair:
        table = await first.create_table(GAME, seats=2, options=options)
        await first.sit(table.table_id, 0)
        await second.sit(table.table_id, 1)
        await first.start(table.table_id)
        return cls(server, table.table_id, (first, second))

    @property
    def table(self) -> Table:
        return self.server.lobby.tables[self.table_id]

    async def synced(self) -> None:
        """Wait until both players have seen every action the server has applied."""
        table = self.table
        for session in self.players:
            await session.wait_for(partial(caught_up, session, table))

    async def play(self, moves: int | None = None, pace: float = 0.0) -> int:
        """Play up to `moves` first-legal moves (all of them if None); how many were played."""
        played = 0
        while moves is None or played < moves:
            await self.synced()
            if self.table.status != "playing":
                break
            movers = [session for session in self.players if session.legal]
            assert len(movers) == 1, "exactly one player should be able to move"
            await movers[0].act(movers[0].legal[0])
            played += 1
            await trio.sleep(pace)
        return played

    async def play_until_turn(self, seat: int) -> None:
        game = self.table.game
        assert game is not None
        while seat not in game.actors:
            assert await self.play(1) == 1
        await self.synced()

    async def finish(self) -> None:
        """Play to the result and check both players saw the same one."""
        await self.play()
        await self.synced()
        first, second = self.players
        assert first.view is not None and second.view is not None
        assert first.view["result"] is not None
        assert first.view["result"] == second.view["result"]
        assert self.table.status == "finished"
        for session in self.players:
            assert not session.closed
            assert session.errors == []


@dataclass(frozen=True)
class Snapshot:
    actions: list[tuple[int, dict[str, Any]]]
    status: str
    game_no: int
    log: int


@dataclass
class Arena:
    server: RunningServer
    target: Pair
    others: Pair

    @property
    def lobby_names(self) -> set[str]:
        return set(self.server.lobby.clients)

    def snapshot(self) -> Snapshot:
        table = self.target.table
        return Snapshot(copy.deepcopy(table.actions), table.status, table.game_no, len(table.log))

    async def gone(self, name: str) -> None:
        """Wait until the server has let go of the connection called `name`."""
        await wait_until(lambda: name not in self.lobby_names)

    def spectator_names(self) -> list[str]:
        return [member.name for member in self.target.table.spectators]

    async def check(self, before: Snapshot, *, others_in_progress: bool = True) -> None:
        """The target table is as it was; then both games play on to their results."""
        assert self.target.table_id in self.server.lobby.tables
        assert self.snapshot() == before
        assert {"Ada", "Bram", "Cleo", "Dov"} <= self.lobby_names
        if others_in_progress:
            assert self.others.table.status == "playing"
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self.others.finish)
            nursery.start_soon(self.target.finish)


@asynccontextmanager
async def arena(connect: Callable[..., Any], server: RunningServer) -> AsyncIterator[Arena]:
    """Ada and Bram play at the target table, Cleo and Dov at the other one; each game has made
    two moves and is in progress."""
    async with AsyncExitStack() as stack:
        ada, bram, cleo, dov = [
            await stack.enter_async_context(connect(name))
            for name in ("Ada", "Bram", "Cleo", "Dov")
        ]
        target = await Pair.open(server, ada, bram, decks=1)
        others = await Pair.open(server, cleo, dov, decks=1)
        assert await target.play(2) == 2
        assert await others.play(2) == 2
        assert target.table.status == others.table.status == "playing"
        yield Arena(server, target, others)


# -- small helpers ----------------------------------------------------------------------------


def frame(value: Any) -> bytes:
    payload = pack(value)
    return HEADER.pack(len(payload)) + payload


def assert_error(
    message: Message, code: ErrorCode, *, fatal: bool, rid: int | None, case: object = None
) -> Error:
    """`message` is an error with exactly this code, fatality and rid (`case` names the input)."""
    assert isinstance(message, Error), (case, message)
    assert (message.code, message.fatal, message.rid) == (code, fatal, rid), (case, message)
    assert message.message
    return message


async def assert_fatal(raw: RawClient, code: ErrorCode, case: object = None) -> Error:
    """The server's next reply and last message is a fatal error with `code`; then it closes."""
    error = assert_error(await raw.reply(), code, fatal=True, rid=None, case=case)
    assert await raw.until_closed() == [], case
    return error


async def assert_usable(raw: RawClient, rid: int = 4242) -> None:
    """The connection still works: a ping gets its pong."""
    reply = await raw.request({"type": "ping", "rid": rid})
    assert isinstance(reply, Pong) and reply.rid == rid


async def greeted(raw: RawClient, name: str) -> Welcome:
    welcome = await raw.hello(name)
    assert isinstance(welcome, Welcome) and welcome.name == name
    return welcome


async def spectate(raw: RawClient, table_id: int) -> None:
    joined = await raw.request({"type": "spectate", "table_id": table_id, "rid": 1})
    assert isinstance(joined, Joined) and joined.rid == 1 and joined.seat is None


async def send_body(session: ClientSession, body: dict[str, Any]) -> Message:
    """Send any map on `session`'s own connection and return the reply carrying its rid."""
    replies: list[Message] = []

    def collect(message: Message) -> None:
        if message.rid == body["rid"]:
            replies.append(message)

    session.on_message(collect)
    await session.transport.stream.send_all(frame(body))
    await session.wait_for(lambda: replies)
    return replies[0]


def engine_reason(table: Table, seat: int, action: dict[str, Any]) -> str:
    """What the engine says to `action` by `seat`, tried on a copy of the table's game."""
    with pytest.raises(IllegalAction) as refusal:
        copy.deepcopy(table.game).apply(seat, action)  # type: ignore[union-attr]
    return refusal.value.reason


async def wait_until(predicate: Callable[[], object], poll: float = 0.005) -> None:
    while not predicate():
        await trio.sleep(poll)


# -- seat tokens ------------------------------------------------------------------------------


async def test_a_wrong_seat_token_is_refused_and_the_lobby_stays_usable(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            bram = world.target.players[1]
            assert bram.token is not None
            ada_seat = world.target.table.seats[0]
            bram_seat = world.target.table.seats[1]
            members = (ada_seat.member, bram_seat.member)
            forged = bram.token[:-1] + ("A" if bram.token[-1] != "A" else "B")
            for name, token in (("Eve", forged), ("Fay", "not-a-token"), ("Gus", "x" * 128)):
                async with raw_connect(HOST, server.port) as raw:
                    welcome = await raw.hello(name, token=token)
                    assert isinstance(welcome, Welcome) and welcome.name == name
                    assert_error(await raw.receive(), ErrorCode.BAD_TOKEN, fatal=False, rid=None)
                    # Still in the lobby, at no table, and able to do lobby things.
                    tables = await raw.request({"type": "list_tables", "rid": 3})
                    assert isinstance(tables, Tables) and tables.rid == 3
                    assert {t.table_id for t in tables.tables} == {
                        world.target.table_id,
                        world.others.table_id,
                    }
                    await assert_usable(raw)
                    assert server.lobby.clients[name].table is None
                    # The seat is still Bram's, not the forger's.
                    assert (ada_seat.member, bram_seat.member) == members
                    assert bram_seat.name == "Bram"
                await world.gone(name)
            await world.check(before)


# -- acting for someone else, or out of turn, or against the rules ------------------------------


async def test_a_player_acts_only_for_its_own_seat(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            ada, bram = world.target.players
            table = world.target.table
            # Ada's turn: Bram tries her moves.
            await world.target.play_until_turn(0)
            before = world.snapshot()
            assert ada.legal and not bram.legal
            for action in ada.legal[:3]:
                with pytest.raises(RequestFailed) as refused:
                    await bram.act(action)
                assert refused.value.code == ErrorCode.NOT_YOUR_TURN
                assert refused.value.message == "It is not your turn: Ada acts."
            # There is no way to name another seat in an act.
            reply = await send_body(
                bram, {"type": "act", "rid": 9001, "action": ada.legal[0], "seat": 0}
            )
            assert_error(reply, ErrorCode.BAD_MESSAGE, fatal=False, rid=9001)
            assert "seat" in reply.message  # type: ignore[attr-defined]
            assert world.snapshot() == before

            # Bram's turn: he may not play a card from Ada's hand.
            await world.target.play(1)
            await world.target.play_until_turn(1)
            before = world.snapshot()
            assert ada.view is not None and bram.legal
            for card in ada.view["table"]["hand"][:3]:
                for kind in ("capture", "lay"):
                    action = {"kind": kind, "cid": card["cid"], "spot": 0}
                    reason = engine_reason(table, 1, action)
                    with pytest.raises(RequestFailed) as refused:
                        await bram.act(action)
                    assert refused.value.code == ErrorCode.ILLEGAL_ACTION
                    assert refused.value.message == reason
            assert world.snapshot() == before
            await world.check(before)


async def test_spectators_and_lobby_clients_cannot_act(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            await world.target.play_until_turn(1)
            before = world.snapshot()
            bram = world.target.players[1]
            async with client("Eve") as eve, client("Fay") as fay:
                await eve.spectate(world.target.table_id)
                for session in (eve, fay):
                    for action in bram.legal[:2]:
                        with pytest.raises(RequestFailed) as refused:
                            await session.act(action)
                        assert refused.value.code == ErrorCode.NOT_SEATED
                        assert refused.value.message == "Only a seated player can act."
                    await session.ping()
                assert eve.table is not None and eve.table.table_id == world.target.table_id
                assert fay.table is None
                assert world.snapshot() == before
            await world.check(before)


async def test_out_of_turn_and_illegal_actions_are_refused_with_the_engines_reason(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            ada, bram = world.target.players
            table = world.target.table
            await world.target.play_until_turn(1)
            before = world.snapshot()
            # Ada acts on Bram's turn, even with a move that would be legal for her later.
            with pytest.raises(RequestFailed) as refused:
                await ada.act(bram.legal[0])
            assert refused.value.code == ErrorCode.NOT_YOUR_TURN
            assert refused.value.message == "It is not your turn: Bram acts."

            # Bram breaks the rules with his own cards: each refusal is the engine's sentence.
            assert bram.view is not None
            hand = [card["cid"] for card in bram.view["table"]["hand"]]
            tried = 0
            for kind in ("capture", "lay"):
                for cid in hand:
                    for spot in range(len(bram.view["table"]["spots"])):
                        action = {"kind": kind, "cid": cid, "spot": spot}
                        if action in bram.legal or tried >= 6:
                            continue
                        reason = engine_reason(table, 1, action)
                        with pytest.raises(RequestFailed) as refused:
                            await bram.act(action)
                        assert refused.value.code == ErrorCode.ILLEGAL_ACTION
                        assert refused.value.message == reason
                        tried += 1
            assert tried == 6
            assert world.snapshot() == before
            await world.check(before)


GARBAGE_ACTIONS: list[dict[str, Any]] = [
    {},
    {"kind": 5},
    {"kind": None, "cid": 0, "spot": 0},
    {"kind": "fly"},
    {"kind": "deal"},
    {"kind": "capture"},
    {"kind": "lay", "cid": "7", "spot": 0},
    {"kind": "lay", "cid": True, "spot": 0},
    {"kind": "lay", "cid": 10**9, "spot": 0},
    {"kind": "lay", "cid": 0, "spot": -1},
    {"kind": "lay", "cid": 0, "spot": 99},
    {"kind": "lay", "cid": 0, "spot": 1.5},
    {"kind": "capture", "cid": [1, 2], "spot": {"x": 1}},
]


async def test_actions_with_garbage_fields_are_refused(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            bram = world.target.players[1]
            table = world.target.table
            await world.target.play_until_turn(1)
            before = world.snapshot()
            # Well-formed maps that the engine turns down.
            for action in GARBAGE_ACTIONS:
                reason = engine_reason(table, 1, action)
                with pytest.raises(RequestFailed) as refused:
                    await bram.act(action)
                assert refused.value.code == ErrorCode.ILLEGAL_ACTION, action
                assert refused.value.message == reason
            # Acts the protocol itself turns down, before the engine sees them.
            deep: dict[str, Any] = {"kind": "lay"}
            for _ in range(5):
                deep = {"kind": "lay", "more": deep}
            bad_acts: list[dict[str, Any]] = [
                {"type": "act", "action": "lay"},
                {"type": "act", "action": ["lay", 0, 0]},
                {"type": "act", "action": None},
                {"type": "act"},
                {"type": "act", "action": {"kind": "lay"}, "extra": 1},
                {"type": "act", "action": {"kind": "x" * 101}},
                {"type": "act", "action": {"kind": "lay", "cid": b"\x00"}},
                {"type": "act", "action": {1: "lay"}},
                {"type": "act", "action": deep},
            ]
            for rid, body in enumerate(bad_acts, start=5000):
                reply = await send_body(bram, {**body, "rid": rid})
                assert_error(reply, ErrorCode.BAD_MESSAGE, fatal=False, rid=rid)
            # Through all this Bram stays connected and can still make a legal move.
            assert not bram.closed and bram.legal
            await bram.ping()
            assert world.snapshot() == before
            await world.check(before)


async def test_acting_at_a_table_with_no_game_is_not_playing(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            async with client("Eve") as eve, client("Fay") as fay:
                waiting = await eve.create_table(GAME, seats=2)
                await eve.sit(waiting.table_id, 0)
                await fay.sit(waiting.table_id, 1)
                with pytest.raises(RequestFailed) as refused:
                    await eve.act({"kind": "deal"})
                assert refused.value.code == ErrorCode.NOT_PLAYING
                assert server.lobby.tables[waiting.table_id].actions == []
            await world.check(before)


# -- malformed frames and messages, after the handshake ------------------------------------------


def _ext() -> bytes:
    return msgpack.packb(msgpack.ExtType(5, b"boom"))  # type: ignore[no-any-return]


#: (payload of one frame, the error code it gets, the rid the error echoes)
BAD_FRAMES: list[tuple[str, bytes, ErrorCode, int | None]] = [
    ("not msgpack", b"\xc1", ErrorCode.BAD_FRAME, None),
    ("truncated msgpack", b"\x82\xa4type", ErrorCode.BAD_FRAME, None),
    ("two values in one frame", pack({"type": "ping"}) + pack(1), ErrorCode.BAD_FRAME, None),
    ("extension type", _ext(), ErrorCode.BAD_FRAME, None),
    ("empty frame", b"", ErrorCode.BAD_FRAME, None),
    ("a list", pack([1, 2, 3]), ErrorCode.BAD_MESSAGE, None),
    ("a string", pack("ping"), ErrorCode.BAD_MESSAGE, None),
    ("nil", pack(None), ErrorCode.BAD_MESSAGE, None),
    ("no type", pack({"rid": 5}), ErrorCode.BAD_MESSAGE, 5),
    ("type not a string", pack({"type": 1, "rid": 6}), ErrorCode.BAD_MESSAGE, 6),
    ("integer keys", pack({1: "ping", "rid": 7}), ErrorCode.BAD_MESSAGE, 7),
    ("unknown type", pack({"type": "fly", "rid": 8}), ErrorCode.UNKNOWN_TYPE, 8),
    ("a server's type", pack({"type": "welcome", "rid": 9}), ErrorCode.UNKNOWN_TYPE, 9),
    ("unknown field", pack({"type": "ping", "rid": 10, "color": 1}), ErrorCode.BAD_MESSAGE, 10),
    (
        "wrong field type",
        pack({"type": "sit", "rid": 11, "table_id": "1", "seat": 0}),
        ErrorCode.BAD_MESSAGE,
        11,
    ),
    (
        "boolean for an integer",
        pack({"type": "spectate", "rid": 12, "table_id": True}),
        ErrorCode.BAD_MESSAGE,
        12,
    ),
    ("missing field", pack({"type": "sit", "rid": 13, "table_id": 1}), ErrorCode.BAD_MESSAGE, 13),
    (
        "out of range",
        pack({"type": "sit", "rid": 14, "table_id": 1, "seat": 64}),
        ErrorCode.BAD_MESSAGE,
        14,
    ),
    ("chat text a number", pack({"type": "chat", "rid": 15, "text": 5}), ErrorCode.BAD_TEXT, 15),
    (
        "chat text with escapes",
        pack({"type": "chat", "rid": 16, "text": "\x1b[2J"}),
        ErrorCode.BAD_TEXT,
        16,
    ),
    ("chat text bytes", pack({"type": "chat", "rid": 17, "text": b"hi"}), ErrorCode.BAD_TEXT, 17),
    (
        "a second hello",
        pack({"type": "hello", "rid": 18, "version": PROTOCOL_VERSION, "name": "Zed"}),
        ErrorCode.BAD_MESSAGE,
        18,
    ),
    ("rid not an integer", pack({"type": "ping", "rid": "x"}), ErrorCode.BAD_MESSAGE, None),
    ("rid negative", pack({"type": "ping", "rid": -1}), ErrorCode.BAD_MESSAGE, None),
    ("rid too large", pack({"type": "ping", "rid": 2**31}), ErrorCode.BAD_MESSAGE, None),
]


async def test_each_bad_frame_gets_its_own_error_and_the_connection_goes_on(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world, raw_connect(HOST, server.port) as raw:
            await greeted(raw, "Eve")
            await spectate(raw, world.target.table_id)
            before = world.snapshot()
            for case, payload, code, rid in BAD_FRAMES:
                await raw.send_payload(payload)
                assert_error(await raw.reply(), code, fatal=False, rid=rid, case=case)
                await assert_usable(raw)
            # All at once, in one write: one error each, in order, then the pong.
            burst = b"".join(HEADER.pack(len(case[1])) + case[1] for case in BAD_FRAMES)
            await raw.send_bytes(burst + frame({"type": "ping", "rid": 77}))
            for case, _, code, rid in BAD_FRAMES:
                assert_error(await raw.reply(), code, fatal=False, rid=rid, case=case)
            pong = await raw.reply()
            assert isinstance(pong, Pong) and pong.rid == 77
            assert "Eve" in world.lobby_names
            assert world.spectator_names() == ["Eve"]
            await world.check(before)
            # Eve watched on, connected, through the rest of the target game.
            assert world.spectator_names() == ["Eve"]


# -- frames arriving in pieces, and frames that are too large -----------------------------------


def padded_ping(size: int) -> bytes:
    """A frame payload of exactly `size` bytes: a ping with a padding field."""
    pad = size - len(pack({"type": "ping", "rid": 1, "pad": ""}))
    while len(pack({"type": "ping", "rid": 1, "pad": "x" * pad})) > size:
        pad -= 1
    payload = pack({"type": "ping", "rid": 1, "pad": "x" * pad})
    assert len(payload) == size
    return payload


async def test_frames_split_into_bytes_or_as_large_as_the_limit_are_read_whole(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            async with raw_connect(HOST, server.port) as raw:
                for byte in frame({"type": "hello", "version": PROTOCOL_VERSION, "name": "Eve"}):
                    await raw.send_bytes(bytes([byte]))
                    await trio.sleep(0)
                welcome = await raw.receive()
                assert isinstance(welcome, Welcome) and welcome.name == "Eve"
                for byte in frame({"type": "ping", "rid": 5}):
                    await raw.send_bytes(bytes([byte]))
                    await trio.sleep(0)
                pong = await raw.reply()
                assert isinstance(pong, Pong) and pong.rid == 5
                # Exactly 64 KiB is allowed: read whole, refused only for its unknown field.
                await raw.send_payload(padded_ping(CLIENT_FRAME_LIMIT))
                assert_error(await raw.reply(), ErrorCode.BAD_MESSAGE, fatal=False, rid=1)
                await assert_usable(raw)
            await world.check(before)


async def test_an_oversized_frame_header_is_fatal(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            names = world.lobby_names
            cases = [
                ("before hello", CLIENT_FRAME_LIMIT + 1, False),
                ("after hello", CLIENT_FRAME_LIMIT + 1, True),
                ("huge, after hello", 2**32 - 1, True),
            ]
            for case, length, greet in cases:
                async with raw_connect(HOST, server.port) as raw:
                    if greet:
                        await greeted(raw, "Eve")
                        await spectate(raw, world.target.table_id)
                        assert world.spectator_names() == ["Eve"]
                    # Only the header: the server must refuse before waiting for the payload.
                    await raw.send_bytes(HEADER.pack(length))
                    error = await assert_fatal(raw, ErrorCode.FRAME_TOO_LARGE, case=case)
                    assert str(length & ~COMPRESSED) in error.message  # (the flag aside)
                await wait_until(lambda: world.lobby_names == names)
                assert world.spectator_names() == []
            await world.check(before)


# -- the handshake --------------------------------------------------------------------------------

#: First frames that are not a good hello: each closes the connection with handshake_required.
NOT_HELLO: list[tuple[str, Any]] = [
    ("ping", {"type": "ping"}),
    ("list_tables with rid", {"type": "list_tables", "rid": 3}),
    ("act", {"type": "act", "action": {"kind": "deal"}}),
    ("unknown type", {"type": "fly"}),
    ("no type", {"name": "Eve"}),
    ("a list", [1, 2, 3]),
    ("a number", 7),
    ("hello without a name", {"type": "hello", "version": PROTOCOL_VERSION}),
    ("hello with a string version", {"type": "hello", "version": "1", "name": "Eve"}),
    ("hello with an extra field", {"type": "hello", "version": 1, "name": "Eve", "x": 1}),
]


async def test_anything_but_hello_first_is_fatal(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            names = world.lobby_names
            hello = {"type": "hello", "version": PROTOCOL_VERSION, "name": "Eve"}
            for case, first in NOT_HELLO:
                async with raw_connect(HOST, server.port) as raw:
                    # A good hello right behind it, in the same write, is never looked at.
                    await raw.send_bytes(frame(first) + frame(hello))
                    await assert_fatal(raw, ErrorCode.HANDSHAKE_REQUIRED, case=case)
                assert world.lobby_names == names
            # A frame whose payload is not msgpack at all is reported as such; fatal here.
            async with raw_connect(HOST, server.port) as raw:
                await raw.send_payload(b"\xc1\xc1 not msgpack")
                await assert_fatal(raw, ErrorCode.BAD_FRAME)
            # Bytes that are not even frames (someone speaking HTTP): the "length" is absurd.
            async with raw_connect(HOST, server.port) as raw:
                await raw.send_bytes(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                await assert_fatal(raw, ErrorCode.FRAME_TOO_LARGE)
            assert world.lobby_names == names
            await world.check(before)


async def test_a_version_mismatch_is_fatal(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            # (Version 6: a client from before typed records; 7 and 8, from before ratings and
            # hints, play.)
            for version in (0, BEFORE_RATINGS - 1, PROTOCOL_VERSION + 1, 65535):
                async with raw_connect(HOST, server.port) as raw:
                    await raw.send_hello("Eve", version=version)
                    error = await assert_fatal(raw, ErrorCode.VERSION_MISMATCH, case=version)
                    assert f"protocol 7, 8 or {PROTOCOL_VERSION} and the client {version};" in (
                        error.message
                    )
                assert "Eve" not in world.lobby_names
            await world.check(before)


BAD_NAMES = [
    "[b]x[/b]",
    "\x1b[2J",
    "Ada\x1b[31m",
    "a\nb",
    "tab\there",
    "<script>",
    "Ada\u202e",
    "zero\u200bwidth",
    " Ada",
    "Ada ",
    "",
    "x" * 25,
    "Ada{}",
    "@everyone",
]


async def test_taken_and_bad_names_are_fatal(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            names = world.lobby_names
            # Taken: by a player at the target table, and by one at the other table.
            for name in ("Ada", "Dov"):
                owner = server.lobby.clients[name]
                async with raw_connect(HOST, server.port) as raw:
                    await raw.send_hello(name)
                    error = await assert_fatal(raw, ErrorCode.NAME_TAKEN, case=name)
                    assert name in error.message
                assert server.lobby.clients[name] is owner
                assert owner.table is not None and owner.table.seat_of(owner) is not None
            # Markup, escapes, control and format characters, edge spaces, bad lengths.
            for name in BAD_NAMES:
                async with raw_connect(HOST, server.port) as raw:
                    await raw.send_hello(name)
                    await assert_fatal(raw, ErrorCode.BAD_NAME, case=name)
            assert world.lobby_names == names
            # Letters of any script, digits and plain punctuation are fine.
            for name in ("Zoë O'Neil-2", "李雷", "a.b_c", "x" * 24):
                async with raw_connect(HOST, server.port) as raw:
                    await greeted(raw, name)
                    await assert_usable(raw)
            await world.check(before)


# -- a vanishing client ------------------------------------------------------------------------


async def test_a_client_vanishing_mid_frame_affects_nobody(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with arena(client, server) as world:
            before = world.snapshot()
            names = world.lobby_names
            spare = await world.target.players[0].create_table(GAME, seats=2)
            half = frame({"type": "ping", "rid": 1, "pad": "x" * 100})[:50]
            hello = frame({"type": "hello", "version": PROTOCOL_VERSION, "name": "Eve"})
            stages = {
                "mid-hello": hello[: len(hello) // 2],
                "mid-header": half[:2],
                "mid-frame, watching": half,
                "mid-frame, seated": half,
            }
            for stage, last_words in stages.items():
                async with raw_connect(HOST, server.port) as raw:
                    if stage != "mid-hello":
                        await greeted(raw, "Eve")
                    if stage == "mid-frame, watching":
                        await spectate(raw, world.target.table_id)
                        assert world.spectator_names() == ["Eve"]
                    if stage == "mid-frame, seated":
                        joined = await raw.request(
                            {"type": "sit", "table_id": spare.table_id, "seat": 1, "rid": 2}
                        )
                        assert isinstance(joined, Joined) and joined.seat == 1
                    await raw.send_bytes(last_words)
                    await trio.sleep(0.02)  # let the server read the piece
                # Eve's connection is gone: she leaves the lobby and the table she watched.
                await wait_until(lambda: world.lobby_names == names)
                assert world.spectator_names() == [], stage
            # The seat she took waits for her, as for anyone whose connection drops.
            seat = server.lobby.tables[spare.table_id].seats[1]
            assert seat.name == "Eve" and seat.away
            await world.check(before)


# -- the server's password ------------------------------------------------------------------------

PASSWORD = "s3cret"


class TestPassword:
    @pytest.fixture
    def config(self) -> ServerConfig:
        return server_config(password=PASSWORD)

    async def test_only_the_right_password_lets_anyone_in(
        self, client: Connect, server: RunningServer
    ) -> None:
        with trio.fail_after(10):
            async with arena(partial(client, password=PASSWORD), server) as world:
                before = world.snapshot()
                names = world.lobby_names
                bram = world.target.players[1]
                for password in (None, "", "S3CRET", "s3cret ", "s3cre", "wrong"):
                    async with raw_connect(HOST, server.port) as raw:
                        await raw.send_hello("Eve", password=password)
                        await assert_fatal(raw, ErrorCode.BAD_PASSWORD, case=password)
                    # A seat token does not stand in for the password.
                    async with raw_connect(HOST, server.port) as raw:
                        await raw.send_hello("Bram", password=password, token=bram.token)
                        await assert_fatal(raw, ErrorCode.BAD_PASSWORD, case=password)
                    assert world.lobby_names == names
                    assert server.lobby.clients["Bram"].table is world.target.table
                async with raw_connect(HOST, server.port) as raw:
                    welcome = await raw.hello("Eve", password=PASSWORD)
                    assert isinstance(welcome, Welcome) and welcome.name == "Eve"
                    await assert_usable(raw)
                await world.check(before)


# -- timeouts -------------------------------------------------------------------------------------

HANDSHAKE_TIMEOUT = 0.3
IDLE_TIMEOUT = 0.5


class TestTimeouts:
    @pytest.fixture
    def config(self) -> ServerConfig:
        return server_config(handshake_timeout=HANDSHAKE_TIMEOUT, idle_timeout=IDLE_TIMEOUT)

    async def test_no_hello_in_time_is_fatal_while_others_play_on(
        self, client: Connect, server: RunningServer
    ) -> None:
        async def wait_out(sends: bytes) -> None:
            async with raw_connect(HOST, server.port) as raw:
                started = trio.current_time()
                await raw.send_bytes(sends)
                error = await assert_fatal(raw, ErrorCode.HANDSHAKE_TIMEOUT, case=sends)
                waited = trio.current_time() - started
                assert HANDSHAKE_TIMEOUT * 0.9 <= waited < HANDSHAKE_TIMEOUT + 1.5
                assert "hello" in error.message

        with trio.fail_after(10):
            async with arena(client, server) as world:
                before = world.snapshot()
                moves = len(world.others.table.actions)
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(partial(world.others.play, pace=0.03))
                    async with trio.open_nursery() as waiting:
                        # Saying nothing, half a header, half a hello frame.
                        for sends in (b"", b"\x00\x00", b"\x00\x00\x00\x10\x81"):
                            waiting.start_soon(wait_out, sends)
                    # The other game went on meanwhile.
                    assert len(world.others.table.actions) > moves
                await world.check(before, others_in_progress=False)

    async def test_a_silent_client_is_closed_after_the_idle_timeout_a_pinging_one_is_not(
        self, client: Connect, server: RunningServer
    ) -> None:
        async def ping_on(raw: RawClient, until: float) -> None:
            rid = 100
            while trio.current_time() < until:
                await trio.sleep(IDLE_TIMEOUT / 3)
                rid += 1
                await assert_usable(raw, rid)

        with trio.fail_after(10):
            async with arena(client, server) as world:
                before = world.snapshot()
                async with (
                    raw_connect(HOST, server.port) as silent,
                    raw_connect(HOST, server.port) as chatty,
                    trio.open_nursery() as nursery,
                ):
                    nursery.start_soon(partial(world.others.play, pace=0.03))
                    await greeted(silent, "Eve")
                    await spectate(silent, world.target.table_id)
                    await greeted(chatty, "Fay")
                    await spectate(chatty, world.target.table_id)
                    assert world.spectator_names() == ["Eve", "Fay"]
                    started = trio.current_time()
                    moves = len(world.others.table.actions)
                    nursery.start_soon(ping_on, chatty, started + 2 * IDLE_TIMEOUT)
                    error = await assert_fatal(silent, ErrorCode.IDLE_TIMEOUT)
                    waited = trio.current_time() - started
                    assert IDLE_TIMEOUT * 0.9 <= waited < IDLE_TIMEOUT + 1.5
                    assert "ping" in error.message
                    assert len(world.others.table.actions) > moves
                    await world.gone("Eve")
                    assert world.spectator_names() == ["Fay"]
                # Fay pinged for twice the idle timeout and was never closed; nor were the
                # arena's sessions, which ping on their own.
                await world.gone("Fay")
                assert world.spectator_names() == []
                await world.check(before, others_in_progress=False)


# -- a client that stops reading ------------------------------------------------------------------


class TestSlowReader:
    @pytest.fixture
    def config(self) -> ServerConfig:
        return server_config(queue_size=16)

    async def test_a_client_that_stops_reading_is_dropped_and_nobody_waits(
        self, client: Connect, server: RunningServer
    ) -> None:
        with trio.fail_after(15):
            async with (
                arena(client, server) as world,
                client("Host") as host,
                client("Watch") as watch,
            ):
                before = world.snapshot()
                # A busy table: four server bots that act at once, four deals in a row.
                busy = await host.create_table(GAME, seats=4, options={"decks": 2, "rounds": 4})
                for seat in range(4):
                    await host.add_bot(busy.table_id, seat)
                busy_table = server.lobby.tables[busy.table_id]
                await watch.spectate(busy.table_id)

                async with raw_connect(HOST, server.port, receive_buffer=4096) as raw:
                    # Eve greets and asks to watch, then never reads a byte.
                    await raw.send_hello("Eve")
                    await wait_until(lambda: "Eve" in world.lobby_names)
                    # A slow link: small buffers on the server's side of Eve's connection too,
                    # so her unread updates back up within a few dozen rather than thousands.
                    eve = server.lobby.clients["Eve"]
                    assert isinstance(eve.link.stream, trio.SocketStream)
                    eve.link.stream.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
                    await raw.send_value({"type": "spectate", "table_id": busy.table_id, "rid": 1})
                    await wait_until(lambda: len(busy_table.spectators) == 2)

                    started = trio.current_time()
                    await host.start(busy.table_id)
                    async with trio.open_nursery() as nursery:
                        nursery.start_soon(world.others.finish)
                        await world.gone("Eve")
                    # Eve is gone from the lobby and the busy table; the busy game went on.
                    assert eve.link.closed
                    assert [m.name for m in busy_table.spectators] == ["Watch"]
                    assert busy_table.actions
                    # Her connection is closed: what was in flight arrives, then the end.
                    with trio.fail_after(5):
                        await raw.drain()
                    assert raw.eof
                # The other game finished meanwhile, promptly.
                assert world.others.table.status == "finished"
                assert trio.current_time() - started < 10
                # The honest spectator of the same busy table kept up and saw its result.
                await watch.wait_for(lambda: watch.view is not None and watch.view["result"])
                assert not watch.closed and watch.errors == []
                assert busy_table.status == "finished"
                assert world.snapshot() == before
                await world.target.finish()


async def test_an_action_must_be_one_of_the_legal_ones_exactly(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            tid = (await ada.create_table("chinese-ten", seats=2)).table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)
            await ada.start(tid)
            await ada.wait_for(lambda: ada.legal)  # Ada's turn: nobody else acts now
            table = server.lobby.tables[tid]
            actions = list(table.actions)
            before = copy.deepcopy(table.game)
            legal = ada.legal[0]
            with pytest.raises(RequestFailed) as extra:
                await ada.act({**legal, "extra": 1})
            assert extra.value.code == ErrorCode.ILLEGAL_ACTION
            assert (
                extra.value.message
                == "Send one of your legal actions exactly as the view lists it."
            )
            with pytest.raises(RequestFailed) as foreign:
                await ada.act({**legal, "cid": 10_000})
            assert foreign.value.code == ErrorCode.ILLEGAL_ACTION
            assert before is not None and table.game is not None
            with pytest.raises(IllegalAction) as rules:
                before.apply(0, {**legal, "cid": 10_000})
            assert foreign.value.message == rules.value.reason  # the rules' own words
            assert table.actions == actions and table.game.view(0) == ada.view
            await ada.act(legal)
            assert table.actions[len(actions)] == (0, legal)
