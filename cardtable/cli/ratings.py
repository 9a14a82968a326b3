"""`cardtable ratings`: the leaderboard of a server's (or `cardtable play`'s) ratings, and
`--rebuild`, which computes every rating again from the stored games."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

from cardtable.cli.stored import add_stored_arguments, stored_path

#: The most players the leaderboard lists.
LEADERBOARD_SIZE = 50


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    ratings = commands.add_parser("ratings", help="the leaderboard: each player's rating per game")
    ratings.add_argument("--game", default=None, metavar="G", help="only this game (see 'games')")
    add_stored_arguments(ratings, "ratings")
    ratings.add_argument(
        "--rebuild",
        action="store_true",
        help="compute every rating again from the stored games (the server must be stopped)",
    )


def leaderboard_lines(connection: sqlite3.Connection, game: str | None) -> list[str]:
    """The leaderboard as printed: one line per player and game, the best first (80 columns)."""
    from cardtable.engine import get_game
    from cardtable.server.storage.ratings import leaderboard

    standings = leaderboard(connection, game, LEADERBOARD_SIZE)
    if not standings:
        return ["No rated games yet."]
    lines = [f"{'':>3}  {'player':<24}  {'game':<16}  {'rating':>6}  {'games':>6}  {'wins':>6}"]
    for place, standing in enumerate(standings, 1):
        title = get_game(standing.game).title
        lines.append(
            f"{place:>3}  {standing.player:<24}  {title:<16}  {standing.skill.shown:>6}"
            f"  {standing.games:>6}  {standing.wins:>6}"
        )
    return lines


def run(args: argparse.Namespace) -> int:
    from cardtable.engine import get_game
    from cardtable.server.ratings.rebuild import rebuild
    from cardtable.server.storage import StorageError, open_database
    from cardtable.server.storage.database import open_for_reading

    if args.game is not None:
        get_game(args.game)  # an unknown game is an `OptionError`, told by `main`
    path = stored_path(args)
    if not Path(path).exists():
        print(f"cardtable: no game has been stored here yet ({path}).", file=sys.stderr)
        return 1
    try:
        database = open_database(path) if args.rebuild else open_for_reading(path)
    except StorageError as error:
        print(f"cardtable: {error}", file=sys.stderr)
        return 1
    try:
        if args.rebuild:
            done = rebuild(database.connection)
            games = f"{done.games} game{'' if done.games == 1 else 's'}"
            print(
                f"Rated {games} again: {done.changes} rating changes, "
                f"{done.different} different from those stored."
            )
        print("\n".join(leaderboard_lines(database.connection, args.game)))
    except sqlite3.OperationalError:  # a file from before ratings, opened read-only
        print("No rated games yet.")
    finally:
        database.close()
    return 0
