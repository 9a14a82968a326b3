"""Running a server: listen, accept clients, and stop cleanly."""

from __future__ import annotations

import ipaddress
import logging
import signal
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import trio

from cardtable.collector import tune_collector
from cardtable.protocol import PROTOCOL_VERSION
from cardtable.server.bots.thinking import stop_thinking
from cardtable.server.config import ServerConfig
from cardtable.server.lobby.lobby import Lobby
from cardtable.server.net.connection import Connection
from cardtable.server.storage import StorageError, Store, StoredTable, open_database
from cardtable.server.storage.journal import Journal
from cardtable.server.storage.seal import Seal, SealKeeper, read_seal, seal_path

log = logging.getLogger("cardtable.server")


@dataclass
class WebServed:
    """The port browsers are served on beside the server while they are (None: they are
    not); the server's announcement reads it afresh, so it says ``web=PORT`` only then."""

    port: int | None = None


@dataclass(frozen=True)
class RunningServer:
    """What `serve` reports once it listens."""

    lobby: Lobby
    port: int
    cancel_scope: trio.CancelScope
    web: WebServed = field(default_factory=WebServed)

    def stop(self) -> None:
        self.cancel_scope.cancel()


async def _handle_stream(lobby: Lobby, config: ServerConfig, stream: trio.SocketStream) -> None:
    await Connection(stream, lobby, config).run()


async def open_store(config: ServerConfig) -> Store:
    """Open the server's database (in a worker thread); `StorageError` says why it cannot be."""
    database = await trio.to_thread.run_sync(open_database, config.db)
    return Store(database)


async def _listen_then_open(
    config: ServerConfig, listeners: list[trio.SocketListener] | None, store: Store | None
) -> tuple[list[trio.SocketListener], Store]:
    """Listen on the port, then open the database (each unless given), in that order: a busy
    port (`OSError`) leaves no database file behind; a refused file (`StorageError`) closes
    the port again."""
    if listeners is None:
        listeners = await trio.open_tcp_listeners(config.port, host=config.host)
    if store is None:
        try:
            store = await open_store(config)
        except BaseException:
            for listener in listeners:
                listener.socket.close()
            raise
    return listeners, store


def check_seal(
    store: Store, stored: Sequence[StoredTable], next_ids: tuple[int, int]
) -> SealKeeper | None:
    """Say, in one line, what the database has lost of what its seal says was stored (a
    damaged disk or a bad copy); then keep a new seal of what it holds. None for a database
    kept in memory."""
    if store.database.path is None:
        return None
    path = seal_path(store.database.path)
    previous = read_seal(path)
    losses = previous.losses(stored, next_ids) if previous is not None else []
    if losses:
        log.error(
            "The database %s has lost changes it had stored and told players of (a damaged "
            "disk or a bad copy?): %s. Play goes on from what it still holds.",
            store.database.path,
            "; ".join(losses),
        )
    keeper = SealKeeper(path, Seal.of(stored, next_ids))
    keeper.save()
    return keeper


async def serve(
    config: ServerConfig,
    listeners: list[trio.SocketListener] | None = None,
    store: Store | None = None,
    *,
    task_status: trio.TaskStatus[RunningServer] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Serve until cancelled. With ``nursery.start(serve, config)`` the caller gets the
    `RunningServer` (with the port actually bound, handy with ``port=0``).

    The tables stored in the database are restored before the first client is accepted; the
    store is closed when the server stops."""
    if listeners is None or store is None:
        listeners, store = await _listen_then_open(config, listeners, store)
    try:
        stored = await trio.to_thread.run_sync(store.open_tables, config.chat_history)
        first_ids = await trio.to_thread.run_sync(store.next_ids)
        claims = await trio.to_thread.run_sync(store.name_claims)
        standings = await trio.to_thread.run_sync(store.standings)
        seal = await trio.to_thread.run_sync(check_seal, store, stored, first_ids)
        with trio.CancelScope() as scope:
            async with trio.open_nursery() as nursery:
                journal = Journal(store, seal)
                nursery.start_soon(journal.run)
                lobby = Lobby(
                    config,
                    nursery,
                    journal,
                    first_ids=first_ids,
                    claims=claims,
                    standings=standings,
                )
                lobby.restore(stored)
                port = listeners[0].socket.getsockname()[1]
                handler = partial(_handle_stream, lobby, config)
                nursery.start_soon(
                    partial(trio.serve_listeners, handler, listeners, handler_nursery=nursery)
                )
                log.info("listening on port %s", port)
                running = RunningServer(lobby, port, scope)
                if config.announce:
                    await nursery.start(_announce, lobby, config, port, running.web)
                task_status.started(running)
    finally:
        stop_thinking()  # (a search under way must not hold up the exit)
        store.close()


async def _announce(
    lobby: Lobby,
    config: ServerConfig,
    port: int,
    web: WebServed,
    *,
    task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Announce the server on the local network until it stops (`cardtable.discovery`), with
    the web port while `web` has one."""
    from cardtable.discovery.announce import Announcer, announce, lobby_state

    addresses = [config.host] if config.host not in (None, "", "0.0.0.0", "::") else None
    interfaces = config.announce_interfaces
    if interfaces is None and addresses is not None and _is_loopback(addresses[0]):
        # Nobody on the network could reach it: only this machine hears of it.
        interfaces = ("127.0.0.1",)
    announcer = Announcer(
        config.announce_name or socket.gethostname().split(".")[0] or "cardtable",
        port,
        addresses=addresses,
        interfaces=interfaces,
    )
    state = lobby_state(
        config.password is not None,
        PROTOCOL_VERSION,
        lambda: len(lobby.tables),
        lobby.connection_count,
        lambda: web.port,
    )
    # Announcing takes about two seconds (the name is probed first): the server serves
    # meanwhile, and `started` is called at once.
    task_status.started()
    await announce(announcer, state)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


async def serve_until_signalled(
    config: ServerConfig, on_ready: Callable[[RunningServer], None] | None = None
) -> None:
    """Serve until SIGINT or SIGTERM, then say goodbye to every client and stop."""
    # Listen and open the database before the nursery opens, so a busy port is a plain
    # OSError, and a refused file a plain StorageError, for the caller.
    listeners, store = await _listen_then_open(config, None, None)
    try:
        async with trio.open_nursery() as nursery:
            server: RunningServer = await nursery.start(serve, config, listeners, store)
            if config.gc_thresholds is not None:
                tune_collector(config.gc_thresholds, freeze=True)
            if on_ready is not None:
                on_ready(server)
            with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
                async for _ in signals:
                    break
            server.lobby.shutdown()
            with trio.move_on_after(config.flush_timeout):
                await server.lobby.journal.flush()
            await trio.sleep(min(config.flush_timeout, 0.5))
            server.stop()
    except BaseExceptionGroup as group:
        # A stored value that cannot be read stops the server as it restores its tables, inside
        # the nursery: the caller gets it as a plain StorageError, like a refused file.
        if len(group.exceptions) == 1 and isinstance(group.exceptions[0], StorageError):
            raise group.exceptions[0] from None
        raise
