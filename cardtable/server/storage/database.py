"""Opening the database file: refuse a file that is not ours, newer, corrupt or in use, and
touch nothing when refusing; otherwise migrate it and hand back the connection."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cardtable.server.storage import lock as file_lock
from cardtable.server.storage.errors import StorageError
from cardtable.server.storage.schema import SCHEMA_VERSION, migrate

#: SQLite's ``application_id`` for cardtable files ("CaRd").
APPLICATION_ID = 0x43615264
_SQLITE_MAGIC = b"SQLite format 3\x00"


class Database:
    """An open database: one connection, and the lock that keeps other servers off the file."""

    def __init__(
        self, connection: sqlite3.Connection, path: Path | None, lock: file_lock.FileLock | None
    ) -> None:
        self.connection = connection
        self.path = path
        self._lock = lock

    def close(self) -> None:
        # The connection first: closing the lock's descriptor while it is open would drop
        # SQLite's own locks on the file (see `lock`).
        self.connection.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None


def open_database(path: Path | str | None) -> Database:
    """Open (creating if need be) and migrate the file at `path`; None keeps it in memory.

    Raises `StorageError`, having changed nothing, when the file is not a cardtable database,
    was written by a newer cardtable, is damaged, has several names (hard links), or another
    server has it open, whatever path (symlink, hard link) that server opened it by."""
    if path is None:
        connection = _connect(":memory:")
        _prepare(connection, "memory")
        return Database(connection, None, None)
    path = Path(path)
    if not path.parent.is_dir():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(
                f"Cannot create the folder {path.parent}: {error.strerror}."
            ) from None
    lock = file_lock.take(path)
    try:
        _check_names(path, lock.names())
        _check_header(path)
        try:
            connection = _connect(str(path))
        except sqlite3.Error as error:
            raise StorageError(f"Cannot open {path}: {error}.") from None
        try:
            _check_contents(connection, path)
            _prepare(connection, str(path))
        except BaseException:
            connection.close()
            raise
    except BaseException:
        lock.release()
        raise
    return Database(connection, path, lock)


def check_database(path: Path | str) -> None:
    """Raise `StorageError` if a server could not open `path` now (see `open_database`)."""
    open_database(path).close()


def open_for_reading(path: Path | str) -> Database:
    """Open `path` read-only, beside a server that may be using it (for `cardtable history`)."""
    path = Path(path)
    if not path.exists():
        raise StorageError(f"There is no {path}: no game has been stored there yet.")
    _check_names(path, path.stat().st_nlink)
    _check_header(path)
    try:
        connection = sqlite3.connect(
            f"{path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False, timeout=2
        )
    except sqlite3.Error as error:
        raise StorageError(f"Cannot open {path}: {error}.") from None
    try:
        _check_contents(connection, path)
        version = connection.execute("PRAGMA user_version").fetchone()[0]
    except BaseException:
        connection.close()
        raise
    if version < SCHEMA_VERSION:
        connection.close()
        raise StorageError(
            f"{path} was written by an older cardtable; start a server on it once "
            f"(cardtable serve --db {path}) to bring it up to date."
        )
    return Database(connection, path, None)


def _connect(target: str) -> sqlite3.Connection:
    # One writer task uses the connection at a time, from whichever worker thread runs it.
    connection = sqlite3.connect(target, isolation_level=None, check_same_thread=False, timeout=2)
    return connection


def _check_names(path: Path, names: int) -> None:
    """Refuse a file with more than one name: SQLite keeps its ``-wal`` file beside the name it
    was opened by (it follows symlinks, but a hard link is a name of its own), so two names would
    split the file's latest changes in two."""
    if names > 1:
        raise StorageError(
            f"{path} has {names} names (hard links). SQLite keeps the latest changes beside the "
            "name a file is opened by, so opening it by one name would miss what was stored "
            "through another. It was left untouched; delete its other names (keep one), or "
            "give the server another file with --db."
        )


