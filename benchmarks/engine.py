"""Engine speed: complete random-bot games per second and actions per second, per game.

Runs on one core, in this process. Each bot sees its seat's view (built for every action, as a
real bot's would be) and picks a legal action. Also prints how often each game's best bot beats
the random bot, seat for seat. Usage: ``python benchmarks/engine.py [--seconds S] [--games N]``.
"""

from __future__ import annotations

import argparse
import platform
import time
import tracemalloc

from cardtable import __version__
from cardtable.engine import GameSpec, RandomBot, all_games, new_game, play_out


def speed(
    spec: GameSpec, players: int, seconds: float, bot: str = "random"
) -> tuple[int, int, float]:
    """Play games between bots of kind `bot` for about `seconds`; return (games, actions,
    elapsed). Random bots read no view; other bots get their seat's view before every action."""
    games = actions = 0
    start = time.perf_counter()
    while True:
        game = new_game(spec.id, players, seed=games)
        bots = [spec.bots[bot](games * 10 + seat) for seat in range(players)]
        actions += len(play_out(game, bots))
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, actions, elapsed


def memory_per_game(spec: GameSpec, players: int, count: int = 200) -> float:
    """Bytes held by one game in progress (after a few turns), averaged over `count` games."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    games = []
    for seed in range(count):
        game = new_game(spec.id, players, seed=seed)
        bots = [RandomBot(seed + seat) for seat in range(players)]
        for _ in range(10):
            seat = game.actors[0]
            game.apply(seat, bots[seat].choose({}, game.legal_actions(seat)))
        games.append(game)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held / count


def strength(spec: GameSpec, bot: str, games: int) -> float:
    """Share of wins (ties count as half) of `bot` against the random bot in 2-player games,
    each deal played twice with the seats swapped."""
    players = max(2, spec.min_players)
    score = 0.0
    for seed in range(games):
        for hero in (0, 1):
            game = new_game(spec.id, players, seed=seed)
            bots = [
                spec.bots[bot](seed) if seat == hero else RandomBot(seed * 7 + seat)
                for seat in range(players)
            ]
            play_out(game, bots)
            assert game.result is not None
            winners = game.result.winning_seats
            if hero in winners:
                score += 1 / len(winners)
    return score / (2 * games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", type=int, default=1000, help="deals per bot-strength figure")
    args = parser.parse_args()
    print(
        f"cardtable {__version__} engine benchmark, Python {platform.python_version()}, "
        f"{platform.machine()}, one core"
    )
    print(
        f"{'game':<16}{'players':>8}{'bots':>8}{'games/s':>10}{'actions/s':>11}{'actions/game':>14}"
    )
    for spec in all_games():
        for players in spec.player_counts:
            for bot in sorted(spec.bots, key=lambda kind: kind != "random"):
                games, actions, elapsed = speed(spec, players, args.seconds, bot)
                print(
                    f"{spec.id:<16}{players:>8}{bot:>8}{games / elapsed:>10.0f}"
                    f"{actions / elapsed:>11.0f}{actions / games:>14.1f}"
                )
    print()
    print(f"{'game':<16}{'players':>8}{'KiB per game in progress':>27}")
    for spec in all_games():
        for players in spec.player_counts:
            print(f"{spec.id:<16}{players:>8}{memory_per_game(spec, players) / 1024:>27.1f}")
    print()
    print(f"{'game':<16}{'bot':<10}{'score vs random (2 players, seats swapped)':>44}")
    for spec in all_games():
        for bot in sorted(spec.bots):
            if bot != "random":
                share = strength(spec, bot, args.games)
                print(f"{spec.id:<16}{bot:<10}{share:>43.1%}")


if __name__ == "__main__":
    main()
