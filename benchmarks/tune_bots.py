"""Tune a game's heuristic bot by self-play: SPSA over the numbers its rules weigh.

    nice -n 19 python benchmarks/tune_bots.py --game queen-of-scots --seed 1
        [--steps 120] [--deals 50] [--check 300] [--first-round] [--write]

Each step of simultaneous-perturbation stochastic approximation (SPSA) nudges every number at
once, by its own step size, one way (+) and the other (−) with a random sign each, and plays
the bot judged both ways against the game's ``normal`` bot on the same `--deals` fresh deals,
each deal once with the tuned bot on every seat in turn (paired deals): the difference of the
two win rates, on the same cards, says which way each number should move. The numbers move by
a gain that shrinks with the steps, within their bounds; the result is the mean of the second
half of the steps (less noisy than the last). It then plays `--check` deals it has not seen
(each on every seat) against ``normal`` and prints the win rate with its 95% interval.
`--write` saves the result as the game's package data, `engine/<game>/tuned.json`, which the
``hard`` bot plays by. Deals come from `--seed` alone: the same command finds the same numbers.
Heuristic bots only, no search: a step of 50 Queen of Scots deals takes a few seconds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from bots import interval, win_share

import cardtable.engine.queen_of_scots.bots as queen_of_scots
from cardtable.engine import Bot, get_game, play_out, start
from cardtable.engine.tuned import TUNED_FILE


@dataclass(frozen=True)
class Dial:
    """A number to tune: its step (how far SPSA perturbs it, in its own units) and bounds."""

    step: float
    low: float
    high: float


@dataclass(frozen=True)
class Tunable:
    """A game's heuristic bot with its judgement (`judged`), the ``normal`` one, and the
    numbers to tune (the others keep their defaults)."""

    judged: Callable[[int, Any], Bot[Any]]
    normal: Any
    dials: Mapping[str, Dial]
    package: str


TUNABLES: Mapping[str, Tunable] = {
    "queen-of-scots": Tunable(
        judged=lambda seed, judgement: queen_of_scots.HeuristicBot(seed, judgement),
        normal=queen_of_scots.NORMAL,
        dials={
            "near_out": Dial(1.0, 0.0, 8.0),
            "draws_per_card": Dial(0.2, 0.0, 2.0),
            "jewel_pairs": Dial(0.08, 0.0, 1.0),
            "feed": Dial(1.0, 0.0, 10.0),
            "take_swing": Dial(1.0, 0.0, 10.0),
            "stuck": Dial(0.25, 0.0, 3.0),
            "kept_weight": Dial(0.15, 0.2, 3.0),
            "take_bias": Dial(8.0, -100.0, 100.0),
        },
        package="cardtable/engine/queen_of_scots",
    ),
}

#: SPSA's gains (Spall's usual exponents): step k moves by A_GAIN / (k + 1 + STABILITY)^ALPHA
#: times the estimated slope, each number perturbed by its step / (k + 1)^GAMMA.
A_GAIN = 25.0
ALPHA = 0.602
GAMMA = 0.101
#: The most a number moves in one step, in its steps.
MOST = 1.0
#: Where the tuner's deals start: far from the seeds benchmarks/bots.py measures on (0, 1, …).
DEAL_BASE = 10_000_000


def win_rate(
    game_id: str,
    tunable: Tunable,
    judgement: Any,
    seeds: list[int],
    first_round: bool,
) -> list[float]:
    """The win shares of the bot judging by `judgement` against ``normal`` bots, each deal of
    `seeds` played with it on every seat in turn."""
    spec = get_game(game_id)
    shares: list[float] = []
    for seed in seeds:
        for seat in range(spec.min_players):
            game = start(spec.setup(spec.min_players, seed=seed))
            bots = [
                tunable.judged(seed * 31 + other, tunable.normal)
                for other in range(spec.min_players)
            ]
            bots[seat] = tunable.judged(seed * 7919 + seat, judgement)
            if first_round:
                play_out(game, bots, until=lambda game: bool(game.round_scores))
                points = game.round_scores[0].points
            else:
                play_out(game, bots)
                points = game.totals
            shares.append(win_share(points, game.side_of(seat)))
    return shares


def judged(tunable: Tunable, position: Mapping[str, float]) -> Any:
    """The judgement at `position` (each number in its own units), within its bounds."""
    values = {
        name: min(dial.high, max(dial.low, position[name])) for name, dial in tunable.dials.items()
    }
    return replace(tunable.normal, **values)


def spsa(game_id: str, tunable: Tunable, args: argparse.Namespace) -> dict[str, float]:
    """The numbers SPSA finds, the mean of its second half of steps."""
    rng = random.Random(args.seed)
    start_values = asdict(tunable.normal)
    position = {name: float(start_values[name]) for name in tunable.dials}
    kept: list[dict[str, float]] = []
    stability = 0.1 * args.steps
    began = time.monotonic()
    for step in range(args.steps):
        gain = A_GAIN / (step + 1 + stability) ** ALPHA
        spread = 1 / (step + 1) ** GAMMA
        signs = {name: rng.choice((-1, 1)) for name in tunable.dials}
        seeds = [DEAL_BASE + rng.getrandbits(30) for _ in range(args.deals)]
        plus = {n: v + signs[n] * spread * tunable.dials[n].step for n, v in position.items()}
        minus = {n: v - signs[n] * spread * tunable.dials[n].step for n, v in position.items()}
        up = sum(win_rate(game_id, tunable, judged(tunable, plus), seeds, args.first_round))
        down = sum(win_rate(game_id, tunable, judged(tunable, minus), seeds, args.first_round))
        games = args.deals * get_game(game_id).min_players
        slope = (up - down) / games / (2 * spread)
        for name, dial in tunable.dials.items():
            move = max(-MOST, min(MOST, gain * slope * signs[name]))
            position[name] = min(dial.high, max(dial.low, position[name] + move * dial.step))
        if step >= args.steps // 2:
            kept.append(dict(position))
        shown = ", ".join(f"{name} {value:.3g}" for name, value in position.items())
        print(
            f"step {step + 1}/{args.steps} ({time.monotonic() - began:.0f} s): "
            f"+ {up / games:.1%}, − {down / games:.1%}; {shown}",
            file=sys.stderr,
            flush=True,
        )
    return {name: math.fsum(p[name] for p in kept) / len(kept) for name in tunable.dials}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(TUNABLES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--deals", type=int, default=50, help="deals a side of a step")
    parser.add_argument("--check", type=int, default=300, help="unseen deals to measure on")
    parser.add_argument("--first-round", action="store_true", help="score deals' first round")
    parser.add_argument("--write", action="store_true", help="save as the game's tuned.json")
    args = parser.parse_args()
    tunable = TUNABLES[args.game]
    found = {name: round(value, 4) for name, value in spsa(args.game, tunable, args).items()}
    check_rng = random.Random(f"check {args.seed}")
    seeds = [2 * DEAL_BASE + check_rng.getrandbits(30) for _ in range(args.check)]
    shares = win_rate(args.game, tunable, judged(tunable, found), seeds, args.first_round)
    rate, width = interval(shares)
    print(json.dumps(found))
    print(f"tuned against normal on {len(shares)} unseen games: {rate:.1%} ± {width:.1%}")
    if args.write:
        command = " ".join(["python benchmarks/tune_bots.py", *sys.argv[1:]])
        record = {
            "command": command.replace(" --write", ""),
            "judgement": found,
            "checked": f"{rate:.1%} ± {width:.1%} of {len(shares)} games against normal",
        }
        path = Path(__file__).resolve().parent.parent / tunable.package / TUNED_FILE
        path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        print(f"written to {path}")


if __name__ == "__main__":
    main()
