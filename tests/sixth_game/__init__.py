"""A sixth game kept under tests: High Card, added to cardtable through its plug-in alone.

`SPEC` is the whole record; `tests/conftest.py` registers it (`cardtable.engine.register`), so
every suite that runs over the registry runs it like the five, and the installed program never
offers it.
"""

from cardtable.engine.levels import BotLadder
from cardtable.engine.options import OptionSpec
from cardtable.engine.spec import GameSpec
from tests.sixth_game.bots import CheapestWinBot
from tests.sixth_game.rules import HighCard
from tests.sixth_game.search import HighCardSearchBot
from tests.sixth_game.text import describe

SPEC = GameSpec(
    id="high-card",
    title="High Card",
    min_players=2,
    max_players=2,
    options=(OptionSpec("rounds", 1, "how many deals make a game", minimum=1, maximum=3),),
    game_class=HighCard,
    summary="Follow suit; the highest card of the suit led takes the trick.",
    bots=BotLadder(normal=CheapestWinBot, hard=HighCardSearchBot),
    describe=describe,
    board="tests.sixth_game.board.board:HighCardBoard",
)

__all__ = ["SPEC"]
