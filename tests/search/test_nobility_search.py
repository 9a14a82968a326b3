"""Nobility's search bot: its determinizer rebuilds every in-between state (a choice owed, a
battle, a claim being paid, an election) as each seat sees it, and the search weighs answers to
offers as well as moves."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.engine import get_game, new_game
from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.events import SeenEvent
from cardtable.engine.nobility.cards import is_noble
from cardtable.engine.nobility.limits import MONEY
from cardtable.engine.nobility.rules import Nobility
from cardtable.engine.nobility.search import RULES, determinize, read_history
from cardtable.engine.nobility.types import Accept, Decline, NobilityTable, Offer
from cardtable.engine.search import Budget, SearchBot, SearchRules, heard_by, weigh_by_search
from cardtable.engine.views import SeatView
from tests.nobility.position import act, position


def check_world(game: Nobility, seat: int, history: Sequence[SeenEvent[Any]], seed: int) -> str:
    """Determinize for `seat` and check the world against the real game; returns what kind of
    moment it was."""
    view = game.seat_view(seat)
    known = read_history(view, history)
    world = determinize(view, history, random.Random(seed))
    assert isinstance(world, Nobility)
    assert world.seat_view(seat) == view
    cards = sorted(cid for zone in world.zones().values() for cid in zone.cards)
    assert cards == list(range(world.card_count()))
    assert world.bank + sum(world.money) == MONEY
    for other in range(game.seats):
        # What the seat inferred is true of the real hand, and the world keeps it there.
        assert known.hands[other] <= set(game.hands[other])
        assert known.hands[other] <= set(world.hands[other])
    assert world.taken == game.taken
    if game.phase == "election":
        assert world.paused == game.paused
        return "election"
    if game.owed is not None:
        assert world.owed is not None
        assert len(world.owed.cards) == len(game.owed.cards)
        assert world.owed.hidden == game.owed.hidden
        if game.owed.hidden and seat != game.owed.seat:
            owing = game.owed.seat
            assert set(world.owed.cards) == {c for c in world.hands[owing] if is_noble(c)}
            return "hidden losses"
        return f"owed {game.owed.kind}"
    if game.battle is not None:
        return "battle"
    return "play"


def test_every_seat_gets_a_world_showing_it_its_view_in_every_state_of_play() -> None:
    """Random bots reach the rare states (a hand attacked and its owner choosing which nobles
    to lose); the heuristic bots, elections and whole rubbers."""
    spec = get_game("nobility")
    seen: Counter[str] = Counter()
    for seed, kind, steps in [(25, "random", 400), (31, "random", 400), (3, "heuristic", 900)]:
        game = new_game("nobility", 3, {}, seed=seed)
        assert isinstance(game, Nobility)
        bots = [spec.bots[kind](seed * 10 + seat) for seat in range(3)]
        heard = [heard_by(game.opening_events, seat) for seat in range(3)]
        for step in range(steps):
            if game.over:
                break
            if not game.awaiting_deal and (step % 4 == 0 or game.owed or game.phase == "election"):
                for seat in range(3):
                    seen[check_world(game, seat, heard[seat], step)] += 1
            actor = game.actors[0]
            view = game.seat_view(actor)
            events = game.apply(actor, bots[actor].choose(view, game.legal(actor)))
            for seat in range(3):
                heard[seat] += heard_by(events, seat)
    assert seen["hidden losses"] >= 2 and seen["election"] >= 3 and seen["play"] > 50


def claim_waiting_for_a_choice() -> Nobility:
    """Seat 0 claims spades; seat 1 can pay for one of her two defenders and must choose."""
    start = [(0, "2S 3S 4S"), (1, "5S 6S 7S", "JS QS"), (2, "8S 9S 10S")]
    game = position(["AS 2C 3C 4C", "", ""], start, phase="main", money=(0, 12, 0), pile="9D")
    game.apply(0, act("claim", "AS"))
    assert game.owed is not None and game.owed.kind == "unpaid" and game.claim is not None
    return game


def test_a_claim_waiting_for_a_choice_goes_on_to_the_same_seats_in_the_world() -> None:
    """Told nothing but its view, every seat's world pays the rest of the claim as the real
    game does (the claimer is the player in turn)."""
    for seat in range(3):
        game = claim_waiting_for_a_choice()
        world = determinize(game.seat_view(seat), [], random.Random(seat))
        assert isinstance(world, Nobility) and world.claim is not None and game.claim is not None
        assert world.seat_view(seat) == game.seat_view(seat)
        assert (world.claim.suit, world.claim.order) == (game.claim.suit, game.claim.order)
        give_up = game.legal(1)[0]
        assert [e.public for e in world.apply(1, give_up)] == [
            e.public for e in game.apply(1, give_up)
        ]


class Declining(Bot[NobilityTable]):
    """Declines every offer (else the heuristic bot's move)."""

    def choose(
        self, view: SeatView[NobilityTable] | None, legal: Sequence[GameAction]
    ) -> GameAction:
        answer = next((a for a in legal if isinstance(a, Decline)), None)
        return answer if answer is not None else RULES.policy(0).choose(view, legal)


def test_the_search_weighs_the_answers_to_an_offer() -> None:
    """Offered 60 for nothing, a search whose rollout bot declines every offer finds that
    accepting is better: answers are searched like moves."""
    game = new_game("nobility", 3, {}, seed=4)
    assert isinstance(game, Nobility)
    game.money, game.bank = [60, 0, 0], MONEY - 60
    game.apply(0, Offer(to=1, give_money=60))
    legal = game.answers(1)
    assert set(legal) == {Accept(1), Decline(1)}
    rules = SearchRules(RULES.determinize, Declining, RULES.evaluate, RULES.horizon)
    history = heard_by(game.opening_events, 1)
    view = game.seat_view(1)
    assert Declining(0).choose(view, legal) == Decline(1)
    found = weigh_by_search(rules, view, legal, history, random.Random(2), Budget(iterations=16))
    choice = found.choice
    assert choice == Accept(1)


def test_the_search_bot_answers_offers_from_the_game_s_answers() -> None:
    game = new_game("nobility", 3, {}, seed=5)
    assert isinstance(game, Nobility)
    game.money, game.bank = [30, 0, 0], MONEY - 30
    game.apply(0, Offer(to=2, give_money=30))
    bot = get_game("nobility").bots["search"](1)
    assert isinstance(bot, SearchBot)
    bot.budget = Budget(iterations=8)
    bot.hear(heard_by(game.opening_events, 2))
    answer = bot.choose(game.seat_view(2), game.answers(2))
    assert answer == Accept(1)
    game.apply(2, answer)
    assert game.money == [0, 0, 30]
