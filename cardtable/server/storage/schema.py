"""The database's tables, and the steps that bring an older file up to date.

The file's schema version is SQLite's ``user_version``. Version N is reached by running the first
N steps in order, so a file of any older version is migrated by running the steps it lacks.
Values that are not plain SQL types (options, actions, results) are stored as msgpack blobs.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from cardtable.server.storage.codec import pack, unpack

_VERSION_1 = """
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    options BLOB NOT NULL,
    settings BLOB NOT NULL,
    creator TEXT NOT NULL,
    opened_at REAL NOT NULL,
    closed_at REAL
);
CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL,
    name TEXT,
    token_hash BLOB,
    bot TEXT,
    occupancy INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    table_id INTEGER NOT NULL REFERENCES tables (id),
    game_no INTEGER NOT NULL,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    options BLOB NOT NULL,
    seed INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    players BLOB NOT NULL,
    dealt_to BLOB NOT NULL,
    started_at REAL NOT NULL,
    finished_at REAL,
    result BLOB,
    UNIQUE (table_id, game_no)
);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action BLOB NOT NULL,
    taken_at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE chat (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    id INTEGER NOT NULL,
    time REAL NOT NULL,
    sender TEXT NOT NULL,
    text TEXT NOT NULL,
    from_seat INTEGER,
    to_seat INTEGER,
    to_name TEXT,
    from_occupancy INTEGER,
    to_occupancy INTEGER,
    PRIMARY KEY (table_id, id)
);
"""

_VERSION_2 = """
CREATE TABLE round_scores (
    game_id INTEGER NOT NULL REFERENCES games (id),
    round INTEGER NOT NULL,
    score BLOB NOT NULL,
    totals BLOB NOT NULL,
    PRIMARY KEY (game_id, round)
);
CREATE INDEX games_by_finish ON games (finished_at);
"""

_VERSION_3 = """
ALTER TABLE tables ADD COLUMN creator_token_hash BLOB
"""

_VERSION_4 = """
CREATE TABLE clocks (
    game_id INTEGER PRIMARY KEY REFERENCES games (id),
    settings BLOB NOT NULL,
    used BLOB NOT NULL,
    out_of_time BLOB NOT NULL,
    timeouts BLOB NOT NULL
)
"""

_VERSION_6 = """
CREATE TABLE holders (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    step INTEGER NOT NULL,
    name TEXT NOT NULL,
    bot_for INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, step)
)
"""

_VERSION_7 = """
CREATE TABLE name_claims (
    name TEXT PRIMARY KEY,
    key_hash BLOB NOT NULL,
    claimed_at REAL NOT NULL
);
CREATE INDEX name_claims_by_key ON name_claims (key_hash)
"""

_VERSION_8 = """
CREATE TABLE rating_changes (
    seq INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id),
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    seats BLOB NOT NULL,
    side INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    rated_at REAL NOT NULL
);
CREATE INDEX rating_changes_by_player ON rating_changes (player, game);
CREATE INDEX rating_changes_by_game ON rating_changes (game_id);
CREATE TABLE ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (player, game)
)
"""


#: Options added to a game after games of it were stored, with the value that replays those games
#: as they were played: Trupe's first rulings (a hand also ended when the pack ran out a fourth
#: time; any hand card extended a 3).
_STORED_BEFORE: dict[str, dict[str, object]] = {"trupe": {"rulings": 1}}


def as_stored(game: str, options: dict[str, object]) -> dict[str, object]:
    """A stored game's options, with those added to its game since it was stored set to the
    values it was played under."""
    return {**_STORED_BEFORE.get(game, {}), **options}


def _run_script(connection: sqlite3.Connection, script: str) -> None:
    """Run each statement of `script` inside the caller's transaction (which `executescript`
    would commit first)."""
    for statement in script.split(";"):
        if statement.strip():
            connection.execute(statement)


def _create_version_1(connection: sqlite3.Connection) -> None:
    _run_script(connection, _VERSION_1)


def _add_round_scores(connection: sqlite3.Connection) -> None:
    """Version 2 keeps each round's score; games stored before it get theirs by replaying."""
    from cardtable.engine import get_game, replay  # the engine is only needed for old files
    from cardtable.server.storage.records import running_totals

    _run_script(connection, _VERSION_2)
    games = connection.execute(
        "SELECT id, game, seats, options, seed, dealer FROM games ORDER BY id"
    ).fetchall()
    for game_id, game, seats, options, seed, dealer in games:
        actions = connection.execute(
            "SELECT seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        state = replay(
            get_game(game).setup(seats, as_stored(game, unpack(options)), seed, dealer),
            [(seat, unpack(action)) for seat, action in actions],
        )
        scores = state.round_scores
        for score, totals in zip(scores, running_totals(scores), strict=True):
            connection.execute(
                "INSERT INTO round_scores VALUES (?, ?, ?, ?)",
                (game_id, score.round, pack(score.to_wire()), pack(totals)),
            )


