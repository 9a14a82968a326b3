"""Queen of Scots: meld sets of matching characters and of the royal family, with wild Crown
Jewels; first to 1000 (2–4 players)."""

from cardtable.engine.levels import BotLadder
from cardtable.engine.options import OptionError, Options, OptionSpec, strict_option, target_option
from cardtable.engine.queen_of_scots.bots import HeuristicBot
from cardtable.engine.queen_of_scots.edition import EDITIONS, STANDARD
from cardtable.engine.queen_of_scots.rules import TARGET, QueenOfScots, dealt_cards
from cardtable.engine.queen_of_scots.search import QueenOfScotsSearchBot
from cardtable.engine.queen_of_scots.text import describe
from cardtable.engine.spec import game_spec


def check(seats: int, options: Options) -> None:
    """An edition must hold the hands, the upcard and a stock (ruling 1)."""
    edition = EDITIONS[str(options["edition"])]
    if len(edition) <= dealt_cards(seats):
        raise OptionError(
            f"The {edition.name} edition has {len(edition)} cards, too few to deal to {seats}."
        )


SPEC = game_spec(
    QueenOfScots,
    "Queen of Scots",
    players=(2, 4),
    check=check,
    options=(
        target_option(TARGET, minimum=100, maximum=5000),
        OptionSpec("edition", STANDARD.name, "which edition of the deck", choices=tuple(EDITIONS)),
        strict_option("the discard pile's top card and its size"),
    ),
    summary="Meld sets of matching characters and the royal family, with wild Crown Jewels.",
    bots=BotLadder(normal=HeuristicBot, hard=QueenOfScotsSearchBot),
    describe=describe,
)

__all__ = ["SPEC", "QueenOfScots"]
