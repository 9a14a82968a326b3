"""Engine speed: complete random-bot games per second and actions per second, per game.

Runs on one core, in this process. Each bot sees its seat's view (built for every action, as a
real bot's would be) and picks a legal action. Also prints how often each game's bots beat the
random bot, and by how many points, side for side (two players; and two partnerships of two
where a game has them). Usage: ``python benchmarks/engine.py [--seconds S] [--games N]``.
"""

from __future__ import annotations

import argparse
import platform
import time
import tracemalloc
from dataclasses import dataclass
from typing import Any

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


@dataclass(frozen=True)
class Strength:
    """How a bot fared against the random bot."""

    #: Share of the games its side won (a shared win counts as a share).
    share: float
    #: Average points of its side over the best other side, per game.
    margin: float


def strength(
    spec: GameSpec, bot: str, games: int, players: int = 2, options: dict[str, Any] | None = None
) -> Strength:
    """How `bot` does against the random bot: it plays every seat of one side (a partnership's
    two seats in a partnership game), the random bot every other seat; each of `games` deals is
    played once for each side."""
    score = margin = 0.0
    played = 0
    for seed in range(games):
        sides = new_game(spec.id, players, options, seed=seed).sides
        for hero in sides:
            game = new_game(spec.id, players, options, seed=seed)
            bots = [
                spec.bots[bot](seed) if seat in hero else RandomBot(seed * 7 + seat)
                for seat in range(players)
            ]
            play_out(game, bots)
            assert game.result is not None
            winners = game.result.winners
            index = sides.index(hero)
            if index in winners:
                score += 1 / len(winners)
            totals = game.result.totals
            margin += totals[index] - max(t for i, t in enumerate(totals) if i != index)
            played += 1
    return Strength(score / played, margin / played)


def strength_cases(spec: GameSpec) -> list[tuple[int, dict[str, Any], str]]:
    """The line-ups a bot's strength is measured in: the fewest players the game allows (one
    bot against one random bot, or against two in a three-player game); and for a game with
    partnerships, two partnerships of two."""
    players = max(2, spec.min_players)
    cases: list[tuple[int, dict[str, Any], str]] = [(players, {}, f"1 against {players - 1}")]
    if any(option.name == "partnership" for option in spec.options):
        cases.append((4, {"partnership": True}, "2 partners against 2"))
    return cases


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
        f"{'game':<16}{'players':>8}{'bots':>11}{'games/s':>10}{'actions/s':>11}{'actions/game':>14}"
    )
    for spec in all_games():
        for players in spec.player_counts:
            for bot in sorted(spec.bots, key=lambda kind: kind != "random"):
                games, actions, elapsed = speed(spec, players, args.seconds, bot)
                print(
                    f"{spec.id:<16}{players:>8}{bot:>11}{games / elapsed:>10.0f}"
                    f"{actions / elapsed:>11.0f}{actions / games:>14.1f}"
                )
    print()
    print(f"{'game':<16}{'players':>8}{'KiB per game in progress':>27}")
    for spec in all_games():
        for players in spec.player_counts:
            print(f"{spec.id:<16}{players:>8}{memory_per_game(spec, players) / 1024:>27.1f}")
    print()
    print("Against the random bot, each deal played once for each side (a shared win counts half)")
    print(f"{'game':<16}{'bot':<11}{'line-up':<22}{'wins':>8}{'margin/game':>13}")
    for spec in all_games():
        for bot in sorted(spec.bots):
            if bot == "random":
                continue
            for players, options, lineup in strength_cases(spec):
                result = strength(spec, bot, args.games, players, options)
                print(
                    f"{spec.id:<16}{bot:<11}{lineup:<22}{result.share:>8.1%}{result.margin:>+13.1f}"
                )


if __name__ == "__main__":
    main()
