"""What a search bot's rollout costs in each game, and so how many half a second buys.

    python benchmarks/rollout_cost.py [--deals 4] [--rollouts 100] [--budget 0.5]
        [--game trupe ...] [--horizon N|end]

Heuristic bots play the first 40 actions of `--deals` deals of each game; at every fifth
action where there is a choice, the search bot searches that position for `--rollouts`
rollouts. It prints the CPU time a rollout took (process time, so a busy machine does not
inflate it) and the rollouts that fit in `--budget` seconds: the iteration count that stands
for the issue's half second a move in `benchmarks/bots.py --iterations`. `--horizon` times
rollouts to another horizon (as `bots.py --horizon` plays them).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from cardtable.engine import all_games, start
from cardtable.engine.search import Budget, SearchBot, heard_by
from cardtable.engine.search.pimc import weigh_by_search


class Counter:
    """A budget's stop test that counts the rollouts it was asked about (one a rollout)."""

    def __init__(self, limit: int) -> None:
        self.limit, self.asked = limit, 0

    def __call__(self) -> bool:
        self.asked += 1
        return self.asked > self.limit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--budget", type=float, default=0.5)
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--horizon", default=None, help="rollout moves, or 'end' (a trial)")
    args = parser.parse_args()
    print(f"| game | rollouts timed | ms a rollout (CPU) | rollouts in {args.budget} s |")
    print("|---|---:|---:|---:|")
    for spec in all_games():
        if "search" not in spec.bots or (args.game and spec.id not in args.game):
            continue
        players = max(spec.min_players, 2)
        seconds, rollouts = 0.0, 0
        for seed in range(args.deals):
            game = start(spec.setup(players, seed=seed))
            bots = [spec.bots[spec.default_bot](seat) for seat in range(players)]
            log = list(game.opening_events)
            for step in range(40):
                if game.over:
                    break
                seat = game.actors[0]
                view, legal = game.seat_view(seat), game.legal(seat)
                if step % 5 == 4 and len(legal) > 1 and not view.awaiting_deal:
                    searcher = spec.bots["search"](step)
                    assert isinstance(searcher, SearchBot)
                    counter = Counter(args.rollouts)
                    began = time.process_time()
                    rules = searcher.rules
                    if args.horizon is not None:
                        horizon = None if args.horizon == "end" else int(args.horizon)
                        rules = replace(rules, horizon=horizon)
                    weigh_by_search(
                        rules,
                        view,
                        legal,
                        heard_by(log, seat),
                        random.Random(step),
                        Budget(should_stop=counter),
                    )
                    seconds += time.process_time() - began
                    rollouts += min(counter.asked, args.rollouts)
                log += game.apply(seat, bots[seat].choose(view, legal))
        each = seconds / max(rollouts, 1)
        print(
            f"| {spec.title} | {rollouts} | {1000 * each:.2f} | {args.budget / each:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
