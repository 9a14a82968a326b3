"""The web gateway: textual-serve's aiohttp server, run in a process of its own
(``python -m cardtable.web.gateway``), serving the client app to browsers.

Each browser tab gets one app process running `command`; at most `max_sessions` at once (a tab
past that gets a page saying so). A closed tab ends its process; the gateway ends every one when
it stops, on SIGTERM or when its standard input closes (the server that started it is gone).
The page gives each browser a cookie of its own, which the tab's app gets in its environment, to
keep its seats and key in that browser's folder (`cardtable.web.browser_folder`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import logging
import os
import signal
import sys
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from cardtable.web.browser_folder import (
    COOKIE,
    COOKIE_LIFETIME,
    ENVIRONMENT,
    new_cookie,
    prune_browser_folders,
    valid_cookie,
)
from cardtable.web.runner import QUIT_GRACE, READY

log = logging.getLogger("cardtable.web")


class BrowserAppService(AppService):
    """One tab's app process, given its browser's cookie (if any) in its environment."""

    def __init__(self, command: str, cookie: str | None, **rest: Any) -> None:
        super().__init__(command, **rest)
        self.cookie = cookie

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.pop(ENVIRONMENT, None)
        if self.cookie is not None:
            environment[ENVIRONMENT] = self.cookie
        return environment


class Gateway(Server):
    """textual-serve's server with a cap on sessions, and every app process ended with it."""

    def __init__(self, command: str, host: str, port: int, max_sessions: int) -> None:
        super().__init__(command, host=host, port=port, title="cardtable")
        self.max_sessions = max_sessions
        self.sessions: set[AppService] = set()

    @property
    def full(self) -> bool:
        return len(self.sessions) >= self.max_sessions

    def full_text(self) -> str:
        return (
            f"This card table has all its browser seats taken ({self.max_sessions} at once). "
            "Try again when someone closes their tab."
        )

    async def handle_index(self, request: web.Request) -> Any:
        """The page that opens the app, its addresses taken from the request (the gateway
        may listen on every interface), or a short page saying the seats are all taken. The
        browser's cookie is set again (a fresh one if it has none that is valid), so that it
        lasts `COOKIE_LIFETIME` from this visit."""
        if self.full:
            return web.Response(text=self.full_text(), status=503)
        cookie = valid_cookie(request.cookies.get(COOKIE)) or new_cookie()
        static = request.app.router["static"].url_for(filename="/")
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"ws://{request.host}/ws",
            "config": {"static": {"url": f"http://{request.host}{static}".rstrip("/") + "/"}},
            "application": {"name": self.title},
        }
        page = aiohttp_jinja2.render_template("app_index.html", request, context)
        page.set_cookie(
            COOKIE, cookie, max_age=COOKIE_LIFETIME, path="/", httponly=True, samesite="Strict"
        )
        return page

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One browser tab: an app process for as long as its websocket is open."""
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if self.full:
            await websocket.send_bytes(f"\r\n  {self.full_text()}\r\n".encode())
            await websocket.close()
            return websocket

        async def close() -> None:
            await websocket.close()

        service = BrowserAppService(
            self.command,
            valid_cookie(request.cookies.get(COOKIE)),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
        )
        self.sessions.add(service)
        try:
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            log.exception("a browser session failed")
        finally:
            await _end(service)
            self.sessions.discard(service)
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve prints a banner here.)"""

    async def on_shutdown(self, app: web.Application) -> None:
        await asyncio.gather(*(_end(service) for service in list(self.sessions)))


async def _end(service: AppService) -> None:
    """Ask the app process to quit, and kill it if it has not within `QUIT_GRACE`."""
    process = service._process
    with contextlib.suppress(Exception):
        await asyncio.wait_for(service.stop(), QUIT_GRACE)
    if process is not None and process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()


async def serve(gateway: Gateway) -> None:
    """Listen, say `READY`, and serve until SIGTERM, SIGINT or the end of standard input (the
    server that started the gateway is gone); then end every app process. `OSError` if the
    port cannot be had."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stop.set)

    def read_stdin() -> None:
        if not os.read(sys.stdin.fileno(), 1024):  # end of file
            loop.remove_reader(sys.stdin.fileno())
            stop.set()

    loop.add_reader(sys.stdin.fileno(), read_stdin)
    prune_browser_folders()
    runner = web.AppRunner(await gateway._make_app(), handle_signals=False)
    await runner.setup()
    try:
        await web.TCPSite(runner, gateway.host, gateway.port).start()
        print(READY, flush=True)
        await stop.wait()
    finally:
        await runner.cleanup()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.web.gateway")
    parser.add_argument("--host", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--max-sessions", type=int, required=True)
    parser.add_argument("--command", required=True, help="the shell command of one app")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    try:
        asyncio.run(serve(Gateway(args.command, args.host, args.port, args.max_sessions)))
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            why = f"the web port {args.port} is taken"
        else:
            why = f"cannot listen on the web port {args.port}: {error.strerror}"
        print(why, file=sys.stderr, flush=True)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
