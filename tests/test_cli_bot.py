"""`cardtable bot` is as durable as a player: it keeps its seat across a kill -9 of itself, a
server restart and a dropped connection, and stops only when its seat ends. Real processes on
real servers; the ends that cannot be brought about from outside a server process (its table
removed, its seat given up while it was away, taken over) run the bot in this process."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import trio

from cardtable.client.bot import BotEnd, run_network_bot
from cardtable.client.handshake import connect
from cardtable.client.seat_store import KeptSeats, SeatStore
from cardtable.client.session import ClientSession
from cardtable.protocol import SeatSummary
from cardtable.server.app import RunningServer, serve
from cardtable.server.config import ServerConfig

HOST = "127.0.0.1"
GAME = "chinese-ten"
PLAYS = ("capture", "lay")


class Process:
    """A `cardtable` command run as a child process, its output going to files."""

    def __init__(self, folder: Path, label: str, args: tuple[str, ...]) -> None:
        self.out_path = folder / f"{label}.out"
        self.err_path = folder / f"{label}.err"
        with self.out_path.open("w") as out, self.err_path.open("w") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "cardtable", *args], stdout=out, stderr=err
            )

    @property
    def out(self) -> str:
        return self.out_path.read_text()

    @property
    def err(self) -> str:
        return self.err_path.read_text()

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    async def wait_output(self, pattern: str, timeout: float = 20) -> re.Match[str]:
        """The first match of `pattern` in the standard output, once it is there."""
        with trio.fail_after(timeout):
            while (found := re.search(pattern, self.out)) is None:
                assert self.running, f"exited early: {self.out}{self.err}"
                await trio.sleep(0.05)
        return found

    async def exit_code(self, timeout: float = 20) -> int:
        with trio.fail_after(timeout):
            while (code := self.process.poll()) is None:
                await trio.sleep(0.05)
        return code

    def kill(self) -> None:
        if self.running:
            self.process.kill()
            self.process.wait()


class Processes:
    """The processes a test starts, each with its output in the test's folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.started: list[Process] = []

    def start(self, label: str, *args: str) -> Process:
        process = Process(self.folder, f"{label}-{len(self.started)}", args)
        self.started.append(process)
        return process

    async def serve(self, db: Path, port: int = 0) -> tuple[Process, int]:
        """`cardtable serve` on `db` (and `port`), and the port it listens on."""
        server = self.start(
            "serve", "serve", "--host", HOST, "--port", str(port), "--db", str(db),
            "--bot-delay", "0", "--seed", "7",
        )  # fmt: skip
        found = await server.wait_output(r"listening on port (\d+)")
        return server, int(found.group(1))


@contextmanager
def processes(folder: Path) -> Iterator[Processes]:
    """Processes to start; every one still running at the end is killed."""
    started = Processes(folder)
    try:
        yield started
    finally:
        for process in started.started:
            process.kill()


def seat(session: ClientSession, index: int) -> SeatSummary:
    assert session.table is not None
    return session.table.seats[index]


def bot_plays(session: ClientSession) -> int:
    """How many plays seat 1 (the bot) has made in this game, as seat 0 saw them."""
    return sum(1 for event in session.log if event["kind"] in PLAYS and event["seat"] == 1)


async def one_move_each(ada: ClientSession) -> None:
    """Ada (seat 0) plays her turn (a flipped card may ask her a second time), and the game goes
    on: the bot at seat 1 plays after her."""
    before = bot_plays(ada)
    while True:
        await ada.wait_for(lambda: ada.legal or bot_plays(ada) > before)
        if bot_plays(ada) > before:
            return
        await play_first_legal(ada)


async def play_first_legal(ada: ClientSession) -> None:
    """Play Ada's first legal action, and wait for her view after it."""
    seq = ada.seq
    await ada.act(ada.legal[0])
    await ada.wait_for(lambda: ada.seq > seq)


