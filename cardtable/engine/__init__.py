"""Pure game rules: no I/O, no clock, no global random. See docs/engine.md."""

from cardtable.engine.bots import Bot, RandomBot, play_out
from cardtable.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Result,
    RoundScore,
    ScoreLine,
    Setup,
    Zone,
    events_for,
)
from cardtable.engine.options import OptionError, OptionSpec
from cardtable.engine.registry import GameSpec, all_games, get_game, new_game, replay, start

__all__ = [
    "Action",
    "Bot",
    "Event",
    "Game",
    "GameSpec",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "RandomBot",
    "Result",
    "RoundScore",
    "ScoreLine",
    "Setup",
    "Zone",
    "all_games",
    "events_for",
    "get_game",
    "new_game",
    "play_out",
    "replay",
    "start",
]
