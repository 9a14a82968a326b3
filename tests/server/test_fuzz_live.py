"""Fuzzing a live server: while Ada and Bram play a game, a few dozen connections send it random
and mutated frames, and nothing but those connections notices.

Each fuzz connection draws everything from its own `random.Random`, seeded from the run's seed
and its number: strangers send (mostly spoilt) hellos and whatever follows; lobby fuzzers greet
properly, then send spoilt requests of every kind, many aimed at Ada and Bram's table; players
open a table of their own with bots, sit, start, and send spoilt actions built from their legal
ones. Frames are mutated by the protocol fuzz tests' mutators (tests/protocol/test_fuzz.py) and
sent split at random points; each connection then hangs up, drops in the middle of a frame, or
resets.

Every run prints its seed; ``CARDTABLE_FUZZ_SEED=<seed>`` replays the same inputs (the bots'
timing may still differ). A failure lists each offending connection's frames exactly.
"""

from __future__ import annotations

import contextlib
import copy
import logging
import os
import random
import socket
import statistics
import struct
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import msgpack
import pytest
import trio

from cardtable.client.session import ClientSession
from cardtable.engine import IllegalAction, all_games, get_game
from cardtable.protocol import (
    FATAL_CODES,
    PROTOCOL_VERSION,
    Error,
    ErrorCode,
    Joined,
    Message,
    ProtocolError,
    Sender,
    TableCreated,
    Update,
    Welcome,
)
from cardtable.protocol.framing import (
    CLIENT_FRAME_LIMIT,
    HEADER,
    SERVER_FRAME_LIMIT,
    FrameDecoder,
    pack,
    unpack,
)
from cardtable.protocol.messages import MessageError, decode_message
from cardtable.protocol.patch import apply_patch, patch_base
from cardtable.server.app import RunningServer
from cardtable.server.config import ServerConfig
from cardtable.server.table.table import Table
from tests.protocol.support import CLIENT_MESSAGES
from tests.protocol.test_fuzz import fuzz_stream, mutate_body, split_at_random
from tests.server.conftest import HOST, Connect, server_config
from tests.server.test_bad_input import send_body

SEED = int(os.environ.get("CARDTABLE_FUZZ_SEED") or random.SystemRandom().randrange(2**32))
GAME = "chinese-ten"
#: Fuzz connections of each kind, players per game.
STRANGERS = 10
LOBBY_FUZZERS = 16
PLAYERS_PER_GAME = 2
#: How long the server has to answer or close a connection that has hung up.
CLOSE_TIMEOUT = 5.0


@pytest.fixture
def config() -> ServerConfig:
    # Every fuzz connection comes from 127.0.0.1; the deals follow the run's seed.
    return server_config(max_clients_per_address=None, seed=SEED)


# -- one fuzz connection ------------------------------------------------------------------------


class NoReply(Exception):
    """The server neither answered a fuzz connection's valid request nor closed it."""


