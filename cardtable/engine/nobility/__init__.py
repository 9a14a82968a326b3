"""Nobility: provinces, nobles and money for three players, with battles, elections and deals."""

from cardtable.engine.levels import BotLadder
from cardtable.engine.nobility.bots import HeuristicBot
from cardtable.engine.nobility.offer_words import DIPLOMACY
from cardtable.engine.nobility.rules import RUBBERS, Nobility
from cardtable.engine.nobility.search import NobilitySearchBot
from cardtable.engine.nobility.text import describe
from cardtable.engine.options import OptionSpec
from cardtable.engine.spec import game_spec

SPEC = game_spec(
    Nobility,
    "Nobility",
    players=(3, 3),
    diplomacy=DIPLOMACY,
    options=(OptionSpec("rubbers", RUBBERS, "rubbers to win the match", minimum=1, maximum=3),),
    summary="Meld provinces, pay nobles to defend them, battle, vote and bargain for all 36.",
    bots=BotLadder(normal=HeuristicBot, hard=NobilitySearchBot),
    describe=describe,
)

__all__ = ["SPEC", "Nobility"]
