"""`cardtable history`: the finished games a server or `cardtable play` stored."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardtable.cli.stored import add_stored_arguments, stored_path


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    history = commands.add_parser("history", help="list finished games, the latest first")
    add_stored_arguments(history, "games")
    history.add_argument(
        "--limit", type=int, default=20, help="how many games to list (default 20)"
    )


def run(args: argparse.Namespace) -> int:
    from cardtable.history_text import history_lines
    from cardtable.server.storage import StorageError

    path = stored_path(args)
    if not args.db and not args.play and not Path(path).exists():
        print(
            f"cardtable: no server has stored a game here yet ({path}). "
            "The games of `cardtable play` are listed by `cardtable history --play`.",
            file=sys.stderr,
        )
        return 1
    try:
        lines = history_lines(path, args.limit)
    except StorageError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0
