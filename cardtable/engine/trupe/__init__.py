"""Trupe: declare combinations of three or four from four groups of cards, with premiums,
penalties and a wild Trefoil; first to 150 (2–4 players)."""

from cardtable.engine.levels import BotLadder
from cardtable.engine.options import OptionSpec, target_option
from cardtable.engine.spec import game_spec
from cardtable.engine.trupe.bots import HeuristicBot
from cardtable.engine.trupe.rules import FIRST_RULINGS, RULINGS, TARGET, Trupe
from cardtable.engine.trupe.search import TrupeSearchBot
from cardtable.engine.trupe.text import describe

SPEC = game_spec(
    Trupe,
    "Trupe",
    players=(2, 4),
    options=(
        target_option(TARGET, minimum=50, maximum=1000),
        OptionSpec(
            "rulings",
            RULINGS,
            "the rulings a game is played under: games stored before the current rulings "
            "replay under the first",
            choices=(FIRST_RULINGS, RULINGS),
            offered=False,
        ),
    ),
    summary="Declare threes and fours until your hand is gone; a hand all of one group is a Trupe.",
    bots=BotLadder(normal=HeuristicBot, hard=TrupeSearchBot),
    describe=describe,
)

__all__ = ["SPEC", "Trupe"]
