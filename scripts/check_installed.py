"""Check an installed copy of cardtable the way a player meets it (run by `.ci/run`).

Given the `cardtable` command of a non-editable install, from a folder outside the checkout and
with a data folder of its own, it runs ``cardtable games``, then starts ``cardtable play`` in a
pseudo-terminal of 80×24, waits until the board is drawn, opens the rules screen with ``?``,
finds the rules text there, closes it and quits (``ctrl+q``, then ``k`` to keep the seat).
Every wait has a deadline; the first thing not seen ends the check with its name::

    python scripts/check_installed.py /tmp/venv/bin/cardtable
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import NoReturn

#: Escape sequences a terminal app writes: CSI, OSC and two-character ones.
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]")
TITLES = ("Chinese Ten", "Thistle", "Queen of Scots", "Trupe", "Nobility")
#: On the board of `cardtable play`: the title over our cards.
BOARD_WORDS = "Your hand"
#: Only the rules text holds this (the rules screen of `?`).
RULES_WORDS = "Chinese Ten is a capture game"


class Screen:
    """A program in a pseudo-terminal, and the text it has written, escapes taken out."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str]) -> None:
        self.fd, child = pty.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=child,
            stdout=child,
            stderr=child,
            start_new_session=True,
        )
        os.close(child)
        self.written = b""

    def text(self) -> str:
        return ESCAPES.sub(b"", self.written).decode("utf-8", "replace")

    def read(self, seconds: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if ready:
            try:
                self.written += os.read(self.fd, 65536)
            except OSError:  # the program has ended and closed its side
                time.sleep(seconds)

    def wait_for(self, words: str, what: str, deadline: float = 60.0) -> None:
        """Wait until `words` appear on screen after this call."""
        start = len(self.written)
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            if words in ESCAPES.sub(b"", self.written[start:]).decode("utf-8", "replace"):
                return
            if self.process.poll() is not None:
                self.read(0.1)
                fail(f"cardtable play ended before {what}:\n{self.text()[-2000:]}")
            self.read(0.2)
        fail(f"{what} not seen within {deadline:.0f} s:\n{self.text()[-2000:]}")

    def press(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def wait_ended(self, deadline: float = 30.0) -> int:
        end = time.monotonic() + deadline
        while time.monotonic() < end:
            code = self.process.poll()
            if code is not None:
                return code
            self.read(0.2)
        self.process.kill()
        fail(f"cardtable play did not quit within {deadline:.0f} s")


def fail(why: str) -> NoReturn:
    print(f"FAILED: {why}", file=sys.stderr, flush=True)
    raise SystemExit(1)


def check_games(cardtable: str, cwd: Path, env: dict[str, str]) -> None:
    listed = subprocess.run(
        [cardtable, "games"], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )
    if listed.returncode != 0:
        fail(f"cardtable games exited {listed.returncode}:\n{listed.stderr}")
    missing = [title for title in TITLES if title not in listed.stdout]
    if missing:
        fail(f"cardtable games does not list {', '.join(missing)}:\n{listed.stdout}")
    print("cardtable games: lists all five games")


def check_play(cardtable: str, cwd: Path, env: dict[str, str]) -> None:
    screen = Screen([cardtable, "play", "--name", "Ada"], cwd, env)
    try:
        play_through(screen)
    finally:
        if screen.process.poll() is None:
            screen.process.kill()
            screen.process.wait()


def play_through(screen: Screen) -> None:
    screen.wait_for(BOARD_WORDS, "the board of Chinese Ten")
    print("cardtable play: the board is drawn")
    screen.press("?")
    screen.wait_for(RULES_WORDS, "the rules text on the rules screen")
    print("cardtable play: ? shows the rules text")
    screen.press("\x1b")
    screen.wait_for(BOARD_WORDS, "the board again after the rules")
    screen.press("\x11")  # ctrl+q: in the middle of a game, it asks first
    screen.wait_for("Keep my seat", "the question before quitting")
    screen.press("k")
    code = screen.wait_ended()
    if code != 0:
        fail(f"cardtable play exited {code}:\n{screen.text()[-2000:]}")
    print("cardtable play: quits cleanly")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cardtable", help="the cardtable command of the installed copy")
    cardtable = str(Path(parser.parse_args().cardtable).resolve())
    with tempfile.TemporaryDirectory(prefix="cardtable-installed-") as folder:
        cwd = Path(folder)
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": folder,
            "XDG_DATA_HOME": str(cwd / "data"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        check_games(cardtable, cwd, env)
        check_play(cardtable, cwd, env)
    print("the installed copy runs")


if __name__ == "__main__":
    main()
