"""The conformance suite: every registered game, every player count, every option variant.

A new game joins by being registered; nothing here names a game.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.engine import (
    Game,
    IllegalAction,
    RandomBot,
    all_games,
    get_game,
    new_game,
    replay,
)
from cardtable.engine.actions import GameAction, PlainAction
from cardtable.engine.chinese_ten.types import Take
from cardtable.engine.events import Event
from cardtable.wire.codec import to_wire
from tests.conformance.support import (
    bot_lineup,
    card_ids,
    case_id,
    game_cases,
    play,
    snapshot,
    visible_cards,
)

CASES = game_cases()
Case = tuple[str, int, dict[str, Any]]

#: Complete games per case for the result check, and for the step-by-step checks.
RESULT_GAMES = 25
STEPPED_GAMES = 3


def stepped(case: Case, seed: int) -> tuple[Game, list[tuple[int, PlainAction]]]:
    """A new game and the bot actions that finish it (found by playing a copy)."""
    game_id, players, options = case
    _, log = play(game_id, players, options, seed)
    return new_game(game_id, players, options, seed=seed), [(s, a) for s, a, _ in log]


def test_every_game_is_covered() -> None:
    assert {case[0] for case in CASES} == {spec.id for spec in all_games()}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bot_games_reach_a_result(case: Case) -> None:
    for seed in range(RESULT_GAMES):
        game, log = play(*case, seed)
        assert game.result is not None
        assert game.actors == ()
        totals = game.result.totals
        assert totals == tuple(
            sum(score.points[side] for score in game.round_scores)
            for side in range(len(game.sides))
        )
        assert game.result.winners
        assert all(totals[w] == max(totals) for w in game.result.winners)
        assert [event for _, _, events in log for event in events if event.kind == "game_end"]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_same_seed_and_actions_give_the_same_game(case: Case) -> None:
    game_id, players, options = case
    for seed in range(STEPPED_GAMES):
        first, log = play(game_id, players, options, seed)
        again = replay(first.setup, [(seat, action) for seat, action, _ in log])
        assert snapshot(again) == snapshot(first)

        stepwise = new_game(game_id, players, options, seed=seed)
        for seat, action, events in log:
            replayed = stepwise.apply(seat, action)
            for viewer in [*range(players), None]:
                assert [e.for_seat(viewer) for e in replayed] == [
                    e.for_seat(viewer) for e in events
                ]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_different_seeds_deal_differently(case: Case) -> None:
    game_id, players, options = case
    views = [new_game(game_id, players, options, seed=seed).view(0) for seed in range(5)]
    assert len({repr(view) for view in views}) > 1


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_card_and_coin_is_accounted_for_after_every_action(case: Case) -> None:
    for seed in range(STEPPED_GAMES):
        game, actions = stepped(case, seed)
        everything = list(range(game.card_count()))
        assert sorted(cid for zone in game.zones().values() for cid in zone.cards) == everything
        assert sum(game.purses().values()) == game.currency
        for seat, action in actions:
            game.apply(seat, action)
            cards = sorted(cid for zone in game.zones().values() for cid in zone.cards)
            assert cards == everything
            assert sum(game.purses().values()) == game.currency, "money made or lost"
            assert all(amount >= 0 for amount in game.purses().values())


def assert_no_leak(
    game: Game, before: dict[int | None, set[int]], events: list[Event], where: str
) -> None:
    """No view or event given to a seat names a card that seat cannot see, in the views the
    server writes for a step's receivers together (`Game.views`, each equal to the seat's
    `view`: what the seats share is shared, nothing else)."""
    viewers = [*range(game.seats), None]
    together = dict(zip(viewers, game.views(viewers), strict=True))
    backwards = dict(zip(viewers[::-1], game.views(viewers[::-1]), strict=True))
    for viewer in viewers:
        assert together[viewer] == backwards[viewer] == game.view(viewer), f"{where}: views"
        now = visible_cards(game, viewer)
        shown = set(card_ids(together[viewer]))
        assert shown <= now, f"{where}: view for {viewer} shows hidden {shown - now}"
        told = {cid for event in events for cid in card_ids(event.for_seat(viewer))}
        allowed = now | before[viewer]
        assert told <= allowed, f"{where}: events for {viewer} name hidden {told - allowed}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_no_view_or_event_reveals_a_hidden_card(case: Case) -> None:
    for seed in range(STEPPED_GAMES):
        game, actions = stepped(case, seed)
        seen = {viewer: visible_cards(game, viewer) for viewer in [*range(game.seats), None]}
        assert_no_leak(game, seen, game.opening_events, "deal")
        for step, (seat, action) in enumerate(actions):
            before = {viewer: visible_cards(game, viewer) for viewer in seen}
            events = game.apply(seat, action)
            assert_no_leak(game, before, events, f"seed {seed} step {step}")
            assert game.view(None)["legal"] == []


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_someone_can_act_until_the_end(case: Case) -> None:
    for seed in range(STEPPED_GAMES):
        game, actions = stepped(case, seed)
        for seat, action in actions:
            assert game.actors
            for other in range(game.seats):
                legal = game.legal_actions(other)
                assert bool(legal) == (other in game.actors)
            assert action in game.legal_actions(seat)
            game.apply(seat, action)
        assert game.over and game.actors == ()
        assert all(game.legal_actions(seat) == [] for seat in range(game.seats))


#: A seat counted from 0, as no sentence a player reads may count it.
ZERO_BASED_SEAT = re.compile(r"\bseat 0\b", re.IGNORECASE)


def assert_readable(refusal: IllegalAction, seats: int) -> None:
    """A refusal is a sentence that counts seats from 1, and names each seat it speaks of when
    given the players' names."""
    assert refusal.reason.strip(), "the reason must be readable"
    assert not ZERO_BASED_SEAT.search(refusal.reason), refusal.reason
    names = [f"Player{seat}" for seat in range(seats)]
    worded = refusal.worded(names)
    for index, seat in enumerate(refusal.seats):
        assert f"{{{index}}}" not in worded and names[seat] in worded, worded


