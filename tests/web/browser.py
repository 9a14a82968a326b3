"""A real `cardtable serve --web` and a real headless Chromium (Debian's) driven by Playwright:
the terminal the page draws is read from xterm.js's buffer, and clicked by its cells."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, sync_playwright

from cardtable.play import free_port

CHROMIUM = "/usr/bin/chromium"
#: Without the background-networking flags, a closed network refuses Chromium's own calls.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = (390, 844)
LAPTOP = (1280, 800)

#: textual-serve keeps its xterm.js terminal to itself: an own property set on any object as
#: "terminal" is noted on the window, for the test to read the screen from its buffer.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true});
    if (value && value.buffer) { window.cardtableTerminal = value; }
  },
});
"""
READ_SCREEN = """() => {
  const terminal = window.cardtableTerminal;
  if (!terminal) { return null; }
  const buffer = terminal.buffer.active, rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
}"""
GRID = """() => {
  const terminal = window.cardtableTerminal;
  const box = document.querySelector(".xterm-screen").getBoundingClientRect();
  return [box.left, box.top, box.width / terminal.cols, box.height / terminal.rows,
          terminal.cols, terminal.rows];
}"""


def wait_until(
    condition: Callable[[], object], what: str, deadline: float = 30.0, screen: Tab | None = None
) -> object:
    """`condition()` once truthy, checked until `deadline` seconds have passed (failing with
    the `screen` of a tab, if given)."""
    end = time.monotonic() + deadline
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            shown = ""
            if screen is not None:
                shown = f":\n{screen.screen()}\n{screen.sent[-30:]}"
            raise AssertionError(f"waited {deadline:g} s for {what}{shown}")
        time.sleep(0.1)


@dataclass
class WebServer:
    """A `cardtable serve --web` process: its game port and the address browsers open."""

    process: subprocess.Popen[str]
    port: int
    url: str
    lines: list[str]

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=20)


@contextmanager
def web_server(
    *extra: str,
    web_port: int | None = None,
    ready: str = "browsers open",
    announce: str | None = None,
    cwd: Path | None = None,
) -> Iterator[WebServer]:
    """`cardtable serve --web` on loopback, on free ports, until the block ends; yielded once
    it has printed a line holding `ready`. Announced on loopback as `announce`, if given."""
    web_port = web_port or free_port(0)
    cardtable = str(Path(sys.executable).with_name("cardtable"))  # as players run it
    command = [cardtable, "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--name", announce] if announce else ["--no-announce"]
    command += ["--bot-delay", "0", "--web", "--web-port", str(web_port)]
    process = subprocess.Popen(
        [*command, *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd
    )
    assert process.stdout is not None
    lines: list[str] = []
    try:
        while not any(ready in line for line in lines):
            line = process.stdout.readline()
            assert line, "the server stopped:\n" + "".join(lines)
            assert "the web page is not served" not in line or ready in line, "".join(lines)
            lines.append(line)
        port = int(re.findall(r"listening on port (\d+)", "".join(lines))[0])
        yield WebServer(process, port, f"http://127.0.0.1:{web_port}/", lines)
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        finally:
            if process.poll() is None:
                process.kill()
            process.stdout.close()


def app_processes(port: int) -> list[int]:
    """The ids of the browser tabs' app processes running for the game server on `port`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--browser" in words and f"127.0.0.1:{port}".encode() in words:
            found.append(int(entry.name))
    return found


@contextmanager
def chromium(profile: Path | None = None) -> Iterator[BrowserContext]:
    """A headless Chromium with a fresh profile (or `profile`, to open a browser again with
    the cookies it kept), that notes each page's terminal."""
    with tempfile.TemporaryDirectory() as fresh, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile or fresh, executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=None
        )
        context.add_init_script(CATCH_TERMINAL)
        try:
            yield context
        finally:
            context.close()


class Tab:
    """One browser tab on the table: read its screen, type, click its cells."""

    def __init__(self, context: BrowserContext, url: str, size: tuple[int, int] = LAPTOP) -> None:
        self.page: Page = context.new_page()
        self.sent: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framesent", self._note_sent))
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.page.goto(url)

    def _note_sent(self, data: str | bytes) -> None:
        self.sent.append(str(data))

    def screen(self) -> str:
        return self.page.evaluate(READ_SCREEN) or ""

    def wait_for(self, pattern: str, deadline: float = 30.0) -> str:
        """The screen once `pattern` (a regular expression) is on it."""
        wait_until(lambda: re.search(pattern, self.screen()), repr(pattern), deadline, self)
        return self.screen()

    def press(self, *keys: str) -> None:
        self.page.focus(".xterm-helper-textarea")
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def cell_of(self, text: str) -> tuple[int, int]:
        """The column and row of the first cell of `text` on the screen."""
        for row, line in enumerate(self.screen().splitlines()):
            if text in line:
                return line.index(text), row
        raise AssertionError(f"{text!r} is not on the screen:\n{self.screen()}")

    def click_cell(self, column: int, row: int) -> None:
        left, top, width, height, _, _ = self.page.evaluate(GRID)
        self.page.mouse.click(left + (column + 0.5) * width, top + (row + 0.5) * height)

    def click_text(self, text: str) -> None:
        self.click_cell(*self.cell_of(text))

    def grid(self) -> tuple[int, int]:
        """The terminal's columns and rows."""
        *_, columns, rows = self.page.evaluate(GRID)
        return int(columns), int(rows)
