"""The database file itself: how a new one is made, and how every file the server must not use is
refused with a clear message and left exactly as it was; migrating version-1 and version-2 files."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import get_game, new_game, play_out, replay
from cardtable.protocol import RoundRecord
from cardtable.server.chat.log import ChatEntry
from cardtable.server.history.pages import history_entry
from cardtable.server.storage import (
    SCHEMA_VERSION,
    StorageError,
    Store,
    check_database,
    open_database,
    open_for_reading,
    running_totals,
    schema,
)
from cardtable.server.storage.claims import ClaimName, DropClaim, MoveClaims, NameClaim
from cardtable.server.storage.codec import pack
from cardtable.server.storage.database import APPLICATION_ID
from cardtable.server.storage.records import SeatRecord, TableRecord
from cardtable.server.storage.writes import AddChat, OpenTable
from cardtable.wire.codec import to_wire

GAME = "chinese-ten"


def pragma(connection: sqlite3.Connection, name: str) -> Any:
    return connection.execute(f"PRAGMA {name}").fetchone()[0]


def siblings(path: Path) -> set[str]:
    """The names of the files beside `path` (its -wal, -shm, -journal ...)."""
    return {entry.name for entry in path.parent.iterdir()}


def assert_refused(path: Path, *words: str) -> StorageError:
    """Opening `path` fails with a StorageError that names the file and says `words`, and the
    file is byte for byte what it was, with no journal left beside it."""
    before = path.read_bytes()
    with pytest.raises(StorageError) as refused:
        open_database(path)
    message = str(refused.value)
    assert str(path) in message
    for word in words:
        assert word in message, message
    assert path.read_bytes() == before
    left = siblings(path) - {path.name}
    assert not left, f"left behind: {left}"
    # The check a server makes before starting says the same.
    with pytest.raises(StorageError):
        check_database(path)
    assert path.read_bytes() == before
    return refused.value


def fill(store: Store, lines: int) -> None:
    """Store a table and `lines` chat lines, so the file has many pages."""
    table = TableRecord(1, GAME, 2, {"decks": 1}, {}, "Ada", time.time())
    seats = (SeatRecord(0, "Ada", b"x" * 32, None, 1), SeatRecord(1, None, None, None, 0))
    store.write([OpenTable(table, seats)])
    store.write(
        [
            AddChat(1, ChatEntry(id=n, time=time.time(), sender="Ada", text=f"line {n} " * 40))
            for n in range(1, lines + 1)
        ]
    )


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "folder" / "server.db"


# -- a new file -------------------------------------------------------------------------------


def test_a_new_file_is_created_with_its_folder_version_wal_and_application_id(
    db_path: Path,
) -> None:
    assert not db_path.parent.exists()
    database = open_database(db_path)
    try:
        assert db_path.is_file()
        connection = database.connection
        assert pragma(connection, "user_version") == SCHEMA_VERSION == 9
        assert pragma(connection, "journal_mode") == "wal"
        assert pragma(connection, "application_id") == APPLICATION_ID
        assert pragma(connection, "synchronous") == 2  # FULL
        assert pragma(connection, "foreign_keys") == 1
        names = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
        }
        tables = {"tables", "seats", "games", "actions", "chat", "round_scores", "clocks"}
        assert tables | {"name_claims"} <= names
    finally:
        database.close()
    # Another program sees the same from the file alone.
    other = sqlite3.connect(db_path)
    try:
        assert pragma(other, "user_version") == SCHEMA_VERSION
        assert pragma(other, "application_id") == APPLICATION_ID
        assert pragma(other, "journal_mode") == "wal"
    finally:
        other.close()


def test_an_empty_file_becomes_a_fresh_database(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"")
    database = open_database(db_path)
    try:
        assert pragma(database.connection, "user_version") == SCHEMA_VERSION
        store = Store(database)
        assert store.open_tables(10) == []
        assert store.next_ids() == (1, 1)
    finally:
        database.close()
    assert db_path.stat().st_size > 0


def test_reopening_keeps_what_was_stored(db_path: Path) -> None:
    store = Store(open_database(db_path))
    fill(store, 3)
    store.close()
    store = Store(open_database(db_path))
    try:
        [table] = store.open_tables(chat_history=2)
        assert table.table.creator == "Ada" and table.table.options == {"decks": 1}
        assert [line.id for line in table.chat] == [2, 3]
        assert table.next_chat_id == 4
        assert table.seats[0].token_hash == b"x" * 32
        assert store.next_ids() == (2, 1)
    finally:
        store.close()


# -- files that are refused -------------------------------------------------------------------


def test_a_file_in_use_by_another_server_is_refused(db_path: Path) -> None:
    first = open_database(db_path)
    try:
        with pytest.raises(StorageError, match="in use"):
            open_database(db_path)
        with pytest.raises(StorageError, match="in use"):
            check_database(db_path)
        # The first server goes on using it undisturbed.
        Store(first).write([OpenTable(TableRecord(1, GAME, 2, {}, {}, "Ada", 0.0), ())])
    finally:
        first.close()
    # Once the first has closed it, it can be opened again.
    again = Store(open_database(db_path))
    try:
        assert again.next_ids() == (2, 1)
    finally:
        again.close()


def sqlite_locks_held(path: Path) -> list[str]:
    """The POSIX locks this process holds on the file at `path`, as Linux lists them: the
    connection of a WAL database holds one as long as it is open."""
    status = path.stat()
    device = f"{os.major(status.st_dev):02x}:{os.minor(status.st_dev):02x}:{status.st_ino}"
    # Each line starts with its place in the kernel's list ("5: POSIX …"), which moves as other
    # processes take and drop locks: what a lock is follows the colon.
    return [
        line.split(":", 1)[1]
        for line in Path("/proc/locks").read_text().splitlines()
        if " POSIX " in line and f" {os.getpid()} {device} " in line
    ]


def other_path(db_path: Path, link: str) -> Path:
    """Another path to the file at `db_path`: a symlink, a hard link, or a detour."""
    if link == "symlink":
        other = db_path.parent / "other name.db"
        other.symlink_to(db_path)
    elif link == "hard link":
        other = db_path.parent / "other name.db"
        os.link(db_path, other)
    else:
        (db_path.parent / "sub").mkdir()
        other = db_path.parent / "sub" / ".." / db_path.name
    return other


@pytest.mark.parametrize("link", ["symlink", "hard link", "detour"])
def test_another_path_to_a_file_in_use_is_refused(db_path: Path, link: str) -> None:
    first = open_database(db_path)
    try:
        other = other_path(db_path, link)
        held = sqlite_locks_held(db_path)
        assert held, "the running connection holds SQLite's lock"
        for attempt in (open_database, check_database):
            with pytest.raises(StorageError) as refused:
                attempt(other)
            message = str(refused.value)
            assert message.startswith(f"{other} is in use by another cardtable server (")
            assert message.endswith(
                "Stop that server first, or give this one another file with --db."
            )
            assert "in this process" in message
            if link == "symlink":
                assert f"leads to {db_path.resolve()}" in message
            if link == "hard link":
                assert "the file has 2 names (hard links)" in message
        # Refusing opened (and closed) no descriptor of the file: SQLite's own lock, which
        # closing any descriptor of the file in this process would drop, is still there.
        assert sqlite_locks_held(db_path) == held
        Store(first).write([OpenTable(TableRecord(1, GAME, 2, {}, {}, "Ada", 0.0), ())])
    finally:
        first.close()
    assert not sqlite_locks_held(db_path)
    assert siblings(db_path) <= {db_path.name, "other name.db", "sub"}


@pytest.mark.parametrize("link", ["symlink", "detour"])
def test_another_path_to_a_free_file_opens_it_and_locks_it(db_path: Path, link: str) -> None:
    Store(open_database(db_path)).close()
    other = other_path(db_path, link)
    store = Store(open_database(other))
    try:
        store.write([OpenTable(TableRecord(1, GAME, 2, {}, {}, "Ada", 0.0), ())])
        with pytest.raises(StorageError, match="in use"):
            open_database(db_path)
        held = sqlite_locks_held(db_path)
        # A reader beside it is allowed, through either path, and leaves SQLite's lock alone.
        for path in (db_path, other):
            reader = Store(open_for_reading(path))
            assert reader.next_ids() == (2, 1)
            reader.close()
            assert sqlite_locks_held(db_path) == held
    finally:
        store.close()
    # SQLite follows the symlink: its -wal and -shm files are beside the file itself.
    assert siblings(db_path) <= {db_path.name, "other name.db", "sub"}


def test_a_file_with_several_names_is_refused_untouched(db_path: Path) -> None:
    store = Store(open_database(db_path))
    fill(store, 2)
    store.close()
    other = db_path.parents[2] / "elsewhere" / "copy.db"
    other.parent.mkdir()
    os.link(db_path, other)
    for path in (db_path, other):
        refusal = assert_refused(path, "has 2 names (hard links)", "untouched")
        assert "delete its other names" in str(refusal)
        with pytest.raises(StorageError, match="2 names"):
            open_for_reading(path)
    assert siblings(db_path) == {db_path.name}
    assert siblings(other) == {other.name}
    # With one name again, it is served as before.
    other.unlink()
    store = Store(open_database(db_path))
    try:
        assert store.next_ids() == (2, 1)
    finally:
        store.close()


def test_reading_beside_a_running_server_is_allowed(db_path: Path) -> None:
    store = Store(open_database(db_path))
    try:
        fill(store, 1)
        reader = Store(open_for_reading(db_path))
        try:
            assert reader.next_ids() == (2, 1)
        finally:
            reader.close()
    finally:
        store.close()


@pytest.mark.parametrize(
    "garbage",
    [
        os.urandom(4096),
        b"not a database at all\n" * 10,
        b"tiny",
        b"SQLite format 3\x00" + b"\x00" * 20,  # the right start, then cut short
    ],
    ids=["random", "text", "tiny", "cut-header"],
)
def test_a_file_that_is_not_sqlite_is_refused_untouched(db_path: Path, garbage: bytes) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(garbage)
    assert_refused(db_path, "not a cardtable database", "untouched")


def test_a_damaged_database_is_refused_untouched(db_path: Path) -> None:
    store = Store(open_database(db_path))
    fill(store, 150)
    store.close()
    data = bytearray(db_path.read_bytes())
    page = 4096
    pages = len(data) // page
    assert pages > 20
    # Scribble over the middle of the file, leaving the header page alone.
    for number in range(pages // 3, 2 * pages // 3, 2):
        data[number * page : number * page + 64] = b"\xa5" * 64
    db_path.write_bytes(bytes(data))
    # quick_check itself sees the damage.
    probe = sqlite3.connect(f"{db_path.as_uri()}?mode=ro", uri=True)
    try:
        try:
            problems = [row[0] for row in probe.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError:
            problems = ["malformed"]
    finally:
        probe.close()
    assert problems != ["ok"]
    assert_refused(db_path, "damaged", "untouched")


def test_a_truncated_database_is_refused_untouched(db_path: Path) -> None:
    store = Store(open_database(db_path))
    fill(store, 150)
    store.close()
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])
    assert_refused(db_path, "damaged", "untouched")


@pytest.mark.parametrize(
    "statements",
    [
        # Its own tables, nothing else.
        [
            "CREATE TABLE recipes (name TEXT, minutes INTEGER)",
            "INSERT INTO recipes VALUES ('soup', 40)",
        ],
        # It also uses user_version, without cardtable's application_id.
        ["CREATE TABLE tables (legs INTEGER)", "PRAGMA user_version = 1"],
        # Its own application_id.
        ["PRAGMA application_id = 1234", "CREATE TABLE notes (text TEXT)"],
    ],
    ids=["own tables", "own version", "own application id"],
)
def test_another_programs_sqlite_file_is_refused_untouched(
    db_path: Path, statements: list[str]
) -> None:
    db_path.parent.mkdir(parents=True)
    other = sqlite3.connect(db_path)
    for statement in statements:
        other.execute(statement)
    other.commit()
    other.close()
    assert_refused(db_path, "another program")


def test_a_file_from_a_newer_cardtable_is_refused_untouched(db_path: Path) -> None:
    store = Store(open_database(db_path))
    fill(store, 2)
    store.close()
    newer = sqlite3.connect(db_path)
    newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.commit()
    newer.close()
    refusal = assert_refused(db_path, "newer cardtable", str(SCHEMA_VERSION + 1), "untouched")
    assert "upgrade" in str(refusal)
    with pytest.raises(StorageError, match="newer"):
        open_for_reading(db_path)


@pytest.fixture
def crashed_copy(tmp_path: Path) -> Iterator[tuple[sqlite3.Connection, Path]]:
    """A cardtable-made WAL file whose latest changes are still only in its -wal file: the
    copy taken while a connection holds it open is what a crash leaves."""
    original = tmp_path / "live.db"
    store = Store(open_database(original))
    fill(store, 1)
    store.close()
    live = sqlite3.connect(original, isolation_level=None)
    live.execute("PRAGMA wal_autocheckpoint = 0")
    yield live, tmp_path / "crashed.db"
    live.close()


def copy_crashed(source: Path, target: Path) -> None:
    for suffix in ("", "-wal"):
        Path(str(target) + suffix).write_bytes(Path(str(source) + suffix).read_bytes())


def test_a_newer_version_still_in_the_wal_is_refused(
    tmp_path: Path, crashed_copy: tuple[sqlite3.Connection, Path]
) -> None:
    live, target = crashed_copy
    live.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 3}")
    copy_crashed(tmp_path / "live.db", target)
    # The file's own header still says this version: only the -wal knows better.
    assert int.from_bytes(target.read_bytes()[60:64], "big") == SCHEMA_VERSION
    with pytest.raises(StorageError, match="newer cardtable"):
        open_database(target)
    # Nothing of this cardtable's was written to it.
    check = sqlite3.connect(f"{target.as_uri()}?mode=ro", uri=True)
    try:
        assert pragma(check, "user_version") == SCHEMA_VERSION + 3
        assert check.execute("SELECT count(*) FROM round_scores").fetchone() == (0,)
    finally:
        check.close()


def test_changes_still_in_the_wal_after_a_crash_are_kept(
    tmp_path: Path, crashed_copy: tuple[sqlite3.Connection, Path]
) -> None:
    live, target = crashed_copy
    AddChat(1, ChatEntry(id=2, time=1.0, sender="Bram", text="after the checkpoint")).apply(live)
    copy_crashed(tmp_path / "live.db", target)
    store = Store(open_database(target))
    try:
        [table] = store.open_tables(chat_history=10)
        assert [line.text for line in table.chat][-1] == "after the checkpoint"
    finally:
        store.close()


# -- migrating a version-1 file ---------------------------------------------------------------


def old_file(path: Path, version: int) -> sqlite3.Connection:
    """A file as cardtable's schema `version` made it (version 1: no round_scores)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    schema.migrate(connection, to=version)
    assert pragma(connection, "user_version") == version
    return connection


