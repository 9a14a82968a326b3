"""Take-back, for every registered game: in bot games, wherever a take-back is allowed it gives
back exactly the earlier state and every seat's earlier view, the game then goes on exactly as
before, and no take-back is ever allowed across a shown card, a round's end or another
player's action."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardtable.engine import IllegalAction, Refusal, get_game, new_game
from cardtable.engine.events import TookBack
from cardtable.engine.takeback import PlayedGame
from cardtable.wire.codec import to_wire
from tests.conformance.support import bot_lineup, case_id, game_cases, snapshot, visible_cards

CASES = game_cases()
Case = tuple[str, int, dict[str, Any]]

#: Bot games per case, and at most how many more until a take-back has been allowed (a game
#: that lets some action be taken back must let one be in its bot games).
GAMES = 1
MORE_GAMES = 8
#: Each take-back replays the game, so only every this many allowed take-backs (and the first
#: few) is carried out in full; the rest are checked for being allowed rightly.
EVERY = 12


def seen(played: PlayedGame) -> dict[int | None, set[int]]:
    game = played.game
    return {viewer: visible_cards(game, viewer) for viewer in (*range(game.seats), None)}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_take_back_restores_the_game_exactly_and_only_where_allowed(case: Case) -> None:
    game_id, players, options = case
    spec = get_game(game_id)
    offered = 0
    for seed in range(GAMES + MORE_GAMES):
        if seed >= GAMES and (offered or not any(a.undoable for a in spec.types.actions.values())):
            break
        played = PlayedGame(new_game(game_id, players, options, seed=seed))
        bots = bot_lineup(spec, players, seed)
        #: Whether each step showed anyone a card.
        showed: list[bool] = []
        while not played.game.over:
            game = played.game
            seat = game.actors[0]
            view = game.seat_view(seat) if bots[seat].uses_view else None
            action = bots[seat].choose(view, game.legal(seat))
            earlier, cards = snapshot(game), seen(played)
            played.apply(seat, to_wire(action))
            after = seen(played)
            showed.append(any(after[viewer] - cards[viewer] for viewer in after))
            for taker in range(players):
                if played.can_take_back(taker):
                    offered += 1
                    check_allowed(played, taker, showed)
                    if offered <= 3 or offered % EVERY == 0:
                        check_taken_back(played, taker, earlier, spec.tell)
                else:
                    check_refused(played, taker)
    if any(kind.undoable for kind in spec.types.actions.values()):
        assert offered, "no take-back was ever allowed"


def check_allowed(played: PlayedGame, taker: int, showed: list[bool]) -> None:
    """The take-back allowed is of `taker`'s own last step, which showed nothing, did not end
    a round, and after which nobody else has acted (but in private words `taker` never
    heard)."""
    index = played.last_own(taker)
    assert index is not None
    step = played.steps[index]
    assert step.seat == taker and not step.action.free and not showed[index]
    assert step.action.undoable and not played.game.awaiting_deal
    assert all(
        later.action.free and not later.reaches(taker) for later in played.steps[index + 1 :]
    )


def check_taken_back(played: PlayedGame, taker: int, before: Any, tell: Any) -> None:
    """Taking back restores the snapshot before the step (`before`: the one before the last
    step), tells everyone in words, and replaying the step gets back to where the game was."""
    index = played.last_own(taker)
    assert index is not None
    step = played.steps[index]
    trial = copy.deepcopy(played)
    now = snapshot(played.game)
    events = trial.take_back(taker)
    assert [event.public for event in events] == [TookBack(taker, step.words)]  # type: ignore[arg-type]
    assert all(event.audience is None for event in events)
    names = [f"P{seat + 1}" for seat in range(played.game.seats)]
    line = tell(events[0].for_seat(None), names)
    assert line.startswith(f"P{taker + 1} took back ") and "{" not in line
    if index == len(played.steps) - 1:
        assert snapshot(trial.game) == before
        trial.apply(step.seat, to_wire(step.action))
        assert snapshot(trial.game) == now


def check_refused(played: PlayedGame, taker: int) -> None:
    """A take-back that is not allowed is refused with a reason, and changes nothing."""
    if played.game.over:
        return
    game, steps, rng = played.game, list(played.steps), played.game.rng.getstate()
    with pytest.raises(IllegalAction) as refusal:
        played.take_back(taker)
    assert refusal.value.code == Refusal.TAKE_BACK
    assert refusal.value.reason.endswith(".")
    assert played.game is game and played.steps == steps and game.rng.getstate() == rng