async def test_the_bot_keeps_its_seat_across_kill_9_and_a_server_restart(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    with processes(tmp_path) as run, trio.fail_after(120):
        server, port = await run.serve(db)
        command = ("bot", f"{HOST}:{port}", "--table", "1", "--name", "Robo", "--kind", "greedy")
        store = SeatStore(HOST, port, "Robo")  # where the bot keeps its seat ($CARDTABLE_DATA)
        async with connect(HOST, port, "Ada") as ada:
            assert (await ada.create_table(GAME, seats=2, options={"decks": 1})).table_id == 1
            await ada.sit(1, 0)
            token = ada.token
            bot = run.start("bot", *command)
            await ada.wait_for(lambda: seat(ada, 1).name == "Robo" and seat(ada, 1).connected)
            await bot.wait_output("Robo plays seat 2 at table 1.")
            assert store.load().table == 1 and store.load().seat_token is not None

            # The bot is killed outright (kill -9), and started again with the same command.
            bot.kill()
            await ada.wait_for(lambda: not seat(ada, 1).connected)
            bot = run.start("bot", *command)
            await ada.wait_for(lambda: seat(ada, 1).connected)
            await bot.wait_output("Robo is back at its seat at table 1.")
            assert seat(ada, 1).name == "Robo"
            await ada.start(1)
            await one_move_each(ada)

            # The server stops (SIGTERM) and is started again on its file and port.
            server.process.send_signal(signal.SIGTERM)
            await ada.wait_for(lambda: ada.closed)
        assert await server.exit_code() == 0
        await bot.wait_output("Connection lost.")
        assert bot.running  # waiting for the server
        server, again = await run.serve(db, port)
        assert again == port

        async with connect(HOST, port, "Ada", token=token) as ada:
            assert (ada.table_id, ada.seat) == (1, 0)
            await ada.wait_for(lambda: seat(ada, 1).connected)  # the bot is back on its seat
            assert seat(ada, 1).name == "Robo"
            await bot.wait_output("Reconnected: you are back at your seat.")
            await one_move_each(ada)  # and the game goes on
            assert bot.running
            server.process.send_signal(signal.SIGTERM)
            await ada.wait_for(lambda: ada.closed)
        assert await server.exit_code() == 0

        # Its seat ends: a server on another file knows no table 1 and refuses the token.
        await run.serve(tmp_path / "other.db", port)
        assert await bot.exit_code() == 1
        assert "cardtable: The server no longer knows the bot's seat at table 1" in bot.err
        assert "Traceback" not in bot.err
        assert not store.path.exists()  # the seat is forgotten


# -- the ends of a bot's seat, in this process ----------------------------------------------------


class BotRun:
    """`run_network_bot` as `cardtable bot` runs it (its seat kept on disk), in a task."""

    def __init__(self, server: RunningServer, table: int, **changes: Any) -> None:
        self.server = server
        self.table = table
        self.settings: dict[str, Any] = {"name": "Robo", "keep_seat": True, **changes}
        self.end: BotEnd | None = None
        self.done = trio.Event()

    async def run(self) -> None:
        self.end = await run_network_bot(HOST, self.server.port, self.table, **self.settings)
        self.done.set()

    async def ended(self) -> BotEnd:
        await self.done.wait()
        assert self.end is not None
        return self.end


async def seated_bot(
    nursery: trio.Nursery, **changes: Any
) -> tuple[RunningServer, ClientSession, BotRun]:
    """A server, Ada who opened table 1 and watches the lobby, and the bot on seat 1."""
    server: RunningServer = await nursery.start(
        serve, ServerConfig(host=HOST, port=0, bot_delay=0.0)
    )
    ada = await nursery_session(nursery, server, "Ada")
    table = (await ada.create_table(GAME, seats=2)).table_id
    await ada.list_tables(watch=True)
    bot = BotRun(server, table, **changes)
    nursery.start_soon(bot.run)
    await ada.wait_for(lambda: ada.tables[table].seats[0].connected)
    assert SeatStore(HOST, server.port, "Robo").load().table == table
    return server, ada, bot


async def nursery_session(nursery: trio.Nursery, server: RunningServer, name: str) -> ClientSession:
    """A session that stays open until `nursery` is cancelled."""

    async def hold(*, task_status: trio.TaskStatus[ClientSession]) -> None:
        async with connect(HOST, server.port, name) as session:
            task_status.started(session)
            await trio.sleep_forever()

    session: ClientSession = await nursery.start(hold)
    return session


async def test_the_bot_stops_with_status_0_when_its_table_is_closed() -> None:
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:
            server, _, bot = await seated_bot(nursery)
            server.lobby.remove_table(server.lobby.tables[bot.table])
            assert await bot.ended() == BotEnd(f"Table {bot.table} was closed.", 0)
            assert not SeatStore(HOST, server.port, "Robo").path.exists()
            nursery.cancel_scope.cancel()


async def test_the_bot_stops_when_its_seat_is_given_up_while_it_is_away() -> None:
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:
            # It comes back 2 s after a drop: time enough for the creator to give its seat up.
            server, ada, bot = await seated_bot(nursery, retry_delays=(2.0,))
            server.lobby.clients["Robo"].link.abort()
            await ada.wait_for(lambda: not ada.tables[bot.table].seats[0].connected)
            await ada.release(bot.table, 0)
            end = await bot.ended()
            assert end.status == 1 and "gave up your seat" in end.message, end
            assert not SeatStore(HOST, server.port, "Robo").path.exists()
            nursery.cancel_scope.cancel()


async def test_the_bot_stops_when_its_seat_is_taken_over() -> None:
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:
            server, _, bot = await seated_bot(nursery)
            store = SeatStore(HOST, server.port, "Robo")
            kept = store.load()
            async with connect(HOST, server.port, "Robo", token=kept.seat_token) as other:
                end = await bot.ended()
                assert end == BotEnd(
                    "Disconnected: Your seat was resumed from another connection.", 1
                )
                assert other.seat == 0
            assert store.load() == kept  # the seat goes on, with whoever took it over
            nursery.cancel_scope.cancel()


async def test_a_bot_that_keeps_a_seat_at_another_table_says_so_and_does_not_connect() -> None:
    store = SeatStore(HOST, 1, "Robo")
    store.save(KeptSeats(table=5, seat_token="t"))
    end = await run_network_bot(HOST, 1, 2, name="Robo", keep_seat=True)
    assert end == BotEnd(
        f"Robo keeps a seat at table 5 of {HOST}:1; give --table 5 to play it, or another --name.",
        1,
    )
    assert store.load() == KeptSeats(table=5, seat_token="t")


async def test_a_bot_whose_kept_seat_is_unknown_sits_down_afresh() -> None:
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:
            server: RunningServer = await nursery.start(
                serve, ServerConfig(host=HOST, port=0, bot_delay=0.0)
            )
            store = SeatStore(HOST, server.port, "Robo")
            store.save(KeptSeats(table=1, seat_token="from-another-server"))
            ada = await nursery_session(nursery, server, "Ada")
            assert (await ada.create_table(GAME, seats=2)).table_id == 1
            await ada.list_tables(watch=True)
            said: list[str] = []
            nursery.start_soon(BotRun(server, 1, report=said.append).run)
            await ada.wait_for(lambda: ada.tables[1].seats[0].connected)
            assert ada.tables[1].seats[0].name == "Robo"
            while len(said) < 2:  # (under the test's deadline)
                await trio.sleep(0.01)
            assert said[0].startswith("Its seat was not kept: That seat token is not valid here")
            assert said[-1] == "Robo plays seat 1 at table 1."
            kept = store.load()
            assert kept.table == 1 and kept.seat_token not in (None, "from-another-server")
            nursery.cancel_scope.cancel()


async def test_a_network_search_bot_thinks_and_plays_its_seat() -> None:
    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            server, ada, bot = await seated_bot(nursery, kind="search", think=0.2)
            table = server.lobby.tables[bot.table]
            await ada.sit(bot.table, 1)
            await ada.start(bot.table)
            while not any(seat == 0 for seat, _ in table.actions):  # the bot's first move
                await ada.wait_for(lambda: bool(ada.legal) or any(s == 0 for s, _ in table.actions))
                if ada.legal:
                    await ada.act(ada.legal[0])
            assert table.seats[0].name == "Robo" and table.seats[0].bot is None
            nursery.cancel_scope.cancel()