@dataclass
class Fuzzer:
    """One fuzz connection: what it sent, what came back and what was wrong with it."""

    number: int
    kind: str
    rng: random.Random
    ending: str = ""
    #: The odds of each frame's header lying (and of other damage to the framing).
    framing: float = 0.0
    sent: list[bytes] = field(default_factory=list)
    received: list[Message] = field(default_factory=list)
    #: How the connection ended for us: "closed" by the server, "reset", or "dropped" by us.
    ended: str = ""
    problems: list[str] = field(default_factory=list)
    changed: trio.Event = field(default_factory=trio.Event)
    done: trio.Event = field(default_factory=trio.Event)

    @property
    def name(self) -> str:
        return f"Fuzz{self.number}"

    def wake(self) -> None:
        self.changed.set()
        self.changed = trio.Event()

    async def wait_for(
        self, predicate: Callable[[], Any], what: str, timeout: float = CLOSE_TIMEOUT
    ) -> Any:
        """The first truthy `predicate()`, re-checked as messages arrive; `NoReply` if none
        comes within `timeout` or the connection ends first."""
        with trio.move_on_after(timeout):
            while True:
                found = predicate()
                if found:
                    return found
                if self.ended:
                    break
                await self.changed.wait()
        raise NoReply(f"{self.name} never got {what}; its last messages: {self.received[-3:]}")

    def reply_to(self, rid: int) -> Message | None:
        return next((message for message in self.received if message.rid == rid), None)

    def latest_view(self) -> dict[str, Any] | None:
        """The view the messages received so far leave this connection with."""
        view: dict[str, Any] | None = None
        for message in self.received:
            if isinstance(message, Joined) or (isinstance(message, Update) and message.view):
                view = message.view
            elif isinstance(message, Update) and view is not None:
                view = apply_patch(patch_base(view, message.events), message.patch or [])
        return view

    def report(self) -> str:
        lines = [f"{self.name} ({self.kind}, {self.ending}, ended: {self.ended or 'no'}):"]
        lines += [f"  problem: {problem}" for problem in self.problems]
        frames = describe_frames(b"".join(self.sent))
        for message in self.received:
            if isinstance(message, Error) and message.code == ErrorCode.INTERNAL:
                culprits = [line for line in frames if f"'rid': {message.rid}" in line]
                lines += [f"  internal error for: {culprit}" for culprit in culprits]
        errors = [message for message in self.received if isinstance(message, Error)]
        lines += [f"  error received: {error}" for error in errors]
        lines += ["  sent:"] + [f"    {line}" for line in frames]
        return "\n".join(lines)


def describe_frames(stream: bytes) -> list[str]:
    """Each frame of `stream` as sent: its decoded value where it has one, else its bytes."""
    lines = []
    start = 0
    while len(stream) - start >= HEADER.size:
        (length,) = HEADER.unpack_from(stream, start)
        payload = stream[start + HEADER.size : start + HEADER.size + length]
        try:
            shown = repr(msgpack.unpackb(payload, raw=False, strict_map_key=False))
        except Exception:
            shown = f"payload {payload!r}"
        lines.append(f"[{length}] {shown[:3000]}")
        start += HEADER.size + length
    if start < len(stream):
        lines.append(f"and {stream[start:]!r}"[:3000])
    return lines


async def read_replies(stream: trio.SocketStream, fuzzer: Fuzzer) -> None:
    """Collect every message the server sends until it closes (or we do)."""
    decoder = FrameDecoder(SERVER_FRAME_LIMIT)
    try:
        while True:
            try:
                data = await stream.receive_some(SERVER_FRAME_LIMIT)
            except trio.BrokenResourceError:
                fuzzer.ended = "reset"
                return
            except trio.ClosedResourceError:
                fuzzer.ended = "dropped"
                return
            if not data:
                fuzzer.ended = "closed"
                if decoder.pending:
                    fuzzer.problems.append(
                        f"the server closed {decoder.pending} bytes into a frame"
                    )
                return
            for payload in decoder.feed(data):
                try:
                    fuzzer.received.append(decode_message(unpack(payload), Sender.SERVER))
                except (ProtocolError, MessageError) as error:
                    fuzzer.problems.append(f"the server sent an invalid frame {payload!r}: {error}")
            fuzzer.wake()
    finally:
        fuzzer.done.set()
        fuzzer.wake()


async def send(stream: trio.SocketStream, fuzzer: Fuzzer, data: bytes) -> None:
    """Send `data` in pieces cut at random points, now and then pausing between them."""
    fuzzer.sent.append(data)
    for piece in split_at_random(fuzzer.rng, data):
        await stream.send_all(piece)
        if fuzzer.rng.random() < 0.3:
            await trio.sleep(fuzzer.rng.choice([0, 0, 0.001, 0.005]))


def framed(body: Any) -> bytes:
    payload = pack(body)
    return HEADER.pack(len(payload)) + payload


def hello(name: str) -> dict[str, Any]:
    return {"type": "hello", "version": PROTOCOL_VERSION, "name": name}


async def greet(stream: trio.SocketStream, fuzzer: Fuzzer) -> None:
    await send(stream, fuzzer, framed(hello(fuzzer.name)))
    await fuzzer.wait_for(
        lambda: any(isinstance(message, Welcome) for message in fuzzer.received), "a welcome"
    )


