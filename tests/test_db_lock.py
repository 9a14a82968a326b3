"""Two `cardtable serve` processes never serve one database file, whatever path leads to it: the
file's own name, a symlink to it, or a hard link to it. The first server goes on undisturbed, and
what it acknowledged is in the file."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import trio

from cardtable.client.handshake import connect
from cardtable.server.storage import open_for_reading

HOST = "127.0.0.1"
GAME = "chinese-ten"
#: Seconds a server may take to start, to refuse, or to stop.
DEADLINE = 60


def serve_command(db: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "cardtable",
        "serve",
        "--host",
        HOST,
        "--port",
        "0",
        "--db",
        str(db),
    ]


@asynccontextmanager
async def running_server(db: Path) -> AsyncIterator[tuple[subprocess.Popen[str], int]]:
    """A `cardtable serve` process on `db`, once it listens; stopped with SIGTERM at the end,
    which it must obey cleanly."""
    process = subprocess.Popen(
        serve_command(db), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stderr is not None
    try:
        with trio.fail_after(DEADLINE):
            first = await trio.to_thread.run_sync(process.stdout.readline, abandon_on_cancel=True)
        match = re.fullmatch(r"cardtable server listening on port (\d+)\n", first)
        assert match, f"the server did not start: {first!r}"
        yield process, int(match[1])
        process.send_signal(signal.SIGTERM)
        with trio.fail_after(DEADLINE):
            code = await trio.to_thread.run_sync(process.wait, abandon_on_cancel=True)
        errors = process.stderr.read()
        assert code == 0, errors
        assert "cardtable server stopped" in process.stdout.read()
        assert "Traceback" not in errors
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdout.close()
        process.stderr.close()


async def refused_server(db: Path) -> str:
    """Start `cardtable serve` on `db`; it must exit with status 1. Returns what it said."""
    with trio.fail_after(DEADLINE):
        done = await trio.run_process(
            serve_command(db), capture_stdout=True, capture_stderr=True, check=False
        )
    said = done.stderr.decode()
    assert done.returncode == 1, said
    assert b"listening" not in done.stdout
    assert "Traceback" not in said
    return said


async def create_table(port: int, name: str) -> int:
    async with connect(HOST, port, name) as session:
        created = await session.create_table(GAME, seats=2)
    return created.table_id


async def test_no_second_server_on_any_path_to_the_file(tmp_path: Path) -> None:
    real = tmp_path / "real.db"
    links = tmp_path / "links"
    links.mkdir()
    symlink, hardlink = links / "symlink.db", links / "hardlink.db"
    async with running_server(real) as (first, port):
        acknowledged = [await create_table(port, "Ada")]
        symlink.symlink_to(real)
        os.link(real, hardlink)
        for path in (symlink, hardlink, real):
            said = await refused_server(path)
            assert said.startswith(f"cardtable: {path} is in use by another cardtable server (")
            assert said.rstrip().endswith(
                "). Stop that server first, or give this one another file with --db."
            )
            if sys.platform.startswith("linux"):  # the system names the lock's holder
                assert f"(process {first.pid}" in said
        assert f"{symlink} leads to {real.resolve()}" in await refused_server(symlink)
        assert "the file has 2 names (hard links)" in await refused_server(hardlink)
        # The first server goes on, and stores what it acknowledges.
        acknowledged.append(await create_table(port, "Bram"))
    hardlink.unlink()  # a file with two names is refused even when no server has it
    reader = open_for_reading(real)
    try:
        stored = reader.connection.execute("SELECT id, creator FROM tables ORDER BY id").fetchall()
    finally:
        reader.close()
    assert stored == list(zip(acknowledged, ["Ada", "Bram"], strict=True))
    # With the first stopped, a server starts through the symlink, on the same file.
    async with running_server(symlink) as (_, port):
        assert await create_table(port, "Cleo") == acknowledged[-1] + 1
        assert "in use" in await refused_server(real)
    assert sorted(entry.name for entry in links.iterdir()) == ["symlink.db"]
