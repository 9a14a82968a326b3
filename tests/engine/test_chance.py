"""Chance made explicit: a round is dealt from a given order of its cards (the normal path draws
that order from the game's generator), and a game is rebuilt from a seat's view plus what that
seat cannot see."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cardtable.engine import Game, GameSpec, all_games, new_game, play_out
from cardtable.engine.actions import Deal
from tests.search.support import positions


def two_rounds(spec: GameSpec) -> dict[str, Any]:
    """Options that make a game last beyond its first round: a game whose length is a number
    of rounds plays two (the others play to a score, beyond one round)."""
    return {"rounds": 2} if any(option.name == "rounds" for option in spec.options) else {}


def drawn_order(game: Game) -> list[int]:
    """The dealing order the game's generator draws next (drawn from a copy of it)."""
    rng = random.Random()
    rng.setstate(game.rng.getstate())
    order = list(range(game.card_count()))
    rng.shuffle(order)
    return order


def every_view(game: Game) -> list[dict[str, Any]]:
    return [game.view(seat) for seat in [*range(game.seats), None]]


def end_of_first_round(spec: GameSpec) -> Game:
    """A game of `spec` played by its default bots until it awaits its second deal."""
    game = new_game(spec.id, spec.min_players, two_rounds(spec), seed=3)
    bots = [spec.bots[spec.default_bot](seat) for seat in range(game.seats)]
    play_out(game, bots, until=lambda game: game.awaiting_deal)
    assert game.awaiting_deal
    return game


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
def test_a_new_game_is_dealt_from_the_order_its_generator_draws(spec: GameSpec) -> None:
    setup = spec.setup(spec.min_players, seed=11)
    drawn = spec.game_class(setup)
    order = drawn_order(spec.game_class(setup, stack=list(range(drawn.card_count()))))
    assert every_view(spec.game_class(setup, stack=order)) == every_view(drawn)
    assert every_view(spec.game_class(setup, stack=order[::-1])) != every_view(drawn)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
def test_the_next_round_is_dealt_from_a_given_order_as_the_dealer_deals_the_drawn_one(
    spec: GameSpec,
) -> None:
    game = end_of_first_round(spec)
    dealt, given, other = (copy.deepcopy(game) for _ in range(3))
    dealt.apply(dealt.dealer, Deal())
    order = drawn_order(given)
    given.deal_next_round(order)
    assert every_view(given) == every_view(dealt)
    assert given.rng.getstate() == game.rng.getstate()  # a given order draws nothing
    other.deal_next_round(order[::-1])
    assert every_view(other) != every_view(dealt)


def test_a_given_order_holds_every_card_once_and_only_between_rounds() -> None:
    game = end_of_first_round(all_games()[0])
    before = every_view(game)
    order = list(range(game.card_count()))
    with pytest.raises(ValueError, match="every card exactly once"):
        game.deal_next_round(order[:-1])
    with pytest.raises(ValueError, match="every card exactly once"):
        game.deal_next_round([*order[:-1], order[0]])
    assert every_view(game) == before and game.awaiting_deal
    game.deal_next_round(order)
    with pytest.raises(ValueError, match="awaiting its next deal"):
        game.deal_next_round(order)


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.id)
@pytest.mark.parametrize("largest", [False, True], ids=["fewest", "most"])
def test_a_game_rebuilt_from_a_seats_view_and_what_it_cannot_see_shows_it_that_view(
    spec: GameSpec, largest: bool
) -> None:
    players = spec.max_players if largest else spec.min_players
    checked = 0
    for index, position in enumerate(positions(spec.id, players, {}, seed=17)):
        if index % 3:
            continue
        game, seat = position.game, position.seat
        rebuilt = type(game).from_view(position.view, game.unseen(seat), seed=5)
        assert rebuilt.seat_view(seat) == position.view
        assert rebuilt.unseen(seat) == game.unseen(seat)
        cards = sorted(cid for zone in rebuilt.zones().values() for cid in zone.cards)
        assert cards == list(range(rebuilt.card_count()))
        checked += 1
    assert checked > 5