async def request(stream: trio.SocketStream, fuzzer: Fuzzer, body: dict[str, Any]) -> Message:
    """Send a valid request and return its reply (an error when another fuzz connection got
    in the way, say by sitting at this one's table)."""
    rid = body["rid"]
    await send(stream, fuzzer, framed(body))
    reply = await fuzzer.wait_for(lambda: fuzzer.reply_to(rid), f"a reply to {body}")
    assert isinstance(reply, Message)
    return reply


@dataclass(frozen=True)
class Target:
    """Ada and Bram's table, which the lobby fuzzers aim at."""

    table: int
    game: int
    legal: list[dict[str, Any]]


def pick_bodies(rng: random.Random, templates: list[dict[str, Any]], most: int) -> list[Any]:
    """Some of `templates`, each with a random rid (or none)."""
    bodies = []
    for _ in range(rng.randint(3, most)):
        body = copy.deepcopy(rng.choice(templates))
        if rng.random() < 0.8:
            body["rid"] = rng.randrange(2**31)
        bodies.append(body)
    return bodies


async def fuzz_as_stranger(stream: trio.SocketStream, fuzzer: Fuzzer, target: Target) -> None:
    """No handshake first: a hello, spoilt or not, then requests; or bytes that mean nothing."""
    rng = fuzzer.rng
    if rng.random() < 0.2:
        await send(stream, fuzzer, bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 300))))
        return
    templates = lobby_templates(target)
    bodies = [hello(fuzzer.name), *pick_bodies(rng, templates, 6)]
    await send(stream, fuzzer, fuzz_stream(rng, bodies, CLIENT_FRAME_LIMIT, fuzzer.framing))


def lobby_templates(target: Target) -> list[dict[str, Any]]:
    table = target.table
    aimed: list[dict[str, Any]] = [
        {"type": "sit", "table_id": table, "seat": 0},
        {"type": "sit", "table_id": table, "seat": 1},
        {"type": "spectate", "table_id": table},
        {"type": "add_bot", "table_id": table, "seat": 1},
        {"type": "remove_bot", "table_id": table, "seat": 0},
        {"type": "start", "table_id": table},
        {"type": "configure", "table_id": table, "settings": {"table_chat": False}},
        {"type": "chat", "text": "hello"},
        {"type": "chat", "text": "psst", "to": 0},
        {"type": "replay", "game_id": target.game, "seat": 0},
        {"type": "leave"},
        hello("Again"),  # a second hello
        *({"type": "act", "action": action} for action in target.legal),
    ]
    return [message.to_wire() for message in CLIENT_MESSAGES] + aimed


async def fuzz_in_the_lobby(stream: trio.SocketStream, fuzzer: Fuzzer, target: Target) -> None:
    """Greet, then send three batches of spoilt requests."""
    await greet(stream, fuzzer)
    templates = lobby_templates(target)
    for _ in range(3):
        bodies = pick_bodies(fuzzer.rng, templates, 12)
        await send(
            stream, fuzzer, fuzz_stream(fuzzer.rng, bodies, CLIENT_FRAME_LIMIT, fuzzer.framing)
        )


#: Actions outside the turn order that some games take (offers), to spoil as well.
FREE_ACTIONS = [
    {"kind": "offer", "to": 1, "give_money": 1},
    {"kind": "offer", "to": 2, "get_melds": [1], "coalition": "form"},
    {"kind": "accept", "deal": 1},
    {"kind": "withdraw", "deal": 1},
]


