"""The `strict` option: scoring piles lie face down, as at a real table. Whole bot games are
played with it: no view shows a pile's points (the owner's included) while a round is played,
nor any captured card; the counts are shown, and the points once the round is over. A bad value
is refused with a clear reason."""

from __future__ import annotations

import pytest

from cardtable.engine import OptionError, get_game, new_game, play_out
from cardtable.engine.chinese_ten.rules import ChineseTen
from cardtable.engine.chinese_ten.types import Captured
from cardtable.engine.events import Event
from tests.conformance.support import bot_lineup, card_ids


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2)])
def test_strict_views_show_pile_sizes_and_never_their_points_until_the_round_ends(
    players: int, decks: int
) -> None:
    spec = get_game("chinese-ten")
    game = new_game("chinese-ten", players, {"decks": decks, "strict": True, "rounds": 2}, seed=3)
    assert isinstance(game, ChineseTen)
    captured: set[int] = set()

    def check(seat: int, action: object, events: list[Event]) -> None:
        for event in events:
            if isinstance(event.public, Captured):
                captured.update((event.public.card.cid, event.public.target.cid))
        in_play = not (game.over or game.awaiting_deal)
        for viewer in [*range(players), None]:
            view = game.view(viewer)
            piles = view["table"]["piles"]
            assert [pile["count"] for pile in piles] == [len(pile) for pile in game.piles]
            if in_play:
                assert all(pile["points"] is None for pile in piles)
                # No captured card is named (events name them as they are made, in the open).
                assert not set(card_ids(view)) & {c for pile in game.piles for c in pile}
            else:
                assert [pile["points"] for pile in piles] == game.pile_points

    play_out(game, bot_lineup(spec, players, 3), on_action=check)
    assert game.over and captured


def test_without_strict_every_pile_shows_its_points() -> None:
    game = new_game("chinese-ten", 2, {"decks": 1}, seed=3)
    assert isinstance(game, ChineseTen)
    play_out(game, bot_lineup(get_game("chinese-ten"), 2, 3))
    assert [pile["points"] for pile in game.view(0)["table"]["piles"]] == game.pile_points


@pytest.mark.parametrize("value", [3, "yes", None])
def test_a_strict_value_that_is_not_true_or_false_is_refused(value: object) -> None:
    with pytest.raises(OptionError) as refused:
        get_game("chinese-ten").setup(2, {"strict": value})
    assert str(refused.value) == f"Option 'strict' must be true or false, not {value!r}."
