"""A text-mode game played by bots, printed as it goes: the quickest look at a game's rules."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardtable.engine import Game, get_game, new_game, play_out
from cardtable.engine.actions import GameAction
from cardtable.engine.events import Event, RoundEnd
from cardtable.engine.scores import RoundScore

BOT_NAMES = ("Ada", "Bram", "Cleo", "Dov", "Edda", "Finn")


def run_demo(
    game_id: str,
    players: int,
    *,
    seed: int,
    bot: str | None = None,
    options: dict[str, Any] | None = None,
    delay: float = 0.0,
    write: Callable[[str], None] = print,
) -> Game:
    """Play a game with `players` bots of kind `bot`, writing each event as a spectator sees it."""
    spec = get_game(game_id)
    game = new_game(game_id, players, options, seed=seed)
    names = list(BOT_NAMES[:players])
    bot = spec.bot_kind(bot)
    bots = [spec.bots[bot](seed * 31 + seat) for seat in range(players)]
    write(f"{spec.title}: {', '.join(names)} ({bot} bots), seed {seed}.")

    def show(events: list[Event]) -> None:
        for event in events:
            write(spec.tell(event.for_seat(None), names))
            if isinstance(event.public, RoundEnd):
                write_breakdown(event.public.score, names, write)

    def after_action(seat: int, action: GameAction, events: list[Event]) -> None:
        show(events)
        if delay:
            time.sleep(delay)

    show(game.opening_events)
    play_out(game, bots, on_action=after_action)
    return game


def write_breakdown(score: RoundScore, names: list[str], write: Callable[[str], None]) -> None:
    """The round's scoring, line by line per side (lines that count nothing are left out)."""
    for side, lines, points in zip(score.sides, score.lines, score.points, strict=True):
        write(f"  {' and '.join(names[seat] for seat in side)}: {points}")
        for line in lines:
            if not line.count:
                continue
            write(f"    {line.label}: {line.count} × {line.each} = {line.points}")
