"""Start and stop the web gateway (`cardtable.web.gateway`) beside a trio server, as a trio
task: its process runs as long as the task, and ends (with every app process it started) when
the task is cancelled. A port already taken is told in one line; the game server carries on."""

from __future__ import annotations

import importlib.util
import logging
import shlex
import subprocess
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

import trio

if TYPE_CHECKING:
    from cardtable.server.app import WebServed

log = logging.getLogger("cardtable.web")

DEFAULT_WEB_PORT = 7778
#: This Python, for the gateway and its apps; ``-P``: without the current folder on the path,
#: so ``python -m cardtable`` finds this same package, not a `cardtable` folder wherever the
#: server was started.
PYTHON = (sys.executable, "-P")
#: Seconds an app process has to quit once asked before it is killed.
QUIT_GRACE = 3.0
#: The line the gateway prints once it listens.
READY = "cardtable-web-ready"
DEFAULT_WEB_MAX = 16

#: What a player without textual-serve is told.
INSTALL_HINT = (
    "serving the table to browsers needs textual-serve: pip install 'cardtable[web]' "
    "(or pip install textual-serve)"
)


class WebUnavailable(Exception):
    """`--web` cannot be served here (textual-serve is missing)."""


def check_web_available() -> None:
    """Raise `WebUnavailable`, saying how to get it, if textual-serve is not installed."""
    if importlib.util.find_spec("textual_serve") is None:
        raise WebUnavailable(INSTALL_HINT)


@dataclass(frozen=True)
class WebSettings:
    """Where browsers are served, and how many at once."""

    port: int = DEFAULT_WEB_PORT
    max_sessions: int = DEFAULT_WEB_MAX


@dataclass(frozen=True)
class WebGateway:
    """A gateway for the game server at ``server_host:server_port`` (as this machine reaches
    it), listening on `host` (None: every interface, like the server)."""

    settings: WebSettings
    host: str | None
    server_host: str
    server_port: int

    def app_command(self) -> str:
        """The shell command of one browser tab's app: the terminal client, pointed at the
        server, asking the player's name."""
        join = [*PYTHON, "-m", "cardtable", "join"]
        join += [f"{self.server_host}:{self.server_port}", "--browser"]
        return "exec " + shlex.join(join)

    def argv(self) -> list[str]:
        return [
            *PYTHON,
            "-m",
            "cardtable.web.gateway",
            "--host",
            self.host or "0.0.0.0",
            "--port",
            str(self.settings.port),
            "--max-sessions",
            str(self.settings.max_sessions),
            "--command",
            self.app_command(),
        ]


def server_host_for(host: str | None) -> str:
    """The address an app on this machine connects to, for a server listening on `host`."""
    return "127.0.0.1" if host in (None, "", "0.0.0.0") else host if host != "::" else "::1"


async def run_gateway(
    gateway: WebGateway,
    served: WebServed | None = None,
    *,
    task_status: trio.TaskStatus[str | None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Run the gateway until cancelled, with `served` holding its port while browsers can
    connect (the server's announcement reads it). Started with ``nursery.start``, it reports
    None once browsers can connect, or why not (also logged) if it could not start; the caller
    carries on either way."""
    from cardtable.server.app import WebServed

    served = served if served is not None else WebServed()
    try:
        async with trio.open_nursery() as nursery:
            process: trio.Process = await nursery.start(_run_process, gateway.argv())
            assert process.stdout is not None and process.stderr is not None
            lines = _Lines(process.stdout)
            while (line := await lines.next()) is not None and line != READY:
                log.info("web: %s", line)
            if line is None:
                why = (await _read_all(process.stderr)).strip().splitlines()
                problem = why[-1] if why else f"the web gateway stopped ({await process.wait()})"
                log.error("the web page is not served: %s; the game server carries on", problem)
                task_status.started(problem)
                return
            served.port = gateway.settings.port
            task_status.started(None)
            nursery.start_soon(_log_lines, lines)
            nursery.start_soon(_log_lines, _Lines(process.stderr))
            code = await process.wait()
            served.port = None
            log.error("the web gateway stopped (exit code %s); the game server carries on", code)
    finally:
        served.port = None


async def _run_process(argv: list[str], *, task_status: trio.TaskStatus[trio.Process]) -> None:
    async def stop(process: trio.Process) -> None:
        """SIGTERM, so the gateway ends its app processes; killed if it takes too long."""
        process.terminate()
        with trio.move_on_after(QUIT_GRACE + 2):
            await process.wait()
            return
        process.kill()

    await trio.run_process(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        check=False,
        deliver_cancel=stop,
        start_new_session=True,  # a Ctrl-C at the terminal is the server's to handle
        task_status=task_status,
    )


class _Lines:
    """The lines of a process's output stream, decoded."""

    def __init__(self, stream: trio.abc.ReceiveStream) -> None:
        self.stream = stream
        self.buffer = b""

    async def next(self) -> str | None:
        """The next line, without its end; None at the end of the stream."""
        while b"\n" not in self.buffer:
            data = await self.stream.receive_some()
            if not data:
                if not self.buffer:
                    return None
                self.buffer += b"\n"
            self.buffer += data
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode(errors="replace").rstrip("\r")


async def _log_lines(lines: _Lines) -> None:
    while (line := await lines.next()) is not None:
        if line.strip():
            log.info("web: %s", line)


async def _read_all(stream: trio.abc.ReceiveStream) -> str:
    chunks = []
    while data := await stream.receive_some():
        chunks.append(data)
    return b"".join(chunks).decode(errors="replace")
