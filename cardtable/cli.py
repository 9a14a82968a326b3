"""The `cardtable` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from cardtable import __version__
from cardtable.engine import OptionError, all_games, get_game
from cardtable.engine.options import parse_option_text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardtable",
        description="A card table for a local network: five card games, bots, and chat.",
    )
    parser.add_argument("--version", action="version", version=f"cardtable {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("games", help="list the games with their player counts and options")
    demo = commands.add_parser("demo", help="watch bots play a game in text, event by event")
    demo.add_argument("game", help="a game id, as listed by 'cardtable games'")
    demo.add_argument(
        "--players", type=int, default=None, help="number of players (default: fewest)"
    )
    demo.add_argument("--seed", type=int, default=1, help="the shuffle's seed (default 1)")
    demo.add_argument(
        "--bot", default="greedy", help="bot kind: random, greedy, … (default greedy)"
    )
    demo.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. -o decks=1 (repeatable)",
    )
    demo.add_argument(
        "--delay", type=float, default=0.05, help="seconds to pause after each move (default 0.05)"
    )
    return parser


def _games() -> int:
    for spec in all_games():
        counts = (
            f"{spec.min_players}–{spec.max_players}"
            if spec.min_players != spec.max_players
            else str(spec.min_players)
        )
        print(f"{spec.id:<16} {spec.title} ({counts} players): {spec.summary}")
        for option in spec.options:
            print(f"{'':<16}   {option.describe()}")
        print(f"{'':<16}   bots: {', '.join(sorted(spec.bots))}")
    return 0


def _demo(args: argparse.Namespace) -> int:
    from cardtable.demo import run_demo

    spec = get_game(args.game)
    options = {}
    known = {option.name: option for option in spec.options}
    for text in args.option:
        name, sep, value = text.partition("=")
        if not sep or name not in known:
            raise OptionError(
                f"Options are NAME=VALUE with NAME one of: {', '.join(known) or 'none'}."
            )
        options[name] = parse_option_text(known[name], value)
    if args.bot not in spec.bots:
        raise OptionError(f"No bot {args.bot!r}; {spec.title} has: {', '.join(sorted(spec.bots))}.")
    players = args.players if args.players is not None else spec.min_players
    run_demo(spec.id, players, seed=args.seed, bot=args.bot, options=options, delay=args.delay)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            return _games()
        if args.command == "demo":
            return _demo(args)
    except OptionError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