def insert_finished_game(
    connection: sqlite3.Connection,
    *,
    table_id: int,
    game_id: int,
    seed: int,
    rounds: int,
    actions_override: list[tuple[int, dict[str, Any]]] | None = None,
) -> Any:
    """A 3-seat Chinese Ten table and one game on it, played to the end by the engine's bots,
    written with version 1's columns. Returns the finished engine game."""
    spec = get_game(GAME)
    options = {"decks": 1, "rounds": rounds}
    game = new_game(GAME, 3, options, seed=seed, dealer=1)
    actions = play_out(game, [spec.bots["greedy"](seed + seat) for seat in range(3)])
    if actions_override is not None:
        actions = actions_override
    assert game.result is not None
    resolved = dict(game.setup.options)
    connection.execute(
        "INSERT INTO tables (id, game, seats, options, settings, creator, opened_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (table_id, GAME, 3, pack(resolved), pack({}), "Ada", 1000.0),
    )
    for seat, name in enumerate(["Ada", "Bram", "Cleo"]):
        connection.execute(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, seat, name, os.urandom(32), None, seat + 1),
        )
    connection.execute(
        "INSERT INTO games (id, table_id, game_no, game, seats, options, seed, dealer, players,"
        " dealt_to, started_at, finished_at, result)"
        " VALUES (?, ?, 1, ?, 3, ?, ?, 1, ?, ?, ?, ?, ?)",
        (
            game_id,
            table_id,
            GAME,
            pack(resolved),
            seed,
            pack(["Ada", "Bram", "Cleo"]),
            pack([1, 2, 3]),
            1000.0,
            2000.0,
            pack(game.result.to_wire()),
        ),
    )
    connection.executemany(
        "INSERT INTO actions (game_id, seq, seat, action, taken_at) VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, seq, seat, pack(to_wire(action)), 1000.0 + seq)
            for seq, (seat, action) in enumerate(actions, start=1)
        ],
    )
    return game


