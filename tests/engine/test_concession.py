"""Conceding, the frame's own actions: who wins, how a partnership agrees, when an offer lapses,
and that a concession is part of the game's record (a replay ends the same way)."""

from __future__ import annotations

import pytest

from cardtable.engine import (
    Game,
    GameAction,
    IllegalAction,
    Refusal,
    Result,
    get_game,
    new_game,
    replay,
)
from cardtable.engine.actions import Concede, PlayOn
from cardtable.wire.codec import to_wire


def kinds(events: list[object]) -> list[str]:
    return [event.public.kind for event in events]  # type: ignore[attr-defined]


def words(game: Game, events: list[object], names: list[str], seat: int | None) -> list[str]:
    spec = get_game(game.game_id)
    return [spec.describe(event.seen_by(seat), names) for event in events]  # type: ignore[attr-defined]


def test_a_player_who_concedes_loses_and_the_game_is_over() -> None:
    game = new_game("chinese-ten", 2, {"decks": 1}, seed=4)
    events = game.apply(0, {"kind": "concede"})
    assert kinds(events) == ["conceded", "game_end"]
    assert words(game, events, ["Ann", "Bo"], None) == [
        "Ann concedes: the game is over.",
        "Bo won: Ann conceded.",
    ]
    assert game.result is not None
    assert game.result.conceded == (0,) and game.result.winning_seats == (1,)
    assert game.actors == () and game.legal(1) == []
    with pytest.raises(IllegalAction) as refused:
        game.apply(1, Concede())
    assert refused.value.code == Refusal.GAME_OVER


def test_in_a_game_of_three_the_rest_are_ranked_by_their_totals() -> None:
    game = new_game("chinese-ten", 3, {"decks": 1, "rounds": 2}, seed=8)
    bots = [get_game("chinese-ten").bots["greedy"](seat) for seat in range(3)]
    while not game.awaiting_deal:  # play the first round out
        seat = game.actors[0]
        game.apply(seat, bots[seat].choose(game.seat_view(seat), game.legal(seat)))
    totals = game.totals
    best_other = max(totals[1], totals[2])
    events = game.apply(0, Concede())  # between rounds: conceding needs no turn
    assert game.result is not None
    assert game.result.totals == totals
    assert game.result.winners == tuple(side for side in (1, 2) if totals[side] == best_other)
    assert game.result.conceded == (0,)
    assert "conceded and rank last" in words(game, events, ["Ann", "Bo", "Cy"], 1)[-1]


def partnership() -> Game:
    return new_game("thistle", 4, {"partnership": True}, seed=5)


def test_a_partnership_concedes_when_both_partners_agree() -> None:
    game = partnership()
    offered = game.apply(1, Concede())
    assert kinds(offered) == ["concession_offered"]
    assert offered[0].audience == (1, 3)  # the opponents and spectators hear nothing
    assert game.concession_due(3) and not game.concession_due(1)
    assert not game.concession_due(0) and not game.over
    events = game.apply(3, Concede())
    assert kinds(events) == ["conceded", "game_end"]
    assert game.result is not None
    assert game.result.conceded == (1,) and game.result.winning_seats == (0, 2)


def test_a_partner_may_turn_the_offer_down_and_the_opponents_may_not() -> None:
    game = partnership()
    game.apply(0, Concede())
    before = game.view(None)
    for seat, action, reason in [
        (1, PlayOn(), "Nobody on your side has offered to concede."),
        (0, Concede(), "You have offered to concede; seat 3 has not answered yet."),
    ]:
        with pytest.raises(IllegalAction) as refused:
            game.apply(seat, action)
        assert refused.value.reason == reason
        assert game.view(None) == before and game.concessions.votes == {0: frozenset({0})}
    declined = game.apply(2, PlayOn())
    assert kinds(declined) == ["concession_declined"] and declined[0].audience == (0, 2)
    assert game.concessions.votes == {} and not game.over


def test_an_offer_lapses_when_its_side_moves_and_stands_while_the_other_side_moves() -> None:
    game = partnership()
    mover = game.actors[0]
    partner = (mover + 2) % 4
    opponent = (mover + 1) % 4
    game.apply(opponent, Concede())  # the other side's offer stands while this side moves
    game.apply(mover, Concede())
    events = game.apply(mover, game.legal(mover)[0])
    assert kinds(events)[-1] == "concession_lapsed"
    assert events[-1].audience == tuple(sorted((mover, partner)))
    assert not game.concession_due(partner)
    assert game.concession_due((opponent + 2) % 4)


def test_a_concession_is_part_of_the_record_a_replay_ends_the_same_way() -> None:
    game = partnership()
    history: list[tuple[int, GameAction]] = [(2, Concede()), (0, PlayOn()), (0, Concede())]
    mover = game.actors[0]
    history.append((mover, game.legal(mover)[0]))  # may let an offer lapse
    history += [(1, Concede()), (3, Concede())]
    for seat, action in history:
        game.apply(seat, action)
    again = replay(game.setup, [(seat, to_wire(action)) for seat, action in history])
    assert again.view(None) == game.view(None)
    assert again.result == game.result
    assert game.result is not None and game.result.conceded == (1,)
    assert Result.from_wire(game.result.to_wire()) == game.result


def test_a_result_stored_before_conceding_existed_reads_as_conceded_by_nobody() -> None:
    stored = {"sides": [[0], [1]], "totals": [5, 9], "winners": [1], "winning_seats": [1]}
    result = Result.from_wire(stored)
    assert result.conceded == () and result.to_wire() == stored
