"""`cardtable serve`: a server that players on the network join."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.server.app import RunningServer
    from cardtable.server.config import ServerConfig
    from cardtable.web.runner import WebSettings


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = commands.add_parser("serve", help="run a server that players on the LAN can join")
    serve.add_argument("--host", default=None, help="address to listen on (default: all)")
    serve.add_argument("--port", type=int, default=7777, help="TCP port (default 7777)")
    serve.add_argument(
        "--password",
        default=os.environ.get("CARDTABLE_PASSWORD") or None,
        help="a password players must give (default: $CARDTABLE_PASSWORD, which ps does not show)",
    )
    serve.add_argument(
        "--max-clients", type=int, default=2000, help="connections at once, in all (default 2000)"
    )
    serve.add_argument(
        "--max-per-address",
        type=int,
        default=32,
        help="connections at once from one address; 0: no limit (default 32)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        help="seconds a bot waits before acting, unless a table says otherwise (default 0.6)",
    )
    serve.add_argument(
        "--db",
        default=None,
        metavar="PATH",
        help="the file that keeps tables and games (default: server.db in your data folder)",
    )
    serve.add_argument(
        "--name", default=None, help="the name announced on the network (default: the host's)"
    )
    serve.add_argument(
        "--no-announce",
        action="store_true",
        help="do not announce the server on the local network (join it by address only)",
    )
    serve.add_argument(
        "--seed", type=int, default=None, help="fix every table's shuffles, to replay games"
    )
    add_web_arguments(serve)


def add_web_arguments(parser: argparse.ArgumentParser, *, lan: str = "") -> None:
    """`--web`, `--web-port` and `--web-max` (for `serve`, and `play` with `--lan`)."""
    from cardtable.web.runner import DEFAULT_WEB_MAX, DEFAULT_WEB_PORT

    parser.add_argument(
        "--web",
        action="store_true",
        help=f"{lan}also serve the table to web browsers (needs cardtable[web])",
    )
    parser.add_argument(
        "--web-port",
        type=int,
        default=DEFAULT_WEB_PORT,
        help=f"the browsers' port with --web (default {DEFAULT_WEB_PORT})",
    )
    parser.add_argument(
        "--web-max",
        type=int,
        default=DEFAULT_WEB_MAX,
        help=f"browser tabs at once with --web (default {DEFAULT_WEB_MAX})",
    )


def web_settings(args: argparse.Namespace) -> WebSettings | None:
    """The web settings asked for, or None without `--web`; `WebUnavailable` says how to get
    textual-serve if it is missing."""
    from cardtable.web.runner import WebSettings, check_web_available

    if not args.web:
        return None
    check_web_available()
    return WebSettings(port=args.web_port, max_sessions=max(1, args.web_max))


def web_address(host: str | None, settings: WebSettings) -> str:
    """The address browsers open."""
    return f"http://{host or lan_address()}:{settings.port}"


def lan_address() -> str:
    """This machine's address on its local network, as best we can tell (no traffic is sent)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def serve_config(args: argparse.Namespace) -> ServerConfig:
    """The server settings `cardtable serve` was given."""
    from cardtable.server.config import ServerConfig
    from cardtable.server.storage import default_path

    return ServerConfig(
        host=args.host,
        port=args.port,
        password=args.password,
        bot_delay=args.bot_delay,
        max_clients=args.max_clients,
        max_clients_per_address=args.max_per_address or None,
        seed=args.seed,
        db=args.db or str(default_path("server")),
        announce=not args.no_announce,
        announce_name=args.name,
    )


def run(args: argparse.Namespace) -> int:
    import logging

    import trio

    from cardtable.server.storage import StorageError
    from cardtable.web.runner import WebUnavailable

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        web = web_settings(args)
    except WebUnavailable as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 1
    config = serve_config(args)

    def ready(server: RunningServer) -> None:
        where = args.host or lan_address()
        print(f"cardtable server listening on port {server.port}", flush=True)
        print(f"players join at {where}:{server.port}", flush=True)

    def web_ready() -> None:
        assert web is not None
        print(f"browsers open {web_address(args.host, web)}", flush=True)

    try:
        trio.run(serve_with_web, config, web, ready, web_ready)
    except StorageError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"cardtable: cannot listen on port {args.port}: {error.strerror}", file=sys.stderr)
        return 1
    print("cardtable server stopped", flush=True)
    return 0


async def serve_with_web(
    config: ServerConfig,
    web: WebSettings | None,
    on_ready: Callable[[RunningServer], None],
    on_web_ready: Callable[[], None],
) -> None:
    """Serve until signalled (`serve_until_signalled`) and, with `web`, serve browsers beside
    it from the moment it listens until it stops."""
    import trio

    from cardtable.server.app import serve_until_signalled
    from cardtable.web.runner import WebGateway, run_gateway, server_host_for

    listening = trio.Event()
    running: list[RunningServer] = []

    def ready(server: RunningServer) -> None:
        running.append(server)
        on_ready(server)
        listening.set()

    try:
        async with trio.open_nursery() as nursery:

            async def serve_then_stop() -> None:
                await serve_until_signalled(config, ready)
                nursery.cancel_scope.cancel()

            nursery.start_soon(serve_then_stop)
            if web is None:
                return
            await listening.wait()
            gateway = WebGateway(web, config.host, server_host_for(config.host), running[0].port)
            if await nursery.start(run_gateway, gateway, running[0].web) is None:
                on_web_ready()
    except BaseExceptionGroup as group:
        # A busy port or a refused database file, for the caller as a plain error.
        if len(group.exceptions) == 1 and isinstance(group.exceptions[0], Exception):
            raise group.exceptions[0] from None
        raise
