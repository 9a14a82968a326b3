"""What the file holds, read back after a reopen: the creator's token hash, a hand passed on
(`HandOver`), and a stored value that cannot be decoded, which is a clear `StorageError` naming
the file and the value, never a traceback from deep inside msgpack."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import PlainAction, get_game, play_out
from cardtable.server.storage import (
    GameRecord,
    SeatRecord,
    StorageError,
    Store,
    TableRecord,
    open_database,
    running_totals,
)
from cardtable.server.storage.codec import pack
from cardtable.server.storage.writes import (
    FinishGame,
    HandOver,
    OpenTable,
    ScoreRound,
    StartGame,
    TakeAction,
    Write,
)
from cardtable.wire.codec import to_wire

GAME = "chinese-ten"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "server.db"


def reopened(path: Path) -> Store:
    return Store(open_database(path))


def store_finished_game(path: Path) -> tuple[GameRecord, list[tuple[int, PlainAction]]]:
    """Table 1, still open, and its game 1: two greedy bots' whole game of Chinese Ten, with
    each round's score, stored as a server stores them. Returns the game, finished, and its
    actions."""
    spec = get_game(GAME)
    setup = spec.setup(2, {"decks": 1, "rounds": 2}, 7)
    game = spec.game_class(setup)
    bots = [spec.bots["greedy"](7 + seat) for seat in range(2)]
    actions = [(seat, to_wire(action)) for seat, action in play_out(game, bots)]
    assert game.result is not None and len(actions) > 3
    record = GameRecord(1, 1, 1, setup, ("Ada", "Bram"), (1, 1), 2.0)
    scores = game.round_scores
    writes: list[Write] = [
        OpenTable(
            TableRecord(1, GAME, 2, dict(setup.options), {"bot_delay": 1.0}, "Ada", 1.0),
            (SeatRecord(0, "Ada", b"a" * 32, None, 1), SeatRecord(1, "Bram", b"b" * 32, None, 1)),
        ),
        StartGame(record),
        *(TakeAction(1, seq, seat, action, 3.0) for seq, (seat, action) in enumerate(actions, 1)),
        *(
            ScoreRound(1, score.round, score.to_wire(), totals)
            for score, totals in zip(scores, running_totals(scores), strict=True)
        ),
        FinishGame(1, game.result.to_wire(), 4.0),
    ]
    store = reopened(path)
    try:
        store.write(writes)
    finally:
        store.close()
    return replace(record, finished_at=4.0, result=game.result.to_wire()), actions


# -- the creator's token hash and hand-overs ----------------------------------------------------


def test_the_creator_token_hash_is_stored_and_read_back(db_path: Path) -> None:
    with_hash = TableRecord(
        1, GAME, 2, {"decks": 1}, {}, "Ada", 1.0, creator_token_hash=b"\x01" * 32
    )
    without = TableRecord(2, GAME, 3, {"decks": 2}, {}, "Bram", 2.0)
    assert without.creator_token_hash is None
    store = reopened(db_path)
    store.write([OpenTable(with_hash, ()), OpenTable(without, ())])
    store.close()
    store = reopened(db_path)
    try:
        assert [t.table for t in store.open_tables(chat_history=0)] == [with_hash, without]
    finally:
        store.close()


def test_a_hand_over_changes_who_the_stored_game_was_dealt_to(db_path: Path) -> None:
    record, actions = store_finished_game(db_path)
    store = reopened(db_path)
    try:
        store.write([HandOver(1, (1, 4))])
    finally:
        store.close()
    store = reopened(db_path)
    try:
        [table] = store.open_tables(chat_history=0)
        assert table.game == replace(record, dealt_to=(1, 4))
        assert store.finished_game(1) == (replace(record, dealt_to=(1, 4)), tuple(actions))
    finally:
        store.close()


def test_a_hand_over_rolls_back_with_a_failed_batch(db_path: Path) -> None:
    store_finished_game(db_path)
    store = reopened(db_path)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            # The second write repeats action 1, which the file refuses: neither is kept.
            store.write([HandOver(1, (2, 2)), TakeAction(1, 1, 0, {"kind": "again"}, 5.0)])
        assert store.finished_game(1)[0].dealt_to == (1, 1)
    finally:
        store.close()


# -- values that cannot be decoded -------------------------------------------------------------

READERS: dict[str, Callable[[Store], object]] = {
    "open tables": lambda store: store.open_tables(chat_history=10),
    "history": lambda store: store.history(),
    "finished game": lambda store: store.finished_game(1),
}

#: (table, column, which row, the value as the message names it, the readers that read it)
VALUES = [
    ("tables", "options", "id = 1", "the options of table 1", {"open tables"}),
    ("tables", "settings", "id = 1", "the settings of table 1", {"open tables"}),
    ("games", "options", "id = 1", "the options of game 1 (table 1)", set(READERS)),
    ("games", "players", "id = 1", "the players of game 1 (table 1)", set(READERS)),
    ("games", "dealt_to", "id = 1", "who game 1 (table 1) was dealt to", set(READERS)),
    ("games", "result", "id = 1", "the result of game 1 (table 1)", set(READERS)),
    ("actions", "action", "seq = 3", "action 3 of game 1", {"open tables", "finished game"}),
    ("round_scores", "score", "round = 1", "the score of round 1 of game 1", {"history"}),
    ("round_scores", "totals", "round = 1", "the totals after round 1 of game 1", {"history"}),
]

#: (what is written over the value, what the message says of it)
DAMAGE: list[tuple[Any, str]] = [
    (b"\xc1\x07\x00", "it is garbled"),  # 0xc1 is never used by msgpack
    (pack({"kind": "play"})[:-3], "it is garbled"),  # cut short
    (pack({"kind": "play"}) + b"\x01", "it is garbled"),  # something after it
    ("written as text", "it is str, not packed data"),
    (1234, "it is int, not packed data"),
    (pack(True), "it holds bool, not"),
]


@pytest.mark.parametrize(
    ("damage", "said"), DAMAGE, ids=["bad byte", "cut", "extra", "text", "integer", "bool"]
)
@pytest.mark.parametrize(
    ("table", "column", "row", "what", "readers"), VALUES, ids=[f"{v[0]}.{v[1]}" for v in VALUES]
)
def test_a_value_that_cannot_be_decoded_is_named_in_a_storage_error(
    db_path: Path,
    table: str,
    column: str,
    row: str,
    what: str,
    readers: set[str],
    damage: Any,
    said: str,
) -> None:
    store_finished_game(db_path)
    poke = sqlite3.connect(db_path)
    assert poke.execute(f"UPDATE {table} SET {column} = ? WHERE {row}", (damage,)).rowcount == 1
    poke.commit()
    poke.close()
    store = reopened(db_path)
    try:
        for name, read in READERS.items():
            if name not in readers:
                read(store)  # reads nothing damaged, and works
                continue
            with pytest.raises(StorageError) as refused:
                read(store)
            message = str(refused.value)
            assert message.startswith(f"{db_path} holds a value that cannot be read: {what} (")
            assert said in message, message
            assert "sqlite3 tool" in message and "--db" in message
    finally:
        store.close()


@pytest.mark.parametrize(
    ("column", "value", "said"),
    [
        ("players", pack(["Ada", 7]), "something other than str"),
        ("dealt_to", pack([1, "two"]), "something other than int"),
        ("dealt_to", pack([1, True]), "something other than int"),
        ("dealt_to", pack({"0": 1}), "it holds dict, not list"),
    ],
)
def test_a_list_holding_the_wrong_things_is_named_too(
    db_path: Path, column: str, value: bytes, said: str
) -> None:
    store_finished_game(db_path)
    poke = sqlite3.connect(db_path)
    poke.execute(f"UPDATE games SET {column} = ? WHERE id = 1", (value,))
    poke.commit()
    poke.close()
    store = reopened(db_path)
    try:
        with pytest.raises(StorageError, match=said):
            store.history()
    finally:
        store.close()


def test_an_in_memory_store_names_itself() -> None:
    store = Store(open_database(None))
    try:
        store.write([OpenTable(TableRecord(1, GAME, 2, {}, {}, "Ada", 1.0), ())])
        store.database.connection.execute("UPDATE tables SET settings = x'c1'")
        with pytest.raises(StorageError, match=r"^The in-memory database holds a value"):
            store.open_tables(chat_history=0)
    finally:
        store.close()
