"""Games stored under older rulings: a Trupe game stored before the current rulings is brought up
to date as played under the first, and replays to its stored result."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from cardtable.engine import (
    Event,
    Game,
    GameAction,
    IllegalAction,
    RandomBot,
    Setup,
    new_game,
    play_out,
    replay,
)
from cardtable.engine.trupe.types import NoWinner, TurnedOver
from cardtable.server.history.pages import replay_cursor
from cardtable.server.storage import SCHEMA_VERSION, Store, open_database, schema
from cardtable.server.storage.codec import pack
from cardtable.server.storage.database import APPLICATION_ID
from cardtable.wire.codec import to_wire

#: Two random bots, seed 41, to 50 under the first rulings: a hand ends with no winner when the
#: pack runs out a fourth time, and later a dealt card extends a 3.
SEED, STORED_OPTIONS = 41, {"target": 50}


def first_rulings_game() -> tuple[Game, list[tuple[int, GameAction]], list[Event]]:
    game = new_game("trupe", 2, {**STORED_OPTIONS, "rulings": 1}, seed=SEED)
    events: list[Event] = []
    actions = play_out(
        game,
        [RandomBot(SEED * 10 + seat) for seat in range(2)],
        on_action=lambda seat, action, told: events.extend(told),
    )
    return game, actions, events


def version_3_file(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    schema.migrate(connection, to=3)
    return connection


def test_a_trupe_game_stored_under_the_first_rulings_replays_as_played(tmp_path: Path) -> None:
    game, actions, events = first_rulings_game()
    assert game.result is not None
    result = game.result.to_wire()
    # The game has a hand that ended at the fourth run-out, the first rulings' cap.
    told = [event.public for event in events]
    ended = next(i for i, part in enumerate(told) if isinstance(part, NoWinner))
    turned = [part for part in told[:ended] if isinstance(part, TurnedOver)]
    assert turned[-1].times == 3 and told[ended] == NoWinner(0)
    # Under the current rulings the same actions do not replay.
    with pytest.raises(IllegalAction):
        replay(Setup("trupe", 2, STORED_OPTIONS, SEED), actions)

    db_path = tmp_path / "server.db"
    connection = version_3_file(db_path)
    connection.execute(
        "INSERT INTO tables (id, game, seats, options, settings, creator, opened_at)"
        " VALUES (1, 'trupe', 2, ?, ?, 'Ada', 1000.0)",
        (pack(STORED_OPTIONS), pack({})),
    )
    for seat, name in enumerate(["Ada", "Bram"]):
        connection.execute(
            "INSERT INTO seats VALUES (1, ?, ?, ?, NULL, ?)", (seat, name, os.urandom(32), seat + 1)
        )
    connection.execute(
        "INSERT INTO games (id, table_id, game_no, game, seats, options, seed, dealer, players,"
        " dealt_to, started_at, finished_at, result)"
        " VALUES (1, 1, 1, 'trupe', 2, ?, ?, 0, ?, ?, 1000.0, 2000.0, ?)",
        (pack(STORED_OPTIONS), SEED, pack(["Ada", "Bram"]), pack([1, 2]), pack(result)),
    )
    connection.executemany(
        "INSERT INTO actions (game_id, seq, seat, action, taken_at) VALUES (1, ?, ?, ?, ?)",
        [
            (seq, seat, pack(to_wire(action)), 1000.0 + seq)
            for seq, (seat, action) in enumerate(actions, start=1)
        ],
    )
    connection.close()

    store = Store(open_database(db_path))
    try:
        assert store.database.connection.execute("PRAGMA user_version").fetchone()[0] == (
            SCHEMA_VERSION
        )
        record, stored = store.finished_game(1)
        assert dict(record.setup.options) == {**STORED_OPTIONS, "rulings": 1}
        replayed = replay(record.setup, stored).result
        assert replayed is not None and replayed.to_wire() == result
        # The history replays it too, step by step.
        cursor = replay_cursor(store, 1, None)
        pages = [cursor.page(0, 200)]
        while pages[-1].more:
            pages.append(cursor.page(pages[-1].start + len(pages[-1].steps), 200))
        steps = [step for page in pages for step in page.steps]
        assert len(steps) == cursor.total == len(actions) + 1
        assert steps[-1]["view"]["result"] == result
        # A new game at the table plays the current rulings.
        [table] = store.open_tables(chat_history=0)
        assert dict(table.table.options) == STORED_OPTIONS
    finally:
        store.close()
