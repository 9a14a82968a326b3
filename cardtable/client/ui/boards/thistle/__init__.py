"""The Thistle board, in parts: `faces` (how cards, groups and books look), `targets` (what you
may do now, and the letters), `areas` (each seat's area, as fully as the lines allow) and `board`
(the widget: keys, clicks, the pile and the hand)."""

from cardtable.client.ui.boards.thistle.areas import DETAILS, Detail
from cardtable.client.ui.boards.thistle.board import ThistleBoard
from cardtable.client.ui.boards.thistle.faces import face

__all__ = ["DETAILS", "Detail", "ThistleBoard", "face"]
