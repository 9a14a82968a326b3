"""`cardtable join` joins a server in the terminal client; `cardtable servers` lists the
servers announced on the network."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from cardtable.client.address import split_address


def add_server_arguments(parser: argparse.ArgumentParser, *, found: str) -> None:
    """The server to reach, HOST:PORT (without it: what `found` says), and its `--password`."""
    parser.add_argument(
        "address",
        metavar="HOST:PORT",
        nargs="?",
        default=None,
        help=f"the server, e.g. 192.168.1.20:7777 (default: {found})",
    )
    parser.add_argument("--password", default=None, help="the server's password, if it has one")


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    join = commands.add_parser("join", help="join a server on the network")
    add_server_arguments(join, found="pick one found on the network")
    join.add_argument("--name", default=None, help="your name (default: your login name)")
    join.add_argument(
        "--browser",
        action="store_true",
        help="as in a browser tab: ask the name in the app; keep seats and a key only in the "
        "folder of the browser whose cookie the web gateway hands over",
    )
    servers = commands.add_parser("servers", help="list the servers announced on the network")
    servers.add_argument("--json", action="store_true", help="print them as JSON, for scripts")
    servers.add_argument("--wait", type=float, default=2.0, help="seconds to listen (default 2)")


def run_join(args: argparse.Namespace) -> int:
    from cardtable.client.ui.app import JoinPlan, run_client
    from cardtable.client.ui.problems import default_name

    if args.address is None:
        from cardtable.client.ui.picker import PickerApp

        chosen = PickerApp().run()
        if chosen is None:
            return 0
        args.address = chosen
    host, port = split_address(args.address)
    data = browser_data() if args.browser else None
    plan = JoinPlan(
        host,
        port,
        args.name or default_name(),
        args.password,
        keep_seats=not args.browser or data is not None,
        ask_name=args.browser and args.name is None,
        data=data,
    )
    run_client(plan)
    return 0


def browser_data() -> Path | None:
    """A browser tab's own folder, for the cookie the web gateway put in the environment
    (taken out of it); None without a valid cookie, or if the disk refuses the folder: the tab
    then keeps nothing on this machine, whose data folder every browser player shares."""
    from cardtable.web.browser_folder import ENVIRONMENT, open_browser_folder, valid_cookie

    cookie = valid_cookie(os.environ.pop(ENVIRONMENT, None))
    if cookie is None:
        return None
    try:
        return open_browser_folder(cookie)
    except OSError:
        return None


def run_servers(args: argparse.Namespace) -> int:
    import json

    from cardtable.discovery.browse import find_servers
    from cardtable.protocol import PROTOCOL_VERSION

    found, error = find_servers(max(0.1, args.wait))
    if args.json:
        print(json.dumps([ad.as_json() for ad in found], indent=2))
    elif error is not None:
        print(
            f"cardtable: cannot look for servers on this network ({error}); "
            "join one by address: cardtable join HOST:PORT",
            file=sys.stderr,
        )
    elif not found:
        print(
            "No servers found on this network. Multicast may be blocked here: "
            "join by address with `cardtable join HOST:PORT`."
        )
    for ad in [] if args.json else found:
        print("\n".join(ad.listing(PROTOCOL_VERSION)))
    return 1 if error is not None else 0
