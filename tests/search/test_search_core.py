"""The search machinery: hidden dealing, copying games, budgets."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardtable.engine import Event, RandomBot, SeenEvent, get_game, new_game, play_out
from cardtable.engine.search import Budget, HiddenPlace, copy_game, deal_hidden, heard_by
from cardtable.engine.search.pimc import Tally, _still_in_play
from tests.conformance.support import snapshot
from tests.search.support import SEARCH_GAMES


def test_a_hidden_deal_fills_every_place_with_its_count_from_the_unseen_cards() -> None:
    unseen = list(range(20))
    places = [HiddenPlace("a", 5), HiddenPlace("b", 7), HiddenPlace("deck", 8)]
    dealt = deal_hidden(unseen, places, random.Random(1))
    assert [len(dealt[key]) for key in ("a", "b", "deck")] == [5, 7, 8]
    assert sorted(cid for cards in dealt.values() for cid in cards) == unseen


def test_a_hidden_deal_keeps_cards_out_of_a_place_that_cannot_hold_them() -> None:
    odd_only = HiddenPlace("odd", 5, allows=lambda cid: cid % 2 == 1)
    for seed in range(30):
        dealt = deal_hidden(range(12), [odd_only, HiddenPlace("rest", 7)], random.Random(seed))
        assert all(cid % 2 == 1 for cid in dealt["odd"])


def test_a_hidden_deal_is_random_but_repeatable_from_its_generator() -> None:
    places = [HiddenPlace("a", 6), HiddenPlace("b", 6)]
    first = deal_hidden(range(12), places, random.Random(5))
    assert first == deal_hidden(range(12), places, random.Random(5))
    assert any(deal_hidden(range(12), places, random.Random(s)) != first for s in range(6, 10))


def test_a_hidden_deal_refuses_counts_that_do_not_add_up() -> None:
    with pytest.raises(ValueError, match="3 unseen cards for 4"):
        deal_hidden([1, 2, 3], [HiddenPlace("a", 4)], random.Random(0))


#: Actions into a game before it is copied: the middle of the shortest game's round.
MIDGAME = 12


@pytest.mark.parametrize(("game_id", "players", "options"), SEARCH_GAMES)
def test_a_copy_plays_on_without_touching_the_game_it_was_copied_from(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    spec = get_game(game_id)
    game = new_game(game_id, players, options, seed=11)
    bots = [spec.bots[spec.default_bot](seat) for seat in range(players)]
    for _ in range(MIDGAME):
        seat = game.actors[0]
        game.apply(seat, bots[seat].choose(game.seat_view(seat), game.legal(seat)))
    before = snapshot(game)
    twin = copy_game(game)
    assert snapshot(twin) == before
    play_out(twin, [spec.bots["random"](seat) for seat in range(players)])
    assert twin.over
    assert snapshot(game) == before


def test_a_budget_stops_at_its_count_or_when_told() -> None:
    assert not Budget(iterations=3).spent(2)
    assert Budget(iterations=3).spent(3)
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    budget = Budget(should_stop=stop)
    assert [budget.spent(n) for n in range(4)] == [False, False, True, True]
    assert Budget().spent(200) and not Budget().spent(199)


def test_a_budget_in_seconds_runs_from_when_it_is_made_by_the_callers_clock() -> None:
    now = [100.0]
    budget = Budget.for_seconds(0.5, lambda: now[0])
    now[0] = 100.4
    assert not budget.spent(10**6)  # no count: the clock alone stops it
    now[0] = 100.5
    assert budget.spent(0)


class Listener(RandomBot):
    """A random bot that keeps what its seat was told."""

    uses_history = True

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.heard: list[SeenEvent[Any]] = []

    def hear(self, events: Sequence[SeenEvent[Any]]) -> None:
        self.heard += events


def test_play_out_tells_each_listening_bot_what_its_seat_hears_and_stops_when_asked() -> None:
    game = new_game("queen-of-scots", 3, seed=4)
    told: list[list[SeenEvent[Any]]] = [heard_by(game.opening_events, s) for s in range(3)]
    bots = [Listener(seat) for seat in range(3)]

    def record(seat: int, action: object, events: list[Event]) -> None:
        for other in range(3):
            told[other] += heard_by(events, other)

    play_out(game, bots, on_action=record, until=lambda g: bool(g.round_scores))
    assert len(game.round_scores) == 1 and not game.over
    assert [bot.heard for bot in bots] == told
    assert any(seen.private is not None for seen in bots[1].heard)  # its own hand, say


def tally_of(*differences: float) -> Tally:
    tally = Tally()
    for difference in differences:
        tally.add(difference)
    return tally


def test_the_search_stops_trying_a_move_once_it_is_shown_worse() -> None:
    tallies = [
        Tally(),  # the policy's own move, the yardstick
        tally_of(-5, -6, -5, -6),  # worse than the policy's move: dropped
        tally_of(-5, -6, -5),  # as bad, but too few rollouts to tell: kept
        tally_of(3, -4, 6, -2),  # in doubt: kept
        tally_of(4, 5, 4, 5),  # leading: kept
        tally_of(2, 3, 2, 3),  # better than the policy's move, but short of the leader: dropped
    ]
    assert _still_in_play(tallies, [1, 2, 3, 4, 5], confidence=1.0) == [2, 3, 4]
