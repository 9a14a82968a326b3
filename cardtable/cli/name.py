"""`cardtable name`: the names this data folder's key holds on a server, and moving them to
another device (`export` shows a one-time code, `import CODE` takes the names), or letting one
go (`release NAME`)."""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING

from cardtable.cli.join import add_server_arguments
from cardtable.client.address import split_address

if TYPE_CHECKING:
    from cardtable.client.session import ClientSession

#: The width the command's sentences are wrapped to.
WIDTH = 78


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    name = commands.add_parser("name", help="the names that stay yours on a server")
    actions = name.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="the names this device holds on the server")
    export = actions.add_parser(
        "export", help="show a one-time code that moves this device's names to another"
    )
    taking = actions.add_parser("import", help="take the names of a code from another device")
    taking.add_argument("code", metavar="CODE", help="the code `cardtable name export` showed")
    release = actions.add_parser("release", help="let a name go: anyone may claim it again")
    release.add_argument("name", metavar="NAME", help="the name to let go")
    for action in (listing, export, taking, release):
        add_server_arguments(action, found="the one found on the network")


#: What a request does with a session: the lines to print.
Request = Callable[["ClientSession", str], Awaitable[list[str]]]


def run(args: argparse.Namespace) -> int:
    import trio

    from cardtable.client.handshake import HandshakeRefused
    from cardtable.client.player_key import player_key
    from cardtable.client.session import ConnectionLost, RequestFailed
    from cardtable.client.ui.problems import explain
    from cardtable.protocol import ErrorCode

    address = args.address or _found_server()
    if address is None:
        return 1
    host, port = split_address(address)
    try:
        key = player_key()
    except OSError as error:
        return _fail(f"cannot keep this device's key: {error}")
    request = _REQUESTS[args.action]
    try:
        lines = trio.run(partial(_ask, host, port, args.password, key, partial(request, args)))
    except HandshakeRefused as error:
        if error.code == ErrorCode.BAD_PASSWORD:
            return _fail(f"{error.message} Give it with --password.")
        failed = explain(error, host, port, CONNECT_TIMEOUT)
        return _fail(f"{failed.problem} {failed.advice}")
    except (OSError, trio.TooSlowError) as error:
        failed = explain(error, host, port, CONNECT_TIMEOUT)
        return _fail(f"{failed.problem} {failed.advice}")
    except RequestFailed as error:
        return _fail(error.message)
    except ConnectionLost:
        return _fail("the server closed the connection.")
    for line in lines:
        print(textwrap.fill(line, WIDTH))
    return 0


#: Seconds to wait for the server.
CONNECT_TIMEOUT = 10.0


async def _ask(host: str, port: int, password: str | None, key: str, request: Request) -> list[str]:
    """Connect with this device's key (under a passing name, `keyholder`) and make `request`."""
    from cardtable.client.handshake import keyholder

    async with keyholder(host, port, key, password=password, timeout=CONNECT_TIMEOUT) as session:
        return await request(session, f"{host}:{port}")


def _listed(names: list[str]) -> str:
    """Names in a sentence: ``Ada, Bram``."""
    return ", ".join(names)


async def _list(args: argparse.Namespace, session: ClientSession, where: str) -> list[str]:
    names = await session.list_names()
    if not names:
        return [
            f"This device holds no names on {where} yet: a name is yours once you finish a "
            "game under it."
        ]
    return [f"This device holds on {where}: {_listed(names)}."]


async def _export(args: argparse.Namespace, session: ClientSession, where: str) -> list[str]:
    code = await session.export_names()
    named = f"the name{'s' if len(code.names) > 1 else ''} {_listed(code.names)}"
    return [
        f"Your code: {code.code}",
        f"On the other device, within {code.minutes} minutes, run:",
        f"  cardtable name import {code.code} {where}",
        f"It moves {named} to that device. The code works once.",
    ]


async def _import(args: argparse.Namespace, session: ClientSession, where: str) -> list[str]:
    names = await session.import_names(args.code)
    return [f"This device now holds on {where}: {_listed(names)}."]


async def _release(args: argparse.Namespace, session: ClientSession, where: str) -> list[str]:
    names = await session.release_name(args.name)
    still = f" This device still holds {_listed(names)}." if names else ""
    return [f"{args.name} is free again on {where}: anyone may claim it.{still}"]


_REQUESTS = {"list": _list, "export": _export, "import": _import, "release": _release}


def _found_server() -> str | None:
    """The address of the one server announced on the network, or None (having said why)."""
    from cardtable.discovery.browse import find_servers

    found, error = find_servers(2.0)
    if error is not None or len(found) != 1:
        why = error or f"{len(found) or 'no'} servers answered on this network"
        _fail(f"give the server's address (HOST:PORT): {why}.")
        return None
    return found[0].address


def _fail(text: str) -> int:
    print(textwrap.fill(f"cardtable: {text}", WIDTH, subsequent_indent="  "), file=sys.stderr)
    return 1
