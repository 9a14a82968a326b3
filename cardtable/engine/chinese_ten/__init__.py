"""Chinese Ten: capture to ten, then flip from the deck (2–4 players, one or two decks)."""

from cardtable.engine.chinese_ten.bots import GreedyBot
from cardtable.engine.chinese_ten.rules import ChineseTen, makes_ten
from cardtable.engine.chinese_ten.search import ChineseTenSearchBot
from cardtable.engine.chinese_ten.text import describe
from cardtable.engine.levels import BotLadder
from cardtable.engine.options import OptionSpec, strict_option
from cardtable.engine.spec import game_spec

SPEC = game_spec(
    ChineseTen,
    "Chinese Ten",
    players=(2, 4),
    options=(
        OptionSpec("decks", 2, "how many 52-card decks are shuffled together", choices=(1, 2)),
        OptionSpec(
            "rounds",
            1,
            "how many deals make a game; the dealer moves left each deal",
            minimum=1,
            maximum=10,
        ),
        strict_option("scoring piles lie face down, their points unknown until the round ends"),
    ),
    summary="Capture the card that makes ten with yours, then flip from the deck.",
    # The deal decides most of a game: easy always plays its second choice (docs/performance.md).
    bots=BotLadder(normal=GreedyBot, hard=ChineseTenSearchBot, slip=1.0),
    describe=describe,
)

__all__ = ["SPEC", "ChineseTen", "GreedyBot", "makes_ten"]
