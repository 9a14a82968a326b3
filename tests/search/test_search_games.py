"""Each game's search bot: its determinizer agrees with what the seat knows, it never sees the
game, it repeats itself given a seed and a count of rollouts, and it plays whole games."""

from __future__ import annotations

import gc
import random
from typing import Any

import pytest

from cardtable.engine import Game, get_game, new_game, play_out
from cardtable.engine.chinese_ten.rules import ChineseTen
from cardtable.engine.chinese_ten.search import read_history
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from cardtable.engine.queen_of_scots.search import taken_into_hands
from cardtable.engine.search import Budget, SearchBot
from tests.conformance.support import snapshot
from tests.search.support import SEARCH_GAMES, positions, rules_of


def hidden_cards(game: Game, seat: int) -> dict[str, tuple[int, ...]]:
    """The cards in the zones `seat` may not see, by zone."""
    return {name: zone.cards for name, zone in game.zones().items() if not zone.visible_to(seat)}


@pytest.mark.parametrize(("game_id", "players", "options"), SEARCH_GAMES)
def test_a_determinized_game_shows_the_seat_exactly_its_view_and_holds_every_card_once(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    rules = rules_of(game_id)
    rng = random.Random(3)
    checked = differs = 0
    for index, position in enumerate(positions(game_id, players, options, seed=21)):
        if index % 3:
            continue
        world = rules.determinize(position.view, position.history, random.Random(rng.random()))
        assert world is not position.game
        assert world.seat_view(position.seat) == position.view
        cards = sorted(cid for zone in world.zones().values() for cid in zone.cards)
        assert cards == list(range(world.card_count()))
        differs += hidden_cards(world, position.seat) != hidden_cards(position.game, position.seat)
        checked += 1
    assert checked > 5
    assert differs > checked // 2  # the hidden cards are dealt anew, not copied


def test_chinese_ten_keeps_cards_out_of_a_hand_that_laid_when_it_could_not_capture() -> None:
    rules = rules_of("chinese-ten")
    found = 0
    for position in positions("chinese-ten", 2, {}, seed=4):
        game = position.game
        assert isinstance(game, ChineseTen)
        other = 1 - position.seat
        known = read_history(position.view, position.history)
        assert known is not None
        barred = known.barred[other]
        # What the seat inferred is true of the real hand it cannot see.
        assert not {game.ranks[cid] for cid in game.hands[other]} & barred
        if not barred:
            continue
        found += 1
        for seed in range(5):
            world = rules.determinize(position.view, position.history, random.Random(seed))
            assert isinstance(world, ChineseTen)
            assert not {world.ranks[cid] for cid in world.hands[other]} & barred
    assert found > 3


def test_queen_of_scots_keeps_cards_taken_with_the_pile_in_the_takers_hand() -> None:
    rules = rules_of("queen-of-scots")
    found = 0
    for position in positions("queen-of-scots", 2, {}, seed=6, limit=600):
        game = position.game
        assert isinstance(game, QueenOfScots)
        other = 1 - position.seat
        held = taken_into_hands(position.view, position.history)[other]
        assert held <= set(game.hands[other])  # true of the hand the seat cannot see
        if not held:
            continue
        found += 1
        world = rules.determinize(position.view, position.history, random.Random(found))
        assert isinstance(world, QueenOfScots)
        assert held <= set(world.hands[other])
    assert found > 3


def search_bot(game_id: str, seed: int, rollouts: int) -> SearchBot:
    bot = get_game(game_id).bots["search"](seed)
    assert isinstance(bot, SearchBot)
    bot.budget = Budget(iterations=rollouts)
    return bot


def reachable(root: object) -> list[object]:
    """Everything reachable from `root` through references."""
    seen: dict[int, object] = {}
    pending = [root]
    while pending:
        item = pending.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen[id(item)] = item
        pending.extend(gc.get_referents(item))
    return list(seen.values())


@pytest.mark.parametrize(("game_id", "players", "options"), SEARCH_GAMES)
def test_the_search_bot_is_given_only_what_its_seat_was_told_and_never_the_game(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """The bot reads the view and the events as they travel (decoded from their plain form),
    so no reference leads from what it holds to the game; and searching changes nothing."""
    types = get_game(game_id).types
    for index, position in enumerate(positions(game_id, players, options, seed=8)):
        if index % 11 or len(position.game.legal(position.seat)) < 2:
            continue
        game, seat = position.game, position.seat
        view = types.view_from_wire(game.view(seat))
        assert view == position.view
        bot = search_bot(game_id, 1, 12)
        bot.hear(position.history)
        before = snapshot(game)
        held = reachable((bot, view))
        assert not any(item is game for item in held)
        assert not any(isinstance(item, Game) for item in held)
        action = bot.choose(view, view.legal)
        assert action in game.legal(seat)
        assert snapshot(game) == before


@pytest.mark.parametrize(("game_id", "players", "options"), SEARCH_GAMES)
def test_the_search_bot_chooses_the_same_given_a_seed_and_a_count_of_rollouts(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    tried = 0
    for position in positions(game_id, players, options, seed=5):
        legal = position.game.legal(position.seat)
        if len(legal) < 2:
            continue
        choices = set()
        for _ in range(2):
            bot = search_bot(game_id, 42, 30)
            bot.hear(position.history)
            choices.add(bot.choose(position.view, legal))
        assert len(choices) == 1
        tried += 1
        if tried == 4:
            break
    assert tried == 4


def test_a_search_stopped_at_once_plays_the_heuristic_bots_move() -> None:
    position = next(p for p in positions("thistle", 2, {}, seed=2) if len(p.game.legal(p.seat)) > 2)
    bot = get_game("thistle").bots["search"](9)
    assert isinstance(bot, SearchBot)
    bot.budget = Budget(should_stop=lambda: True)
    heuristic = rules_of("thistle").policy
    legal = position.game.legal(position.seat)
    expected = heuristic(random.Random(9).getrandbits(62)).choose(position.view, legal)
    assert bot.choose(position.view, legal) == expected


@pytest.mark.parametrize(("game_id", "players", "options"), SEARCH_GAMES)
def test_search_bots_play_whole_games_legally(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """`play_out` refuses nothing: every action the search bots take is legal."""
    spec = get_game(game_id)
    game = new_game(game_id, players, options, seed=13)
    bots = [
        search_bot(game_id, seat, 3) if seat < 2 else spec.bots[spec.default_bot](seat)
        for seat in range(players)
    ]
    play_out(game, bots)
    assert game.over


def test_every_game_with_a_search_bot_keeps_its_heuristic_bot_as_the_default() -> None:
    for game_id, _, _ in SEARCH_GAMES:
        spec = get_game(game_id)
        assert spec.bot_kind("search") == "hard"
        assert spec.default_bot == "normal"