def _add_creator_token_hash(connection: sqlite3.Connection) -> None:
    """Version 3 keeps the hash of each table's creator token (tables stored before it have
    none: nobody holds creator rights over them by token)."""
    _run_script(connection, _VERSION_3)


def _add_clocks(connection: sqlite3.Connection) -> None:
    """Version 4 keeps each timed game's turn clock (games stored before it have none)."""
    _run_script(connection, _VERSION_4)


def _keep_trupe_games_first_rulings(connection: sqlite3.Connection) -> None:
    """Version 5: Trupe's current rulings came with it; the Trupe games stored before it are
    marked as played under the first (option ``rulings`` = 1), so they replay as played."""
    games = connection.execute("SELECT id, game, options FROM games ORDER BY id").fetchall()
    for game_id, game, options in games:
        if game in _STORED_BEFORE:
            connection.execute(
                "UPDATE games SET options = ? WHERE id = ?",
                (pack(as_stored(game, unpack(options))), game_id),
            )


def _add_holders(connection: sqlite3.Connection) -> None:
    """Version 6 keeps who played each seat from which step, when it was not the player it was
    dealt to (games stored before it have none: they name the players dealt to, as before)."""
    _run_script(connection, _VERSION_6)


def _add_name_claims(connection: sqlite3.Connection) -> None:
    """Version 7 keeps the names players have claimed, each with the hash of its holder's key
    (files stored before it have none: every name is free until someone finishes a game)."""
    _run_script(connection, _VERSION_7)


def _add_ratings(connection: sqlite3.Connection) -> None:
    """Version 8 keeps each change a finished game made to a player's rating, and each
    player's current rating per game (games stored before it are not rated)."""
    _run_script(connection, _VERSION_8)


#: Version 9's renaming of the bots' older kinds to their levels.
_LEVELS_OF_KINDS = (("search", "hard"), ("heuristic", "normal"), ("greedy", "normal"))


def _name_bots_by_level(connection: sqlite3.Connection) -> None:
    """Version 9 names the server's bots by level (``hard``, not ``search``): on their seats,
    and in the ratings, where a kind's record and rating carry on as its level's (``search
    bot`` is ``hard bot``). The same bots play at those levels, so the ratings still hold."""
    for kind, level in _LEVELS_OF_KINDS:
        connection.execute("UPDATE seats SET bot = ? WHERE bot = ?", (level, kind))
        for table in ("rating_changes", "ratings"):
            connection.execute(
                f"UPDATE {table} SET player = ? WHERE player = ?", (f"{level} bot", f"{kind} bot")
            )


#: Step N takes a file of version N - 1 to version N.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _create_version_1,
    _add_round_scores,
    _add_creator_token_hash,
    _add_clocks,
    _keep_trupe_games_first_rulings,
    _add_holders,
    _add_name_claims,
    _add_ratings,
    _name_bots_by_level,
)
SCHEMA_VERSION = len(MIGRATIONS)


def migrate(connection: sqlite3.Connection, *, to: int = SCHEMA_VERSION) -> int:
    """Bring the file up to version `to`, each step in its own transaction; returns the version
    the file had. The caller has checked it is not newer than this code knows."""
    found = int(connection.execute("PRAGMA user_version").fetchone()[0])
    for version in range(found + 1, to + 1):
        connection.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version - 1](connection)
            connection.execute(f"PRAGMA user_version = {version}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
    return found
