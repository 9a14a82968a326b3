"""Secrets stay with whom they belong to, over many games with chat going on throughout.

For every game, players driven by bots play several games at one table while everyone sends
marked chat lines: to the table, and privately to other seated players. One player leaves in
the middle of the first game (a bot takes the seat) and a newcomer takes the seat afterwards.
Every message each player and spectator receives is recorded, then checked: no card it may not
see (the table's record replayed, as in `test_secrecy`), no private line it is not party to
(each line's text names its sender and recipient), no other player's seat token.

Seat tokens are long and random, distinct, and only their hashes are kept: in memory, the server
looks a token up by its hash; on disk, the database holds the hash and never the token.
"""

from __future__ import annotations

import base64
import itertools
import logging
import random
import re
import string
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.protocol import ChatLinePush, ErrorCode, Joined, Message, Update
from cardtable.protocol.framing import pack
from cardtable.server.app import RunningServer
from cardtable.server.chat.log import ChatEntry
from cardtable.server.config import ServerConfig
from cardtable.server.table.seats import hash_token, new_token
from cardtable.server.table.table import Table
from cardtable.wire.codec import to_wire
from tests.conformance.support import case_id, short_tables
from tests.server.conftest import HOST, Connect, served, server_config
from tests.server.players import drive, game_over
from tests.server.test_secrecy import (
    Chronicle,
    Receiver,
    Recorder,
    check_joined,
    check_messages,
    heard,
    make_bot,
)

#: The recipient named in a table line's marker.
TABLE = "*"
MARK = re.compile(rb"#(\d+):([^>#]+)>([^#]+)#")
#: The longest pause a chatter takes between two lines (seconds).
PAUSE = 0.04
LEAVER_MOVES = 2
URL_SAFE = frozenset(string.ascii_letters + string.digits + "-_")


@pytest.fixture
def config() -> ServerConfig:
    """Chat and actions as fast as the clients like (the limits are tested elsewhere), and the
    whole chat kept, so a newcomer's history would show every line it should not."""
    fast = 10**6
    return server_config(
        chat_history=100_000,
        chat_rate=1000.0,
        chat_burst=1000,
        action_rate=float(fast),
        action_burst=fast,
        request_rate=float(fast),
        request_burst=fast,
    )


@dataclass(frozen=True, order=True)
class Line:
    """A chat line the test sent, as its text's marker tells it."""

    number: int
    sender: str
    recipient: str  # a player's name, or TABLE

    @property
    def private(self) -> bool:
        return self.recipient != TABLE

    def text(self) -> str:
        return f"#{self.number}:{self.sender}>{self.recipient}# a word"


def marked(value: Any) -> set[Line]:
    """Every marked line anywhere in a wire value (searched in its encoding, which is fast)."""
    return {
        Line(int(number), sender.decode(), recipient.decode())
        for number, sender, recipient in MARK.findall(pack(value))
    }


def lines_in(messages: list[Message]) -> set[Line]:
    """Every marked line anywhere in `messages` (chat lines, chat histories, or elsewhere)."""
    return set().union(*(marked(message.to_wire()) for message in messages))


def talked_privately(session: ClientSession) -> bool:
    """Whether `session` has both sent and been sent a private line."""
    private = [line for line in session.chat if line.recipient_seat is not None]
    return {session.name} <= {line.sender for line in private} & {
        line.recipient for line in private
    }


def tokens_in(messages: list[Message]) -> set[str]:
    return {m.token for m in messages if isinstance(m, Joined) and m.token is not None}


async def talked_privately_soon(session: ClientSession) -> None:
    with trio.move_on_after(10):
        await session.wait_for(lambda: talked_privately(session))
    assert talked_privately(session), f"{session.name} has not both sent and got a private line"