def test_a_version_1_file_is_migrated_and_its_round_scores_backfilled(db_path: Path) -> None:
    connection = old_file(db_path, 1)
    games = {
        7: insert_finished_game(connection, table_id=3, game_id=7, seed=41, rounds=2),
        9: insert_finished_game(connection, table_id=4, game_id=9, seed=42, rounds=3),
    }
    connection.close()

    store = Store(open_database(db_path))
    try:
        connection = store.database.connection
        assert pragma(connection, "user_version") == SCHEMA_VERSION
        assert pragma(connection, "application_id") == APPLICATION_ID
        for game_id, game in games.items():
            scores = game.round_scores
            assert len(scores) == game.setup.options["rounds"]
            expected = [
                RoundRecord(score, tuple(totals))
                for score, totals in zip(scores, running_totals(scores), strict=True)
            ]
            assert list(store.rounds(game_id)) == expected
            assert expected[-1].totals == game.result.totals
            # The stored actions replay to the stored result.
            record, actions = store.finished_game(game_id)
            replayed = replay(record.setup, actions).result
            assert replayed is not None and replayed.to_wire() == record.result
        history = [history_entry(finished) for finished in store.history()]
        assert [entry.game_id for entry in history] == [9, 7]
        assert history[0].result == games[9].result
        assert history[0].players == ("Ada", "Bram", "Cleo")
        assert len(history[0].rounds) == 3
        assert store.next_ids() == (5, 10)
    finally:
        store.close()
    # Opening the migrated file again changes nothing more.
    before = sorted(
        sqlite3.connect(db_path).execute("SELECT game_id, round, totals FROM round_scores")
    )
    store = Store(open_database(db_path))
    try:
        after = sorted(
            store.database.connection.execute("SELECT game_id, round, totals FROM round_scores")
        )
        assert after == before
    finally:
        store.close()


