"""A digest of everything each seat is told over seeded bot games of every game: each seat's
plain view (and a watcher's) after every step, and the events as each seat receives them.

Two runs of the same code print the same lines; a change that keeps behaviour keeps every
line. Usage: ``python scripts/record_games.py [--seeds N] [--search-seeds N] > digests.txt``,
then compare two such files with ``diff``.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Iterator
from typing import Any

import msgpack

from cardtable.engine import new_game
from cardtable.engine.actions import GameAction
from cardtable.engine.bots import play_out
from cardtable.engine.events import Event, events_for
from cardtable.engine.levels import BotLevel
from cardtable.engine.registry import GAMES
from cardtable.engine.search import Budget, SearchBot
from cardtable.engine.spec import GameSpec
from cardtable.wire.codec import to_wire

#: Rollouts per search move: few, so that a whole game of search bots takes seconds.
SEARCH_ROLLOUTS = 12


def _canonical(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def tables(spec: GameSpec) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each table size the game allows, and the partnership mode where it has one."""
    for seats in spec.player_counts:
        yield seats, {}
    if spec.id == "thistle":
        yield 4, {"partnership": True}


def digest(spec: GameSpec, seats: int, options: dict[str, Any], seed: int, kind: str) -> str:
    """The digest of one game played out by `kind` bots in every seat."""
    game = new_game(spec.id, seats, options, seed=seed)
    bots = [spec.bots[kind](seed * 10 + seat) for seat in range(seats)]
    for bot in bots:
        if isinstance(bot, SearchBot):
            bot.budget = Budget(iterations=SEARCH_ROLLOUTS)
    viewers: list[int | None] = [*range(seats), None]
    hasher = hashlib.sha256()

    def record(events: list[Event]) -> None:
        for viewer, view in zip(viewers, game.views(viewers), strict=True):
            hasher.update(_canonical(view))
            hasher.update(_canonical(events_for(events, viewer)))

    record(list(game.opening_events))

    def on_action(seat: int, action: GameAction, events: list[Event]) -> None:
        hasher.update(_canonical([seat, to_wire(action)]))
        record(events)

    taken = play_out(game, bots, on_action=on_action, max_actions=20_000)
    return f"{len(taken)} {hasher.hexdigest()[:24]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="games per table for plain bots")
    parser.add_argument("--search-seeds", type=int, default=1, help="games per table for search")
    args = parser.parse_args()
    for spec in GAMES:
        for seats, options in tables(spec):
            for kind in spec.bots:
                count = args.search_seeds if kind == BotLevel.HARD else args.seeds
                for seed in range(count):
                    line = digest(spec, seats, options, seed, kind)
                    table = f"{spec.id} {seats} {sorted(options.items())} {kind} {seed}"
                    print(f"{table}: {line}", flush=True)


if __name__ == "__main__":
    main()
