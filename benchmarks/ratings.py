"""What ratings cost: rating a finished game and reading the leaderboard, in a real SQLite file
holding 10,000 rated games.

Method. A fresh database file (WAL, synchronous FULL, as the server opens it) gets ``--games``
finished games of the five kinds among ``--players`` people and the three kinds of bot, 2 to 4
seats each (Thistle's 4-player games in partnerships), with random places. Each game is rated as
the server rates one: the changes computed (`rate`, openskill's Plackett-Luce) and stored in one
transaction with the players' new ratings (`RateGame`), committed to disk; that whole step is
timed. Then the leaderboard of one game and of every game (the best 50, as `cardtable ratings`
reads them) and a player's record (`player_record`) are each read ``--reads`` times.

Usage: ``python benchmarks/ratings.py [--games 10000] [--players 60] [--reads 1000]
[--folder DIR]`` (the file's folder: on a disk, not a tmpfs, for the real cost of a commit).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardtable.protocol.player_record import bot_player
from cardtable.server.ratings.outcome import RatedGame, rate
from cardtable.server.ratings.record import read_record
from cardtable.server.ratings.skill import NEW_SKILL, Skill
from cardtable.server.storage import Store, open_database
from cardtable.server.storage.codec import pack
from cardtable.server.storage.ratings import RateGame, leaderboard

GAMES = ("chinese-ten", "thistle", "queen-of-scots", "trupe", "nobility")
BOTS = tuple(bot_player(kind) for kind in ("search", "heuristic", "random"))


def a_game(game_id: int, people: list[str], rng: random.Random) -> RatedGame:
    """A finished game with random players and places."""
    game = rng.choice(GAMES)
    seats = 3 if game == "nobility" else rng.randint(2, 4)
    players = rng.sample(people, seats)
    if rng.random() < 0.2:  # a bot on the last seat
        players[-1] = rng.choice(BOTS)
    if game == "thistle" and seats == 4:
        sides: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
    else:
        sides = tuple((seat,) for seat in range(seats))
    ranks = tuple(rng.randint(1, len(sides)) for _ in sides)
    return RatedGame(game_id, game, sides, ranks, tuple(players))


def add_finished_games(store: Store, count: int) -> None:
    """The rows the rating changes refer to: one table, `count` finished games."""
    connection = store.database.connection
    connection.execute("BEGIN")
    connection.execute(
        "INSERT INTO tables (id, game, seats, options, settings, creator, opened_at)"
        " VALUES (1, 'nobility', 3, ?, ?, 'bench', 0)",
        (pack({}), pack({})),
    )
    connection.executemany(
        "INSERT INTO games (id, table_id, game_no, game, seats, options, seed, dealer, players,"
        " dealt_to, started_at, finished_at, result) VALUES (?, 1, ?, 'x', 3, ?, 0, 0, ?, ?,"
        " 0, 0, NULL)",
        [(n, n, pack({}), pack([]), pack([])) for n in range(1, count + 1)],
    )
    connection.execute("COMMIT")


def timed(action: Callable[[], object], times: int) -> list[float]:
    """Milliseconds each of `times` calls of `action` took."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        action()
        spent.append((time.perf_counter() - start) * 1000)
    return spent


def figures(label: str, spent: list[float]) -> str:
    spent = sorted(spent)
    p99 = spent[min(len(spent) - 1, int(len(spent) * 0.99))]
    return f"{label:<34} median {statistics.median(spent):6.2f} ms   p99 {p99:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--reads", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--folder", default=None, help="where the file goes (default: a temporary folder)"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    people = [f"Player {n}" for n in range(1, args.players + 1)]
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        path = Path(folder) / "ratings.db"
        store = Store(open_database(path))
        add_finished_games(store, args.games)
        current: dict[tuple[str, str], Skill] = {}
        updates = []
        for game_id in range(1, args.games + 1):
            game = a_game(game_id, people, rng)
            start = time.perf_counter()
            changes = rate(game, lambda player, g=game.game: current.get((player, g), NEW_SKILL))
            store.write([RateGame(tuple(changes))])
            updates.append((time.perf_counter() - start) * 1000)
            for change in changes:
                current[change.player, change.game] = change.after
        connection = store.database.connection
        print(
            f"{args.games} rated games, {len(current)} ratings, {path.stat().st_size // 1024} KiB"
        )
        print(figures("update after a game (to disk)", updates))
        print(figures("  the last 1,000 of them", updates[-1000:]))
        board = timed(lambda: leaderboard(connection, "nobility", 50), args.reads)
        print(figures("leaderboard of one game (50)", board))
        every = timed(lambda: leaderboard(connection, None, 50), args.reads)
        print(figures("leaderboard of every game (50)", every))
        record = timed(lambda: read_record(connection, "Player 7"), args.reads)
        print(figures("a player's record", record))
        store.close()


if __name__ == "__main__":
    main()