async def fuzz_at_own_table(
    stream: trio.SocketStream, fuzzer: Fuzzer, target: Target, game: str, seats: int
) -> None:
    """Greet, open a table of `game` with bots, sit and start; then send spoilt actions built
    from the legal ones, four times as the game goes on."""
    await greet(stream, fuzzer)
    settings = {"bot_delay": 0}
    created = await request(
        stream,
        fuzzer,
        {"type": "create_table", "game_kind": game, "seats": seats, "settings": settings, "rid": 1},
    )
    assert isinstance(created, TableCreated), created
    table = created.table.table_id
    await request(stream, fuzzer, {"type": "sit", "table_id": table, "seat": 0, "rid": 2})
    for seat in range(1, seats):
        await request(
            stream, fuzzer, {"type": "add_bot", "table_id": table, "seat": seat, "rid": 3}
        )
    await request(stream, fuzzer, {"type": "start", "table_id": table, "rid": 4})
    for _ in range(4):
        # (No turn in time: a fuzz connection sat at this table, say. Spoil actions anyway.)
        with contextlib.suppress(NoReply):
            await fuzzer.wait_for(
                lambda: (view := fuzzer.latest_view()) and (view["legal"] or view["result"]),
                "a turn",
                timeout=0.5,
            )
        view = fuzzer.latest_view()
        actions = [*(view["legal"] if view else []), *FREE_ACTIONS]
        templates = [{"type": "act", "action": action} for action in actions]
        templates.append({"type": "chat", "text": "my turn"})
        bodies = pick_bodies(fuzzer.rng, templates, 10)
        for body in bodies:
            # Spoil half the actions inside a sound envelope, so that they reach the game.
            if "action" in body and fuzzer.rng.random() < 0.5:
                body["action"] = mutate_body(fuzzer.rng, body["action"])
        await send(
            stream, fuzzer, fuzz_stream(fuzzer.rng, bodies, CLIENT_FRAME_LIMIT, fuzzer.framing)
        )
        await trio.sleep(0.02)


async def end_connection(stream: trio.SocketStream, fuzzer: Fuzzer) -> None:
    """Hang up cleanly and wait for the server to close; or drop mid-frame; or reset."""
    rng = fuzzer.rng
    try:
        if fuzzer.ending == "hang up":
            await stream.send_eof()
        elif fuzzer.ending == "drop mid-frame":
            body = pack({"type": "ping", "rid": 1})
            await send(stream, fuzzer, HEADER.pack(len(body)) + body[: rng.randrange(len(body))])
    except (trio.BrokenResourceError, trio.ClosedResourceError):
        pass  # the server closed first
    if fuzzer.ending == "hang up":
        with trio.move_on_after(CLOSE_TIMEOUT):
            await fuzzer.done.wait()
        if not fuzzer.done.is_set():
            fuzzer.problems.append(f"no close within {CLOSE_TIMEOUT} s of hanging up")
    elif fuzzer.ending == "reset":
        stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    await trio.aclose_forcefully(stream)


async def run_fuzzer(
    fuzzer: Fuzzer, port: int, target: Target, play: tuple[str, int] | None = None
) -> None:
    rng = fuzzer.rng
    fuzzer.ending = rng.choices(["hang up", "drop mid-frame", "reset"], [6, 1, 1])[0]
    fuzzer.framing = rng.choice([0.0, 0.02, 0.1])
    await trio.sleep(rng.uniform(0, 0.3))
    stream = await trio.open_tcp_stream(HOST, port)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(read_replies, stream, fuzzer)
        try:
            if fuzzer.kind == "stranger":
                await fuzz_as_stranger(stream, fuzzer, target)
            elif fuzzer.kind == "lobby":
                await fuzz_in_the_lobby(stream, fuzzer, target)
            else:
                assert play is not None
                await fuzz_at_own_table(stream, fuzzer, target, *play)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass  # the server closed first (after a fatal error, say)
        except NoReply as failure:
            fuzzer.problems.append(str(failure))
        await end_connection(stream, fuzzer)


def check_replies(fuzzer: Fuzzer) -> None:
    """Every error has a known code and is not ``internal``; a fatal one is the last word."""
    for index, message in enumerate(fuzzer.received):
        if not isinstance(message, Error):
            continue
        if message.code not in set(ErrorCode):
            fuzzer.problems.append(f"unknown error code in {message}")
        if message.code == ErrorCode.INTERNAL:
            fuzzer.problems.append(f"internal error: {message}")
        if message.fatal and index != len(fuzzer.received) - 1:
            fuzzer.problems.append(f"messages came after the fatal {message}")
        if message.code in FATAL_CODES and not message.fatal:
            fuzzer.problems.append(f"a fatal code in an error that is not: {message}")


