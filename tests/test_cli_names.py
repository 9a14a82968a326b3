"""`cardtable name` as a real process against a real server: the names of one data folder's
key move to another's with `export` and `import`, the first device then loses them, and
`release` lets one go."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused, connect
from cardtable.client.player_key import player_key
from cardtable.protocol import ErrorCode
from tests.client.support import server_thread
from tests.server.players import finish_a_game

HOST = "127.0.0.1"


def name_command(data: Path, *words: str) -> subprocess.CompletedProcess[str]:
    """`cardtable name WORDS...` with `data` as its data folder."""
    return subprocess.run(
        [sys.executable, "-m", "cardtable", "name", *words],
        env={**os.environ, "CARDTABLE_DATA": str(data)},
        capture_output=True,
        text=True,
        timeout=30,
    )


async def claim(port: int, name: str, key: str) -> None:
    async with connect(HOST, port, name, key=key) as session:
        await finish_a_game(session)


async def refused(port: int, name: str, key: str) -> str:
    with pytest.raises(HandshakeRefused) as caught:
        async with connect(HOST, port, name, key=key):
            pass
    assert caught.value.code == ErrorCode.NAME_TAKEN
    return caught.value.message


async def greeted_as(port: int, name: str, key: str) -> str:
    async with connect(HOST, port, name, key=key) as session:
        return session.name


def test_export_then_import_moves_the_name_to_the_other_data_folder(tmp_path: Path) -> None:
    laptop, phone = tmp_path / "laptop", tmp_path / "phone"
    laptop_key, phone_key = player_key(laptop / "key"), player_key(phone / "key")
    with server_thread() as server:
        where = f"{HOST}:{server.port}"
        server.run(claim, server.port, "Ada", laptop_key)

        listed = name_command(laptop, "list", where)
        assert listed.returncode == 0, listed.stderr
        assert listed.stdout == f"This device holds on {where}: Ada.\n"

        exported = name_command(laptop, "export", where)
        assert exported.returncode == 0, exported.stderr
        found = re.search(r"Your code: ([A-Z2-9]{5}-[A-Z2-9]{5})\n", exported.stdout)
        assert found, exported.stdout
        code = found.group(1)
        assert f"  cardtable name import {code} {where}\n" in exported.stdout
        assert all(len(line) <= 80 for line in exported.stdout.splitlines())

        imported = name_command(phone, "import", code, where)
        assert imported.returncode == 0, imported.stderr
        assert imported.stdout == f"This device now holds on {where}: Ada.\n"

        message = trio.run(refused, server.port, "Ada", laptop_key)
        assert message.startswith("Ada plays here from another device")
        assert trio.run(greeted_as, server.port, "Ada", phone_key) == "Ada"

        again = name_command(tmp_path / "third", "import", code, where)
        assert again.returncode == 1
        assert "That code does not work here" in again.stderr

        released = name_command(phone, "release", "Ada", where)
        assert released.returncode == 0, released.stderr
        assert released.stdout.startswith(f"Ada is free again on {where}")
        assert trio.run(greeted_as, server.port, "Ada", laptop_key) == "Ada"


def test_a_device_without_names_is_told_how_a_name_becomes_its_own(tmp_path: Path) -> None:
    with server_thread() as server:
        where = f"{HOST}:{server.port}"
        exported = name_command(tmp_path / "new", "export", where)
        assert exported.returncode == 1
        said = " ".join(exported.stderr.split())
        assert "a name is yours once you finish a game under it" in said
        assert all(len(line) <= 80 for line in exported.stderr.splitlines())


def test_a_server_with_a_password_asks_for_it(tmp_path: Path) -> None:
    with server_thread(password="pw") as server:
        where = f"{HOST}:{server.port}"
        without = name_command(tmp_path, "list", where)
        assert without.returncode == 1
        assert "Give it with --password." in without.stderr
        given = name_command(tmp_path, "list", where, "--password", "pw")
        assert given.returncode == 0, given.stderr
        assert given.stdout.startswith(f"This device holds no names on {where} yet")
