"""Registers every game. A new game adds one line here."""

from cardtable.engine.chinese_ten import SPEC as CHINESE_TEN
from cardtable.engine.nobility import SPEC as NOBILITY
from cardtable.engine.queen_of_scots import SPEC as QUEEN_OF_SCOTS
from cardtable.engine.registry import register
from cardtable.engine.thistle import SPEC as THISTLE
from cardtable.engine.trupe import SPEC as TRUPE

GAMES = [
    register(CHINESE_TEN),
    register(THISTLE),
    register(QUEEN_OF_SCOTS),
    register(TRUPE),
    register(NOBILITY),
]
