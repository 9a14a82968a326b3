"""Nobility's search bot makes offers of its own: a few priced deals from its view and history
(`proposals`), weighed by the search like moves, never refused by the rules, never repeated
while open or just declined, and never more than one in a stretch of play."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardtable.engine import Event, get_game, new_game, play_out
from cardtable.engine.actions import GameAction
from cardtable.engine.bots import next_turn
from cardtable.engine.events import SeenEvent
from cardtable.engine.nobility.actions import Draw
from cardtable.engine.nobility.bots import HeuristicBot
from cardtable.engine.nobility.cards import card_face
from cardtable.engine.nobility.proposals import REOFFER_TURNS, proposals
from cardtable.engine.nobility.rules import Nobility
from cardtable.engine.nobility.search import RULES
from cardtable.engine.nobility.types import (
    Accept,
    DealDone,
    Dealt,
    Decline,
    Election,
    ElectionOpens,
    Offer,
    OfferMade,
    Turn,
)
from cardtable.engine.search import Budget, SearchBot, heard_by, weigh_by_search
from tests.nobility.position import position

#: Seat 1's five defended hearts, bought by seat 0 for what the heuristic bot values them at
#: (income 7 and 3 a province) and one more.
HEARTS_PRICE = 7 + 3 * 5 + 1


def dealt(game: Nobility) -> list[SeenEvent[Any]]:
    """The events a seat heard at the deal of a constructed position's rubber."""
    deal = Dealt(game.round, game.dealer, len(game.stock), card_face(game.stock[-1]), game.bank)
    return heard_by([Event(deal)], 0)


def hearts_for_sale(money: int = 60) -> Nobility:
    """Seat 0, with money, starts its turn; seat 1 owns five hearts, defended by two nobles."""
    return position(
        ["2C 9S QD", "2S 3D 5C", "7C 8D 10S"],
        [(1, "4H 5H 6H 7H 8H", "KH JH")],
        money=(money, 0, 0),
        turns=4,
    )


def test_the_search_bot_buys_a_meld_worth_it_and_the_heuristic_bot_sells() -> None:
    game = hearts_for_sale()
    history = dealt(game)
    view = game.seat_view(0)
    buy = Offer(to=1, give_money=HEARTS_PRICE, get_melds=(1,))
    assert proposals(view, history) == [buy]
    legal = game.legal(0)
    assert legal == [Draw()]
    found = weigh_by_search(RULES, view, legal, history, random.Random(3), Budget(iterations=24))
    choice = found.choice
    assert choice == buy
    game.apply(0, choice)
    assert game.answers(1) == [Accept(1), Decline(1)]
    answer = HeuristicBot(1).choose(game.seat_view(1), game.answers(1))
    assert answer == Accept(1)
    game.apply(1, answer)
    assert game.melds[1].owner == 0 and game.money == [60 - HEARTS_PRICE, HEARTS_PRICE, 0]
    assert game.actors == (0,) and Draw() in game.legal(0)  # and its turn goes on


def test_no_offer_it_cannot_pay_for_nor_one_that_is_not_worth_it() -> None:
    game = hearts_for_sale(money=HEARTS_PRICE - 1)
    assert proposals(game.seat_view(0), dealt(game)) == []
    game = hearts_for_sale()
    choice = weigh_by_search(
        RULES, game.seat_view(0), [Draw()], dealt(game), random.Random(3), Budget(iterations=0)
    ).choice
    assert choice == Draw()  # no evidence yet: the policy's move


def test_no_offers_off_its_own_move_while_it_must_answer_or_without_its_history() -> None:
    game = hearts_for_sale()
    history = dealt(game)
    assert proposals(game.seat_view(0), []) == []  # it could not tell what it offered
    assert proposals(game.seat_view(1), history) == []  # not its turn
    game.apply(0, Draw())
    assert game.phase == "main"
    assert proposals(game.seat_view(0), history) == []  # past the start of its turn
    game = hearts_for_sale()
    game.money, game.bank = [60, 5, 0], game.bank - 5
    game.apply(1, Offer(to=0, give_money=5))
    assert game.answers(0)
    assert proposals(game.seat_view(0), history) == []  # an answer first


