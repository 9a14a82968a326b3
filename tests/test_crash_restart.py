"""A real `cardtable serve` process killed with SIGKILL and restarted on the same file.

The players come back with their seat tokens and play on; everything they see, the scores and the
actions stored equal an uninterrupted run of the same seed and the same moves. Players play the
first legal action the view lists; the server's greedy bot plays seat 2.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, ConnectionLost
from cardtable.engine import PlainAction, replay
from cardtable.protocol import Message, RoundRecord, Update
from cardtable.server.storage import GameRecord, Store, open_for_reading
from tests.test_cli_history import games as history_games

HOST = "127.0.0.1"
SEED = 11
BOT_SEAT = 2
#: Attempts to listen again on the port the killed server had.
BIND_ATTEMPTS = 40


# -- server processes ---------------------------------------------------------------------------


@dataclass
class Server:
    process: subprocess.Popen[str]
    port: int
    errors: Path


class Servers:
    """`cardtable serve` processes on files in `folder`; every one is killed at the end."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.processes: list[subprocess.Popen[str]] = []

    async def start(self, db: Path, port: int = 0) -> Server:
        """A server on `db` (listening on `port`, retried while the port is still taken)."""
        for attempt in range(BIND_ATTEMPTS):
            errors = self.folder / f"serve-{len(self.processes)}.err"
            with errors.open("w") as sink:
                process = subprocess.Popen(
                    [
                        sys.executable, "-m", "cardtable", "serve", "--host", HOST,
                        "--port", str(port), "--db", str(db), "--seed", str(SEED),
                        "--bot-delay", "0",
                    ],
                    stdout=subprocess.PIPE,
                    stderr=sink,
                    text=True,
                )  # fmt: skip
            self.processes.append(process)
            assert process.stdout is not None
            first = await trio.to_thread.run_sync(process.stdout.readline)
            match = re.search(r"listening on port (\d+)", first)
            if match:
                await trio.to_thread.run_sync(process.stdout.readline)  # how players join
                return Server(process, int(match.group(1)), errors)
            await trio.to_thread.run_sync(process.wait)
            said = errors.read_text()
            if port == 0 or "cannot listen" not in said or attempt == BIND_ATTEMPTS - 1:
                raise AssertionError(f"the server did not start: {first!r}\n{said}")
            await trio.sleep(0.05)  # the port is still held by the killed process's sockets
        raise AssertionError("unreachable")

    async def kill(self, server: Server) -> None:
        """SIGKILL: no goodbye, no flush, nothing after the signal."""
        os.kill(server.process.pid, signal.SIGKILL)
        assert await trio.to_thread.run_sync(server.process.wait) == -signal.SIGKILL

    def assert_no_errors(self) -> None:
        """No server logged a warning, an error or a traceback."""
        for log in sorted(self.folder.glob("serve-*.err")):
            text = log.read_text()
            assert not re.search(r" (WARNING|ERROR|CRITICAL) |Traceback", text), text

    def close(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.kill()
            process.wait()
            if process.stdout is not None:
                process.stdout.close()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Servers]:
    running = Servers(tmp_path)
    try:
        yield running
    finally:
        running.close()


# -- players ------------------------------------------------------------------------------------


def finished(session: ClientSession) -> bool:
    return session.view is not None and session.view["result"] is not None


async def play(
    session: ClientSession,
    game_no: int,
    stop: Callable[[], bool] = lambda: False,
    *,
    until_killed: bool = False,
) -> None:
    """Play the first legal action whenever it is our turn in game `game_no`, until it has a
    result or `stop()` (checked before each action); with `until_killed`, also until the
    server is gone."""

    def ready() -> bool:
        return stop() or (session.game_no == game_no and (finished(session) or bool(session.legal)))

    try:
        while True:
            await session.wait_for(ready)
            if stop() or finished(session):
                return
            await session.act(session.legal[0])
    except ConnectionLost:
        if not until_killed:
            raise


