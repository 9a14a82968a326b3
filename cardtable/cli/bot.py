"""`cardtable bot`: a bot that plays a seat at a server's table, over the network."""

from __future__ import annotations

import argparse
import sys
from functools import partial

from cardtable.client.address import split_address


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bot = commands.add_parser("bot", help="play a seat at a server's table as a bot")
    bot.add_argument("address", metavar="HOST:PORT", help="the server, e.g. 192.168.1.20:7777")
    bot.add_argument("--table", type=int, required=True, help="the table's id")
    bot.add_argument("--seat", type=int, default=None, help="the seat (default: first empty)")
    bot.add_argument(
        "--level",
        "--kind",
        dest="kind",
        metavar="LEVEL",
        default=None,
        help="the bot's level: easy, normal or hard (or random; default normal)",
    )
    bot.add_argument("--name", default=None, help="the bot's name")
    bot.add_argument("--password", default=None, help="the server's password, if it has one")
    bot.add_argument(
        "--delay", type=float, default=0.0, help="seconds to wait before each action (default 0)"
    )
    bot.add_argument(
        "--think",
        type=float,
        default=0.5,
        help="seconds a hard bot thinks over each move (default 0.5)",
    )


def run(args: argparse.Namespace) -> int:
    import trio

    from cardtable.client.bot import run_network_bot
    from cardtable.client.handshake import NotCardtableServer, NoWelcome
    from cardtable.client.session import ConnectionLost, RequestFailed

    host, port = split_address(args.address)
    try:
        end = trio.run(
            partial(
                run_network_bot,
                host,
                port,
                args.table,
                seat=args.seat,
                kind=args.kind,
                name=args.name,
                password=args.password,
                delay=args.delay,
                think=args.think,
                keep_seat=True,
                report=partial(print, flush=True),
            )
        )
    except OSError as error:
        print(f"cardtable: cannot reach {host}:{port}: {error}", file=sys.stderr)
        return 1
    except NoWelcome:
        print(
            f"cardtable: {host}:{port} said nothing a cardtable server would say;\n"
            "  it may be another kind of server (a web server, say)",
            file=sys.stderr,
        )
        return 1
    except trio.TooSlowError:
        print(f"cardtable: {host}:{port} did not answer in time", file=sys.stderr)
        return 1
    except NotCardtableServer as error:
        print(
            f"cardtable: {host}:{port} is not a cardtable server:\n"
            f"  it answers like {error.speaks}",
            file=sys.stderr,
        )
        return 1
    except RequestFailed as error:
        print(f"cardtable: the server said: {error.message}", file=sys.stderr)
        return 1
    except ConnectionLost:
        print("cardtable: the server closed the connection", file=sys.stderr)
        return 1
    print(f"cardtable: {end.message}", file=sys.stderr)
    return end.status
