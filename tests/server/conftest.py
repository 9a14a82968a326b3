"""A real server on a real port for each test, and helpers to connect to it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import partial
from typing import Any

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.server.app import RunningServer, serve
from cardtable.server.config import ServerConfig
from cardtable.server.storage import Store

HOST = "127.0.0.1"

#: Rate limits out of the way of clients that play as fast as the rules allow.
UNTHROTTLED: dict[str, Any] = {
    "action_rate": 1e6,
    "action_burst": 10**6,
    "request_rate": 1e6,
    "request_burst": 10**6,
}

Connect = Callable[..., AbstractAsyncContextManager[ClientSession]]


def server_config(**changes: Any) -> ServerConfig:
    """Fast settings for tests: bots act at once, and clients may act and ask as fast as they
    like (the tests of those limits set them)."""
    settings: dict[str, Any] = {"host": HOST, "port": 0, "bot_delay": 0.0, **UNTHROTTLED}
    settings.update(changes)
    return ServerConfig(**settings)


@pytest.fixture
def config() -> ServerConfig:
    return server_config()


@pytest.fixture
async def server(nursery: trio.Nursery, config: ServerConfig) -> AsyncIterator[RunningServer]:
    running: RunningServer = await nursery.start(serve, config)
    yield running
    running.stop()


@pytest.fixture
def client(server: RunningServer) -> Connect:
    """``async with client("Ada") as ada:`` — a session connected to the test server."""
    return partial(connect, HOST, server.port)


@asynccontextmanager
async def served(config: ServerConfig, store: Store | None = None) -> AsyncIterator[RunningServer]:
    """A real server on `config` until the block ends; then it is stopped and has closed its
    database before the block is left (so the next server can open the file)."""
    async with trio.open_nursery() as nursery:
        running: RunningServer = await nursery.start(serve, config, None, store)
        try:
            yield running
        finally:
            running.stop()
