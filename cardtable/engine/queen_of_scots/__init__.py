"""Queen of Scots: meld sets of matching characters and of the royal family, with wild Crown
Jewels; first to 1000 (2–4 players)."""

from cardtable.engine.bots import RandomBot
from cardtable.engine.options import OptionSpec
from cardtable.engine.queen_of_scots.bots import HeuristicBot
from cardtable.engine.queen_of_scots.edition import EDITIONS, STANDARD
from cardtable.engine.queen_of_scots.rules import TARGET, QueenOfScots
from cardtable.engine.queen_of_scots.text import describe
from cardtable.engine.registry import GameSpec

SPEC = GameSpec(
    id="queen-of-scots",
    title="Queen of Scots",
    min_players=2,
    max_players=4,
    options=(
        OptionSpec(
            "target",
            TARGET,
            "the cumulative score that ends the game",
            minimum=100,
            maximum=5000,
        ),
        OptionSpec("edition", STANDARD.name, "which edition of the deck", choices=tuple(EDITIONS)),
    ),
    game_class=QueenOfScots,
    summary="Meld sets of matching characters and the royal family, with wild Crown Jewels.",
    bots={"random": RandomBot, "heuristic": HeuristicBot},
    describe=describe,
)

__all__ = ["SPEC", "QueenOfScots"]
