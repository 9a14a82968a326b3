"""What the conformance suite needs to know about any registered game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from cardtable.engine import Bot, Game, GameSpec, all_games, new_game
from cardtable.engine.core import Event, PlainAction
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
                try:
                    spec.setup(players, options)
                except ValueError:
                    continue
                cases.append((spec.id, players, options))
    return cases


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
    kinds = sorted(kind for kind in spec.bots if kind != "search")  # see tests/search
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