async def play_both(
    ada: ClientSession,
    bo: ClientSession,
    game_no: int,
    stop: Callable[[ClientSession], bool] | None = None,
    *,
    until_killed: bool = False,
) -> None:
    async def one(session: ClientSession) -> None:
        def stopping() -> bool:
            return stop is not None and stop(session)

        await play(session, game_no, stopping, until_killed=until_killed)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(one, ada)
        nursery.start_soon(one, bo)


async def in_game(session: ClientSession, game_no: int, *, over: bool = False) -> None:
    """Wait until the session follows game `game_no` (with `over`, until it has a result)."""
    await session.wait_for(
        lambda: session.game_no == game_no and session.view and (finished(session) or not over)
    )


async def both_finished(
    ada: ClientSession, bo: ClientSession, game_no: int
) -> dict[int, dict[str, Any]]:
    """Wait until both have the game's result; their final views, by seat."""
    finals = {}
    for seat, session in enumerate((ada, bo)):
        await in_game(session, game_no, over=True)
        assert session.view is not None
        finals[seat] = session.view
    return finals


@dataclass
class Seen:
    """What a player's client was told, by (game, seq): its view, and its log's length."""

    views: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    log_lengths: dict[tuple[int, int], int] = field(default_factory=dict)

    def follow(self, session: ClientSession) -> None:
        def absorb(message: Message) -> None:
            if isinstance(message, Update):
                assert session.view is not None  # (the update's patch applied)
                self.views[message.game_no, message.seq] = session.view
                self.log_lengths[message.game_no, message.seq] = len(session.log)

        session.on_message(absorb)


async def open_table(ada: ClientSession, bo: ClientSession, options: dict[str, Any]) -> int:
    """Ada opens a three-seat Chinese Ten table and sits at seat 0, Bo at 1, a bot at 2."""
    table = await ada.create_table("chinese-ten", seats=3, options=options)
    await ada.sit(table.table_id, 0)
    await bo.sit(table.table_id, 1)
    await ada.add_bot(table.table_id, BOT_SEAT, "greedy")
    return int(table.table_id)


async def start_game(ada: ClientSession, bo: ClientSession, table: int, game_no: int) -> None:
    await ada.start(table)
    for session in (ada, bo):
        await in_game(session, game_no)


# -- the database -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredGame:
    record: GameRecord
    actions: tuple[tuple[int, PlainAction], ...]
    rounds: tuple[RoundRecord, ...]


def stored_games(db: Path) -> list[StoredGame]:
    """Every finished game in `db`, oldest first, read as `cardtable history` reads it."""
    store = Store(open_for_reading(db))
    try:
        return [
            StoredGame(entry.game, store.finished_game(entry.game.id)[1], entry.rounds)
            for entry in reversed(store.history(200))
        ]
    finally:
        store.close()


def stored_actions(db: Path, game_id: int) -> tuple[tuple[int, PlainAction], ...]:
    store = Store(open_for_reading(db))
    try:
        return store.actions(game_id)
    finally:
        store.close()


def comparable(game: StoredGame) -> tuple[Any, ...]:
    """A stored game without its wall-clock times."""
    record = game.record
    return (record.id, record.table_id, record.game_no, record.setup, record.players,
            record.dealt_to, record.result, game.actions, game.rounds)  # fmt: skip


def assert_replays_to(game: StoredGame, final_views: dict[int, dict[str, Any]]) -> None:
    """The stored actions, replayed by the engine, end where the players' clients ended."""
    rebuilt = replay(game.record.setup, game.actions)
    assert rebuilt.result is not None
    assert rebuilt.result.to_wire() == game.record.result
    for seat, view in final_views.items():
        assert rebuilt.view(seat) == view


