"""Each game's board: how its table and your hand look, and how you choose an action.

`board_for(game)` gives the game's own board, or `ActionListBoard`, which plays any game from
its list of legal actions. The boards share `Board` and `Letters` (`base`).
"""

from __future__ import annotations

from cardtable.client.ui.boards.action_list import ActionListBoard
from cardtable.client.ui.boards.base import Board, Lettered, Letters
from cardtable.client.ui.boards.chinese_ten import ChineseTenBoard
from cardtable.client.ui.boards.nobility import NobilityBoard
from cardtable.client.ui.boards.queen_of_scots import QueenOfScotsBoard
from cardtable.client.ui.boards.thistle import ThistleBoard
from cardtable.client.ui.boards.trupe import TrupeBoard

#: Each game's own board, by game id.
BOARDS: dict[str, type[Board]] = {
    "chinese-ten": ChineseTenBoard,
    "thistle": ThistleBoard,
    "queen-of-scots": QueenOfScotsBoard,
    "trupe": TrupeBoard,
    "nobility": NobilityBoard,
}


def board_for(game: str) -> Board:
    """A new board for `game`: its own, or the list of legal actions."""
    return BOARDS.get(game, ActionListBoard)(id="board")


__all__ = ["BOARDS", "Board", "Lettered", "Letters", "board_for"]
