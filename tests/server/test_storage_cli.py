"""`cardtable serve` on a file it cannot use stops at once with a clear message and exit status 1,
never a traceback: a page damaged in the middle of the file, a stored value that cannot be
decoded, a file with two names. `cardtable history` says the same of a value it cannot read."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from cardtable.server.chat.log import ChatEntry
from cardtable.server.storage import SeatRecord, Store, TableRecord, open_database
from cardtable.server.storage.codec import pack
from cardtable.server.storage.writes import AddChat, OpenTable

PAGE = 4096


def serve(db: Path) -> subprocess.CompletedProcess[str]:
    return cardtable("serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db))


def cardtable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        timeout=120,  # a server that does not refuse would run until this deadline
        check=False,
    )


def assert_refused(db: Path, *words: str) -> str:
    """`cardtable serve` on `db` exits 1 saying `words`, and leaves the file as it was."""
    before = db.read_bytes()
    done = serve(db)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith(f"cardtable: {db} "), done.stderr
    for word in words:
        assert word in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert "listening" not in done.stdout
    assert db.read_bytes() == before
    return done.stderr


def stored_file(path: Path, lines: int) -> None:
    """A table with `lines` long chat lines, so the file has many pages; checkpointed, so all of
    it is in the file itself."""
    store = Store(open_database(path))
    try:
        store.write(
            [
                OpenTable(
                    TableRecord(1, "chinese-ten", 2, {"decks": 1}, {}, "Ada", time.time()),
                    (SeatRecord(0, "Ada", b"x" * 32, None, 1),),
                )
            ]
        )
        store.write(
            [
                AddChat(1, ChatEntry(id=n, time=time.time(), sender="Ada", text=f"{n} " * 200))
                for n in range(1, lines + 1)
            ]
        )
    finally:
        store.close()
    assert not Path(f"{path}-wal").exists()


def test_a_page_damaged_in_the_middle_of_the_file_stops_the_server(tmp_path: Path) -> None:
    db = tmp_path / "damaged.db"
    stored_file(db, 200)
    pages = db.stat().st_size // PAGE
    assert pages > 50
    middle = pages // 2
    with db.open("r+b") as file:  # one page, far from the header, overwritten whole
        file.seek(middle * PAGE)
        file.write(b"\xa5" * PAGE)
    said = assert_refused(db, "is damaged", "left untouched", "sqlite3 tool", "--db")
    assert said.count("\n") == 1  # one message, one line


def test_a_value_that_cannot_be_decoded_stops_the_server(tmp_path: Path) -> None:
    db = tmp_path / "garbled.db"
    stored_file(db, 1)
    poke = sqlite3.connect(db)
    poke.execute("UPDATE tables SET options = x'c1ffee' WHERE id = 1")
    poke.commit()
    poke.close()
    assert_refused(
        db, "holds a value that cannot be read: the options of table 1 (it is garbled)", "--db"
    )


def test_a_file_with_a_second_name_stops_the_server(tmp_path: Path) -> None:
    db = tmp_path / "server.db"
    stored_file(db, 1)
    (tmp_path / "backup").mkdir()
    os.link(db, tmp_path / "backup" / "server.db")
    assert_refused(db, "has 2 names (hard links)", "left untouched")


def test_history_names_a_finished_games_value_it_cannot_read(tmp_path: Path) -> None:
    db = tmp_path / "history.db"
    stored_file(db, 1)
    poke = sqlite3.connect(db)
    poke.execute(
        "INSERT INTO games (id, table_id, game_no, game, seats, options, seed, dealer, players,"
        " dealt_to, started_at, finished_at, result)"
        " VALUES (1, 1, 1, 'chinese-ten', 2, ?, 1, 0, ?, ?, 1.0, 2.0, 'not msgpack')",
        (pack({"decks": 1}), pack(["Ada", "Bram"]), pack([1, 1])),
    )
    poke.commit()
    poke.close()
    done = cardtable("history", "--db", str(db))
    assert done.returncode == 1
    assert done.stderr == (
        f"cardtable: {db} holds a value that cannot be read: the result of game 1 (table 1)"
        " (it is str, not packed data). Keep the file to mend or remove that value with the"
        " sqlite3 tool, and give the server another file with --db.\n"
    )
