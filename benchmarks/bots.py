"""How strong is one bot level against another? By default the hard (search) bot plays the
normal (heuristic) bot.

    python benchmarks/bots.py [--a hard] [--b normal] [--games 200]
        [--budget 0.5 | --iterations N] [--game chinese-ten ...] [--players 2]
        [--first-round] [--first-seed 0] [--oracle [all|hands]] [--horizon N|end]

For each game, seeds 0, 1, 2, … (from `--first-seed`) each give one deal that is played once
with bot `--a` on every seat in turn (bots `--b` on the others): the same cards both ways
round, so luck in the deal cancels out. `--games` counts the games played in all (a multiple
of the players). Either may be any level or older kind name (random, easy, normal, hard,
search, …), or ``tuned``: the hard bot's rollout policy played alone (the heuristic bot with
its tuned judgement, benchmarks/tune_bots.py; ``normal`` where a game has none). A search
bot is told its seat's events as they happen, as a person at the table would be, and thinks
for `--budget` seconds a move (a deadline it is given) or `--iterations` rollouts.
`--first-round` scores each game on its first round only (a deal), for games that run over
many rounds.

It prints, per game: bot A's win rate (a shared win counts as a share); how often it
finished ahead of a given rival (each other side apart, a tie as half: the head-to-head rate,
the same as the win rate where two play); its mean margin (its score less the best other
score); each with its 95% confidence interval; its time per move (mean, 99th percentile and
slowest), how many moves a game it thought about (a move with one legal action is played at
once and not counted), and how many offers of its own it made a game (Nobility) and how many
of them were carried out.

For trials: `--oracle` lets the search bot search the true game instead of deals of the cards
it cannot see (every hand and the stock's order known). No player can, but it bounds what
better dealing could buy the search; `--oracle hands` knows the hands but shuffles the stock,
which bounds what reading the other hands exactly would buy. `--horizon` overrides the game's
rollout horizon (the moves a rollout plays before its evaluation judges it; `end`: to the
round's end).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardtable.engine import (
    Bot,
    Event,
    Game,
    GameAction,
    SeatView,
    all_games,
    get_game,
    play_out,
    start,
)
from cardtable.engine.nobility.types import DealDone
from cardtable.engine.search import Budget, SearchBot, copy_game
from cardtable.engine.spec import GameSpec

Z95 = 1.96


class Timed(Bot[Any]):
    """A bot that records its time per move; a search bot is given a fresh deadline for every
    move."""

    uses_history = True

    def __init__(self, bot: Bot[Any], seconds: float | None) -> None:
        super().__init__(0)
        self.bot, self.seconds = bot, seconds
        self.times: list[float] = []
        self.offers = 0  # free actions of its own besides the legal ones: offers

    def hear(self, events: Sequence[Any]) -> None:
        self.bot.hear(events)

    def choose(self, view: SeatView[Any] | None, legal: Sequence[GameAction]) -> GameAction:
        began = time.monotonic()
        if self.seconds is not None and isinstance(self.bot, SearchBot):
            self.bot.budget = Budget.for_seconds(self.seconds, time.monotonic)
        action = self.bot.choose(view, legal)
        if action not in legal:
            self.offers += 1
        if len(legal) > 1:
            self.times.append(time.monotonic() - began)
        return action


@dataclass
class Outcome:
    share: float  # of the win
    ahead: float  # of the other sides, how many it outscored (a tie counts half)
    margin: float  # bot A's score less the best other's
    offers: int  # offers bot A made
    deals: int  # and those carried out


def bot_maker(spec: GameSpec, kind: str) -> Callable[[int], Bot[Any]]:
    """The maker of bots of `kind`: a level or kind name, or ``tuned``: the hard bot's rollout
    policy alone (the heuristic bot with its tuned judgement), without the search."""
    if kind == "tuned" and spec.search is not None:
        return spec.search.policy
    return spec.bots[kind]


def play_one(
    game_id: str, players: int, seed: int, seat: int, args: argparse.Namespace, times: list[float]
) -> Outcome:
    spec = get_game(game_id)
    game = start(spec.setup(players, seed=seed))
    rival = bot_maker(spec, args.b)
    bot = bot_maker(spec, args.a)(seed * 7919 + seat)
    if isinstance(bot, SearchBot) and (args.oracle is not None or args.horizon is not None):
        bot = adjusted(bot, game, args)
    if isinstance(bot, SearchBot) and args.iterations is not None:
        bot.budget = Budget(iterations=args.iterations)
    searcher = Timed(bot, args.budget if args.iterations is None else None)
    bots: list[Bot[Any]] = [rival(seed * 31 + other) for other in range(players)]
    bots[seat] = searcher
    deals = 0

    def count_deals(_: int, __: GameAction, events: list[Event]) -> None:
        nonlocal deals
        deals += sum(1 for e in events if isinstance(e.public, DealDone) and e.public.maker == seat)

    if args.first_round:
        play_out(game, bots, until=lambda game: bool(game.round_scores), on_action=count_deals)
        points = game.round_scores[0].points
    else:
        play_out(game, bots, on_action=count_deals)
        points = game.totals
    times += searcher.times
    side = game.side_of(seat)
    rivals = [value for index, value in enumerate(points) if index != side]
    ahead = statistics.fmean(
        1.0 if points[side] > value else 0.5 if points[side] == value else 0.0 for value in rivals
    )
    share = win_share(points, side)
    return Outcome(share, ahead, points[side] - max(rivals), searcher.offers, deals)


def win_share(points: Sequence[int], side: int) -> float:
    """`side`'s share of the win on `points` (a win shared by two counts a half to each)."""
    best = max(points)
    tops = [index for index, value in enumerate(points) if value == best]
    return 1 / len(tops) if side in tops else 0.0


