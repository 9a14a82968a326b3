"""What one step costs the server, stage by stage, without the network: after each action a
table builds every seat's view (`Game.view`), turns it into an update on the view that seat was
sent before (`Fanout.change`: a patch, with the public events and equal operations shared) and
encodes each update (`Update.packed`). This times each stage per step over random-bot games on
one core, four seats and no spectator (as the load benchmark plays).

Usage: ``python benchmarks/step_cost.py [--games N] [--steps S] [--game ID ...]``.
"""

from __future__ import annotations

import argparse
import time

from cardtable.engine import RandomBot, new_game
from cardtable.protocol import Update
from cardtable.server.table.fanout import Fanout

#: Each game at its largest table.
TABLES = {"chinese-ten": 4, "thistle": 4, "queen-of-scots": 4, "trupe": 4, "nobility": 3}


def time_steps(game_id: str, players: int, games: int, steps: int) -> dict[str, float]:
    """Microseconds a step spends applying the action, building views, patching, encoding."""
    spent = dict.fromkeys(("apply", "views", "patches", "encoding"), 0.0)
    count = 0
    for seed in range(games):
        game = new_game(game_id, players, seed=seed)
        bots = [RandomBot(seat) for seat in range(players)]
        fanout = Fanout()
        events: list = []
        for _ in range(steps):
            if game.over:
                break
            clock = time.perf_counter
            t0 = clock()
            views = game.views(list(range(players)))
            t1 = clock()
            step = fanout.step()
            changes = []
            for seat in range(players):
                told = step.events(events, seat)
                changes.append((told, *fanout.change(seat, views[seat], told, step)))
            t2 = clock()
            for told, view, patch in changes:
                Update(
                    table_id=1, game_no=1, seq=count, events=told, view=view, patch=patch
                ).packed()
            t3 = clock()
            seat = game.actors[0]
            action = bots[seat].choose(None, game.legal(seat))
            t4 = clock()
            events = game.apply(seat, action)
            t5 = clock()
            spent["views"] += t1 - t0
            spent["patches"] += t2 - t1
            spent["encoding"] += t3 - t2
            spent["apply"] += t5 - t4
            count += 1
    return {stage: seconds / count * 1e6 for stage, seconds in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per line")
    parser.add_argument("--steps", type=int, default=400, help="steps per game at most")
    parser.add_argument("--game", nargs="*", default=list(TABLES), help="games to time")
    args = parser.parse_args()
    stages = ("apply", "views", "patches", "encoding")
    print(f"{'game':<16}{'players':>8}" + "".join(f"{stage:>10}" for stage in stages) + "  µs")
    for game_id in args.game:
        players = TABLES[game_id]
        spent = time_steps(game_id, players, args.games, args.steps)
        print(f"{game_id:<16}{players:>8}" + "".join(f"{spent[stage]:>10,.0f}" for stage in stages))


if __name__ == "__main__":
    main()
