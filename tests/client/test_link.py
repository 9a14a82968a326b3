"""The `Link` against real servers on real ports: the first failure is raised (but a server
that is stopping is waited for), a dropped connection comes back (to the seat, or to watching
the lobby), a replaced one stops, a server that went away is retried until it listens again,
and a link started again takes back the seat it kept on disk."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused, NotCardtableServer, NoWelcome, connect
from cardtable.client.link import Link, LinkStatus
from cardtable.client.seat_store import KeptSeats, SeatStore
from cardtable.client.session import ClientSession, ConnectionLost
from cardtable.protocol import Error, ErrorCode, Joined, Message, TableChanged, TableCreated
from cardtable.server.app import RunningServer, serve
from cardtable.server.config import ServerConfig
from tests.foreign_servers import FOREIGN, SILENT, Foreign, foreign_server

HOST = "127.0.0.1"
GAME = "chinese-ten"
CONNECTED, RECONNECTING, CLOSED = LinkStatus.CONNECTED, LinkStatus.RECONNECTING, LinkStatus.CLOSED


async def start_server(nursery: trio.Nursery, **changes: Any) -> RunningServer:
    """A real server: instant bots, fixed shuffles, any free port unless told one."""
    settings: dict[str, Any] = {"host": HOST, "port": 0, "bot_delay": 0.0, "seed": 7}
    settings.update(changes)
    running: RunningServer = await nursery.start(serve, ServerConfig(**settings))
    return running


def free_port() -> int:
    """A port nothing listens on."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
    return port


class Heard:
    """What a link told us, in order, with a way to wait for more."""

    def __init__(self) -> None:
        self.statuses: list[tuple[LinkStatus, str]] = []
        self.messages: list[Message] = []
        self._changed = trio.Event()

    def message(self, message: Message) -> None:
        self.messages.append(message)
        self._wake()

    def status(self, status: LinkStatus, text: str) -> None:
        self.statuses.append((status, text))
        self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    def count(self, status: LinkStatus) -> int:
        return sum(1 for heard, _ in self.statuses if heard is status)

    def texts(self, status: LinkStatus) -> list[str]:
        return [text for heard, text in self.statuses if heard is status]

    async def wait_for(self, predicate: Callable[[], object]) -> None:
        while not predicate():
            await self._changed.wait()


def make_link(port: int, heard: Heard, name: str = "Ada", **changes: Any) -> Link:
    settings: dict[str, Any] = {"retry_delays": (0.05,), "connect_timeout": 5.0}
    settings.update(changes)
    return Link(HOST, port, name, on_message=heard.message, on_status=heard.status, **settings)


async def seated_game(ada: ClientSession, bram: ClientSession) -> int:
    """Ada at seat 0 against a bot, Bram watching, two chat lines, and Ada's turn after a few
    moves; the table's id."""
    table = await ada.create_table(GAME, seats=2)
    tid: int = table.table_id
    await ada.sit(tid, 0)
    await ada.add_bot(tid, 1)
    await bram.spectate(tid)
    await ada.say("back in a [b]moment[/b]")
    await bram.say("take your time")
    await ada.start(tid)
    for _ in range(2):
        await ada.wait_for(lambda: ada.legal)
        await ada.act(ada.legal[0])
    await ada.wait_for(lambda: ada.legal and len(ada.chat) == 2)
    return tid


# -- the first connection ---------------------------------------------------------------------


async def test_nothing_listening_is_raised_not_retried() -> None:
    heard = Heard()
    link = make_link(free_port(), heard)
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            with pytest.raises(OSError):
                await nursery.start(link.run)
        with pytest.raises(OSError):
            await link.run()
    assert heard.statuses == [] and heard.messages == []
    assert not link.connected and link.latest is None
    with pytest.raises(ConnectionLost):
        link.session  # noqa: B018


@pytest.mark.parametrize("kind", FOREIGN, ids=[kind.label for kind in FOREIGN])
async def test_a_server_that_is_not_cardtable_is_named_in_words(kind: Foreign) -> None:
    heard = Heard()
    with foreign_server(kind) as port, trio.fail_after(10):
        with pytest.raises(NotCardtableServer) as session_refused:
            async with connect(HOST, port, "Ada"):
                pass
        async with trio.open_nursery() as nursery:
            with pytest.raises(NotCardtableServer) as link_refused:
                await nursery.start(make_link(port, heard).run)
    for refused in (session_refused.value, link_refused.value):
        assert refused.speaks == kind.speaks
        assert refused.message == f"It is not a cardtable server: it answers like {kind.speaks}."
    assert heard.statuses == []