def test_a_version_1_file_whose_game_cannot_be_replayed_is_refused_untouched(
    db_path: Path,
) -> None:
    connection = old_file(db_path, 1)
    insert_finished_game(
        connection,
        table_id=1,
        game_id=1,
        seed=5,
        rounds=1,
        actions_override=[(0, {"kind": "fly away"})],
    )
    connection.close()
    refusal = assert_refused(db_path, "untouched")
    assert "version 1" in str(refusal) or "up to date" in str(refusal)
    # Nothing was half-migrated.
    check = sqlite3.connect(db_path)
    try:
        assert pragma(check, "user_version") == 1
        assert check.execute(
            "SELECT count(*) FROM sqlite_schema WHERE name = 'round_scores'"
        ).fetchone() == (0,)
    finally:
        check.close()


# -- migrating a version-2 file ---------------------------------------------------------------


def test_a_version_2_file_gains_the_creator_token_hash_and_keeps_its_tables(db_path: Path) -> None:
    connection = old_file(db_path, 2)
    connection.execute(
        "INSERT INTO tables (id, game, seats, options, settings, creator, opened_at)"
        " VALUES (4, ?, 2, ?, ?, 'Ada', 1000.0)",
        (GAME, pack({"decks": 1}), pack({"bot_delay": 1.5})),
    )
    connection.execute("INSERT INTO seats VALUES (4, 0, 'Ada', ?, NULL, 1)", (b"h" * 32,))
    columns_before = [row[1] for row in connection.execute("PRAGMA table_info(tables)")]
    assert "creator_token_hash" not in columns_before
    connection.close()

    store = Store(open_database(db_path))
    try:
        connection = store.database.connection
        assert pragma(connection, "user_version") == SCHEMA_VERSION == 9
        columns = {row[1]: row[2] for row in connection.execute("PRAGMA table_info(tables)")}
        assert columns["creator_token_hash"] == "BLOB"
        [old] = store.open_tables(chat_history=10)
        assert old.table == TableRecord(
            4, GAME, 2, {"decks": 1}, {"bot_delay": 1.5}, "Ada", 1000.0, creator_token_hash=None
        )
        assert old.seats == (SeatRecord(0, "Ada", b"h" * 32, None, 1),)
        new = TableRecord(5, GAME, 2, {}, {}, "Bram", 2000.0, creator_token_hash=b"c" * 32)
        store.write([OpenTable(new, ())])
    finally:
        store.close()
    # Reopened, both are as stored, and nothing is migrated again.
    look = sqlite3.connect(db_path)
    schema_query = "SELECT name, coalesce(sql, '') FROM sqlite_schema"
    schema_before = sorted(look.execute(schema_query))
    look.close()
    store = Store(open_database(db_path))
    try:
        tables = [stored.table for stored in store.open_tables(chat_history=10)]
        assert [table.creator_token_hash for table in tables] == [None, b"c" * 32]
        assert tables[1] == new
        assert sorted(store.database.connection.execute(schema_query)) == schema_before
        assert pragma(store.database.connection, "user_version") == SCHEMA_VERSION
    finally:
        store.close()


