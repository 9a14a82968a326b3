"""Thistle: build six-card books of a Scottish clan; capture groups of two or three (2–4 players,
or two partnerships of two)."""

from cardtable.engine.levels import BotLadder
from cardtable.engine.options import OptionError, Options, OptionSpec
from cardtable.engine.spec import game_spec
from cardtable.engine.thistle.bots import HeuristicBot
from cardtable.engine.thistle.rules import Thistle, sides_for
from cardtable.engine.thistle.search import ThistleSearchBot
from cardtable.engine.thistle.text import describe


def check(seats: int, options: Options) -> None:
    """Ruling 2: the partnership game is for exactly four players."""
    if options.get("partnership") and seats != 4:
        raise OptionError(f"The partnership game is for exactly 4 players, not {seats}.")


SPEC = game_spec(
    Thistle,
    "Thistle",
    players=(2, 4),
    check=check,
    sides=sides_for,
    options=(
        OptionSpec(
            "partnership",
            False,
            "four players in two partnerships, partners opposite (seats 1 & 3, 2 & 4)",
        ),
    ),
    summary="Build six-card books of one clan; capture your rivals' groups of two or three.",
    bots=BotLadder(normal=HeuristicBot, hard=ThistleSearchBot),
    describe=describe,
)

__all__ = ["SPEC", "Thistle"]
