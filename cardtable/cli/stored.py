"""Which stored games a reading command (`history`, `ratings`) opens: a server's file or
`cardtable play`'s, chosen by ``--db`` and ``--play``."""

from __future__ import annotations

import argparse


def add_stored_arguments(parser: argparse.ArgumentParser, what: str) -> None:
    """``--db PATH`` and ``--play``; `what` names what the command reads (``games``)."""
    parser.add_argument(
        "--db", default=None, metavar="PATH", help="the server's file (default: server.db)"
    )
    parser.add_argument(
        "--play", action="store_true", help=f"the {what} of 'cardtable play' (play.db)"
    )


def stored_path(args: argparse.Namespace) -> str:
    """The file ``--db`` names, else the server's or (``--play``) `cardtable play`'s."""
    from cardtable.server.storage import default_path

    return args.db or str(default_path("play" if args.play else "server"))
