"""`cardtable play` and `cardtable join` as real processes in a real (pseudo) terminal."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import socket
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CTRL_Q = b"\x11"
#: Terminal control sequences (colours, cursor moves), removed before looking for words.
ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|[()][0-9A-Z]|[=>78])")


class Terminal:
    """A child process on an 80×24 pseudo-terminal, and everything it has written so far."""

    def __init__(self, *args: str) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = dict(os.environ, TERM="xterm-256color")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardtable", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            close_fds=True,
        )
        os.close(slave)
        self.master = master
        self.output = b""

    def _read(self, wait: float) -> None:
        ready, _, _ = select.select([self.master], [], [], wait)
        if ready:
            try:
                self.output += os.read(self.master, 65536)
            except OSError:  # the child has gone and closed its side
                time.sleep(wait)

    @property
    def shown(self) -> bytes:
        """The output without control sequences."""
        return ESCAPES.sub(b"", self.output)

    def expect(self, text: bytes, timeout: float = 20) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.shown:
            assert time.monotonic() < deadline, f"{text!r} never shown; got {self.output[-400:]!r}"
            assert self.process.poll() is None, f"exited early: {self.output[-800:]!r}"
            self._read(0.1)

    def finish(self, keys: bytes, timeout: float = 20) -> int:
        """Type `keys`, keep reading (a full terminal would block the app) until it exits."""
        os.write(self.master, keys)
        deadline = time.monotonic() + timeout
        while (code := self.process.poll()) is None:
            assert time.monotonic() < deadline, f"did not exit: {self.output[-400:]!r}"
            self._read(0.1)
        self._read(0.1)
        return code

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's games and kept seats in a folder of its own, not the user's."""
    monkeypatch.setenv("CARDTABLE_DATA", str(tmp_path))


@contextmanager
def terminal(*args: str) -> Iterator[Terminal]:
    session = Terminal(*args)
    try:
        yield session
    finally:
        session.close()


def unused_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_play_opens_a_table_with_a_bot_and_ctrl_q_quits_cleanly() -> None:
    with terminal("play", "--name", "Pat", "--seed", "3") as term:
        term.expect(b"Your hand")
        term.expect(b"Pat")
        os.write(term.master, CTRL_Q)  # in the middle of a game, quitting asks first
        term.expect(b"Keep my seat")
        assert term.finish(b"k") == 0
        assert b"Traceback" not in term.output


def test_play_lan_prints_the_address_to_give_out() -> None:
    port = unused_port()
    with terminal("play", "--lan", "--port", str(port), "--name", "Pat") as term:
        term.expect(b"cardtable join ")
        term.expect(f":{port}".encode())
        term.expect(b"Your hand")
        os.write(term.master, CTRL_Q)
        term.expect(b"Keep my seat")
        assert term.finish(b"k") == 0


def test_join_with_nothing_listening_says_what_to_do() -> None:
    port = unused_port()
    with terminal("join", f"127.0.0.1:{port}", "--name", "Pat") as term:
        term.expect(b"Nothing is listening")
        term.expect(b"cardtable serve")
        assert term.finish(CTRL_Q) == 0
        assert b"Traceback" not in term.output


def an_unfinished_game(db: Path) -> None:
    """Pat's game of Chinese Ten in `db`, left with the seat kept (Ctrl-Q, k)."""
    with terminal("play", "--name", "Pat", "--seed", "3", "--db", str(db)) as term:
        term.expect(b"Your hand")
        os.write(term.master, CTRL_Q)
        term.expect(b"Keep my seat")
        assert term.finish(b"k") == 0


def still_unfinished(db: Path) -> bool:
    from cardtable.play import unfinished_other_game

    return unfinished_other_game(str(db), "Pat", "thistle") is not None


def test_play_of_another_kind_asks_before_abandoning_an_unfinished_game(tmp_path: Path) -> None:
    db = tmp_path / "play.db"
    an_unfinished_game(db)
    with terminal("play", "thistle", "--name", "Pat", "--db", str(db)) as term:
        term.expect(b"r, a or q?")
        assert b"You have an unfinished game of Chinese Ten (2 players)." in term.shown
        assert b"a  abandon it and start Thistle" in term.shown
        assert term.finish(b"q\r") == 0  # quit, keeping it
    assert still_unfinished(db)
    with terminal("play", "thistle", "--name", "Pat", "--db", str(db)) as term:
        term.expect(b"r, a or q?")
        os.write(term.master, b"r\r")  # back to the game of Chinese Ten
        term.expect(b"Chinese Ten")
        term.expect(b"Your hand")
        os.write(term.master, CTRL_Q)
        term.expect(b"Keep my seat")
        assert term.finish(b"k") == 0
    assert still_unfinished(db)
    with terminal("play", "thistle", "--name", "Pat", "--db", str(db)) as term:
        term.expect(b"r, a or q?")
        os.write(term.master, b"a\r")  # abandon it: Thistle starts
        term.expect(b"was closed")
        term.expect(b"Your hand (")  # dealt: the game has started, so Ctrl-Q asks
        os.write(term.master, CTRL_Q)
        term.expect(b"Keep my seat")
        assert term.finish(b"k") == 0
    assert not still_unfinished(db)


def test_play_of_another_kind_without_a_terminal_says_which_command_does_what(
    tmp_path: Path,
) -> None:
    db = tmp_path / "play.db"
    an_unfinished_game(db)
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "play", "thistle", "--name", "Pat", "--db", str(db)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        "cardtable: you have an unfinished game of Chinese Ten (2 players):",
        f"  cardtable play chinese-ten --name Pat --db {db}  goes back to it",
        f"  cardtable play thistle --name Pat --db {db} --new  abandons it and starts Thistle",
    ]
    assert still_unfinished(db)