class Talk:
    """The test's chat: each chatter sends marked lines until told to stop. A lock keeps the
    seats still while a line is addressed and sent, so its marker names the seat's holder."""

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.lock = trio.Lock()
        self.rng = random.Random(seed)
        self.numbers = itertools.count(1)
        self.sent: list[Line] = []
        self.over = trio.Event()

    async def chatter(self, session: ClientSession, quits: trio.Event | None = None) -> None:
        while True:
            with trio.move_on_after(self.rng.uniform(0, PAUSE)):
                await self.over.wait()
            async with self.lock:
                if self.over.is_set() or (quits is not None and quits.is_set()):
                    return
                await self._say_something(session)

    async def table_line(self, session: ClientSession) -> None:
        line = Line(next(self.numbers), session.name, TABLE)
        await session.say(line.text())
        self.sent.append(line)

    async def _say_something(self, session: ClientSession) -> None:
        seat = session.seat
        others = []
        if seat is not None:
            partners = self.table.partners_of(seat)
            others = [
                other
                for other in self.table.seats
                if other.index != seat and other.held_by_player and other.index not in partners
            ]
        if not others or self.rng.random() < 0.25:
            await self.table_line(session)
            return
        target = self.rng.choice(others)
        line = Line(next(self.numbers), session.name, str(target.name))
        await session.say(line.text(), to=target.index)
        self.sent.append(line)


async def play_then_leave(
    session: ClientSession, seat: int, moves: int, talk: Talk, quits: trio.Event
) -> None:
    """Once the seat has talked privately both ways, play `moves` moves of game 1 for it, then
    leave the table (and stop chatting)."""
    bot = make_bot(seat, 1, str(talk.table.spec.id))
    await talked_privately_soon(session)

    def ready() -> bool:
        view = session.view
        return session.game_no == 1 and view is not None and bool(view["legal"] or view["result"])

    for _ in range(moves):
        await session.wait_for(ready)
        assert session.view is not None and session.view["result"] is None
        await session.act(bot.choose(session.view, session.legal))
    async with talk.lock:
        quits.set()
        await session.leave()


#: Games played at each table in a row, with the chat and the seats changing between them.
GAMES_PER_TABLE = 2


