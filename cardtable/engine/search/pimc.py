"""Perfect-information Monte Carlo search over determinizations (see docs/engine.md, *Search*).

Each iteration deals the unseen cards anew (a determinization, consistent with what the seat
has seen), then plays every candidate move on a copy of it and plays on with the game's rollout
policy for every seat, with the same rollout seed for every move (common random numbers). Each
move is judged against the rollout policy's own move in the same determinizations (paired
differences): a move replaces the policy's only when it does better on average by enough
standard errors that, were no move better than the policy's, the search would leave it with a
chance of `risk` at most (the risk is split among the candidates: the more moves are tried, the
likelier one of them looks better by luck alone). A move shown worse than the policy's, or
than the move leading, gets no more rollouts, so they go to the moves still in doubt. So a
search stopped early, or one whose rollouts cannot tell the moves apart, plays as the policy
would, and more thinking only ever moves away from it on evidence. A game may propose free
actions besides the legal moves (`SearchRules.proposals`: Nobility's offers), judged the same
way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Generic

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot, next_turn
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.refusal import IllegalAction
from cardtable.engine.search.copying import copy_game, shared_parts
from cardtable.engine.views import SeatView, TableT

#: Builds a full game consistent with a seat's view and the events it was told of.
Determinizer = Callable[[SeatView[TableT], Sequence[SeenEvent[EventPart]], random.Random], Game]
#: Free actions (offers) a seat might take now besides its legal moves, from its view and the
#: events it was told of.
Proposer = Callable[[SeatView[TableT], Sequence[SeenEvent[EventPart]]], list[GameAction]]


#: Rollouts per move when a budget names neither a count nor a stop.
DEFAULT_ROLLOUTS = 200


@dataclass(frozen=True)
class SearchRules(Generic[TableT]):
    """What a game gives the search, for its table view `TableT`."""

    #: A full game consistent with the seat's view and history, the hidden cards dealt at random
    #: (built by the game's `Game.from_view`).
    determinize: Determinizer[TableT]
    #: The bot that plays every seat in rollouts (the game's best heuristic bot), by seed.
    policy: Callable[[int], Bot[TableT]]
    #: How good a game in progress is for a seat, in points: its side's lead over the best
    #: other side if the round ended now. Used when a rollout stops before the round's end.
    evaluate: Callable[[Game, int], float]
    #: Actions a rollout plays at most before `evaluate` judges it (None: to the round's end).
    horizon: int | None = None
    #: The chance, were no move better than the policy's, that the search leaves the policy's
    #: move all the same (for one that only looked better in its rollouts).
    risk: float = 0.1
    #: What a point of a round's score is worth in `evaluate`'s points (a game whose round is
    #: scored 1 for winning it and evaluated in cards weighs a round won as many cards).
    round_weight: float = 1.0
    #: Free actions the seat might take now besides its legal moves (Nobility: offers), tried
    #: as candidates like the moves; each costs rollouts, so a game proposes few. None: none.
    proposals: Proposer[TableT] | None = None


@dataclass(frozen=True)
class Budget:
    """When a search stops: after `iterations` rollouts, or when `should_stop()` says so
    (whichever comes first; the caller owns the clock, so a deadline is its callable).
    Neither given: `DEFAULT_ROLLOUTS`."""

    iterations: int | None = None
    should_stop: Callable[[], bool] | None = None

    @classmethod
    def for_seconds(cls, seconds: float, clock: Callable[[], float]) -> Budget:
        """A budget that stops `seconds` from now by `clock` (the caller's, such as
        `time.monotonic`: the engine reads no clock)."""
        deadline = clock() + seconds
        return cls(should_stop=lambda: clock() >= deadline)

    def spent(self, rollouts: int) -> bool:
        limit = self.iterations
        if limit is None and self.should_stop is None:
            limit = DEFAULT_ROLLOUTS
        if limit is not None and rollouts >= limit:
            return True
        return self.should_stop is not None and self.should_stop()


@dataclass
class Tally:
    """A candidate move's rollouts so far, as differences from the policy's move in the same
    determinizations."""

    total: float = 0.0
    squares: float = 0.0
    count: int = 0

    def add(self, difference: float) -> None:
        self.total += difference
        self.squares += difference * difference
        self.count += 1

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else 0.0

    def standard_error(self) -> float:
        """The standard error of the mean (inf below two samples)."""
        if self.count < 2:
            return math.inf
        variance = (
            max(self.squares / self.count - self.mean**2, 0.0) * self.count / (self.count - 1)
        )
        return math.sqrt(variance / self.count)

    def lower_bound(self, confidence: float) -> float:
        """The mean less `confidence` standard errors (-inf below two samples)."""
        return self.mean - confidence * self.standard_error() if self.count >= 2 else -math.inf

    def upper_bound(self, confidence: float) -> float:
        """The mean plus `confidence` standard errors (inf below two samples)."""
        return self.mean + confidence * self.standard_error() if self.count >= 2 else math.inf


@dataclass(frozen=True)
class Weighed:
    """One candidate as the search judged it: how many points better than the policy's move it
    did on average in the deals it was tried in (the policy's move: 0), and in how many."""

    action: GameAction
    mean: float
    rollouts: int


@dataclass(frozen=True)
class Weighing:
    """What a search found: the move it plays, every candidate as judged (the policy's move
    first) and how many deals of the unseen cards it tried."""

    choice: GameAction
    candidates: tuple[Weighed, ...]
    deals: int


def weigh_by_search(
    rules: SearchRules[TableT],
    view: SeatView[TableT],
    legal: Sequence[GameAction],
    history: Sequence[SeenEvent[EventPart]],
    rng: random.Random,
    budget: Budget,
) -> Weighing:
    """The best of `legal` (and of the game's proposals: free actions such as offers) for
    `view.seat` by determinized search, within `budget` (its `choice`), with what the search
    found of each candidate."""
    seat = view.seat
    assert seat is not None, "a spectator does not search"
    proposed: list[GameAction] = []
    if rules.proposals is not None and not view.awaiting_deal:
        proposed = [action for action in rules.proposals(view, history) if action not in legal]
    candidates = list(dict.fromkeys([*legal, *proposed]))
    preferred = rules.policy(rng.getrandbits(62)).choose(view, legal)
    if len(candidates) == 1 or view.awaiting_deal:
        return Weighing(preferred, (Weighed(preferred, 0.0, 0),), 0)
    candidates.remove(preferred)
    candidates.insert(0, preferred)
    tallies = [Tally() for _ in candidates]
    live = list(range(1, len(candidates)))
    confidence = NormalDist().inv_cdf(1 - rules.risk / len(live))
    rollouts = deals = 0
    while live and not budget.spent(rollouts):
        world = rules.determinize(view, history, random.Random(rng.getrandbits(62)))
        shared = shared_parts(world)
        rollout_seed = rng.getrandbits(62)
        base = _try(rules, world, shared, seat, preferred, rollout_seed)
        rollouts += 1
        deals += base is not None
        for index in live:
            if base is None or budget.spent(rollouts):
                break
            action = candidates[index]
            # A free action leaves the seat its move: the rollout plays that one move more.
            extra = 1 if action.free and not preferred.free else 0
            margin = _try(rules, world, shared, seat, action, rollout_seed, extra)
            rollouts += 1
            if margin is not None:
                tallies[index].add(margin - base)
        live = _still_in_play(tallies, live, confidence)
    weighed = tuple(
        Weighed(action, tally.mean, deals if index == 0 else tally.count)
        for index, (action, tally) in enumerate(zip(candidates, tallies, strict=True))
    )
    choice = preferred
    if live:
        best = max(live, key=lambda index: (tallies[index].mean, -index))
        evidence = tallies[best]
        if (
            evidence.count >= MIN_EVIDENCE
            and evidence.mean > 0
            and evidence.lower_bound(confidence) > 0
        ):
            choice = candidates[best]
    return Weighing(choice, weighed, deals)


#: Rollouts a move needs before it may be played instead of the policy's (with fewer, their
#: spread says too little of how far to trust their mean).
MIN_EVIDENCE = 8

#: Rollouts a move has before it may be dropped from the search, and how many standard errors
#: it must fall short by.
PRUNE_AFTER, PRUNE_CONFIDENCE = 4, 2.0


def _still_in_play(tallies: Sequence[Tally], live: list[int], confidence: float) -> list[int]:
    """The candidates worth more rollouts: a move is dropped once it is shown worse (by
    `PRUNE_CONFIDENCE` standard errors) than the policy's move or than the move leading now
    (the lower bound it must beat to be played), so the rollouts go to the moves in doubt."""
    bar = max(0.0, max(tallies[index].lower_bound(confidence) for index in live))
    return [
        index
        for index in live
        if tallies[index].count < PRUNE_AFTER or tallies[index].upper_bound(PRUNE_CONFIDENCE) >= bar
    ]


def _try(
    rules: SearchRules[TableT],
    world: Game,
    shared: frozenset[str],
    seat: int,
    action: GameAction,
    seed: int,
    extra_moves: int = 0,
) -> float | None:
    """The margin for `seat` after `action` (a move, an answer to an offer or a proposed free
    action) on a copy of `world` and a rollout (None: the action does not fit this
    determinization)."""
    game = copy_game(world, shared)
    rounds = len(game.round_scores)
    try:
        game.apply(seat, action)  # (a refused action may have touched the copy: it is dropped)
    except IllegalAction:
        return None
    return rollout_margin(rules, game, seat, seed, rounds, extra_moves=extra_moves)


def rollout_margin(
    rules: SearchRules[TableT],
    game: Game,
    seat: int,
    seed: int,
    rounds: int,
    *,
    extra_moves: int = 0,
) -> float:
    """Play `game` on with the policy for every seat until round `rounds + 1` ends (or the
    horizon, counted in moves: answers to offers are free; `extra_moves` more); return
    `seat`'s margin: its side's lead in that round's points, or the evaluation. Turns come
    as in `play_out` (`next_turn`)."""
    policies: dict[int, Bot[TableT]] = {}

    def policy_for(actor: int) -> Bot[TableT]:
        bot = policies.get(actor)
        if bot is None:
            bot = policies[actor] = rules.policy(seed + actor)
        return bot

    steps = 0
    horizon = rules.horizon + extra_moves if rules.horizon is not None else None
    while not game.over and len(game.round_scores) == rounds:
        if horizon is not None and steps >= horizon:
            return rules.evaluate(game, seat)
        turn = next_turn(game, policy_for)
        action = turn.bot.choose(turn.view, turn.choices)
        game.apply(turn.seat, action)
        steps += 0 if action.free else 1
    if len(game.round_scores) > rounds:
        points = game.round_scores[rounds].points
        return rules.round_weight * side_margin(points, game.side_of(seat))
    return rules.evaluate(game, seat)


def side_margin(points: Sequence[float], side: int) -> float:
    """How far `side` is ahead of the best other side."""
    others = [value for index, value in enumerate(points) if index != side]
    return points[side] - max(others) if others else points[side]
