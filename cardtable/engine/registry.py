"""The games cardtable hosts, in one explicit list, and how to start one by its id.

Each game is one plug-in: its package's `GameSpec` (see docs/new-game.md). `GAMES` lists the
games cardtable offers; `register` adds another while the program runs (the tests add a sixth
game of their own this way, so the installed program never offers it)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cardtable.engine.actions import GameAction
from cardtable.engine.chinese_ten import SPEC as CHINESE_TEN
from cardtable.engine.game import Game
from cardtable.engine.nobility import SPEC as NOBILITY
from cardtable.engine.options import OptionError
from cardtable.engine.queen_of_scots import SPEC as QUEEN_OF_SCOTS
from cardtable.engine.setup import Setup
from cardtable.engine.spec import GameSpec
from cardtable.engine.thistle import SPEC as THISTLE
from cardtable.engine.trupe import SPEC as TRUPE

#: Every game, in the order they are offered. A new game adds one line here.
GAMES: tuple[GameSpec, ...] = (CHINESE_TEN, THISTLE, QUEEN_OF_SCOTS, TRUPE, NOBILITY)

_BY_ID: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    """Offer `spec`'s game after those registered before it; a game id may be taken once."""
    if spec.id in _BY_ID:
        raise ValueError(f"game {spec.id!r} is listed twice")
    spec.game_class.game_id = spec.id
    _BY_ID[spec.id] = spec


for _spec in GAMES:
    register(_spec)


def all_games() -> list[GameSpec]:
    """Every registered game, in the order offered."""
    return list(_BY_ID.values())


def get_game(game_id: str) -> GameSpec:
    """The spec of `game_id`, or `OptionError` naming the games there are."""
    try:
        return _BY_ID[game_id]
    except KeyError:
        known = ", ".join(_BY_ID)
        raise OptionError(f"There is no game {game_id!r}; the games are: {known}.") from None


def new_game(
    game_id: str,
    seats: int,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    dealer: int = 0,
) -> Game:
    """Start a game after validating everything about its setup."""
    spec = get_game(game_id)
    return spec.game_class(spec.setup(seats, options, seed, dealer))


def start(setup: Setup) -> Game:
    """Start a game from a setup (validated again, so a stored setup cannot smuggle bad options)."""
    spec = get_game(setup.game)
    checked = spec.setup(setup.seats, setup.options, setup.seed, setup.dealer)
    return spec.game_class(checked)


def replay(setup: Setup, actions: Iterable[tuple[int, GameAction | Mapping[str, object]]]) -> Game:
    """Rebuild a game exactly from its setup and its actions in order."""
    game = start(setup)
    for seat, action in actions:
        game.apply(seat, action)
    return game