async def cardtable_history(db: Path) -> str:
    done = await trio.to_thread.run_sync(
        lambda: subprocess.run(
            [sys.executable, "-m", "cardtable", "history", "--db", str(db)],
            capture_output=True,
            text=True,
            timeout=20,
            check=False,
        )
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# -- the uninterrupted run ----------------------------------------------------------------------


@dataclass
class Reference:
    """An uninterrupted run: what each player was told, and where each game ended."""

    seen: dict[int, Seen]
    logs: dict[tuple[int, int], list[dict[str, Any]]]  # (game, seat) -> the game's whole log
    finals: dict[tuple[int, int], dict[str, Any]]  # (game, seat) -> the final view
    games: list[StoredGame]

    def seq_of(self, game_no: int, seat: int, log_length: int) -> int:
        """The number of actions after which the seat's log had `log_length` events."""
        seqs = [
            seq
            for (game, seq), length in self.seen[seat].log_lengths.items()
            if game == game_no and length == log_length
        ]
        assert len(seqs) == 1, (game_no, seat, log_length, seqs)
        return seqs[0]


async def uninterrupted(
    servers: Servers, db: Path, options: dict[str, Any], games: int
) -> Reference:
    server = await servers.start(db)
    seen = {0: Seen(), 1: Seen()}
    logs: dict[tuple[int, int], list[dict[str, Any]]] = {}
    finals: dict[tuple[int, int], dict[str, Any]] = {}
    async with connect(HOST, server.port, "Ada") as ada, connect(HOST, server.port, "Bo") as bo:
        seen[0].follow(ada)
        seen[1].follow(bo)
        table = await open_table(ada, bo, options)
        for game_no in range(1, games + 1):
            await start_game(ada, bo, table, game_no)
            await play_both(ada, bo, game_no)
            for seat, view in (await both_finished(ada, bo, game_no)).items():
                finals[game_no, seat] = view
            for seat, session in enumerate((ada, bo)):
                logs[game_no, seat] = list(session.log)
    for game_no in range(1, games + 1):
        for seat in (0, 1):
            seqs = sorted(seq for game, seq in seen[seat].views if game == game_no)
            assert seqs == list(range(len(seqs))), "every update reached every player"
            lengths = [seen[seat].log_lengths[game_no, seq] for seq in seqs]
            assert lengths == sorted(set(lengths)), "each action adds to the log"
    return Reference(seen, logs, finals, stored_games(db))


def assert_back_on_seat(
    session: ClientSession, seat: int, table: int, reference: Reference, game_no: int
) -> int:
    """The resumed session is on its seat at its table, its view and log as the uninterrupted
    run had them after some number of actions; returns that number."""
    assert session.seat == seat
    assert session.table_id == table
    assert session.game_no == game_no
    seq = reference.seq_of(game_no, seat, len(session.log))
    assert session.log == reference.logs[game_no, seat][: len(session.log)]
    assert session.view == reference.seen[seat].views[game_no, seq]
    return seq


# -- the tests ----------------------------------------------------------------------------------


async def test_sigkill_mid_game_then_restart_plays_on_exactly_as_an_uninterrupted_run(
    servers: Servers, tmp_path: Path
) -> None:
    options = {"decks": 2, "rounds": 2}
    with trio.fail_after(90):
        reference = await uninterrupted(servers, tmp_path / "reference.db", options, games=1)
        ref_views = reference.seen[0].views
        round_two = min(seq for (_, seq), view in ref_views.items() if view["round"] == 2)
        # The first kill comes as the bot is about to act (it acts at once, so the server is
        # busy with that action), some way into round 1; the second a few moves into round 2.
        first_kill = min(
            seq
            for (_, seq), view in ref_views.items()
            if seq >= 15 and view["actors"] == [BOT_SEAT]
        )
        second_kill = round_two + 6
        assert ref_views[1, first_kill + 10]["round"] == 1

        db = tmp_path / "crash.db"
        server = await servers.start(db)
        port = server.port
        seen = {0: Seen(), 1: Seen()}

        # First life: set up, chat, play; SIGKILL while actions are in flight.
        async with connect(HOST, port, "Ada") as ada, connect(HOST, port, "Bo") as bo:
            seen[0].follow(ada)
            seen[1].follow(bo)
            table = await open_table(ada, bo, options)
            await start_game(ada, bo, table, 1)
            await ada.say("Good luck, all.")
            await ada.say("Watch the tens.", to=1)
            await bo.wait_for(lambda: len(bo.chat) == 2)
            chat = {0: list(ada.chat), 1: list(bo.chat)}
            tokens = {0: ada.token, 1: bo.token}
            async with trio.open_nursery() as nursery:
                nursery.start_soon(lambda: play_both(ada, bo, 1, until_killed=True))
                await ada.wait_for(lambda: ada.seq >= first_kill)
                await servers.kill(server)
            last = {0: (ada.seq, ada.view), 1: (bo.seq, bo.view)}
        assert ada.closed and bo.closed

        stored = len(stored_actions(db, 1))
        assert first_kill <= last[0][0] and stored < second_kill
        for seat, (seq, view) in last.items():
            # A player is told only of what is stored, so nothing a player saw was lost.
            assert seq <= stored
            assert view == reference.seen[seat].views[1, seq]

        # Second life: the players resume their seats; play on to some moves into round 2,
        # stop with a player to act, chat, and SIGKILL with nothing in flight.
        server = await servers.start(db, port)
        async with AsyncExitStack() as stack:
            ada = await stack.enter_async_context(connect(HOST, port, "Ada", token=tokens[0]))
            bo = await stack.enter_async_context(connect(HOST, port, "Bo", token=tokens[1]))
            for seat, session in enumerate((ada, bo)):
                resumed = assert_back_on_seat(session, seat, table, reference, 1)
                # The bot may have played on before the player was back: nothing else did.
                assert resumed >= stored
                assert {actor for actor, _ in reference.games[0].actions[stored:resumed]} <= {
                    BOT_SEAT
                }
                assert session.chat == chat[seat]
                if resumed == last[seat][0]:
                    assert session.view == last[seat][1]
                seen[seat].follow(session)
            await play_both(ada, bo, 1, lambda s: s.seq >= second_kill)
            await ada.wait_for(
                lambda: ada.seq >= second_kill and ada.view and ada.view["actors"] != [BOT_SEAT]
            )
            held = ada.seq
            await bo.wait_for(lambda: bo.seq == held)
            assert ada.legal or bo.legal
            await bo.say("Back again.")
            await ada.wait_for(lambda: len(ada.chat) == 3)
            chat = {0: list(ada.chat), 1: list(bo.chat)}
            last = {0: (ada.seq, ada.view), 1: (bo.seq, bo.view)}
            await servers.kill(server)
        assert len(stored_actions(db, 1)) == held

        # Third life: back exactly where they were; play to the end.
        server = await servers.start(db, port)
        async with AsyncExitStack() as stack:
            ada = await stack.enter_async_context(connect(HOST, port, "Ada", token=tokens[0]))
            bo = await stack.enter_async_context(connect(HOST, port, "Bo", token=tokens[1]))
            for seat, session in enumerate((ada, bo)):
                assert assert_back_on_seat(session, seat, table, reference, 1) == held
                assert session.view == last[seat][1]
                assert session.chat == chat[seat]
                seen[seat].follow(session)
            await play_both(ada, bo, 1)
            finals = await both_finished(ada, bo, 1)
            logs = {0: list(ada.log), 1: list(bo.log)}
        server.process.send_signal(signal.SIGTERM)
        assert await trio.to_thread.run_sync(server.process.wait) == 0

    for seat in (0, 1):
        assert finals[seat] == reference.finals[1, seat]
        assert logs[seat] == reference.logs[1, seat]
        for key, view in seen[seat].views.items():
            assert view == reference.seen[seat].views[key], key
    final = finals[0]
    assert final is not None and final["result"] is not None
    assert final["round"] == 2 and len(final["round_scores"]) == 2
    assert final["totals"] == final["result"]["totals"]
    games = stored_games(db)
    assert [comparable(game) for game in games] == [comparable(g) for g in reference.games]
    assert len(games[0].actions) > held > stored
    assert list([r.totals for r in games[0].rounds][-1]) == final["totals"]
    assert_replays_to(games[0], {0: finals[0], 1: finals[1]})
    servers.assert_no_errors()


async def test_sigkill_between_games_keeps_the_finished_game_and_the_next_one_plays_on(
    servers: Servers, tmp_path: Path
) -> None:
    options = {"decks": 1, "rounds": 1}
    with trio.fail_after(60):
        reference = await uninterrupted(servers, tmp_path / "reference.db", options, games=2)
        db = tmp_path / "crash.db"
        server = await servers.start(db)
        port = server.port
        # Killed at a table set up and waiting for its first game, right after a chat line.
        async with connect(HOST, port, "Ada") as ada, connect(HOST, port, "Bo") as bo:
            table = await open_table(ada, bo, options)
            await ada.say("Ready when you are.")
            await bo.wait_for(lambda: len(bo.chat) == 1)
            tokens = {0: ada.token, 1: bo.token}
            summary = ada.tables[table]
            await servers.kill(server)
        assert "No finished games" in await cardtable_history(db)

        # Killed between two games, right after a chat line.
        server = await servers.start(db, port)
        async with AsyncExitStack() as stack:
            ada = await stack.enter_async_context(connect(HOST, port, "Ada", token=tokens[0]))
            bo = await stack.enter_async_context(connect(HOST, port, "Bo", token=tokens[1]))
            await ada.wait_for(lambda: ada.table and ada.table.seats[1].connected)
            for seat, session in enumerate((ada, bo)):
                assert session.seat == seat and session.table == summary
                assert session.view is None and [line.text for line in session.chat] == [
                    "Ready when you are."
                ]
            await start_game(ada, bo, table, 1)
            await play_both(ada, bo, 1)
            await both_finished(ada, bo, 1)
            await ada.say("Good game. Another?")
            await bo.wait_for(lambda: len(bo.chat) == 2)
            last = {0: (ada.view, list(ada.chat)), 1: (bo.view, list(bo.chat))}
            names = [seat.name for seat in ada.tables[table].seats]
            await servers.kill(server)

        # The finished game is listed from the killed server's file, and beside its successor.
        lines_while_down = await cardtable_history(db)
        server = await servers.start(db, port)
        lines = await cardtable_history(db)
        assert lines == lines_while_down
        first = reference.finals[1, 0]["result"]["totals"]
        expected = " · ".join(f"{name} {total}" for name, total in zip(names, first, strict=True))
        [game] = history_games(lines)
        assert re.fullmatch(rf"#1 .*\(table 1, game 1\) {re.escape(expected)} won by .*", game)

        async with AsyncExitStack() as stack:
            ada = await stack.enter_async_context(connect(HOST, port, "Ada", token=tokens[0]))
            bo = await stack.enter_async_context(connect(HOST, port, "Bo", token=tokens[1]))
            for seat, session in enumerate((ada, bo)):
                assert session.seat == seat and session.table_id == table
                assert session.table is not None and session.table.status == "finished"
                assert (session.view, session.chat) == last[seat]
                assert session.view == reference.finals[1, seat]
            await start_game(ada, bo, table, 2)
            await play_both(ada, bo, 2)
            finals = await both_finished(ada, bo, 2)

        for seat in (0, 1):
            assert finals[seat] == reference.finals[2, seat]
        games = stored_games(db)
        assert [comparable(game) for game in games] == [comparable(g) for g in reference.games]
        assert [game.record.setup.dealer for game in games] == [0, 1]
        assert_replays_to(games[1], {0: finals[0], 1: finals[1]})
        both = history_games(await cardtable_history(db))
        assert [line.split()[0] for line in both] == ["#2", "#1"]
        assert "(table 1, game 2)" in both[0] and both[1] == game
    servers.assert_no_errors()