def illegal_candidates(game: Game, legal: list[PlainAction]) -> list[Any]:
    """Actions to try that may or may not be legal: strange shapes and near misses."""
    candidates: list[Any] = [
        None,
        "capture",
        7,
        [],
        {},
        {"kind": 5},
        {"kind": "no-such-move"},
        {"kind": "deal"},
    ]
    for action in legal[:3]:
        for key, value in action.items():
            if key == "kind" or isinstance(value, bool) or not isinstance(value, int):
                continue
            for other in (-1, value + 1, 10**6, game.card_count() - 1, "1", None, True):
                candidates.append({**action, key: other})
        candidates.append({key: value for key, value in action.items() if key != "kind"})
    return candidates


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_an_illegal_action_is_refused_and_changes_nothing(case: Case) -> None:
    game, actions = stepped(case, 0)
    for step, (seat, action) in enumerate(actions):
        if step % 3 == 0:
            before = snapshot(game)
            legal = game.legal_actions(seat)
            for other in range(game.seats):
                if other not in game.actors:
                    with pytest.raises(IllegalAction, match="not your turn"):
                        game.apply(other, action)
            for candidate in illegal_candidates(game, legal):
                if candidate in legal:
                    continue
                with pytest.raises(IllegalAction) as refused:
                    game.apply(seat, candidate)
                assert_readable(refused.value, game.seats)
            with pytest.raises(IllegalAction, match="no such seat") as refused:
                game.apply(game.seats, action)
            assert_readable(refused.value, game.seats)
            assert snapshot(game) == before, f"an illegal action changed the game at step {step}"
            for candidate in legal[:5]:
                copy.deepcopy(game).apply(seat, candidate)
        game.apply(seat, action)
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, {"kind": "anything"})


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bots_only_choose_legal_actions_from_their_own_view(case: Case) -> None:
    game_id, players, options = case
    spec = get_game(game_id)
    game = new_game(game_id, players, options, seed=11)
    bots = bot_lineup(spec, players, 11)
    while not game.over:
        seat = game.actors[0]
        view = game.view(seat)
        seen = spec.types.view_from_wire(copy.deepcopy(view))  # the view as it travelled
        action = to_wire(bots[seat].choose(seen, seen.legal))
        assert action in view["legal"]
        game.apply(seat, action)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_event_keeps_its_kind_and_reads_as_words(case: Case) -> None:
    game_id, players, options = case
    spec = get_game(game_id)
    names = [f"Player{seat}" for seat in range(players)]
    game, log = play(game_id, players, options, seed=5)
    events = [*game.opening_events, *(event for _, _, events in log for event in events)]
    for event in events:
        assert "kind" not in field_names(event.public)
        assert all("kind" not in field_names(part) for part in event.private.values())
        for viewer in [*range(players), None]:
            words = spec.tell(event.for_seat(viewer), names)
            assert words.strip() and words != event.kind, f"no words for {event.kind}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 2**32 - 1),
    picks=st.lists(st.integers(0, 2**16), max_size=400),
)
def test_any_legal_path_conserves_cards_and_replays(
    case: Case, seed: int, picks: list[int]
) -> None:
    game_id, players, options = case
    game = new_game(game_id, players, options, seed=seed)
    taken: list[tuple[int, PlainAction]] = []
    for pick in picks:
        if game.over:
            break
        seat = game.actors[pick % len(game.actors)]
        legal = game.legal_actions(seat)
        action = legal[pick % len(legal)]
        game.apply(seat, action)
        taken.append((seat, action))
    cards = sorted(cid for zone in game.zones().values() for cid in zone.cards)
    assert cards == list(range(game.card_count()))
    assert sum(game.purses().values()) == game.currency
    assert snapshot(replay(game.setup, taken)) == snapshot(game)


def field_names(part: object) -> set[str]:
    """The names of an event part's fields."""
    return {field.name for field in dataclasses.fields(part)}  # type: ignore[arg-type]


def test_random_bot_needs_no_view_details() -> None:
    bot = RandomBot(3)
    legal: list[GameAction] = [Take(0), Take(1)]
    assert bot.choose(None, legal) in legal
