"""`cardtable join` keeps its seat: the real command in a pseudo-terminal, killed with SIGKILL
in the middle of a game and started again with the same command line, is back at its seat with
the table on the screen, and says so."""

from __future__ import annotations

import os

import trio

from cardtable.client.handshake import connect
from cardtable.client.seat_store import SeatStore
from cardtable.client.session import ClientSession
from cardtable.protocol import SeatSummary
from cardtable.server.app import RunningServer, serve
from cardtable.server.config import ServerConfig
from tests.test_cli_terminal import Terminal, terminal

HOST = "127.0.0.1"
ENTER = b"\r"


def seat(session: ClientSession, table: int, index: int) -> SeatSummary:
    return session.tables[table].seats[index]


async def shows(term: Terminal, text: bytes, timeout: float = 30) -> None:
    """Wait (with a deadline) until the terminal has shown `text`."""
    await trio.to_thread.run_sync(term.expect, text, timeout)


def words(term: Terminal) -> str:
    """What the terminal has shown, as words: a notice wraps inside its frame (``▌``)."""
    return " ".join(term.shown.decode(errors="replace").replace("▌", " ").split())


async def says(term: Terminal, sentence: str, timeout: float = 30) -> None:
    """Wait (with a deadline) until the terminal has shown `sentence`, however wrapped."""
    deadline = trio.current_time() + timeout
    while sentence not in words(term):
        assert trio.current_time() < deadline, f"{sentence!r} never shown: {words(term)[-800:]}"
        assert term.process.poll() is None, f"exited early: {term.output[-800:]!r}"
        await trio.to_thread.run_sync(term._read, 0.1)


async def test_join_killed_with_sigkill_and_started_again_is_back_at_its_seat() -> None:
    with trio.fail_after(120):
        async with trio.open_nursery() as nursery:
            server: RunningServer = await nursery.start(
                serve, ServerConfig(host=HOST, port=0, bot_delay=0.0, seed=7)
            )
            command = ("join", f"{HOST}:{server.port}", "--name", "Pat")
            async with connect(HOST, server.port, "Host") as host:
                tid = (await host.create_table("chinese-ten", seats=2)).table_id
                await host.add_bot(tid, 1)
                await host.list_tables(watch=True)

                with terminal(*command) as term:
                    await shows(term, b"Chinese Ten")  # the table, listed in the lobby
                    os.write(term.master, ENTER)  # sit at it
                    await host.wait_for(lambda: seat(host, tid, 0).name == "Pat")
                    await host.start(tid)
                    await shows(term, b"Your hand")
                    table = server.lobby.tables[tid]
                    await host.wait_for(lambda: table.game is not None and len(table.log) > 1)
                    token = SeatStore(HOST, server.port, "Pat").load()
                    assert (token.table, token.seat_token is not None) == (tid, True)

                    term.process.kill()  # SIGKILL: nothing is said to the server
                    term.process.wait()
                await host.wait_for(lambda: not seat(host, tid, 0).connected)
                events = len(table.log)

                with terminal(*command) as term:
                    await says(term, f"You are back at your seat at table {tid}.")
                    await shows(term, b"Your hand")
                    await host.wait_for(lambda: seat(host, tid, 0).connected)
                    assert seat(host, tid, 0).name == "Pat"
                    assert table.seats[0].member is not None
                    assert len(table.log) == events  # the same game, where it was
                    assert b"Traceback" not in term.output
            nursery.cancel_scope.cancel()


async def test_join_started_again_after_its_seat_was_given_up_says_what_the_server_said() -> None:
    with trio.fail_after(120):
        async with trio.open_nursery() as nursery:
            server: RunningServer = await nursery.start(
                serve, ServerConfig(host=HOST, port=0, bot_delay=0.0, seed=7)
            )
            command = ("join", f"{HOST}:{server.port}", "--name", "Pat")
            store = SeatStore(HOST, server.port, "Pat")
            async with connect(HOST, server.port, "Host") as host:
                tid = (await host.create_table("chinese-ten", seats=2)).table_id
                await host.add_bot(tid, 1)
                await host.list_tables(watch=True)
                with terminal(*command) as term:
                    await shows(term, b"Chinese Ten")
                    os.write(term.master, ENTER)
                    await host.wait_for(lambda: seat(host, tid, 0).name == "Pat")
                    await host.start(tid)
                    await shows(term, b"Your hand")
                    term.process.kill()
                    term.process.wait()
                await host.wait_for(lambda: not seat(host, tid, 0).connected)
                await host.release(tid, 0)  # the table's creator gives the seat up
                assert store.path.exists()

                with terminal(*command) as term:
                    await says(term, "gave up your seat")  # the server's words
                    await shows(term, b"Chinese Ten")  # the lobby
                    assert b"Your hand" not in term.shown
                    assert not store.path.exists()
            nursery.cancel_scope.cancel()