def test_one_offer_a_turn_and_terms_declined_are_not_offered_again_soon() -> None:
    game = hearts_for_sale()
    heard = [dealt(game) for _ in range(3)]

    def act(seat: int, action: GameAction) -> None:
        events = game.apply(seat, action)
        for other in range(3):
            heard[other] += heard_by(events, other)

    offer = proposals(game.seat_view(0), heard[0])[0]
    made_on = game.turns
    act(0, offer)
    assert proposals(game.seat_view(0), heard[0]) == []  # open, and one a stretch
    act(1, Decline(1))
    assert proposals(game.seat_view(0), heard[0]) == []  # one a stretch
    bots = [HeuristicBot(seat) for seat in range(3)]
    offered_again = None
    while game.turns <= made_on + REOFFER_TURNS:
        turn = next_turn(game, bots.__getitem__)
        seat, legal = turn.seat, turn.choices
        if seat == 0 and game.phase == "start":
            offers = proposals(game.seat_view(0), heard[0])
            if game.turns < made_on + REOFFER_TURNS:
                assert offer not in offers and not any(o.get_melds == (1,) for o in offers)
            elif offers:
                offered_again = offers[0]
        act(seat, bots[seat].choose(game.seat_view(seat), legal))
    assert game.melds[1].owner == 1
    assert offered_again is not None and offered_again.get_melds == (1,)


def moneyed_game(seed: int, rubbers: int = 2) -> Nobility:
    """A new game whose players start with 40 each, so that melds may be bought and sold."""
    game = new_game("nobility", 3, {"rubbers": rubbers}, seed=seed)
    assert isinstance(game, Nobility)
    game.money, game.bank = [40, 40, 40], game.bank - 120
    return game


def test_every_proposal_is_allowed_by_the_rules_and_priced_for_the_heuristic_bot() -> None:
    """In games of heuristic bots (elections and endgames among them), every offer proposed
    is one the rules take and the heuristic bot it goes to accepts."""
    seen: Counter[str] = Counter()
    for seed in range(4):
        game = moneyed_game(seed)
        bots = [HeuristicBot(seat) for seat in range(3)]
        heard = [heard_by(game.opening_events, seat) for seat in range(3)]
        while not game.round_scores:
            turn = next_turn(game, bots.__getitem__)
            seat, legal = turn.seat, turn.choices
            offers = proposals(game.seat_view(seat), heard[seat])
            assert len(offers) <= 4
            for offer in offers:
                assert isinstance(offer, Offer)
                seen["coalition" if offer.coalition else "buy" if offer.get_melds else "sell"] += 1
                trial = copy.deepcopy(game)
                trial.apply(seat, offer)
                answer = HeuristicBot(0).choose(trial.seat_view(offer.to), trial.answers(offer.to))
                assert isinstance(answer, Accept)
                trial.apply(offer.to, answer)
            events = game.apply(seat, bots[seat].choose(game.seat_view(seat), legal))
            for other in range(3):
                heard[other] += heard_by(events, other)
    assert seen["buy"] > 10 and seen["coalition"] >= 1 and seen["sell"] >= 1, seen


def test_proposals_read_only_what_the_seat_may_know() -> None:
    """Two games that differ only in cards seat 0 cannot see give it the same proposals."""
    melds = [(1, "4H 5H 6H 7H 8H"), (2, "2D 3D 4D")]
    one = position(["2C 9S QD", "2S 3S 5C", "7C 8C 10S"], melds, money=(60, 0, 9), turns=4)
    two = position(["2C 9S QD", "7C 8C 10S", "2S 3S 5C"], melds, money=(60, 0, 9), turns=4)
    assert one.hands[1] != two.hands[1] and one.seat_view(0) == two.seat_view(0)
    assert proposals(one.seat_view(0), dealt(one)) == proposals(two.seat_view(0), dealt(two))
    assert proposals(one.seat_view(0), dealt(one))


def stretches(seat: int, events: Sequence[Event]) -> list[int]:
    """How many offers `seat` made in each stretch of play (between turns and elections)."""
    counts = [0]
    for event in events:
        if isinstance(event.public, (Turn, ElectionOpens, Election)):
            counts.append(0)
        elif isinstance(event.public, OfferMade) and event.public.offer.maker == seat:
            counts[-1] += 1
    return counts


def test_search_bots_on_every_seat_finish_a_game_making_offers_without_loops() -> None:
    spec = get_game("nobility")
    game = moneyed_game(2, rubbers=1)
    bots = []
    for seat in range(3):
        bot = spec.bots["search"](seat)
        assert isinstance(bot, SearchBot)
        bot.budget = Budget(iterations=20)
        bots.append(bot)
    events: list[Event] = []
    offers: Counter[str] = Counter()

    def record(seat: int, action: GameAction, happened: list[Event]) -> None:
        events.extend(happened)
        if isinstance(action, Offer):
            offers["made"] += 1
        offers["done"] += sum(isinstance(e.public, DealDone) for e in happened)

    play_out(game, bots, on_action=record, max_actions=20_000)
    assert game.over
    assert offers["made"] >= 1, offers
    for seat in range(3):
        assert max(stretches(seat, events)) <= 1
