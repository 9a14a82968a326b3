"""Pure game rules: no I/O, no clock, no global random. See docs/engine.md."""

from cardtable.engine.actions import GameAction, PlainAction
from cardtable.engine.bots import Bot, RandomBot, play_out
from cardtable.engine.events import Event, EventPart, SeenEvent, events_for
from cardtable.engine.game import Game
from cardtable.engine.game_types import GameTypes
from cardtable.engine.options import OptionError, OptionSpec
from cardtable.engine.refusal import IllegalAction, Refusal
from cardtable.engine.registry import (
    GAMES,
    all_games,
    get_game,
    new_game,
    register,
    replay,
    start,
)
from cardtable.engine.scores import Result, RoundScore, ScoreLine
from cardtable.engine.setup import Setup
from cardtable.engine.spec import GameSpec
from cardtable.engine.views import SeatView, Zone

__all__ = [
    "GAMES",
    "Bot",
    "Event",
    "EventPart",
    "Game",
    "GameAction",
    "GameSpec",
    "GameTypes",
    "IllegalAction",
    "OptionError",
    "OptionSpec",
    "PlainAction",
    "RandomBot",
    "Refusal",
    "Result",
    "RoundScore",
    "ScoreLine",
    "SeatView",
    "SeenEvent",
    "Setup",
    "Zone",
    "all_games",
    "events_for",
    "get_game",
    "new_game",
    "play_out",
    "register",
    "replay",
    "start",
]
