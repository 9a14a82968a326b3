"""The board of a game without its own: the legal actions as a list, played with the keys or a
click."""

from __future__ import annotations

from textual.widgets import OptionList

from cardtable.client.ui.boards import Board
from cardtable.client.ui.boards.action_list import ActionListBoard, action_words
from cardtable.engine import Game, new_game
from tests.client.support import SIZE, LocalTable, run_async, screen_text


class ListTable(LocalTable):
    """A local table drawn by the action list, whatever the game's own board."""

    def __init__(self, game: Game, names: list[str], seat: int | None = 0) -> None:
        super().__init__(game, names, seat)
        self.board = ActionListBoard(id="board")


def test_the_list_shows_the_legal_actions_and_enter_or_a_click_plays_one() -> None:
    game = new_game("chinese-ten", 2, seed=3, dealer=1)
    app = ListTable(game, ["Tess", "Bram"])

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.board, Board)
            legal = game.legal_actions(0)
            assert len(legal) > 2
            for action in legal[: SIZE[1] - 2]:
                assert action_words(action) in screen_text(app)
            assert isinstance(app.focused, OptionList)  # the board gave the keys to its list
            await pilot.press("down", "down", "enter")
            await pilot.pause()
            assert app.made == [legal[2]]
            assert app.refused == []
            # Bram's turn: nothing for us to do.
            assert "Nothing to do until it is your turn." in screen_text(app)
            app.other(game.legal_actions(1)[0])
            await pilot.pause()
            # A click plays the action clicked.
            legal = game.legal_actions(0)
            row = next(
                y
                for y, line in enumerate(screen_text(app).splitlines())
                if action_words(legal[1]) in line
            )
            await pilot.click(offset=(2, row))
            await pilot.pause()
            assert app.made[1:] == [legal[1]]

    run_async(body)