def _check_header(path: Path) -> None:
    """Refuse, from its first 100 bytes, a file that is not SQLite or is newer than this code."""
    try:
        header = file_lock.read_start(path, 100)
    except OSError as error:
        raise StorageError(f"Cannot read {path}: {error.strerror}.") from None
    if not header:
        return  # an empty file becomes a new database
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise StorageError(
            f"{path} is not a cardtable database (it is not an SQLite file, or its start is "
            "damaged). It was left untouched; give another file with --db, or move it away."
        )
    version = int.from_bytes(header[60:64], "big")
    application = int.from_bytes(header[68:72], "big")
    if application not in (0, APPLICATION_ID):
        raise StorageError(
            f"{path} is an SQLite file of another program, not a cardtable database. "
            "It was left untouched; give another file with --db."
        )
    if version > SCHEMA_VERSION:
        raise _newer(path, version)


def _check_contents(connection: sqlite3.Connection, path: Path) -> None:
    """Read the whole file's structure; refuse a damaged one, a foreign one or a newer one.

    The header was checked already, but after a crash the latest changes (the version among
    them) may still be only in the ``-wal`` file beside it: only SQLite's own answers count."""
    try:
        problems = [row[0] for row in connection.execute("PRAGMA quick_check").fetchall()]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        application = connection.execute("PRAGMA application_id").fetchone()[0]
        tables = connection.execute(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table'"
        ).fetchone()[0]
    except sqlite3.OperationalError as error:
        if "locked" in str(error):
            raise StorageError(
                f"{path} is locked by another program; close it and start again."
            ) from None
        raise _damaged(path, str(error)) from None
    except sqlite3.DatabaseError as error:
        raise _damaged(path, str(error)) from None
    if problems != ["ok"]:
        raise _damaged(path, "; ".join(problems[:3]))
    # cardtable marks every file it makes before giving it a version or a table: a file with
    # either and without the mark was made by someone else.
    if application != APPLICATION_ID and (application != 0 or version != 0 or tables):
        raise StorageError(
            f"{path} is an SQLite database of another program, not a cardtable database. "
            "It was left untouched; give another file with --db."
        )
    if version > SCHEMA_VERSION:
        raise _newer(path, version)


def _newer(path: Path, version: int) -> StorageError:
    return StorageError(
        f"{path} was written by a newer cardtable (database version {version}; this one "
        f"knows up to {SCHEMA_VERSION}). It was left untouched; upgrade cardtable to use it."
    )


def _damaged(path: Path, detail: str) -> StorageError:
    return StorageError(
        f"{path} is damaged ({detail}). It was left untouched: keep it to recover what you can "
        "with the sqlite3 tool, and give the server another file with --db."
    )


def _prepare(connection: sqlite3.Connection, where: str) -> None:
    """Write-ahead logging, full durability, and the current schema.

    A file that already has a version is changed only by its migration, which either completes
    or, rolled back, leaves the file as it was: a file that cannot be brought up to date is
    refused untouched. Only a new (empty) file is marked and switched to WAL first."""
    try:
        found = int(connection.execute("PRAGMA user_version").fetchone()[0])
        if found == 0:
            if where != "memory":
                connection.execute("PRAGMA journal_mode = WAL")
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
    except sqlite3.OperationalError as error:
        raise _cannot_prepare(where, error) from None
    try:
        migrate(connection)
    except sqlite3.OperationalError as error:
        raise _cannot_prepare(where, error) from None
    except Exception as error:  # a stored game the engine cannot replay, say
        raise StorageError(
            f"{where} (database version {found}) could not be brought up to date to version "
            f"{SCHEMA_VERSION}: {error}. It was left untouched; keep it, and start the server "
            "with another file (--db) or with the cardtable version that wrote it."
        ) from None
    if where != "memory":
        try:
            connection.execute("PRAGMA journal_mode = WAL")  # no change for cardtable's files
        except sqlite3.OperationalError as error:
            raise _cannot_prepare(where, error) from None


def _cannot_prepare(where: str, error: sqlite3.OperationalError) -> StorageError:
    if "locked" in str(error):
        return StorageError(f"{where} is locked by another program; close it and start again.")
    return StorageError(f"Cannot prepare {where}: {error}.")