# -- the honest players -------------------------------------------------------------------------


def caught_up(session: ClientSession, table: Table) -> bool:
    return (
        session.view is not None
        and session.game_no == table.game_no
        and session.seq == len(table.actions)
    )


async def play_moves(table: Table, players: tuple[ClientSession, ...], moves: int) -> None:
    """The player whose turn it is plays their first legal action, `moves` times."""
    for _ in range(moves):
        for session in players:
            await session.wait_for(partial(caught_up, session, table))
        (mover,) = [session for session in players if session.legal]
        await mover.act(mover.legal[0])
    for session in players:
        await session.wait_for(partial(caught_up, session, table))


@dataclass(frozen=True)
class GameState:
    """All there is to know about a game in progress, on the server and at each player."""

    actions: list[tuple[int, dict[str, Any]]]
    status: str
    game_no: int
    log: int
    seen: list[tuple[int, int, Any, Any]]

    @classmethod
    def of(cls, table: Table, players: tuple[ClientSession, ...]) -> GameState:
        seen = [
            (session.game_no, session.seq, copy.deepcopy(session.view), copy.deepcopy(session.log))
            for session in players
        ]
        return cls(copy.deepcopy(table.actions), table.status, table.game_no, len(table.log), seen)


async def ping_times(session: ClientSession, count: int, pause: float = 0.0) -> list[float]:
    times = []
    for _ in range(count):
        start = trio.current_time()
        with trio.fail_after(2):
            await session.ping()
        times.append(trio.current_time() - start)
        await trio.sleep(pause)
    return times


