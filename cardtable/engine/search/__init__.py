"""Determinized search: a bot that samples the cards its seat cannot see and tries each move.

`SearchRules` is what a game gives the search (its determinizer, rollout policy and evaluation);
`weigh_by_search` is the search; `SearchBot` is the bot kind ``search`` built on it;
`deal_hidden` deals the unseen cards among the hidden places; `copy_game` copies a game.
"""

from cardtable.engine.search.bot import SearchBot, heard_by
from cardtable.engine.search.copying import copy_game
from cardtable.engine.search.dealing import HiddenPlace, deal_hidden
from cardtable.engine.search.pimc import (
    Budget,
    SearchRules,
    Weighed,
    Weighing,
    rollout_margin,
    weigh_by_search,
)

__all__ = [
    "Budget",
    "HiddenPlace",
    "SearchBot",
    "SearchRules",
    "Weighed",
    "Weighing",
    "copy_game",
    "deal_hidden",
    "heard_by",
    "rollout_margin",
    "weigh_by_search",
]