def test_a_round_score_stored_with_lines_as_maps_is_read_in_the_current_form(
    db_path: Path,
) -> None:
    """Files written before protocol 5 hold each score line as a map; the store gives the
    lines as ``[label, count, each]``, as updates carry them now."""
    connection = old_file(db_path, 1)
    game = insert_finished_game(connection, table_id=3, game_id=7, seed=41, rounds=2)
    connection.close()
    store = Store(open_database(db_path))
    try:
        score = game.round_scores[0]
        earlier = {
            **score.to_wire(),
            "lines": [
                [
                    {"label": line.label, "count": line.count, "each": line.each, "points": 0}
                    for line in side
                ]
                for side in score.lines
            ],
        }
        store.database.connection.execute(
            "UPDATE round_scores SET score = ? WHERE game_id = 7 AND round = ?",
            (pack(earlier), score.round),
        )
        assert store.rounds(7)[0].score == score
        assert all(type(line) is list for side in score.to_wire()["lines"] for line in side)
    finally:
        store.close()


# -- migrating a version-6 file ---------------------------------------------------------------


def test_a_version_6_file_gains_name_claims_with_nobody_holding_a_name(db_path: Path) -> None:
    connection = old_file(db_path, 6)
    connection.close()

    store = Store(open_database(db_path))
    try:
        assert pragma(store.database.connection, "user_version") == SCHEMA_VERSION == 9
        assert store.name_claims() == []
        claim = NameClaim("Ada", b"k" * 32, 1000.0)
        store.write([ClaimName(claim)])
    finally:
        store.close()
    store = Store(open_database(db_path))
    try:
        assert store.name_claims() == [claim]
        store.write([MoveClaims(b"k" * 32, b"n" * 32)])
        assert store.name_claims() == [NameClaim("Ada", b"n" * 32, 1000.0)]
        store.write([DropClaim("Ada")])
        assert store.name_claims() == []
    finally:
        store.close()