@pytest.mark.parametrize(
    ("game", "players", "options"), [pytest.param(*t, id=case_id(t)) for t in short_tables()]
)
async def test_over_many_games_with_chat_nobody_is_sent_a_card_line_or_token_not_theirs(
    client: Connect,
    server: RunningServer,
    game: str,
    players: int,
    options: dict[str, Any],
) -> None:
    games = GAMES_PER_TABLE
    leaver_seat = 1
    with trio.fail_after(60):
        async with AsyncExitStack() as stack:
            people = [
                await stack.enter_async_context(client(f"P{seat}")) for seat in range(players)
            ]
            watcher = await stack.enter_async_context(client("Watcher"))
            newcomer = await stack.enter_async_context(client("Newcomer"))
            leaver = people[leaver_seat]
            recorders = {s.name: Recorder(s) for s in (*people, watcher, newcomer)}
            table_id = (await people[0].create_table(game, players, options)).table_id
            for seat, session in enumerate(people):
                await session.sit(table_id, seat)
            await watcher.spectate(table_id)
            table = server.lobby.tables[table_id]
            talk = Talk(table, seed=players)
            leaver_quits = trio.Event()
            chronicles: dict[int, Chronicle] = {}
            newcomer_joined: Joined | None = None
            previous_holders_lines: list[ChatEntry] = []

            await talk.table_line(watcher)
            async with trio.open_nursery() as chat:
                for session in people:
                    quits = leaver_quits if session is leaver else None
                    chat.start_soon(talk.chatter, session, quits)
                chat.start_soon(talk.chatter, watcher)
                for game_no in range(1, games + 1):
                    await people[0].start(table_id)
                    async with trio.open_nursery() as nursery:
                        for seat, session in enumerate(people):
                            if session is leaver:
                                nursery.start_soon(
                                    play_then_leave, leaver, seat, LEAVER_MOVES, talk, leaver_quits
                                )
                            else:
                                bot = make_bot(seat, game_no, game)
                                nursery.start_soon(drive, session, bot, game_no)
                        nursery.start_soon(game_over, watcher, game_no)
                    chronicles[game_no] = Chronicle.of(table)
                    if game_no == 1:
                        # The leaver left in the middle of the game: a bot finished it.
                        assert table.seats[leaver_seat].bot is not None
                        async with talk.lock:
                            previous_holders_lines = [
                                line
                                for line in table.chat
                                if leaver.name in (line.sender, line.to_name)
                            ]
                            await people[0].remove_bot(table_id, leaver_seat)
                            newcomer_joined = await newcomer.sit(table_id, leaver_seat)
                        people[leaver_seat] = newcomer
                        chat.start_soon(talk.chatter, newcomer)
                await talked_privately_soon(newcomer)
                talk.over.set()
            await people[0].say("that is all")
            for session in (*people, watcher):
                await session.wait_for(partial(heard, session, "that is all"))
            late = await stack.enter_async_context(client("Late"))
            recorders[late.name] = Recorder(late)
            await late.spectate(table_id)

        # Cards: each receiver saw only what its seat (or a spectator) may see.
        assert len({chronicle.setup.seed for chronicle in chronicles.values()}) == games
        assert newcomer_joined is not None
        steps = {
            game_no: [(game_no, seq) for seq in range(len(chronicle.steps))]
            for game_no, chronicle in chronicles.items()
        }
        every_step = [step for game_no in chronicles for step in steps[game_no]]
        receivers: dict[str, Receiver] = {
            f"P{seat}": seat for seat in range(players) if seat != leaver_seat
        }
        receivers.update(Watcher=None, Late=None)
        for name, receiver in receivers.items():
            check_messages(recorders[name].pairs(), receiver, chronicles)
        for name in ("Watcher", *(f"P{seat}" for seat in range(players))):
            if name != leaver.name:
                updates = recorders[name].updates()
                assert [(u.game_no, u.seq) for u in updates] == every_step, name
        # The leaver saw the start of game 1 from its seat, then nothing more.
        check_messages(recorders[leaver.name].pairs(), leaver_seat, chronicles)
        seen_by_leaver = [(u.game_no, u.seq) for u in recorders[leaver.name].updates()]
        assert seen_by_leaver and seen_by_leaver == steps[1][: len(seen_by_leaver)]
        assert len(seen_by_leaver) < len(steps[1])
        # The newcomer saw game 1 (not dealt to it) as a spectator does, then its own games.
        received = recorders[newcomer.name].pairs()
        sat = next(index for index, (m, _) in enumerate(received) if m is newcomer_joined)
        lobby, rest = received[:sat], received[sat + 1 :]
        assert not [m for m, _ in lobby if isinstance(m, Joined | Update | ChatLinePush)]
        check_messages(lobby, None, chronicles)
        assert newcomer_joined.seat == leaver_seat
        as_spectator = replace(newcomer_joined, seat=None)
        assert check_joined(as_spectator, None, chronicles) == len(steps[1]) - 1
        check_messages(rest, leaver_seat, chronicles)
        assert [(u.game_no, u.seq) for u in recorders[newcomer.name].updates()] == every_step[
            len(steps[1]) :
        ]

        # Chat: every private line reached its two parties and nobody else.
        got = {name: lines_in(recorder.messages) for name, recorder in recorders.items()}
        for name, lines in got.items():
            overheard = sorted(
                line for line in lines if line.private and name not in (line.sender, line.recipient)
            )
            assert not overheard, f"{name} was sent private lines {overheard[:5]}"
        private = {line for line in talk.sent if line.private}
        table_lines = {line for line in talk.sent if not line.private}
        undelivered = sorted(
            line for line in private if line not in got[line.sender] & got[line.recipient]
        )
        assert not undelivered, f"private lines missing at their parties: {undelivered[:5]}"
        assert not {line for line in got["Watcher"] if line.private}
        assert table_lines <= got["Watcher"] and table_lines <= got["P0"]
        parties = {name for line in private for name in (line.sender, line.recipient)}
        assert {"P0", leaver.name, newcomer.name} <= parties
        for recorder in recorders.values():
            for message in recorder.messages:
                if isinstance(message, ChatLinePush) and (found := marked(message.line.text)):
                    (line,) = found
                    assert message.line.sender == line.sender
                    assert message.line.recipient == (line.recipient if line.private else None)

        # Histories: a newcomer to the leaver's seat, and a late spectator, read the table's
        # lines and none of the private ones, though the table kept the leaver's.
        assert any(line.private for line in previous_holders_lines)
        (late_joined,) = [m for m in recorders["Late"].messages if isinstance(m, Joined)]
        for joined in (newcomer_joined, late_joined):
            history = marked(to_wire(joined.chat))
            assert history and history <= table_lines

        # Tokens: each player was told its own, and nobody anyone else's.
        tokens = {name: tokens_in(recorder.messages) for name, recorder in recorders.items()}
        for name, recorder in recorders.items():
            others = set().union(*(mine for other, mine in tokens.items() if other != name))
            sent = [pack(message.to_wire()) for message in recorder.messages]
            told = {token for data in sent for token in others if token.encode() in data}
            assert not told, f"{name} was sent another player's seat token"
        assert all(len(tokens[f"P{seat}"]) == 1 for seat in range(players))
        assert len(tokens["Newcomer"]) == 1 and not tokens["Watcher"] and not tokens["Late"]


