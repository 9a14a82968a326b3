"""The history names who really played: a seat a bot played for its away player, given up and
taken by a network bot, is recorded step by step in the database, and its result names both
holders. Also the holders noted when the game ends, and a file from before holders were kept."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.client.ui.history_words import holder_names, names_at, scores_words, winner_words
from cardtable.history_text import describe
from cardtable.protocol.seat_holders import SeatHolder
from cardtable.server.history.pages import history_entry
from cardtable.server.storage import Store, open_database, open_for_reading, schema
from cardtable.server.storage.database import APPLICATION_ID
from cardtable.server.table.holders import HolderLog
from cardtable.server.table.seats import Seat
from cardtable.server.table.table import Table
from cardtable.wire.codec import to_wire
from tests.server.conftest import HOST, served, server_config
from tests.server.test_storage import insert_finished_game

GAME = "chinese-ten"
BOT = "greedy bot 9590"


async def play_until(
    running: Table,
    watcher: ClientSession,
    players: dict[int, ClientSession],
    done: Callable[[], bool],
) -> None:
    """Play `players`' seats (each time the first legal action) until `done()`; while someone
    else is to act, wait for what `watcher` hears."""

    def ours() -> int | None:
        assert running.game is not None
        return next((seat for seat in running.game.actors if seat in players), None)

    while not done():
        actor = ours()
        if actor is None:
            await watcher.wait_for(lambda: done() or ours() is not None)
            continue
        await act_first_legal(players[actor])


async def act_first_legal(session: ClientSession) -> None:
    await session.wait_for(lambda: session.legal)
    await session.act(session.legal[0])


async def test_a_seat_covered_given_up_and_taken_by_a_bot_is_recorded_with_its_holders(
    tmp_path: Path,
) -> None:
    path = tmp_path / "server.db"
    with trio.fail_after(30):
        async with (
            served(server_config(db=str(path), seed=5)) as server,
            connect(HOST, server.port, "Ada") as ada,
            connect(HOST, server.port, "Bram") as bram,
        ):
            table = await ada.create_table(GAME, seats=3, options={"decks": 1})
            tid = table.table_id
            running = server.lobby.tables[tid]
            await ada.sit(tid, 0)
            await bram.sit(tid, 1)
            async with connect(HOST, server.port, "Cleo") as cleo:
                await cleo.sit(tid, 2)
                await ada.start(tid)
                # Cleo makes a move of her own, then is gone.
                everyone = {0: ada, 1: bram, 2: cleo}
                await play_until(
                    running, ada, everyone, lambda: any(s == 2 for s, _ in running.actions)
                )
            await ada.wait_for(lambda: running.seats[2].away)
            # Her turn comes round: the game waits for her.
            await play_until(running, ada, {0: ada, 1: bram}, lambda: 2 in running.game.actors)
            # Ada hands Cleo's seat to a bot (A), which plays her turn...
            before_cover = len(running.actions)
            await ada.cover(tid, 2)
            await ada.wait_for(lambda: 2 not in running.game.actors)
            covered = [
                step
                for step, (seat, _) in enumerate(running.actions, 1)
                if seat == 2 and step > before_cover
            ]
            assert covered
            # ... then gives it up (R), and a network bot takes it and plays on with its hand.
            await ada.release(tid, 2)
            await ada.wait_for(lambda: running.seats[2].is_empty)
            before_bot = len(running.actions)
            async with connect(HOST, server.port, BOT) as bot:
                await bot.sit(tid, 2)
                players = {0: ada, 1: bram, 2: bot}
                await play_until(running, ada, players, lambda: running.status == "finished")
            await server.lobby.journal.flush()
            game_id = running.game_id
            assert game_id is not None
            taken = next(
                step
                for step, (seat, _) in enumerate(running.actions, 1)
                if seat == 2 and step > before_bot
            )

            # The database has who played seat 3 from which step: nobody else changed hands.
            store = Store(open_for_reading(path))
            try:
                record, actions = store.finished_game(game_id)
                [entry] = store.history()
            finally:
                store.close()
            assert record.players == ("Ada", "Bram", "Cleo")
            assert record.holders == (
                SeatHolder(2, covered[0], "Cleo", bot_for=True),
                SeatHolder(2, taken, BOT),
            )
            assert "Cleo, then greedy bot 9590" in describe(history_entry(entry))

            # Over the wire, the entry carries them; each step names who took it.
            [listed] = (await ada.history()).games
            assert listed.holders == record.holders
            assert holder_names(listed) == ["Ada", "Bram", f"Cleo, then {BOT}"]
            assert f"Cleo, then {BOT}" in scores_words(listed)
            steps = await ada.replay_all(game_id, 0)
            assert [step["actor"] for step in steps[1:]] == [seat for seat, _ in actions]
            by_seat_3 = {
                step["seq"]: names_at(listed, step["seq"])[2]
                for step in steps
                if step["actor"] == 2
            }
            assert set(by_seat_3.values()) == {"Cleo", "bot for Cleo", BOT}
            for seq, name in by_seat_3.items():
                expected = "Cleo" if seq < covered[0] else "bot for Cleo" if seq < taken else BOT
                assert name == expected, seq
            assert all(names_at(listed, step["seq"])[:2] == ["Ada", "Bram"] for step in steps)
            won = set(winner_words(listed).split(" & "))
            sides = listed.result.winning_seats
            assert won == {holder_names(listed)[seat] for seat in sides}


async def test_a_restarted_server_goes_on_from_the_holders_it_stored(tmp_path: Path) -> None:
    config = server_config(db=str(tmp_path / "server.db"), seed=6)
    with trio.fail_after(30):
        async with served(config) as server, connect(HOST, server.port, "Ada") as ada:
            table = await ada.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            running = server.lobby.tables[tid]
            ada_token = (await ada.sit(tid, 0)).token
            async with connect(HOST, server.port, "Cleo") as cleo:
                cleo_token = (await cleo.sit(tid, 1)).token
                await ada.start(tid)
                players = {0: ada, 1: cleo}
                await play_until(running, ada, players, lambda: 1 in running.game.actors)
            await ada.wait_for(lambda: running.seats[1].away)
            before_cover = len(running.actions)
            await ada.cover(tid, 1)  # a bot plays her turn; then the server stops
            await ada.wait_for(lambda: 1 not in running.game.actors)
            covered = len(running.actions)
            assert running.actions[-1][0] == 1
        async with (
            served(config) as server,
            connect(HOST, server.port, "Ada", token=ada_token) as ada,
            connect(HOST, server.port, "Cleo", token=cleo_token) as cleo,
        ):
            running = server.lobby.tables[tid]
            players = {0: ada, 1: cleo}
            await play_until(running, ada, players, lambda: running.status == "finished")
            back = next(step for step, (seat, _) in enumerate(running.actions, 1)
                        if seat == 1 and step > covered)  # fmt: skip
            await server.lobby.journal.flush()
            store = Store(open_for_reading(tmp_path / "server.db"))
            try:
                record, _ = store.finished_game(running.game_id or 0)
            finally:
                store.close()
    # Cleo is back on her seat after the restart: her moves are hers again.
    assert record.holders == (
        SeatHolder(1, before_cover + 1, "Cleo", bot_for=True),
        SeatHolder(1, back, "Cleo"),
    )


def test_a_seat_taken_after_its_last_step_is_noted_when_the_game_ends() -> None:
    log = HolderLog(["Ada", "Cleo"])
    cleo = Seat(1, name="Cleo", token_hash=b"c" * 32)
    assert log.acting(cleo, 3) is None
    cleo.covered = True  # away, a bot plays for her
    assert log.acting(cleo, 5) == SeatHolder(1, 5, "Cleo", bot_for=True)
    cleo.clear()  # given up: a bot plays on for her until someone sits
    cleo.covered = True
    assert log.acting(cleo, 7) is None
    ada = Seat(0, name="Ada", token_hash=b"a" * 32)
    assert log.at_end([ada, cleo], 9) == []
    cleo.name, cleo.token_hash, cleo.covered = "Dov", b"d" * 32, False
    assert log.at_end([ada, cleo], 9) == [SeatHolder(1, 9, "Dov")]
    # A log carried on from the database goes on from its last holders.
    again = HolderLog(["Ada", "Cleo"], [SeatHolder(1, 5, "Cleo", True), SeatHolder(1, 9, "Dov")])
    assert again.acting(cleo, 10) is None


def test_a_file_from_before_holders_were_kept_reads_as_before(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    schema.migrate(connection, to=5)
    insert_finished_game(connection, table_id=3, game_id=7, seed=41, rounds=1)
    connection.close()

    store = Store(open_database(path))  # brought up to date
    try:
        [finished] = store.history()
        record, _ = store.finished_game(7)
    finally:
        store.close()
    assert record.holders == ()
    entry = history_entry(finished)
    wire = to_wire(entry)
    # As the code before holders read it (its output, kept here): the players dealt to.
    assert wire.pop("holders") == []
    assert wire == {
        "game_id": 7, "table_id": 3, "game_no": 1, "game_kind": "chinese-ten",
        "title": "Chinese Ten", "seats": 3,
        "options": {"decks": 1, "rounds": 1, "strict": False},
        "players": ["Ada", "Bram", "Cleo"], "started": 1000.0, "finished": 2000.0,
        "result": {"sides": [[0], [1], [2]], "totals": [70, 150, 105], "winners": [1],
                   "winning_seats": [1]},
        "rounds": [],
    }  # fmt: skip
    assert describe(entry).endswith(
        "  Chinese Ten (table 3, game 1)  Ada 70 · Bram 150 · Cleo 105  won by Bram"
    )
    assert holder_names(entry) == ["Ada", "Bram", "Cleo"]
    assert names_at(entry, 10) == ["Ada", "Bram", "Cleo"]
