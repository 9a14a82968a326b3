"""Stopping a server and starting another on the same database file: tables, seats, views and
chat come back, players resume with their tokens and finish their game, and the game stored is
exactly the game played. Also: a change is stored before anyone hears of it."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import replay
from cardtable.engine.scores import Result
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from cardtable.server.storage import (
    SeatRecord,
    Store,
    TableRecord,
    Write,
    open_database,
    open_for_reading,
)
from cardtable.server.storage.codec import unpack
from cardtable.server.storage.writes import OpenTable, SaveSeats, SaveSettings
from cardtable.server.table.seats import new_token
from cardtable.server.table.table import Table
from cardtable.wire.codec import to_wire
from tests.server.conftest import HOST, served, server_config
from tests.server.players import play_first_legal

GAME = "chinese-ten"


def read_store(path: Path) -> Store:
    """The file as `cardtable history` reads it, beside a server or after it."""
    return Store(open_for_reading(path))


async def play_until(players: Sequence[ClientSession], seq: int) -> None:
    """Each player acts (first legal action) whenever it is their turn, until every player has
    seen `seq` actions."""

    async def play(session: ClientSession) -> None:
        while True:
            await session.wait_for(lambda: session.seq >= seq or session.legal)
            if session.seq >= seq:
                return
            await session.act(session.legal[0])

    async with trio.open_nursery() as nursery:
        for session in players:
            nursery.start_soon(play, session)


async def settle(running: RunningServer, table_id: int, players: Sequence[ClientSession]) -> None:
    """Wait until no bot is due to act, everything is stored, and every player has heard all."""
    table = running.lobby.tables[table_id]
    while True:
        await running.lobby.journal.flush()
        await trio.sleep(0.05)
        if table.next_bot_seat() is None and all(
            session.seq == len(table.actions) for session in players
        ):
            await running.lobby.journal.flush()
            return


def chat_texts(session: ClientSession) -> list[str]:
    return [line.text for line in session.chat]


async def test_a_restarted_server_brings_back_the_table_and_the_game_plays_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "server.db"
    config = server_config(db=str(path), seed=23)
    with trio.fail_after(20):
        # -- the first server ---------------------------------------------------------------
        async with served(config) as running:
            port = running.port
            async with (
                connect(HOST, port, "Ada") as ada,
                connect(HOST, port, "Bram") as bram,
                connect(HOST, port, "Cleo") as cleo,
            ):
                table = await ada.create_table(GAME, seats=3, options={"decks": 1})
                tid = table.table_id
                ada_token = (await ada.sit(tid, 0)).token
                bram_token = (await bram.sit(tid, 1)).token
                assert ada_token and bram_token
                await ada.add_bot(tid, 2)
                await cleo.spectate(tid)
                await ada.say("good luck all")
                await ada.say("Bram, watch the bot", to=1)
                await bram.say("Ada, I will", to=0)
                await ada.start(tid)
                await play_until([ada, bram], 7)
                await settle(running, tid, [ada, bram, cleo])
                server_table: Table = running.lobby.tables[tid]
                assert server_table.game is not None and not server_table.game.over
                played = list(server_table.actions)
                assert len(played) >= 7
                game_id = server_table.game_id
                assert game_id is not None
                before = {
                    session.name: (session.view, list(session.log), list(session.chat))
                    for session in (ada, bram, cleo)
                }
                assert (
                    chat_texts(ada)
                    == chat_texts(bram)
                    == [
                        "good luck all",
                        "Bram, watch the bot",
                        "Ada, I will",
                    ]
                )
                assert chat_texts(cleo) == ["good luck all"]

        # Every action was stored before anyone was told of it.
        reader = read_store(path)
        try:
            [stored] = reader.open_tables(chat_history=200)
            assert stored.actions == tuple(played)
        finally:
            reader.close()

        # -- the second server on the same file ------------------------------------------------
        async with served(config) as running:
            port = running.port
            async with connect(HOST, port, "Dora") as dora:
                [listed] = await dora.list_tables()
                assert listed.table_id == tid and listed.status == "playing"
                seats = listed.seats
                assert [seat.name for seat in seats][:2] == ["Ada", "Bram"]
                assert [seat.kind for seat in seats] == ["player", "player", "bot"]
                assert [seat.connected for seat in seats] == [False, False, True]
                # Table ids go on from the stored ones.
                fresh = await dora.create_table(GAME, seats=2)
                assert fresh.table_id > tid
                # Nobody else may take an away player's name, and a made-up token resumes nothing.
                with pytest.raises(RequestFailed) as taken:
                    async with connect(HOST, port, "Ada"):
                        pass
                assert taken.value.code == ErrorCode.NAME_TAKEN
                async with connect(HOST, port, "Eve", token=new_token()[0]) as eve:
                    assert [error.code for error in eve.errors] == [ErrorCode.BAD_TOKEN]
                    assert eve.table is None and eve.seat is None and eve.name == "Eve"

            async with (
                connect(HOST, port, "someone", token=ada_token) as ada,
                connect(HOST, port, "anyone", token=bram_token) as bram,
                connect(HOST, port, "Cleo") as cleo,
            ):
                assert (ada.name, ada.seat, ada.table_id) == ("Ada", 0, tid)
                assert (bram.name, bram.seat, bram.table_id) == ("Bram", 1, tid)
                assert ada.token == ada_token and bram.token == bram_token
                await cleo.spectate(tid)
                for session in (ada, bram, cleo):
                    view, log, chat = before[session.name]
                    assert session.view == view, session.name
                    assert session.log == log, session.name
                    assert session.chat == chat, session.name
                assert chat_texts(cleo) == ["good luck all"]
                # Chat goes on numbering after the stored lines.
                await bram.say("back again")
                await ada.wait_for(lambda: chat_texts(ada)[-1:] == ["back again"])
                assert [line.line_no for line in ada.chat] == [1, 2, 3, 4]

                # The game plays on to its end.
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(play_first_legal, ada)
                    nursery.start_soon(play_first_legal, bram)
                await cleo.wait_for(lambda: cleo.view and cleo.view["result"])
                assert ada.view is not None and cleo.view is not None
                result = ada.view["result"]
                assert cleo.view["result"] == result
                await running.lobby.journal.flush()
                history = await ada.history()
                assert [entry.game_id for entry in history.games] == [game_id]
                final_view = ada.view

        # -- a third server: the finished game is shown, and the next one can be dealt ---------
        async with (
            served(config) as running,
            connect(HOST, running.port, "x", token=ada_token) as ada,
        ):
            assert ada.table is not None and ada.table.status == "finished"
            assert ada.table.result == Result.from_wire(result) and ada.view == final_view
            assert ada.table.game_no == 1
            await ada.start(tid)
            await ada.wait_for(lambda: ada.game_no == 2)
            assert ada.view is not None and ada.view["result"] is None
            assert ada.view["dealer"] == (final_view["dealer"] + 1) % 3
            next_game = running.lobby.tables[tid].game_id
            assert next_game is not None and next_game > game_id

        # The stored game is exactly the game played, before and after the restart.
        reader = read_store(path)
        try:
            record, actions = reader.finished_game(game_id)
            assert actions[: len(played)] == tuple(played)
            game = replay(record.setup, actions)
            assert game.over and game.result is not None
            assert game.result.to_wire() == result == record.result
            assert record.players == ("Ada", "Bram", listed.seats[2].name)
            assert [entry.game.id for entry in reader.history()] == [game_id]
        finally:
            reader.close()


async def test_stored_tables_without_players_are_closed_and_ids_go_on(tmp_path: Path) -> None:
    """Tables written to the file directly: one where a player holds a seat (restored, and its
    token resumes the seat) and one of bots and empty seats (closed on start)."""
    path = tmp_path / "server.db"
    token, token_hash = new_token()
    store = Store(open_database(path))
    store.write(
        [
            OpenTable(
                TableRecord(4, GAME, 2, {"decks": 1}, {"bot_delay": 0.0}, "Ada", time.time()),
                (SeatRecord(0, "Ada", token_hash, None, 1), SeatRecord(1, None, None, None, 0)),
            ),
            OpenTable(
                TableRecord(9, GAME, 2, {}, {}, "Bram", time.time()),
                (SeatRecord(0, "Ada (bot)", None, "random", 1), SeatRecord(1, None, None, None, 0)),
            ),
        ]
    )
    store.close()
    config = server_config(db=str(path))
    with trio.fail_after(10):
        async with served(config) as running:
            assert sorted(running.lobby.tables) == [4]
            async with connect(HOST, running.port, "Bram") as bram:
                assert [t.table_id for t in await bram.list_tables()] == [4]
                assert (await bram.create_table(GAME, seats=2)).table_id == 10
            async with connect(HOST, running.port, "x", token=token) as ada:
                assert (ada.name, ada.table_id, ada.seat) == ("Ada", 4, 0)
                assert ada.view is None  # no game was ever dealt there
            await running.lobby.journal.flush()
    reader = read_store(path)
    try:
        # Table 10 closed when its creator left it empty; table 9 when the server started.
        assert [t.table.id for t in reader.open_tables(10)] == [4]
        closed = reader.database.connection.execute(
            "SELECT id FROM tables WHERE closed_at IS NOT NULL ORDER BY id"
        ).fetchall()
        assert closed == [(9,), (10,)]
    finally:
        reader.close()


async def bots_game(path: Path, stop_after: int | None) -> tuple[tuple[int, Any], ...]:
    """Ada against two server bots, first legal action each turn, on a server with a fixed
    seed; with `stop_after`, the server is restarted once that many actions are stored. The
    actions of the finished game, as stored."""
    config = server_config(db=str(path), seed=99)
    async with served(config) as running, connect(HOST, running.port, "Ada") as ada:
        table = await ada.create_table(GAME, seats=3, options={"decks": 1, "rounds": 2})
        tid = table.table_id
        token = (await ada.sit(tid, 0)).token
        await ada.add_bot(tid, 1, "random")
        await ada.add_bot(tid, 2, "greedy")
        await ada.start(tid)
        if stop_after is None:
            await play_first_legal(ada)
        else:
            await play_until([ada], stop_after)
            await settle(running, tid, [ada])
    if stop_after is not None:
        async with served(config) as running, connect(HOST, running.port, "x", token=token) as ada:
            await play_first_legal(ada)
            await running.lobby.journal.flush()
    reader = read_store(path)
    try:
        [entry] = reader.history()
        return reader.finished_game(entry.game.id)[1]
    finally:
        reader.close()


async def test_a_restored_game_plays_on_exactly_as_it_would_have(tmp_path: Path) -> None:
    """Bots keep nothing between actions, and the deal comes from the server's seed: a game
    interrupted by a restart ends exactly as the same game played straight through."""
    with trio.fail_after(20):
        straight = await bots_game(tmp_path / "straight.db", None)
        interrupted = await bots_game(tmp_path / "interrupted.db", 9)
    assert len(straight) > 20
    bot_moves = [seat for seat, _ in straight[9:] if seat != 0]
    assert len(bot_moves) > 5  # the bots did play on after the restart
    assert interrupted == straight


# -- durability: nothing is told before it is stored ------------------------------------------


class GatedStore(Store):
    """A real store whose writes wait, in their worker thread, until the gate is open."""

    def __init__(self, path: Path) -> None:
        super().__init__(open_database(path))
        self.gate = threading.Event()
        self.gate.set()
        self.waiting = threading.Event()

    def write(self, batch: Sequence[Write]) -> None:
        if not self.gate.is_set():
            self.waiting.set()
            self.gate.wait(timeout=30)
        super().write(batch)


def stored_actions(path: Path, game_id: int) -> int:
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return int(
            connection.execute(
                "SELECT count(*) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()[0]
        )
    finally:
        connection.close()


def stored_chat(path: Path) -> list[str]:
    connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return [row[0] for row in connection.execute("SELECT text FROM chat ORDER BY id")]
    finally:
        connection.close()


async def test_nobody_is_told_of_an_action_or_a_line_before_it_is_stored(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    store = GatedStore(path)
    with trio.fail_after(15):
        async with (
            served(server_config(db=str(path)), store) as running,
            connect(HOST, running.port, "Ada") as ada,
            connect(HOST, running.port, "Bram") as bram,
        ):
            try:
                table = await ada.create_table(GAME, seats=2, options={"decks": 1})
                tid = table.table_id
                await ada.sit(tid, 0)
                await bram.sit(tid, 1)
                await ada.start(tid)
                await ada.wait_for(lambda: ada.view is not None)
                await bram.wait_for(lambda: bram.view is not None)
                await running.lobby.journal.flush()
                game_id = running.lobby.tables[tid].game_id
                assert game_id is not None
                actor, other = (ada, bram) if ada.legal else (bram, ada)
                assert actor.legal and not other.legal
                seen_by_other = other.seq
                assert stored_actions(path, game_id) == 0

                store.gate.clear()
                replied = trio.Event()

                async def act() -> None:
                    await actor.act(actor.legal[0])
                    replied.set()

                async with trio.open_nursery() as nursery:
                    nursery.start_soon(act)
                    await trio.to_thread.run_sync(store.waiting.wait, 5)
                    assert store.waiting.is_set()
                    # The game has moved on in memory, but the change is not stored yet ...
                    assert len(running.lobby.tables[tid].actions) == 1
                    with trio.move_on_after(0.4):
                        await replied.wait()
                    # ... so neither the actor's 'ok' nor the other seat's update has gone out.
                    assert not replied.is_set()
                    assert other.seq == seen_by_other
                    assert stored_actions(path, game_id) == 0
                    store.gate.set()
                    await replied.wait()
                assert stored_actions(path, game_id) == 1
                await other.wait_for(lambda: other.seq == seen_by_other + 1)

                # A chat line likewise reaches nobody before it is stored.
                await running.lobby.journal.flush()
                store.waiting.clear()
                store.gate.clear()
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(ada.say, "stored first")
                    await trio.to_thread.run_sync(store.waiting.wait, 5)
                    await trio.sleep(0.3)
                    assert "stored first" not in chat_texts(bram)
                    assert "stored first" not in chat_texts(ada)
                    assert stored_chat(path) == []
                    store.gate.set()
                await bram.wait_for(lambda: chat_texts(bram) == ["stored first"])
                assert stored_chat(path) == ["stored first"]
            finally:
                store.gate.set()  # so the server can stop whatever happened


# -- a change the database rejects ---------------------------------------------------------------


class MisspeltWrite:
    """A change whose SQL names a table the database does not have."""

    def apply(self, connection: sqlite3.Connection) -> None:
        connection.execute("UPDATE tabels SET closed_at = 1")

    def __repr__(self) -> str:
        return "MisspeltWrite()"


async def test_a_rejected_change_is_left_out_and_the_rest_of_its_batch_is_stored(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "server.db"
    with trio.fail_after(10):
        async with (
            served(server_config(db=str(path))) as running,
            connect(HOST, running.port, "Ada") as ada,
        ):
            table = await ada.create_table(GAME, seats=2)
            tid = table.table_id
            await running.lobby.journal.flush()
            journal = running.lobby.journal
            good_before = OpenTable(
                TableRecord(50, GAME, 2, {}, {}, "Gus", time.time()),
                (SeatRecord(0, None, None, None, 0), SeatRecord(1, None, None, None, 0)),
            )
            # A second table with an id already stored: the database's UNIQUE rule refuses it.
            duplicate = OpenTable(TableRecord(tid, GAME, 2, {}, {}, "Mallory", time.time()), ())
            # Seats of a table that does not exist: its FOREIGN KEY rule refuses them.
            orphan_seats = SaveSeats(777, (SeatRecord(0, "Nobody", None, None, 1),))
            # Settings that cannot even be encoded for storing.
            unencodable = SaveSettings(tid, {"bot_delay": object()})
            good_after = SaveSeats(50, (SeatRecord(0, "Gus", b"h" * 32, None, 1),))
            caplog.clear()
            with caplog.at_level(logging.ERROR, logger="cardtable.server"):
                # Recorded together, with no pause between: one batch.
                batch: list[Write] = [
                    good_before,
                    duplicate,
                    orphan_seats,
                    unencodable,
                    MisspeltWrite(),
                    good_after,
                ]
                for write in batch:
                    journal.record(write)
                await journal.flush()
            rejected = [r for r in caplog.records if "left out" in r.getMessage()]
            assert len(rejected) == 4
            assert "Mallory" in rejected[0].getMessage()
            assert "777" in rejected[1].getMessage()
            assert "SaveSettings" in rejected[2].getMessage()
            assert "MisspeltWrite" in rejected[3].getMessage()
            errors = [r.exc_info[0] if r.exc_info else None for r in rejected]
            assert errors == [
                sqlite3.IntegrityError,
                sqlite3.IntegrityError,
                TypeError,
                sqlite3.OperationalError,
            ]
            # None of them was taken for a passing trouble and tried again.
            assert not [r for r in caplog.records if "trying again" in r.getMessage()]

            # The server carries on: requests are answered and stored as before.
            await ada.sit(tid, 0)
            await ada.say("still here")
            assert chat_texts(ada) == ["still here"]
            await journal.flush()
    reader = read_store(path)
    try:
        connection = reader.database.connection
        tables = dict(connection.execute("SELECT id, creator FROM tables").fetchall())
        assert tables == {tid: "Ada", 50: "Gus"}
        seats = connection.execute(
            "SELECT table_id, seat, name FROM seats WHERE name IS NOT NULL ORDER BY table_id"
        ).fetchall()
        assert seats == [(tid, 0, "Ada"), (50, 0, "Gus")]
        assert [row[0] for row in connection.execute("SELECT text FROM chat")] == ["still here"]
        [settings] = connection.execute("SELECT settings FROM tables WHERE id = ?", (tid,))
        assert unpack(settings[0]) == to_wire(table.settings)
    finally:
        reader.close()


async def test_a_busy_database_holds_everything_back_until_it_can_store(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Another program holding the file's write lock is a passing trouble: the server keeps
    trying, tells nobody anything meanwhile, and stores the change once it can."""
    path = tmp_path / "server.db"
    with trio.fail_after(15):
        async with (
            served(server_config(db=str(path))) as running,
            connect(HOST, running.port, "Ada") as ada,
        ):
            table = await ada.create_table(GAME, seats=2)
            await running.lobby.journal.flush()
            blocker = sqlite3.connect(path, isolation_level=None)
            try:
                blocker.execute("BEGIN IMMEDIATE")
                seated = trio.Event()

                async def sit() -> None:
                    await ada.sit(table.table_id, 0)
                    seated.set()

                with caplog.at_level(logging.ERROR, logger="cardtable.server"):
                    async with trio.open_nursery() as nursery:
                        nursery.start_soon(sit)
                        while not any("trying again" in r.getMessage() for r in caplog.records):
                            await trio.sleep(0.05)
                        assert not seated.is_set() and ada.seat is None
                        blocker.execute("ROLLBACK")
                        await seated.wait()
                assert not any("left out" in r.getMessage() for r in caplog.records)
            finally:
                blocker.close()
            assert ada.seat == 0 and ada.token is not None
            await running.lobby.journal.flush()
    reader = read_store(path)
    try:
        [stored] = reader.open_tables(10)
        assert stored.seats[0].name == "Ada" and stored.seats[0].token_hash is not None
    finally:
        reader.close()