async def test_a_server_that_takes_the_connection_and_says_nothing_is_told_apart() -> None:
    with foreign_server(SILENT) as port, trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            with pytest.raises(NoWelcome) as silent:
                await nursery.start(make_link(port, Heard(), connect_timeout=0.5).run)
    assert silent.value.timeout == 0.5
    # Nothing listening at all is still a timeout of its own kind, or a refusal: not this.
    with trio.fail_after(10), pytest.raises(OSError):
        async with connect(HOST, free_port(), "Ada", timeout=0.5):
            pass


@pytest.mark.parametrize("password", [None, "wrong"])
async def test_a_wrong_password_is_raised_as_the_servers_refusal(password: str | None) -> None:
    heard = Heard()
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            server = await start_server(nursery, password="secret")
            link = make_link(server.port, heard, password=password)
            with pytest.raises(HandshakeRefused) as refused:
                await nursery.start(link.run)
            assert refused.value.code == ErrorCode.BAD_PASSWORD
            assert server.lobby.clients == {}
            # The right one gets in.
            link = make_link(server.port, heard, password="secret")
            await nursery.start(link.run)
            assert list(server.lobby.clients) == ["Ada"]
            nursery.cancel_scope.cancel()
    assert heard.statuses == [(CONNECTED, f"Connected to {HOST}:{server.port}.")]


async def test_a_name_in_use_is_raised_as_the_servers_refusal() -> None:
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            server = await start_server(nursery)
            async with connect(HOST, server.port, "Ada"):
                with pytest.raises(HandshakeRefused) as refused:
                    await nursery.start(make_link(server.port, Heard()).run)
                assert refused.value.code == ErrorCode.NAME_TAKEN
            nursery.cancel_scope.cancel()


async def test_a_first_connection_to_a_stopping_server_waits_until_it_is_back() -> None:
    heard = Heard()
    started = trio.Event()
    with trio.fail_after(15):
        async with trio.open_nursery() as nursery:
            first = await start_server(nursery)
            port = first.port
            first.lobby.shutdown()  # from now on every hello is told the server is stopping
            link = make_link(port, heard)

            async def run_link() -> None:
                await nursery.start(link.run)
                started.set()

            nursery.start_soon(run_link)
            await heard.wait_for(lambda: heard.count(RECONNECTING) >= 2)
            assert not started.is_set() and not link.connected
            assert set(heard.texts(RECONNECTING)) == {
                "Waiting for the server: The server is stopping; try again in a moment."
            }
            # It stops listening: still waited for, as the server said it would be back.
            first.stop()
            await heard.wait_for(
                lambda: any("stopping" not in text for text in heard.texts(RECONNECTING))
            )
            assert not started.is_set()

            second = await start_server(nursery, port=port)
            await started.wait()
            assert heard.statuses[-1] == (CONNECTED, f"Connected to {HOST}:{port}.")
            assert heard.count(CONNECTED) == 1 and heard.count(CLOSED) == 0
            assert list(second.lobby.clients) == ["Ada"]
            nursery.cancel_scope.cancel()


# -- coming back after a drop ---------------------------------------------------------------------


async def test_a_dropped_player_is_back_at_the_seat_with_view_log_and_chat() -> None:
    heard = Heard()
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            server = await start_server(nursery)
            link = make_link(server.port, heard)
            await nursery.start(link.run)
            old = link.session
            async with connect(HOST, server.port, "Bram") as bram:
                tid = await seated_game(old, bram)
                token = old.token
                assert token is not None
                running = server.lobby.tables[tid]
                assert running.game is not None and len(running.log) > 1
                heard.messages.clear()

                server.lobby.clients["Ada"].link.abort()

                await heard.wait_for(lambda: heard.count(CONNECTED) == 2)
                assert [status for status, _ in heard.statuses] == [
                    CONNECTED,
                    RECONNECTING,
                    CONNECTED,
                ]
                assert "back at your seat" in heard.statuses[-1][1]
                assert old.closed
                new = link.session
                assert new is not old and new is link.latest and link.connected
                assert await link.wait_connected() is new
                assert new.table is not None and new.table.table_id == tid
                assert (new.seat, new.token, new.name) == (0, token, "Ada")
                assert new.view == running.game.view(0) and new.legal != []
                assert new.log == [event.for_seat(0) for event in running.log]
                assert new.log[0]["kind"] == "deal"
                assert [line.text for line in new.chat] == [
                    "back in a [b]moment[/b]",
                    "take your time",
                ]
                # Whoever draws the table hears that we are at it again, with all of it.
                joined = [message for message in heard.messages if isinstance(message, Joined)]
                assert len(joined) == 1
                assert joined[0].table.table_id == tid and joined[0].seat == 0
                assert joined[0].view == new.view and joined[0].log == new.log
                assert list(joined[0].chat) == new.chat

                # The new session plays the seat, and its messages reach the link's listener.
                heard.messages.clear()
                await new.act(new.legal[0])
                assert any(message.type == "update" for message in heard.messages)
                await bram.wait_for(
                    lambda: bram.table is not None and bram.table.seats[0].connected
                )
            nursery.cancel_scope.cancel()


