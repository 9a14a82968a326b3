"""`cardtable serve` and `cardtable bot` as real processes on real ports (the bot's seat across
restarts is in test_cli_bot.py)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused, connect
from cardtable.protocol import ErrorCode
from tests.foreign_servers import FOREIGN, SILENT, Foreign, foreign_server

HOST = "127.0.0.1"
SERVE = [sys.executable, "-m", "cardtable", "serve"]


@pytest.fixture
def served() -> Iterator[tuple[subprocess.Popen[str], int]]:
    """A `cardtable serve` process on a free port, with that port."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardtable",
            "serve",
            "--host",
            HOST,
            "--port",
            "0",
            "--password",
            "pw",
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()
    match = re.search(r"listening on port (\d+)", first)
    assert match, first + process.stderr.read() if process.stderr else first
    process.stdout.readline()  # how players join
    with process:
        try:
            yield process, int(match.group(1))
        finally:
            if process.poll() is None:
                process.kill()


def run_bot(port: int, table: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardtable",
            "bot",
            f"{HOST}:{port}",
            "--table",
            str(table),
            "--password",
            "pw",
            "--kind",
            "greedy",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


async def test_serve_plays_with_network_bots_then_stops_cleanly_on_ctrl_c(
    served: tuple[subprocess.Popen[str], int],
) -> None:
    process, port = served
    with trio.fail_after(60):
        with pytest.raises(HandshakeRefused) as refused:
            async with connect(HOST, port, "Eve", password="wrong"):
                pass
        assert refused.value.code == ErrorCode.BAD_PASSWORD

        async with connect(HOST, port, "Ada", password="pw") as ada:
            table = await ada.create_table("chinese-ten", seats=3, options={"decks": 1})
            await ada.spectate(table.table_id)
            bots = [run_bot(port, table.table_id) for _ in range(2)]
            try:
                await ada.wait_for(
                    lambda: (
                        ada.table is not None
                        and sum(seat.kind == "player" for seat in ada.table.seats) == 2
                    )
                )
                await ada.add_bot(table.table_id, 2)
                await ada.start(table.table_id)
                await ada.wait_for(lambda: ada.view is not None and ada.view["result"])
                assert ada.log[-1]["kind"] == "game_end"

                process.send_signal(signal.SIGINT)
                await ada.wait_for(lambda: ada.close_reason is not None)
                assert ada.close_reason is not None
                assert ada.close_reason.code == ErrorCode.SHUTTING_DOWN
                assert await trio.to_thread.run_sync(process.wait, 20) == 0
                # The bots outlive the server: they wait for it to come back, holding their
                # seats (see tests/test_cli_bot.py), until they are stopped with Ctrl-C.
                for bot in bots:
                    assert bot.stdout is not None
                    said = await trio.to_thread.run_sync(bot.stdout.readline)
                    assert " plays seat " in said, said
                    said = await trio.to_thread.run_sync(bot.stdout.readline)
                    assert said.startswith("Connection lost."), said
                    assert bot.poll() is None
                    bot.send_signal(signal.SIGINT)
            finally:
                outcomes = [bot.communicate(timeout=20) for bot in bots]
    assert process.stdout is not None
    assert "cardtable server stopped" in process.stdout.read()
    for bot, (_, errors) in zip(bots, outcomes, strict=True):
        assert bot.returncode == 130, errors
        assert "Traceback" not in errors


def test_bot_reports_an_unreachable_server() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "bot", f"{HOST}:1", "--table", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert f"cannot reach {HOST}:1" in done.stderr


def bot_against(kind: Foreign) -> tuple[int, subprocess.CompletedProcess[str]]:
    """`cardtable bot` pointed at a server of `kind`: its port, and how the bot ended."""
    with foreign_server(kind) as port:
        done = subprocess.run(
            [sys.executable, "-m", "cardtable", "bot", f"{HOST}:{port}", "--table", "1"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    return port, done


@pytest.mark.parametrize("kind", FOREIGN, ids=[kind.label for kind in FOREIGN])
def test_bot_says_when_the_address_is_not_a_cardtable_server(kind: Foreign) -> None:
    port, done = bot_against(kind)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"cardtable: {HOST}:{port} is not a cardtable server:",
        f"  it answers like {kind.speaks}",
    ]


def test_bot_says_when_what_answers_says_nothing_a_cardtable_server_would() -> None:
    port, done = bot_against(SILENT)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"cardtable: {HOST}:{port} said nothing a cardtable server would say;",
        "  it may be another kind of server (a web server, say)",
    ]


def test_serve_reports_a_port_in_use(
    served: tuple[subprocess.Popen[str], int], tmp_path: Path
) -> None:
    _, port = served
    done = subprocess.run(
        [*SERVE, "--host", HOST, "--port", str(port), "--db", str(tmp_path / "second.db")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert f"cannot listen on port {port}" in done.stderr
    assert not (tmp_path / "second.db").exists()  # a server that never ran leaves no file


async def test_bot_refuses_an_unknown_kind_before_taking_a_seat(
    served: tuple[subprocess.Popen[str], int],
) -> None:
    _, port = served
    with trio.fail_after(60):
        async with connect(HOST, port, "Ada", password="pw") as ada:
            table = await ada.create_table("chinese-ten", seats=2)
            done = await trio.to_thread.run_sync(
                lambda: subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "cardtable",
                        "bot",
                        f"{HOST}:{port}",
                        "--table",
                        str(table.table_id),
                        "--password",
                        "pw",
                        "--kind",
                        "clever",
                    ],
                    capture_output=True,
                    text=True,
                    timeout=60,
                    check=False,
                )
            )
            assert done.returncode == 1
            assert "There is no 'clever' bot; the levels are: random, easy, normal, hard." in (
                done.stderr
            )
            tables = await ada.list_tables()
            assert [seat.kind for seat in tables[0].seats] == ["empty", "empty"]


async def test_serve_stops_cleanly_on_sigterm(served: tuple[subprocess.Popen[str], int]) -> None:
    process, port = served
    with trio.fail_after(30):
        async with connect(HOST, port, "Ada", password="pw") as ada:
            await ada.create_table("chinese-ten", seats=2)
            process.send_signal(signal.SIGTERM)
            await ada.wait_for(lambda: ada.close_reason is not None)
            assert ada.close_reason is not None
            assert ada.close_reason.code == ErrorCode.SHUTTING_DOWN
    assert process.wait(20) == 0
    assert process.stdout is not None
    assert "cardtable server stopped" in process.stdout.read()