def milliseconds(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms"


# -- the test -----------------------------------------------------------------------------------


async def test_fuzz_connections_get_errors_or_a_fatal_close_and_nobody_else_notices(
    client: Connect, server: RunningServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="cardtable")
    print(f"fuzz seed {SEED} (CARDTABLE_FUZZ_SEED={SEED} replays it)")
    with trio.fail_after(30):
        async with client("Ada") as ada, client("Bram") as bram:
            players = (ada, bram)
            created = await ada.create_table(GAME, seats=2, options={"decks": 1})
            await ada.sit(created.table_id, 0)
            await bram.sit(created.table_id, 1)
            await ada.start(created.table_id)
            table = server.lobby.tables[created.table_id]
            await play_moves(table, players, 2)
            assert table.status == "playing"
            before = GameState.of(table, players)
            quiet = await ping_times(ada, 10)
            assert table.game_id is not None
            target = Target(table.id, table.game_id, ada.legal or bram.legal)

            fuzzers = [
                Fuzzer(number, kind, random.Random(f"{SEED}/{number}"))
                for number, kind in enumerate(
                    ["stranger"] * STRANGERS
                    + ["lobby"] * LOBBY_FUZZERS
                    + ["player"] * PLAYERS_PER_GAME * len(all_games())
                )
            ]
            games = [(spec.id, spec.min_players) for spec in all_games()] * PLAYERS_PER_GAME
            busy: list[float] = []
            stalls: list[float] = []
            started = trio.current_time()

            async def keep_pinging() -> None:
                while True:  # (well within any request rate limit)
                    busy.extend(await ping_times(ada, 1, pause=0.05))

            async def watch_the_clock() -> None:
                """How late short sleeps wake: the server shares this thread, so a request
                that holds it up shows here even when no ping is in flight."""
                while True:
                    start = trio.current_time()
                    await trio.sleep(0.005)
                    stalls.append(trio.current_time() - start - 0.005)

            async with trio.open_nursery() as pinging:
                pinging.start_soon(keep_pinging)
                pinging.start_soon(watch_the_clock)
                async with trio.open_nursery() as nursery:
                    for fuzzer in fuzzers:
                        play = games.pop() if fuzzer.kind == "player" else None
                        nursery.start_soon(run_fuzzer, fuzzer, server.port, target, play)
                pinging.cancel_scope.cancel()
            fuzz_time = trio.current_time() - started

            for fuzzer in fuzzers:
                check_replies(fuzzer)
            failed = [fuzzer for fuzzer in fuzzers if fuzzer.problems]
            assert not failed, f"seed {SEED}:\n" + "\n".join(f.report() for f in failed)
            # The server has let go of every fuzz connection, and Ada kept her quick answers.
            with trio.move_on_after(CLOSE_TIMEOUT):
                while set(server.lobby.clients) != {"Ada", "Bram"}:
                    await trio.sleep(0.01)
            assert set(server.lobby.clients) == {"Ada", "Bram"}, f"seed {SEED}"
            assert busy and max(busy) < 1.0, f"seed {SEED}: pings took {busy}"
            assert max(stalls) < 1.0, f"seed {SEED}: the server stalled for {max(stalls):.2f} s"
            logged = [
                f"{record.levelname} {record.name}: {record.getMessage()}"
                for record in caplog.records
                if record.name.startswith("cardtable")
                and (record.levelno >= logging.ERROR or record.exc_info)
            ]
            assert not logged, f"seed {SEED}: {logged}"

            # Ada and Bram's game is exactly as it was, and so is all they have seen of it.
            assert table.id in server.lobby.tables
            assert GameState.of(table, players) == before
            for session in players:
                assert not session.closed
                assert session.errors == []

            # They play on, chat and ping as quickly as before.
            await play_moves(table, players, 2)
            assert len(table.actions) == len(before.actions) + 2
            await ada.say("still here?")
            await bram.wait_for(lambda: any(line.text == "still here?" for line in bram.chat))
            after = await ping_times(bram, 10)
            assert statistics.median(after) < max(0.05, 5 * statistics.median(quiet)), after

            # And the server still takes new connections.
            async with client("Cleo") as cleo:
                assert table.id in {summary.table_id for summary in await cleo.list_tables()}
                await cleo.ping()

    codes = Counter(
        str(message.code)
        for fuzzer in fuzzers
        for message in fuzzer.received
        if isinstance(message, Error)
    )
    sent = sum(len(data) for fuzzer in fuzzers for data in fuzzer.sent)
    frames = sum(len(describe_frames(b"".join(fuzzer.sent))) for fuzzer in fuzzers)
    replies = Counter(type(message).__name__ for f in fuzzers for message in f.received)
    print(
        f"{len(fuzzers)} fuzz connections sent {frames} frames ({sent} bytes) in {fuzz_time:.2f} s;"
        f" replies: {dict(replies)};"
        f" errors: {dict(codes)}; endings: {dict(Counter(f.ended for f in fuzzers))}"
    )
    print(
        f"ping before: {milliseconds(quiet)}; during: {milliseconds(busy)}; after: "
        f"{milliseconds(after)}; longest stall during: {max(stalls) * 1000:.1f} ms"
    )


@pytest.mark.parametrize("game_id", ["chinese-ten", "nobility"])
@pytest.mark.parametrize("kind", [[], {"a": 1}, [None], 7, None])
async def test_an_action_whose_kind_is_not_a_string_is_refused_by_the_rules(
    client: Connect,
    server: RunningServer,
    caplog: pytest.LogCaptureFixture,
    game_id: str,
    kind: Any,
) -> None:
    """Found by the fuzz: a list or map as an action's kind failed inside the server (it was
    looked up among the game's free kinds), which answered `internal`."""
    spec = get_game(game_id)
    async with client("Ada") as ada:
        table = await ada.create_table(game_id, seats=spec.min_players)
        await ada.sit(table.table_id, 0)
        for seat in range(1, spec.min_players):
            await ada.add_bot(table.table_id, seat)
        await ada.start(table.table_id)
        await ada.wait_for(lambda: ada.view is not None)
        game = server.lobby.tables[table.table_id].game
        assert game is not None
        with pytest.raises(IllegalAction):
            copy.deepcopy(game).apply(0, {"kind": kind})
        reply = await send_body(ada, {"type": "act", "action": {"kind": kind}, "rid": 9})
    assert isinstance(reply, Error) and reply.rid == 9
    assert reply.code in (ErrorCode.ILLEGAL_ACTION, ErrorCode.NOT_YOUR_TURN), reply
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