async def test_a_dropped_lobby_client_watches_the_tables_again() -> None:
    heard = Heard()
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            server = await start_server(nursery)
            link = make_link(server.port, heard)
            await nursery.start(link.run)
            await link.session.list_tables(watch=True)
            assert server.lobby.clients["Ada"].watching_lobby

            server.lobby.clients["Ada"].link.abort()

            await heard.wait_for(lambda: heard.count(CONNECTED) == 2)
            assert heard.statuses[1:] == [
                (RECONNECTING, "Connection lost. Reconnecting…"),
                (CONNECTED, "Reconnected."),
            ]
            session = link.session
            assert session.table is None and session.token is None
            heard.messages.clear()
            async with connect(HOST, server.port, "Bram") as bram:
                table = await bram.create_table(GAME, seats=2)
                await session.wait_for(lambda: table.table_id in session.tables)
                assert session.tables[table.table_id].seats[0].name is None
                await bram.sit(table.table_id, 0)
                await session.wait_for(
                    lambda: session.tables[table.table_id].seats[0].name == "Bram"
                )
            # Watchers hear of a new table, and of each change to it, as `table_changed`.
            kinds = [
                type(message)
                for message in heard.messages
                if isinstance(message, TableCreated | TableChanged)
                and message.table.table_id == table.table_id
            ]
            assert kinds == [TableChanged, TableChanged]
            nursery.cancel_scope.cancel()


async def test_a_seat_resumed_elsewhere_closes_the_link_instead_of_fighting_back() -> None:
    heard = Heard()
    done = trio.Event()
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            server = await start_server(nursery)
            link = make_link(server.port, heard)

            async def run_link(*, task_status: trio.TaskStatus[None]) -> None:
                await link.run(task_status=task_status)
                done.set()

            await nursery.start(run_link)
            session = link.session
            table = await session.create_table(GAME, seats=2)
            await session.sit(table.table_id, 0)
            token = session.token

            async with connect(HOST, server.port, "Ada", token=token) as other:
                await done.wait()  # the link's run returned by itself
                assert session.close_reason is not None
                assert session.close_reason.code == ErrorCode.REPLACED
                assert heard.statuses[1:] == [
                    (CLOSED, "Disconnected: Your seat was resumed from another connection.")
                ]
                assert link.status is CLOSED and not link.connected
                with pytest.raises(ConnectionLost):
                    link.session  # noqa: B018
                # The other connection keeps the seat.
                await other.ping()
                assert not other.closed and other.seat == 0
                assert server.lobby.tables[table.table_id].seats[0].member is not None
            nursery.cancel_scope.cancel()


async def test_the_link_retries_until_a_server_listens_on_the_port_again() -> None:
    heard = Heard()
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            first = await start_server(nursery)
            port = first.port
            link = make_link(port, heard)
            await nursery.start(link.run)
            session = link.session
            table = await session.create_table(GAME, seats=2)
            await session.sit(table.table_id, 0)

            first.stop()

            still = "Still reconnecting: "
            await heard.wait_for(
                lambda: sum(t.startswith(still) for t in heard.texts(RECONNECTING)) >= 3
            )
            assert heard.count(CONNECTED) == 1 and heard.count(CLOSED) == 0
            assert link.status is RECONNECTING and not link.connected
            with pytest.raises(ConnectionLost):
                link.session  # noqa: B018
            assert link.latest is session and session.closed

            second = await start_server(nursery, port=port)
            await heard.wait_for(lambda: heard.count(CONNECTED) == 2)
            assert heard.statuses[-1] == (CONNECTED, "Reconnected. Your seat was not kept.")
            back = await link.wait_connected()
            assert back is not session and back.name == "Ada"
            assert (back.table, back.seat, back.token) == (None, None, None)
            assert list(second.lobby.clients) == ["Ada"]
            # Back in the new server's lobby, watching its tables.
            async with connect(HOST, port, "Bram") as bram:
                created = await bram.create_table(GAME, seats=2)
                await back.wait_for(lambda: created.table_id in back.tables)
            nursery.cancel_scope.cancel()


