"""What the conformance suite needs to know about any registered game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from cardtable.engine import Bot, Game, GameSpec, OptionError, all_games, new_game
from cardtable.engine.actions import PlainAction
from cardtable.engine.events import Event
from cardtable.engine.levels import BotLevel
from cardtable.engine.spec import each_alone
from cardtable.wire.codec import to_wire


def option_variants(spec: GameSpec) -> list[dict[str, Any]]:
    """The defaults, plus one variant per option for every other choice (or bound) it offers."""
    variants: list[dict[str, Any]] = [{}]
    for option in spec.options:
        if option.kind == "bool":
            others: list[Any] = [not option.default]
        elif option.choices:
            others = [choice for choice in option.choices if choice != option.default]
        else:
            bounds = [
                option.minimum,
                option.maximum
                if option.maximum is None
                else min(option.maximum, (option.minimum or 0) + 2),
            ]
            others = [b for b in bounds if b is not None and b != option.default]
        variants += [{option.name: value} for value in others]
    return variants


def game_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Every (game, players, options) the suite plays, valid combinations only."""
    cases = []
    for spec in all_games():
        for players in spec.player_counts:
            for options in option_variants(spec):
                if suits(spec, players, options):
                    cases.append((spec.id, players, options))
    return cases


def short_options(spec: GameSpec) -> dict[str, Any]:
    """The options of a short game: every number offered at its least (a low target, one
    round, one deck); the rest as they come."""
    short: dict[str, Any] = {}
    for option in spec.options:
        if not option.offered or option.kind == "bool":
            continue
        numbers = [choice for choice in option.choices if isinstance(choice, int)]
        least = min(numbers) if numbers else option.minimum
        if least is not None:
            short[option.name] = least
    return short


def short_tables() -> list[tuple[str, int, dict[str, Any]]]:
    """A short game (`short_options`) of every registered game at its fewest and at its most
    players; at its most, with its last on/off option offered turned over too where that suits
    them (a game's mode, by convention last: Thistle's partnership, a strict table)."""
    tables = []
    for spec in all_games():
        short = short_options(spec)
        tables.append((spec.id, spec.min_players, short))
        if spec.max_players == spec.min_players:
            continue
        switches = [option for option in spec.options if option.offered and option.kind == "bool"]
        most = short
        if switches:
            mode = {**short, switches[-1].name: not switches[-1].default}
            most = mode if suits(spec, spec.max_players, mode) else short
        tables.append((spec.id, spec.max_players, most))
    return tables


def suits(spec: GameSpec, players: int, options: dict[str, Any]) -> bool:
    """Whether the game may be played by `players` with `options`."""
    try:
        spec.setup(players, options)
    except OptionError:
        return False
    return True


def partnered(spec: GameSpec, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """`options` with the game's partnerships switched on (the on/off option that makes sides
    of several seats), where it has them for `players`."""
    for option in spec.options:
        if option.offered and option.kind == "bool":
            flipped = {**options, option.name: not option.default}
            if suits(spec, players, flipped) and spec.sides(players, flipped) != each_alone(
                players, flipped
            ):
                return flipped
    return options


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = case
    extra = ",".join(f"{k}={v}" for k, v in options.items())
    return f"{game}-{players}p" + (f"-{extra}" if extra else "")


_LEAVES = (str, int, float, type(None))


def card_ids(wire: Any) -> Iterator[int]:
    """Every card id (a value under the key ``"cid"``) anywhere in a view, event or action."""
    pending = [wire]
    while pending:
        item = pending.pop()
        if isinstance(item, _LEAVES):
            continue
        if isinstance(item, Mapping):
            for key, value in item.items():
                if key == "cid" and isinstance(value, int):
                    yield value
                else:
                    pending.append(value)
        elif isinstance(item, list | tuple):
            pending.extend(item)


def visible_cards(game: Game, seat: int | None) -> set[int]:
    """Cards lying where `seat` may see them now."""
    return {cid for zone in game.zones().values() if zone.visible_to(seat) for cid in zone.cards}


def snapshot(game: Game) -> Any:
    """Everything observable about a game, to compare two games or a game before and after."""
    seats: list[int | None] = [*range(game.seats), None]
    return (
        [game.view(seat) for seat in seats],
        {name: zone for name, zone in sorted(game.zones().items())},
        game.actors,
        game.rng.getstate(),
    )


def bot_lineup(spec: GameSpec, players: int, seed: int) -> list[Bot[Any]]:
    """A mix of the game's bot kinds, different per seed, so every bot gets exercised (the
    search bot, slow by design, plays its whole games in tests/search)."""
    kinds = sorted(kind for kind in spec.bots if kind != BotLevel.HARD)  # see tests/search
    rng = random.Random(seed)
    return [spec.bots[rng.choice(kinds)](seed * 100 + seat) for seat in range(players)]


def play(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> tuple[Game, list[tuple[int, PlainAction, list[Event]]]]:
    """A complete bot game, with every action and its events."""
    from cardtable.engine import get_game, play_out

    spec = get_game(game_id)
    game = new_game(game_id, players, options, seed=seed)
    log: list[tuple[int, PlainAction, list[Event]]] = []
    play_out(
        game,
        bot_lineup(spec, players, seed),
        on_action=lambda s, a, e: log.append((s, to_wire(a), e)),
    )
    return game, log
