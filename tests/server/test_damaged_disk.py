"""A database that has lost changes it had acknowledged (bytes flipped in its write-ahead log:
a failing disk, a bad copy) is named at start, in one line with the tables affected; a whole
copy is not."""

from __future__ import annotations

import logging
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.server.storage.seal import read_seal, seal_path
from tests.server.conftest import HOST, served, server_config

FILES = ("server.db", "server.db-wal", "server.db.seal")


def copy_files(source: Path, target: Path) -> Path:
    """The database, its write-ahead log and its seal, copied as they are (a server still
    running on them: the log holds what is not checkpointed yet)."""
    target.mkdir()
    for name in FILES:
        shutil.copyfile(source / name, target / name)
    return target / "server.db"


def flip_last_frame(database: Path) -> None:
    """Flip bytes in the page of the write-ahead log's last frame: SQLite drops that frame,
    and the transaction it ends, when it next opens the file."""
    wal = database.with_name(database.name + "-wal")
    data = bytearray(wal.read_bytes())
    page_size = int.from_bytes(data[8:12], "big")
    frame = 24 + page_size
    frames = (len(data) - 32) // frame
    assert frames >= 2
    last = 32 + (frames - 1) * frame + 24
    for offset in range(last + 100, last + 120):
        data[offset] ^= 0xFF
    wal.write_bytes(bytes(data))


async def test_a_damaged_write_ahead_log_is_named_at_start(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    running_folder = tmp_path / "running"
    running_folder.mkdir()
    config = server_config(db=str(running_folder / "server.db"), seed=3)
    with trio.fail_after(30):
        async with served(config) as running, connect(HOST, running.port, "Ada") as ada:
            table = await ada.create_table("chinese-ten", 2, {"decks": 1})
            await ada.sit(table.table_id, 0)
            await ada.add_bot(table.table_id, 1)
            await ada.start(table.table_id)
            for _ in range(3):
                await ada.wait_for(lambda: bool(ada.legal))
                await ada.act(ada.legal[0])
            await ada.wait_for(lambda: bool(ada.legal))  # the bot has moved: nothing moves now
            await ada.say("Your move next")
            await running.lobby.journal.flush()
            whole = copy_files(running_folder, tmp_path / "whole")
            damaged = copy_files(running_folder, tmp_path / "damaged")
    sealed = read_seal(seal_path(damaged))
    assert sealed is not None and sealed.tables[table.table_id].chat == 1
    flip_last_frame(damaged)

    caplog.set_level(logging.ERROR, logger="cardtable.server")
    async with served(replace(config, db=str(whole))):
        pass
    assert not caplog.records, "a whole copy is not damaged"

    async with served(replace(config, db=str(damaged))):
        pass
    [record] = caplog.records
    line = record.getMessage()
    assert "has lost changes it had stored and told players of" in line
    assert f"table {table.table_id}: " in line and "chat lines 1 to 1 are gone" in line
    assert "\n" not in line
    # The new seal is of what the database holds now: the next start says nothing more.
    caplog.clear()
    async with served(replace(config, db=str(damaged))):
        pass
    assert not caplog.records
