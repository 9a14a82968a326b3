"""Running a server: listen, accept clients, and stop cleanly."""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import trio

from cardtable.server.clients import Client
from cardtable.server.config import ServerConfig
from cardtable.server.lobby import Lobby

log = logging.getLogger("cardtable.server")


@dataclass(frozen=True)
class RunningServer:
    """What `serve` reports once it listens."""

    lobby: Lobby
    port: int
    cancel_scope: trio.CancelScope

    def stop(self) -> None:
        self.cancel_scope.cancel()


async def _handle_stream(lobby: Lobby, config: ServerConfig, stream: trio.SocketStream) -> None:
    await Client(stream, lobby, config).run()


async def serve(
    config: ServerConfig,
    listeners: list[trio.SocketListener] | None = None,
    *,
    task_status: trio.TaskStatus[RunningServer] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve until cancelled. With ``nursery.start(serve, config)`` the caller gets the
    `RunningServer` (with the port actually bound, handy with ``port=0``)."""
    if listeners is None:
        listeners = await trio.open_tcp_listeners(config.port, host=config.host)
    with trio.CancelScope() as scope:
        async with trio.open_nursery() as nursery:
            lobby = Lobby(config, nursery)
            port = listeners[0].socket.getsockname()[1]
            handler = partial(_handle_stream, lobby, config)
            nursery.start_soon(
                partial(trio.serve_listeners, handler, listeners, handler_nursery=nursery)
            )
            log.info("listening on port %s", port)
            task_status.started(RunningServer(lobby, port, scope))


async def serve_until_signalled(
    config: ServerConfig, on_ready: Callable[[RunningServer], None] | None = None
) -> None:
    """Serve until SIGINT or SIGTERM, then say goodbye to every client and stop."""
    # Listen before the nursery opens, so a busy port is a plain OSError for the caller.
    listeners = await trio.open_tcp_listeners(config.port, host=config.host)
    async with trio.open_nursery() as nursery:
        server: RunningServer = await nursery.start(serve, config, listeners)
        if on_ready is not None:
            on_ready(server)
        with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
            async for _ in signals:
                break
        server.lobby.shutdown()
        await trio.sleep(min(config.flush_timeout, 0.5))
        server.stop()