#: Where each game keeps its stock (the cards face down, drawn from the top).
STOCKS = {
    "chinese-ten": "deck",
    "thistle": "pile",
    "queen-of-scots": "stock",
    "trupe": "pack",
    "nobility": "stock",
}


def adjusted(bot: SearchBot, game: Game, args: argparse.Namespace) -> SearchBot:
    """`bot` with its game's search rules changed for a trial: searching the true game
    instead of deals of the unseen cards (`--oracle all`: every hand and the stock's order
    known, as no player can; `--oracle hands`: every hand known, the stock shuffled), or with
    another rollout horizon (`--horizon`)."""
    rules = type(bot).rules
    if args.oracle is not None:
        stock = STOCKS[game.game_id]

        def the_game(_: SeatView[Any], __: Sequence[Any], rng: random.Random) -> Game:
            if args.oracle == "all":
                return game  # the search plays each candidate on a copy, never on this one
            world = copy_game(game)
            rng.shuffle(getattr(world, stock))  # the hands known, the stock's order not
            return world

        rules = replace(rules, determinize=the_game)
    if args.horizon is not None:
        rules = replace(rules, horizon=None if args.horizon == "end" else int(args.horizon))

    class Adjusted(type(bot)):  # type: ignore[misc]
        pass

    Adjusted.rules = rules
    changed = Adjusted(0, bot.budget, bot.history)
    changed.rng = bot.rng
    return changed


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default="hard", help="the bot on each seat in turn (a level)")
    parser.add_argument("--b", default="normal", help="the bots on the other seats (a level)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per move")
    parser.add_argument("--iterations", type=int, default=None, help="rollouts per move")
    parser.add_argument("--game", action="append", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--first-round", action="store_true")
    parser.add_argument("--first-seed", type=int, default=0, help="to go on from a run")
    parser.add_argument(
        "--oracle", nargs="?", const="all", choices=["all", "hands"], help="a bound (see above)"
    )
    parser.add_argument("--horizon", default=None, help="rollout moves, or 'end' (a trial)")
    args = parser.parse_args()
    games = args.game or [spec.id for spec in all_games()]
    thinking = f"{args.iterations} rollouts" if args.iterations else f"{args.budget} s"
    thinking += f", seeing the cards (--oracle {args.oracle})" if args.oracle else ""
    thinking += f", rollouts to horizon {args.horizon}" if args.horizon is not None else ""
    print(f"{args.a} vs {args.b}, search {thinking} a move, {args.games} games each")
    print(
        f"| game | players | games | {args.a} wins (95% CI) | ahead of a rival (95% CI) "
        "| margin (95% CI) "
        "| ms/move | p99 ms | max ms | moves/game | offers/game (carried out) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for game_id in games:
        spec = get_game(game_id)
        players = max(spec.min_players, min(args.players, spec.max_players))
        outcomes: list[Outcome] = []
        times: list[float] = []
        seed = args.first_seed
        while len(outcomes) < args.games:
            for seat in range(players):
                outcomes.append(play_one(game_id, players, seed, seat, args, times))
            seed += 1
            if len(outcomes) % 20 < players:  # progress, for a run cut short
                so_far = statistics.fmean(outcome.share for outcome in outcomes)
                print(f"  {spec.title}: {len(outcomes)} games, {so_far:.1%}", file=sys.stderr)
        win, win_ci = interval([outcome.share for outcome in outcomes])
        ahead, ahead_ci = interval([outcome.ahead for outcome in outcomes])
        margin, margin_ci = interval([outcome.margin for outcome in outcomes])
        mean_ms = 1000 * statistics.fmean(times) if times else 0.0
        max_ms = 1000 * max(times, default=0.0)
        p99_ms = 1000 * statistics.quantiles(times, n=100)[98] if len(times) > 1 else max_ms
        offers = sum(outcome.offers for outcome in outcomes)
        deals = sum(outcome.deals for outcome in outcomes)
        print(
            f"| {spec.title} | {players} | {len(outcomes)} | {win:.1%} ± {win_ci:.1%} "
            f"| {ahead:.1%} ± {ahead_ci:.1%} "
            f"| {margin:+.1f} ± {margin_ci:.1f} | {mean_ms:.0f} | {p99_ms:.0f} | {max_ms:.0f} "
            f"| {len(times) / len(outcomes):.0f} "
            f"| {offers / len(outcomes):.2f} ({deals / len(outcomes):.2f}) |",
            flush=True,
        )


if __name__ == "__main__":
    main()
