"""A digest of the worlds each game's search builds: at positions of seeded games played by the
default bots, the seat to act's view and what it heard are handed to the game's determinizer
with a seeded generator, and the world it returns (every seat's view and a watcher's, every
zone, who acts, and its generator's state) is hashed.

Two runs of the same code print the same lines; a change to dealing or to the determinizers
that keeps behaviour keeps every line. Usage:
``python scripts/record_worlds.py [--positions N] > worlds.txt``, then ``diff`` two files.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import random
from typing import Any

import msgpack

from cardtable.engine import GAMES, get_game, new_game
from cardtable.engine.search import SearchRules, heard_by


def _canonical(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True, default=repr)


def search_rules(game_id: str) -> SearchRules:
    module = importlib.import_module(f"cardtable.engine.{game_id.replace('-', '_')}.search")
    rules: SearchRules = module.RULES
    return rules


def digest(game_id: str, seats: int, seed: int, positions: int) -> str:
    """The digest of the worlds built at up to `positions` positions of one game."""
    spec, rules = get_game(game_id), search_rules(game_id)
    game = new_game(game_id, seats, seed=seed)
    bots = [spec.bots[spec.default_bot](seed * 10 + seat) for seat in range(seats)]
    heard = [heard_by(game.opening_events, seat) for seat in range(seats)]
    hasher, built = hashlib.sha256(), 0
    while not game.over and built < positions:
        seat = game.actors[0]
        view = game.seat_view(seat)
        if not game.awaiting_deal:
            world = rules.determinize(view, list(heard[seat]), random.Random(built))
            everyone = [world.view(other) for other in [*range(world.seats), None]]
            zones = sorted((name, repr(zone)) for name, zone in world.zones().items())
            state = world.rng.getstate()
            hasher.update(_canonical([everyone, zones, list(world.actors), repr(state)]))
            built += 1
        events = game.apply(seat, bots[seat].choose(view, game.legal(seat)))
        for other in range(seats):
            heard[other] += heard_by(events, other)
    return f"{built} {hasher.hexdigest()[:24]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=150, help="worlds per game (150)")
    parser.add_argument("--seeds", type=int, default=2, help="games per table (2)")
    args = parser.parse_args()
    for spec in GAMES:
        for seats in spec.player_counts:
            for seed in range(args.seeds):
                line = digest(spec.id, seats, seed, args.positions)
                print(f"{spec.id} {seats} {seed}: {line}", flush=True)


if __name__ == "__main__":
    main()