async def test_after_a_server_restart_on_its_file_the_link_is_back_at_the_seat(
    tmp_path: Path,
) -> None:
    heard = Heard()
    db = str(tmp_path / "server.db")
    with trio.fail_after(15):
        async with trio.open_nursery() as nursery:
            first = await start_server(nursery, db=db)
            port = first.port
            link = make_link(port, heard)
            await nursery.start(link.run)
            async with connect(HOST, port, "Bram") as bram:
                tid = await seated_game(link.session, bram)
            before = link.session
            view, log, chat = before.view, list(before.log), list(before.chat)

            first.stop()
            await heard.wait_for(lambda: heard.count(RECONNECTING) >= 2)
            assert not link.connected

            await start_server(nursery, port=port, db=db)
            await heard.wait_for(lambda: heard.count(CONNECTED) == 2)
            assert heard.statuses[-1] == (CONNECTED, "Reconnected: you are back at your seat.")
            back = await link.wait_connected()
            assert back is not before
            assert (back.table_id, back.seat, back.token) == (tid, 0, before.token)
            assert (back.view, list(back.log), list(back.chat)) == (view, log, chat)
            # The game goes on where it was.
            moves = len(back.log)
            await back.act(back.legal[0])
            await back.wait_for(lambda: len(back.log) > moves)
            nursery.cancel_scope.cancel()


# -- seats kept on disk ---------------------------------------------------------------------------


async def test_a_link_started_again_takes_back_the_seat_and_table_it_kept(tmp_path: Path) -> None:
    """The first link stops without a word (as under kill -9); a new one, with the same store,
    is back at the seat with the whole table, and still runs the table it opened."""
    with trio.fail_after(15):
        async with trio.open_nursery() as nursery:
            server = await start_server(nursery)
            store = SeatStore(HOST, server.port, "Ada", tmp_path)
            first = make_link(server.port, Heard(), store=store)
            async with connect(HOST, server.port, "Bram") as bram:
                async with trio.open_nursery() as client:
                    await client.start(first.run)
                    tid = await seated_game(first.session, bram)
                    before = first.session
                    view, log, chat = before.view, list(before.log), list(before.chat)
                    kept = store.load()
                    assert (kept.table, kept.seat_token) == (tid, before.token)
                    assert [table for table, _ in kept.creator_tokens] == [tid]
                    assert kept == first.kept
                    client.cancel_scope.cancel()
                await bram.wait_for(
                    lambda: bram.table is not None and not bram.table.seats[0].connected
                )

                heard = Heard()
                again = make_link(
                    server.port, heard, store=SeatStore(HOST, server.port, "Ada", tmp_path)
                )
                assert again.first_token == before.token
                await nursery.start(again.run)
                assert heard.statuses == [(CONNECTED, f"You are back at your seat at table {tid}.")]
                session = again.session
                assert (session.table_id, session.seat, session.token) == (tid, 0, before.token)
                assert (session.view, list(session.log), list(session.chat)) == (view, log, chat)
                assert [type(message) for message in heard.messages] == [Joined]
                # The creator token went in the hello: the table is still ours to run.
                assert session.welcome is not None and session.welcome.creator_of == [tid]
                assert session.creator_of == {tid}
                await session.configure(tid, bot_delay=0.1)
                await bram.wait_for(
                    lambda: bram.table is not None and bram.table.seats[0].connected
                )
                # Leaving the seat ends it: the token is pruned, the creator token kept.
                await session.leave()
                assert store.load() == KeptSeats(creator_tokens=kept.creator_tokens)
            nursery.cancel_scope.cancel()


async def test_a_kept_seat_given_up_by_the_tables_creator_is_pruned_with_the_reason(
    tmp_path: Path,
) -> None:
    with trio.fail_after(15):
        async with trio.open_nursery() as nursery:
            server = await start_server(nursery)
            store = SeatStore(HOST, server.port, "Ada", tmp_path)
            async with connect(HOST, server.port, "Bram") as bram:
                table = await bram.create_table(GAME, seats=2)
                tid = table.table_id
                await bram.list_tables(watch=True)
                first = make_link(server.port, Heard(), store=store)
                async with trio.open_nursery() as client:
                    await client.start(first.run)
                    await first.session.sit(tid, 1)
                    assert store.load().table == tid
                    client.cancel_scope.cancel()
                await bram.wait_for(lambda: bram.tables[tid].seats[1].connected is False)
                await bram.release(tid, 1)

                heard = Heard()
                again = make_link(server.port, heard, store=store)
                await nursery.start(again.run)
            assert heard.statuses == [
                (CONNECTED, f"Connected to {HOST}:{server.port}. Your seat was not kept.")
            ]
            refusal = again.seat_refusal
            assert refusal is not None and refusal.code == ErrorCode.SEAT_RELEASED
            assert "gave up your seat" in refusal.message
            # Whoever shows the link hears what the server said, as it said it.
            assert heard.messages == [refusal]
            assert isinstance(refusal, Error) and refusal.rid is None
            assert again.session.table is None
            assert not store.path.exists() and again.kept == KeptSeats()
            nursery.cancel_scope.cancel()
