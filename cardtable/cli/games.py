"""`cardtable games` lists the games; `cardtable demo` shows bots playing one, in text."""

from __future__ import annotations

import argparse

from cardtable.cli.options import add_option_argument, parse_options
from cardtable.engine import all_games, get_game


def add_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    commands.add_parser("games", help="list the games with their player counts and options")
    demo = commands.add_parser("demo", help="watch bots play a game in text, event by event")
    demo.add_argument("game", help="a game id, as listed by 'cardtable games'")
    demo.add_argument(
        "--players", type=int, default=None, help="number of players (default: fewest)"
    )
    demo.add_argument("--seed", type=int, default=1, help="the shuffle's seed (default 1)")
    demo.add_argument(
        "--bot",
        default=None,
        help="the bots' level: easy, normal or hard (or random; default normal)",
    )
    add_option_argument(demo)
    demo.add_argument(
        "--delay", type=float, default=0.05, help="seconds to pause after each move (default 0.05)"
    )


def run_games(args: argparse.Namespace) -> int:
    for spec in all_games():
        counts = (
            f"{spec.min_players}–{spec.max_players}"
            if spec.min_players != spec.max_players
            else str(spec.min_players)
        )
        print(f"{spec.id:<16} {spec.title} ({counts} players): {spec.summary}")
        for option in spec.options:
            if option.offered:
                print(f"{'':<16}   {option.describe()}")
        print(f"{'':<16}   bots: {', '.join(spec.bots)}")
    return 0


def run_demo(args: argparse.Namespace) -> int:
    from cardtable.demo import run_demo

    spec = get_game(args.game)
    options = parse_options(spec.id, args.option)
    bot = spec.bot_kind(args.bot)
    players = args.players if args.players is not None else spec.min_players
    run_demo(spec.id, players, seed=args.seed, bot=bot, options=options, delay=args.delay)
    return 0
