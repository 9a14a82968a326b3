"""Each game's board: how its table and your hand look, and how you choose an action.

A game's plug-in names its board (`GameSpec.board`, ``module:Class``); `board_class(spec)`
imports it, and `board_for(game)` makes one, or `ActionListBoard`, which plays any game from its
list of legal actions, for a game that names none. Every board is a package
``boards/<game>/`` with the same modules (see docs/new-game.md); they share `Board` and
`Letters` (`base`).
"""

from __future__ import annotations

from importlib import import_module

from cardtable.client.ui.boards.action_list import ActionListBoard
from cardtable.client.ui.boards.base import Board, Lettered, Letters
from cardtable.engine import GameSpec, OptionError, get_game


def board_class(spec: GameSpec) -> type[Board]:
    """The board `spec` names (``module:Class``), or `ActionListBoard` when it names none."""
    if not spec.board:
        return ActionListBoard
    module, _, name = spec.board.partition(":")
    found = getattr(import_module(module), name)
    if not (isinstance(found, type) and issubclass(found, Board)):
        raise TypeError(f"{spec.title}'s board {spec.board!r} is not a Board")
    return found


def board_for(game: str) -> Board:
    """A new board for `game`: its own, or the list of legal actions (also for a game this
    client does not know)."""
    try:
        spec = get_game(game)
    except OptionError:
        return ActionListBoard(id="board")
    return board_class(spec)(id="board")


__all__ = ["Board", "Lettered", "Letters", "board_class", "board_for"]
