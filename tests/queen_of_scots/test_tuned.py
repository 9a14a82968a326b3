"""The heuristic bot's judgement: ``normal`` keeps today's numbers and plays as it always has;
``hard`` searches over the bot with the numbers tuned by self-play, kept as package data."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
from importlib.resources import files

import msgpack

from cardtable.engine import get_game, new_game, play_out
from cardtable.engine.queen_of_scots.bots import NORMAL, TUNED, HeuristicBot
from cardtable.engine.search import Budget, SearchBot
from cardtable.engine.tuned import TUNED_FILE, tuned_judgement
from cardtable.wire.codec import to_wire
from tests.search.support import positions, rules_of


def test_the_tuned_judgement_is_read_from_the_package_data_and_differs_from_normal() -> None:
    data = files("cardtable.engine.queen_of_scots").joinpath(TUNED_FILE).read_text("utf-8")
    expected = replace(NORMAL, **json.loads(data)["judgement"])
    assert expected == TUNED
    assert TUNED != NORMAL


def test_a_game_without_tuned_numbers_keeps_the_defaults() -> None:
    assert tuned_judgement("cardtable.engine.thistle.bots", NORMAL) is NORMAL


def test_the_normal_bot_plays_a_seeded_game_exactly_as_before_its_numbers_were_exposed() -> None:
    """The digests of these games' actions were taken before the numbers became parameters."""
    spec = get_game("queen-of-scots")
    digests = {}
    for seats in (2, 3):
        game = new_game("queen-of-scots", seats, {}, seed=7)
        actions = play_out(game, [spec.bots["normal"](seat) for seat in range(seats)])
        plain = msgpack.packb([[seat, to_wire(action)] for seat, action in actions])
        digests[seats] = (len(actions), hashlib.sha256(plain).hexdigest()[:24])
    assert digests == {2: (183, "b0b671b70b3bc9dd7319f0ed"), 3: (257, "7431e91b6541d55d33f93758")}


def test_the_hard_bot_falls_back_on_the_tuned_bot_where_it_differs_from_normal() -> None:
    """A search stopped at once plays its rollout policy's move: the tuned bot's, which at some
    positions is not the normal bot's."""
    policy = rules_of("queen-of-scots").policy
    differed = 0
    for position in positions("queen-of-scots", 2, {}, seed=3):
        legal = position.game.legal(position.seat)
        tuned = HeuristicBot(0, TUNED).choose(position.view, legal)
        if tuned == HeuristicBot(0).choose(position.view, legal):
            continue
        bot = get_game("queen-of-scots").bots["hard"](9)
        assert isinstance(bot, SearchBot)
        bot.budget = Budget(should_stop=lambda: True)
        bot.hear(position.history)
        assert bot.choose(position.view, legal) == tuned
        assert policy(random.Random(9).getrandbits(62)).choose(position.view, legal) == tuned
        differed += 1
    assert differed >= 3


def test_the_hard_bot_plays_a_whole_game_legally_with_its_tuned_rollouts() -> None:
    """`play_out` refuses nothing the hard bot plays, on either seat."""
    spec = get_game("queen-of-scots")
    game = new_game("queen-of-scots", 2, {"target": 300}, seed=11)
    hard = spec.bots["hard"](1)
    assert isinstance(hard, SearchBot)
    hard.budget = Budget(iterations=6)
    play_out(game, [hard, spec.bots["normal"](2)])
    assert game.over
