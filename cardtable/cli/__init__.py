"""The `cardtable` command: its parser, and each command run by the module of its group."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from cardtable import __version__
from cardtable.cli import bot, games, history, join, name, play, ratings, serve
from cardtable.engine import OptionError

#: What runs each command, by its name.
COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "games": games.run_games,
    "demo": games.run_demo,
    "serve": serve.run,
    "bot": bot.run,
    "play": play.run,
    "join": join.run_join,
    "servers": join.run_servers,
    "history": history.run,
    "name": name.run,
    "ratings": ratings.run,
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="A card table for a local network: five card games, bots, and chat.",
    )
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    games.add_parsers(commands)
    serve.add_parser(commands)
    play.add_parser(commands)
    history.add_parser(commands)
    join.add_parsers(commands)
    bot.add_parser(commands)
    name.add_parser(commands)
    ratings.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command in COMMANDS:
            return COMMANDS[args.command](args)
    except OptionError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    parser.print_help()
    return 0
