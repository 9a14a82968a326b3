"""The `cardtable` command."""

from __future__ import annotations

import argparse
import enum
import os
import shlex
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from cardtable import __version__
from cardtable.client.address import split_address
from cardtable.engine import OptionError, all_games, get_game
from cardtable.engine.options import parse_option_text

if TYPE_CHECKING:
    from cardtable.play import UnfinishedGame
    from cardtable.server.config import ServerConfig


def build_parser() -> argparse.ArgumentParser:
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
        "--bot", default=None, help="bot kind, as listed by 'cardtable games' (default: the best)"
    )
    _add_option_argument(demo)
    demo.add_argument(
        "--delay", type=float, default=0.05, help="seconds to pause after each move (default 0.05)"
    )
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
        "--bot", default=None, help="the bots' kind, as 'cardtable games' lists (default: the best)"
    )
    play.add_argument(
        "--think",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds search bots think over each move (default 0.5)",
    )
    play.add_argument(
        "--new", action="store_true", help="start a new game even if one is unfinished"
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
    _add_option_argument(play)
    history = commands.add_parser("history", help="list finished games, the latest first")
    history.add_argument(
        "--db", default=None, metavar="PATH", help="the server's file (default: server.db)"
    )
    history.add_argument(
        "--play", action="store_true", help="the games of 'cardtable play' (play.db)"
    )
    history.add_argument(
        "--limit", type=int, default=20, help="how many games to list (default 20)"
    )
    join = commands.add_parser("join", help="join a server on the network")
    join.add_argument(
        "address",
        metavar="HOST:PORT",
        nargs="?",
        default=None,
        help="the server, e.g. 192.168.1.20:7777 (default: pick one found on the network)",
    )
    join.add_argument("--name", default=None, help="your name (default: your login name)")
    join.add_argument("--password", default=None, help="the server's password, if it has one")
    servers = commands.add_parser("servers", help="list the servers announced on the network")
    servers.add_argument("--json", action="store_true", help="print them as JSON, for scripts")
    servers.add_argument("--wait", type=float, default=2.0, help="seconds to listen (default 2)")
    serve.add_argument(
        "--seed", type=int, default=None, help="fix every table's shuffles, to replay games"
    )
    bot = commands.add_parser("bot", help="play a seat at a server's table as a bot")
    bot.add_argument("address", metavar="HOST:PORT", help="the server, e.g. 192.168.1.20:7777")
    bot.add_argument("--table", type=int, required=True, help="the table's id")
    bot.add_argument("--seat", type=int, default=None, help="the seat (default: first empty)")
    bot.add_argument("--kind", default=None, help="bot kind (default: the game's best)")
    bot.add_argument("--name", default=None, help="the bot's name")
    bot.add_argument("--password", default=None, help="the server's password, if it has one")
    bot.add_argument(
        "--delay", type=float, default=0.0, help="seconds to wait before each action (default 0)"
    )
    bot.add_argument(
        "--think",
        type=float,
        default=0.5,
        help="seconds a search bot thinks over each move (default 0.5)",
    )
    return parser


def _add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. -o decks=1 (repeatable)",
    )


def _lan_address() -> str:
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


def _serve(args: argparse.Namespace) -> int:
    import logging

    import trio

    from cardtable.server.app import RunningServer, serve_until_signalled
    from cardtable.server.storage import StorageError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    config = serve_config(args)

    def ready(server: RunningServer) -> None:
        where = args.host or _lan_address()
        print(f"cardtable server listening on port {server.port}", flush=True)
        print(f"players join at {where}:{server.port}", flush=True)

    try:
        trio.run(serve_until_signalled, config, ready)
    except StorageError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"cardtable: cannot listen on port {args.port}: {error.strerror}", file=sys.stderr)
        return 1
    print("cardtable server stopped", flush=True)
    return 0


def _bot(args: argparse.Namespace) -> int:
    import trio

    from cardtable.client.bot import run_network_bot
    from cardtable.client.session import (
        ConnectionLost,
        NotCardtableServer,
        NoWelcome,
        RequestFailed,
    )

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


def _join(args: argparse.Namespace) -> int:
    from cardtable.client.ui.app import CardtableApp, JoinPlan
    from cardtable.client.ui.problems import default_name

    if args.address is None:
        from cardtable.client.ui.picker import PickerApp

        chosen = PickerApp().run()
        if chosen is None:
            return 0
        args.address = chosen
    host, port = split_address(args.address)
    plan = JoinPlan(host, port, args.name or default_name(), args.password)
    CardtableApp(plan).run()
    return 0


def _play(args: argparse.Namespace) -> int:
    from cardtable.client.ui.app import CardtableApp
    from cardtable.client.ui.create_table import TablePlan, think_seconds
    from cardtable.client.ui.problems import default_name
    from cardtable.client.ui.turn_clock import clock_from_text
    from cardtable.play import local_config, play_plan, unfinished_other_game
    from cardtable.server.storage import StorageError, check_database, default_path

    spec = get_game(args.game)
    players = args.players if args.players is not None else spec.min_players
    options = _parse_options(spec.id, args.option)
    spec.setup(players, options)  # a bad count or option is reported here, before the screen
    settings: dict[str, object] = {}
    kind = spec.bot_kind(args.bot)  # an unknown kind is reported here
    if args.think is not None:
        try:
            settings["bot_think"] = think_seconds(str(args.think))
        except ValueError as error:
            raise OptionError(str(error)) from None
    if args.clock is not None:
        try:
            settings["clock"] = clock_from_text(args.clock)
        except ValueError as error:
            raise OptionError(str(error)) from None
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
        print(f"Others on your network join with: cardtable join {_lan_address()}:{config.port}")
    plan, _server = play_plan(
        TablePlan(spec.id, players, options, settings=settings, bot_kind=kind),
        name,
        config,
        new=args.new,
    )
    CardtableApp(plan).run()
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


def _servers(args: argparse.Namespace) -> int:
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


def _history(args: argparse.Namespace) -> int:
    from cardtable.history_text import history_lines
    from cardtable.server.storage import StorageError, default_path

    path = args.db or str(default_path("play" if args.play else "server"))
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


def _parse_options(game: str, texts: Sequence[str]) -> dict[str, object]:
    """``NAME=VALUE`` texts as a game's options, or `OptionError`."""
    spec = get_game(game)
    options: dict[str, object] = {}
    known = {option.name: option for option in spec.options}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or name not in known:
            raise OptionError(
                f"Options are NAME=VALUE with NAME one of: {', '.join(known) or 'none'}."
            )
        options[name] = parse_option_text(known[name], value)
    return options


def _games() -> int:
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
        print(f"{'':<16}   bots: {', '.join(sorted(spec.bots))}")
    return 0


def _demo(args: argparse.Namespace) -> int:
    from cardtable.demo import run_demo

    spec = get_game(args.game)
    options = _parse_options(spec.id, args.option)
    bot = spec.bot_kind(args.bot)
    players = args.players if args.players is not None else spec.min_players
    run_demo(spec.id, players, seed=args.seed, bot=bot, options=options, delay=args.delay)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "games":
            return _games()
        if args.command == "demo":
            return _demo(args)
        if args.command == "serve":
            return _serve(args)
        if args.command == "bot":
            return _bot(args)
        if args.command == "play":
            return _play(args)
        if args.command == "join":
            return _join(args)
        if args.command == "servers":
            return _servers(args)
        if args.command == "history":
            return _history(args)
    except OptionError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
