"""Pure game rules: no I/O, no clock, no global random. See docs/engine.md."""

from cardtable.engine.bots import Bot, RandomBot, play_out
from cardtable.engine.core import (
    Event,
    EventPart,
    Game,
    GameAction,
    GameTypes,
    IllegalAction,
    PlainAction,
    Refusal,
    Result,
    RoundScore,
    ScoreLine,
    SeatView,
    SeenEvent,
    Setup,
    Zone,
    events_for,
)
from cardtable.engine.options import OptionError, OptionSpec
from cardtable.engine.registry import (
    GAMES,
    all_games,
    get_game,
    new_game,
    register,
    replay,
    start,
)
from cardtable.engine.spec import GameSpec

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