def _mutations(token: str) -> list[str]:
    """`token` with one character changed, at its start, middle and end."""
    changed = []
    for index in (0, len(token) // 2, len(token) - 1):
        other = "A" if token[index] != "A" else "B"
        changed.append(token[:index] + other + token[index + 1 :])
    return changed


def _forms(token: str) -> dict[str, bytes]:
    """The ways a token could sit in a file: its text, its random bytes, their hex."""
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    return {"text": token.encode(), "bytes": raw, "hex": raw.hex().encode()}


async def _try_token(port: int, name: str, token: str) -> ClientSession | None:
    """Present `token` in a hello; the seat it resumes, or None if refused with bad_token."""
    async with connect(HOST, port, name, token=token) as session:
        if session.table is None:
            assert [error.code for error in session.errors] == [ErrorCode.BAD_TOKEN]
            return None
        return session


async def test_seat_tokens_are_long_random_and_distinct_and_only_their_hashes_are_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    path = tmp_path / "secrets.db"
    config = server_config(db=str(path))
    issued: list[str] = []
    with trio.fail_after(20):
        async with served(config) as running, AsyncExitStack() as stack:
            ada, bram = [
                await stack.enter_async_context(connect(HOST, running.port, name))
                for name in ("Ada", "Bram")
            ]
            table_id = (await ada.create_table("chinese-ten", 2, {"decks": 1})).table_id
            for _ in range(25):
                for seat, session in enumerate((ada, bram)):
                    joined = await session.sit(table_id, seat)
                    assert joined.token is not None and session.token == joined.token
                    issued.append(joined.token)
                await ada.leave()
                await bram.leave()
            live: list[str] = []
            for seat, session in enumerate((ada, bram)):
                token = (await session.sit(table_id, seat)).token
                assert token is not None
                live.append(token)
            issued.extend(live)

            assert len(set(issued)) == len(issued) == 52
            for token in issued:
                assert len(token) >= 43 and set(token) <= URL_SAFE
                assert len(_forms(token)["bytes"]) >= 32
            # The server finds a seat by the token's hash: it keeps the live seats' hashes only.
            by_hash = running.lobby.floor.tokens._seats
            assert set(by_hash) == {hash_token(token) for token in live}
            assert [seat.index for _, seat in by_hash.values()] == [0, 1]

            for number, wrong in enumerate([*_mutations(live[0]), issued[0], new_token()[0]]):
                assert await _try_token(running.port, f"Mallory{number}", wrong) is None
            resumed = await _try_token(running.port, "Someone", live[0])
            assert resumed is not None and (resumed.seat, resumed.name) == (0, "Ada")
            await ada.wait_for(lambda: ada.closed)
            assert ada.close_reason is not None and ada.close_reason.code == ErrorCode.REPLACED

    # Stopped, with everything stored: the file (and any journal beside it) holds each live
    # token's hash, and no token at all.
    files = [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-journal")) if p.exists()]
    stored = b"".join(p.read_bytes() for p in files)
    assert all(hash_token(token) in stored for token in live)
    found = {
        (index, form)
        for index, token in enumerate(issued)
        for form, data in _forms(token).items()
        if data in stored
    }
    assert not found, f"the database holds tokens (issue number, form): {sorted(found)[:5]}"
    logged = [index for index, token in enumerate(issued) if token in caplog.text]
    assert not logged, f"the server logged tokens {logged[:5]}"

    # Restarted from the file, the server knows the seats by the stored hashes alone.
    with trio.fail_after(20):
        async with served(config) as running:
            for number, wrong in enumerate(_mutations(live[1])):
                assert await _try_token(running.port, f"Mallory{number}", wrong) is None
            resumed = await _try_token(running.port, "Someone", live[1])
            assert resumed is not None and (resumed.seat, resumed.name) == (1, "Bram")
