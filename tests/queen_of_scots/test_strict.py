"""The `strict` option: only the discard pile's top card shows, as at a real table. Whole bot
games are played with it: no view names a card under the top, a take tells everyone how many
cards went to the taker's hand and the taker alone which, and the bots play on with what they
see. A bad value is refused with a clear reason."""

from __future__ import annotations

import pytest

from cardtable.engine import OptionError, get_game, new_game, play_out
from cardtable.engine.events import Event
from cardtable.engine.queen_of_scots.rules import QueenOfScots
from cardtable.engine.queen_of_scots.types import PileToHand, Took
from tests.conformance.support import bot_lineup, card_ids


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strict_views_show_the_pile_top_and_size_only(players: int) -> None:
    spec = get_game("queen-of-scots")
    game = new_game("queen-of-scots", players, {"strict": True, "target": 300}, seed=players)
    assert isinstance(game, QueenOfScots)
    takes = 0

    def check(seat: int, action: object, events: list[Event]) -> None:
        nonlocal takes
        under = set(game.pile[:-1])
        for viewer in [*range(players), None]:
            view = game.view(viewer)
            table = view["table"]
            assert table["pile_size"] == len(game.pile)
            assert [card["cid"] for card in table["pile"]] == game.pile[-1:]
            assert not set(card_ids(view)) & under
        for event in events:
            if isinstance(event.public, Took):
                takes += 1
                took = event.public
                assert took.to_hand == ()
                private = event.private[seat]
                assert isinstance(private, PileToHand)
                assert len(private.pile_cards) == took.to_hand_count
                assert set(event.private) == {seat}

    play_out(game, bot_lineup(spec, players, players), on_action=check)
    assert game.over and takes


@pytest.mark.parametrize("value", [1, "off", None])
def test_a_strict_value_that_is_not_true_or_false_is_refused(value: object) -> None:
    with pytest.raises(OptionError) as refused:
        get_game("queen-of-scots").setup(2, {"strict": value})
    assert str(refused.value) == f"Option 'strict' must be true or false, not {value!r}."
