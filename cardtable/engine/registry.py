"""The registry of games: what each one is called, who can play it, and how to start one."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardtable.engine.core import Action, Game, Setup
from cardtable.engine.options import OptionError, OptionSpec, resolve_options

if TYPE_CHECKING:
    from cardtable.engine.bots import Bot


def _no_extra_check(seats: int, options: Mapping[str, Any]) -> None:
    """Most games need no check beyond each option's own."""


def each_alone(seats: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The sides of a game without partnerships: each seat scores alone."""
    return tuple((seat,) for seat in range(seats))


def _describe_kind(event: Mapping[str, Any], names: Sequence[str]) -> str:
    return str(event["kind"])


@dataclass(frozen=True)
class GameSpec:
    """A registered game: identity, seat range, options, rules class and bots."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    game_class: type[Game]
    summary: str
    bots: Mapping[str, Callable[[int], Bot]] = field(default_factory=dict)
    #: A check across options and seats (e.g. partnerships need four); raises `OptionError`.
    check: Callable[[int, Mapping[str, Any]], None] = _no_extra_check
    #: One line of words for an event as a seat received it, given the players' names.
    describe: Callable[[Mapping[str, Any], Sequence[str]], str] = _describe_kind
    #: The scoring sides for (seats, options), e.g. ((0, 2), (1, 3)) for two partnerships.
    sides: Callable[[int, Mapping[str, Any]], tuple[tuple[int, ...], ...]] = each_alone

    @property
    def partnerships(self) -> bool:
        """Whether the game can be played in partnerships (it says how seats form sides)."""
        return self.sides is not each_alone

    def partners(self, seats: int, options: Mapping[str, Any], seat: int) -> tuple[int, ...]:
        """The other seats on `seat`'s side (none when it plays alone)."""
        side = next((side for side in self.sides(seats, options) if seat in side), ())
        return tuple(other for other in side if other != seat)

    @property
    def default_bot(self) -> str:
        """The bot to use when nobody names one: the last registered (by convention the best)."""
        return list(self.bots)[-1] if self.bots else "random"

    def bot_kind(self, kind: str | None) -> str:
        """`kind` if the game has such a bot (None: the default), else `OptionError`."""
        kind = kind or self.default_bot
        if kind not in self.bots:
            kinds = ", ".join(self.bots)
            raise OptionError(f"{self.title} has no {kind!r} bot; it has: {kinds}.")
        return kind

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def setup(
        self,
        seats: int,
        options: Mapping[str, Any] | None = None,
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

    def to_wire(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [option.to_wire() for option in self.options],
            "summary": self.summary,
            "bots": sorted(self.bots),
            "default_bot": self.default_bot,
            "partnerships": self.partnerships,
        }


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry; its class learns its id."""
    if spec.id in _REGISTRY:
        raise ValueError(f"game {spec.id!r} is registered twice")
    spec.game_class.game_id = spec.id
    _REGISTRY[spec.id] = spec
    return spec


def _load_games() -> None:
    import cardtable.engine.games  # noqa: F401  (registers every game)


def all_games() -> list[GameSpec]:
    _load_games()
    return list(_REGISTRY.values())


def get_game(game_id: str) -> GameSpec:
    """The spec of `game_id`, or `OptionError` naming the games there are."""
    _load_games()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise OptionError(f"There is no game {game_id!r}; the games are: {known}.") from None


def new_game(
    game_id: str,
    seats: int,
    options: Mapping[str, Any] | None = None,
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


def replay(setup: Setup, actions: Iterable[tuple[int, Action]]) -> Game:
    """Rebuild a game exactly from its setup and its actions in order."""
    game = start(setup)
    for seat, action in actions:
        game.apply(seat, action)
    return game
