"""`cardtable play`: a game against bots at once, on a server of its own."""

from __future__ import annotations

import argparse
import enum
import shlex
import sys
from typing import TYPE_CHECKING

from cardtable.cli.options import add_option_argument, parse_options
from cardtable.cli.serve import add_web_arguments, lan_address, web_address, web_settings
from cardtable.engine import OptionError, get_game

if TYPE_CHECKING:
    from cardtable.play import UnfinishedGame


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    play = commands.add_parser("play", help="play at once against bots (others may join)")
    play.add_argument(
        "game", nargs="?", default="chinese-ten", help="a game id (default chinese-ten)"
    )
    play.add_argument("--players", type=int, default=None, help="players, you included")
    play.add_argument("--name", default=None, help="your name (default: your login name)")
    play.add_argument(
        "--lan", action="store_true", help="let others on the network join; prints the address"
    )
    play.add_argument("--port", type=int, default=None, help="the port with --lan (default 7777)")
    play.add_argument(
        "--no-announce",
        action="store_true",
        help="with --lan, do not announce the game on the local network",
    )
    play.add_argument("--seed", type=int, default=None, help="fix the shuffles, to replay a game")
    play.add_argument(
        "--bot",
        default=None,
        help="the bots' level: easy, normal or hard (or random; default normal)",
    )
    play.add_argument(
        "--think",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds hard bots think over each move (default 0.5)",
    )
    play.add_argument(
        "--new", action="store_true", help="start a new game even if one is unfinished"
    )
    play.add_argument(
        "--unrated",
        action="store_true",
        help="a practice game: no rating changes, and moves may be taken back",
    )
    play.add_argument(
        "--clock",
        default=None,
        metavar="TIME",
        help="a turn clock: 30s for each move, or 10m+5s a bank each with 5 s added a move",
    )
    play.add_argument(
        "--db",
        default=None,
        metavar="PATH",
        help="the file that keeps your games (default: play.db in your data folder)",
    )
    add_web_arguments(play, lan="with --lan, ")
    add_option_argument(play)


def run(args: argparse.Namespace) -> int:
    from cardtable.client.ui.app import run_client
    from cardtable.client.ui.create_table import TablePlan, think_seconds
    from cardtable.client.ui.problems import default_name
    from cardtable.client.ui.turn_clock import clock_from_text
    from cardtable.play import local_config, play_plan, unfinished_other_game
    from cardtable.server.storage import StorageError, check_database, default_path
    from cardtable.web.runner import WebUnavailable

    spec = get_game(args.game)
    players = args.players if args.players is not None else spec.min_players
    options = parse_options(spec.id, args.option)
    spec.setup(players, options)  # a bad count or option is reported here, before the screen
    settings: dict[str, object] = {}
    kind = spec.bot_kind(args.bot)  # an unknown kind is reported here
    if args.think is not None:
        try:
            settings["bot_think"] = think_seconds(str(args.think))
        except ValueError as error:
            raise OptionError(str(error)) from None
    if args.unrated:
        settings["rated"] = False
    if args.clock is not None:
        try:
            settings["clock"] = clock_from_text(args.clock)
        except ValueError as error:
            raise OptionError(str(error)) from None
    if args.web and not args.lan:
        raise OptionError("--web serves the game to browsers on the network: add --lan.")
    try:
        web = web_settings(args)
    except WebUnavailable as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 1
    db = args.db or str(default_path("play"))
    try:
        check_database(db)
    except StorageError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 1
    name = args.name or default_name()
    other = None if args.new else unfinished_other_game(db, name, spec.id)
    if other is not None:
        choice = _ask_about_unfinished(other, spec.id, spec.title, args)
        if choice is Unfinished.KEEP or choice is Unfinished.TOLD:
            return 0 if choice is Unfinished.KEEP else 1
        if choice is Unfinished.RESUME:
            spec, players, options = get_game(other.game), other.players, {}
            kind = spec.bot_kind(None)
    config = local_config(
        lan=args.lan, port=args.port, seed=args.seed, db=db, announce=not args.no_announce
    )
    if args.lan:
        print(f"Others on your network join with: cardtable join {lan_address()}:{config.port}")
    if web is not None:
        print(f"or in a web browser: {web_address(None, web)}")
    plan, server = play_plan(
        TablePlan(spec.id, players, options, settings=settings, bot_kind=kind),
        name,
        config,
        new=args.new,
        web=web,
    )
    run_client(plan)
    if server.web_problem is not None:
        print(f"cardtable: {server.web_problem}", file=sys.stderr)
    return 0


class Unfinished(enum.Enum):
    """What `cardtable play` does about an unfinished game of another kind."""

    RESUME = "resume"
    ABANDON = "abandon"
    KEEP = "keep"
    #: Not asked (no terminal): the player was told which command does what.
    TOLD = "told"


def _ask_about_unfinished(
    other: UnfinishedGame, game: str, title: str, args: argparse.Namespace
) -> Unfinished:
    """What to do about the player's unfinished game `other`, which starting `game` would
    abandon: asked in the terminal; without one, the player is told the commands for each."""
    same = "".join(
        f" --{flag} {shlex.quote(value)}"
        for flag, value in (("name", args.name), ("db", args.db))
        if value
    )
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(
            f"cardtable: you have an unfinished game of {other.title} ({other.players} players):"
            f"\n  cardtable play {other.game}{same}  goes back to it"
            f"\n  cardtable play {game}{same} --new  abandons it and starts {title}",
            file=sys.stderr,
        )
        return Unfinished.TOLD
    print(
        f"You have an unfinished game of {other.title} ({other.players} players).\n"
        "  r  go back to it\n"
        f"  a  abandon it and start {title}\n"
        "  q  quit, keeping it for later"
    )
    choices = {"r": Unfinished.RESUME, "a": Unfinished.ABANDON, "q": Unfinished.KEEP}
    while True:
        try:
            answer = input("r, a or q? ").strip().lower()
        except EOFError:
            return Unfinished.KEEP
        if answer in choices:
            return choices[answer]
