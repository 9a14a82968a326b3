"""What a game is to the rest of cardtable: its `GameSpec`, the one record of a game's plug-in
(name, seats, options, rules, types, bots and search, words, diplomacy, board, rules text)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from cardtable.engine.diplomacy import Diplomacy
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.game import Game
from cardtable.engine.game_types import GameTypes
from cardtable.engine.levels import BotLadder, BotLevel, level_of
from cardtable.engine.options import OptionError, Options, OptionSpec, resolve_options
from cardtable.engine.search import SearchBot, SearchRules
from cardtable.engine.setup import Setup
from cardtable.wire.codec import WireError


def _no_extra_check(seats: int, options: Options) -> None:
    """Most games need no check beyond each option's own."""


def each_alone(seats: int, options: Options) -> tuple[tuple[int, ...], ...]:
    """The sides of a game without partnerships: each seat scores alone."""
    return tuple((seat,) for seat in range(seats))


def _describe_kind(event: SeenEvent[EventPart], names: Sequence[str]) -> str:
    return event.kind


@dataclass(frozen=True)
class GameSpec:
    """A game's plug-in: identity, seat range, options, rules class, bots, words, diplomacy and
    board, everything the rest of cardtable knows of the game (see docs/new-game.md)."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    game_class: type[Game]
    summary: str
    #: The game's bot at each level (`cardtable.engine.levels`).
    bots: BotLadder
    #: A check across options and seats (e.g. partnerships need four); raises `OptionError`.
    check: Callable[[int, Options], None] = _no_extra_check
    #: One line of words for an event as a seat received it, given the players' names.
    describe: Callable[[SeenEvent[EventPart], Sequence[str]], str] = _describe_kind
    #: The scoring sides for (seats, options), e.g. ((0, 2), (1, 3)) for two partnerships.
    sides: Callable[[int, Options], tuple[tuple[int, ...], ...]] = each_alone
    #: Where the game's board is, as ``module:Class`` (the client imports it: the engine knows
    #: no widget); empty: the client plays the game from its list of legal actions.
    board: str = ""
    #: How players word the game's offers to one another and read its deals (None: no offers).
    diplomacy: Diplomacy | None = None

    def tell(self, event: Mapping[str, object], names: Sequence[str]) -> str:
        """One line of words for an event as a seat received it (plain), read by the game's
        types first; an event they cannot read is named by its kind."""
        try:
            seen = self.types.event_from_wire(event)
        except WireError:
            return str(event.get("kind"))
        return self.describe(seen, names)

    @property
    def search(self) -> SearchRules[Any] | None:
        """What the game gives the search: its ``hard`` bot's rules (None: it does not search)."""
        bot = self.bots[BotLevel.HARD]
        return bot.rules if isinstance(bot, type) and issubclass(bot, SearchBot) else None

    @property
    def types(self) -> GameTypes[Any]:
        """The game's declared types: its actions, events and view, and how to read them."""
        return self.game_class.types

    @property
    def rules_text(self) -> Traversable:
        """Where the game's rules for players are: `rules.md` (Markdown) in the game's package,
        shipped as package data. Naming it reads nothing; the caller reads it."""
        package = self.game_class.__module__.rpartition(".")[0]
        return files(package) / "rules.md"

    @property
    def partnerships(self) -> bool:
        """Whether the game can be played in partnerships (it says how seats form sides)."""
        return self.sides is not each_alone

    def partners(self, seats: int, options: Options, seat: int) -> tuple[int, ...]:
        """The other seats on `seat`'s side (none when it plays alone)."""
        side = next((side for side in self.sides(seats, options) if seat in side), ())
        return tuple(other for other in side if other != seat)

    @property
    def default_bot(self) -> str:
        """The bot to use when nobody names one, and to cover an away player: ``normal``."""
        return BotLevel.NORMAL.value

    def bot_kind(self, kind: str | None) -> str:
        """The level `kind` names, a level or an older kind name (None: the default), else
        `OptionError` listing the levels."""
        level = level_of(kind or self.default_bot)
        if level is None:
            levels = ", ".join(self.bots)
            raise OptionError(f"There is no {kind!r} bot; the levels are: {levels}.")
        return level.value

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def setup(
        self,
        seats: int,
        options: Mapping[str, object] | None = None,
        seed: int = 0,
        dealer: int = 0,
    ) -> Setup:
        """A validated `Setup`, or `OptionError` saying what is wrong."""
        if isinstance(seats, bool) or not isinstance(seats, int) or seats not in self.player_counts:
            raise OptionError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {seats}."
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"A seed must be a whole number, not {seed!r}.")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
            raise OptionError(f"The dealer must be a seat from 0 to {seats - 1}, not {dealer!r}.")
        resolved = resolve_options(self.options, options)
        self.check(seats, resolved)
        return Setup(self.id, seats, resolved, seed, dealer)


def game_spec(
    game_class: type[Game],
    title: str,
    players: tuple[int, int],
    summary: str,
    bots: BotLadder,
    describe: Callable[[SeenEvent[EventPart], Sequence[str]], str],
    options: tuple[OptionSpec, ...] = (),
    *,
    check: Callable[[int, Options], None] = _no_extra_check,
    sides: Callable[[int, Options], tuple[tuple[int, ...], ...]] = each_alone,
    diplomacy: Diplomacy | None = None,
) -> GameSpec:
    """The plug-in of one of cardtable's own games, for `players` (fewest, most), named and
    placed by the plan they all follow: its id is its title in lower case, hyphenated ("Queen
    of Scots": ``queen-of-scots``), and its board is ``<rules class>Board`` in
    ``cardtable.client.ui.boards.<its package>.board``."""
    package = game_class.__module__.split(".")[-2]
    fewest, most = players
    return GameSpec(
        title.lower().replace(" ", "-"),
        title,
        fewest,
        most,
        options,
        game_class,
        summary,
        bots,
        check,
        describe,
        sides,
        board=f"cardtable.client.ui.boards.{package}.board:{game_class.__name__}Board",
        diplomacy=diplomacy,
    )
