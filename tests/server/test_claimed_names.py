"""Claimed names over TCP with a real SQLite file: the first key to finish a game under a name
keeps it, another key (or a client without one) is refused it with a reason, the name moves to
another key with a one-time code and can be let go, claims survive a restart, and bots' names
are never claimed."""

from __future__ import annotations

import secrets
import sqlite3
from pathlib import Path

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused, connect
from cardtable.client.session import RequestFailed
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from cardtable.server.lobby.claims import hash_key
from tests.server.conftest import HOST, served, server_config
from tests.server.players import finish_a_game


def new_key() -> str:
    return secrets.token_hex(32)


async def refused_at_hello(port: int, name: str, key: str | None) -> HandshakeRefused:
    with pytest.raises(HandshakeRefused) as caught:
        async with connect(HOST, port, name, key=key):
            pass
    assert caught.value.code == ErrorCode.NAME_TAKEN
    return caught.value


def stored_claims(path: Path) -> list[tuple[str, bytes]]:
    """The claims in the file, as another program reads them."""
    connection = sqlite3.connect(path)
    try:
        rows = connection.execute("SELECT name, key_hash FROM name_claims ORDER BY name")
        return [(str(name), bytes(key_hash)) for name, key_hash in rows]
    finally:
        connection.close()


async def test_a_name_finished_with_is_refused_to_another_key_and_to_no_key(
    tmp_path: Path,
) -> None:
    path = tmp_path / "server.db"
    ada_key, other_key = new_key(), new_key()
    with trio.fail_after(20):
        async with served(server_config(db=str(path))) as running:
            async with connect(HOST, running.port, "Ada", key=ada_key) as ada:
                # Before a game is finished the name is nobody's: another key may use it.
                assert await ada.list_names() == []
                await finish_a_game(ada)
                await running.lobby.journal.flush()
                assert await ada.list_names() == ["Ada"]
            # Stored, with the key's hash and never the key itself.
            assert stored_claims(path) == [("Ada", hash_key(ada_key))]
            assert ada_key.encode() not in path.read_bytes()
            for name, key in [("Ada", other_key), ("ada", other_key), ("\u0410da", None)]:
                refusal = await refused_at_hello(running.port, name, key)
                assert refusal.message.startswith("Ada plays here from another device")
                assert "cardtable name export" in refusal.message
            # Her own key comes back under the name, and under a look-alike of it.
            async with connect(HOST, running.port, "Ada", key=ada_key) as again:
                assert again.name == "Ada"


async def test_a_restart_keeps_the_claims(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    config = server_config(db=str(path))
    ada_key = new_key()
    with trio.fail_after(20):
        async with (
            served(config) as running,
            connect(HOST, running.port, "Ada", key=ada_key) as ada,
        ):
            await finish_a_game(ada)
            assert await ada.list_names() == ["Ada"]  # answered once stored
        async with served(config) as running:
            await refused_at_hello(running.port, "Ada", new_key())
            async with connect(HOST, running.port, "Ada", key=ada_key) as ada:
                assert await ada.list_names() == ["Ada"]


async def test_export_and_import_move_the_names_to_another_key(server: RunningServer) -> None:
    old_key, new_device_key = new_key(), new_key()
    with trio.fail_after(20):
        async with connect(HOST, server.port, "Ada", key=old_key) as ada:
            await finish_a_game(ada)
            code = await ada.export_names()
            assert code.names == ["Ada"] and code.minutes == 10
            assert len(code.code) == 11 and code.code[5] == "-"
        async with connect(HOST, server.port, "Keyholder", key=new_device_key) as other:
            # Typed in small letters and without the dash, it works all the same.
            assert await other.import_names(code.code.lower().replace("-", " ")) == ["Ada"]
            # Used once: it does not work again.
            with pytest.raises(RequestFailed) as again:
                await other.import_names(code.code)
            assert again.value.code == ErrorCode.BAD_CODE
        # The old key has lost the name; the new one holds it.
        refusal = await refused_at_hello(server.port, "Ada", old_key)
        assert "another device" in refusal.message
        async with connect(HOST, server.port, "Ada", key=new_device_key) as ada:
            assert await ada.list_names() == ["Ada"]


async def test_a_released_name_is_free_for_anyone(server: RunningServer) -> None:
    ada_key = new_key()
    with trio.fail_after(20):
        async with connect(HOST, server.port, "Ada", key=ada_key) as ada:
            await finish_a_game(ada)
            with pytest.raises(RequestFailed) as not_hers:
                await ada.release_name("Bram")
            assert not_hers.value.code == ErrorCode.NOT_YOUR_NAME
            assert await ada.release_name("Ada") == []
        async with connect(HOST, server.port, "Ada", key=new_key()) as someone:
            assert someone.name == "Ada"


async def test_a_client_without_a_key_plays_unclaimed_names_and_claims_none(
    server: RunningServer,
) -> None:
    with trio.fail_after(20):
        async with connect(HOST, server.port, "Old") as old:
            await finish_a_game(old)
            for request in (old.list_names(), old.export_names()):
                with pytest.raises(RequestFailed) as caught:
                    await request
                assert caught.value.code == ErrorCode.NO_KEY
        # The name stayed free: a key may take it.
        async with connect(HOST, server.port, "Old", key=new_key()) as keyed:
            assert keyed.name == "Old"
        assert server.lobby.claims.names_of(hash_key("x" * 64)) == []


async def test_bots_names_are_never_claimed(server: RunningServer) -> None:
    key = new_key()
    with trio.fail_after(20):
        with pytest.raises(HandshakeRefused) as caught:
            async with connect(HOST, server.port, "Ada bot", key=key):
                pass
        assert caught.value.code == ErrorCode.BAD_NAME
        async with connect(HOST, server.port, "Tess", key=key) as tess:
            await finish_a_game(tess)  # against "Bram (bot)"
            assert await tess.list_names() == ["Tess"]
        claims = server.lobby.claims
        assert claims.refusal("Bram (bot)", None) is None
        assert claims.refusal("Bram", new_key().encode()) is None
