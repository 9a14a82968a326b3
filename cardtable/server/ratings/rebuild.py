"""Every rating computed again from the stored games, in the order they were rated: each rated
game's result (its sides and places) and who was rated on each seat, as its stored changes name
them. The same model over the same games in the same order gives the same numbers, to the last
bit; `cardtable ratings --rebuild` checks it and writes what it computed."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from functools import partial
from itertools import groupby

from cardtable.engine.scores import Result
from cardtable.server.ratings.outcome import RatedGame, RatingChange, rate, side_ranks
from cardtable.server.ratings.skill import NEW_SKILL, Skill
from cardtable.server.storage.codec import unpack
from cardtable.server.storage.ratings import clear_ratings, read_changes, store_changes


def _rated_game(connection: sqlite3.Connection, changes: list[RatingChange]) -> RatedGame:
    """The game `changes` were made by, as it was rated."""
    first = changes[0]
    seats, packed = connection.execute(
        "SELECT seats, result FROM games WHERE id = ?", (first.game_id,)
    ).fetchone()
    result = Result.from_wire(unpack(packed))
    players: list[str | None] = [None] * seats
    for change in changes:
        for seat in change.seats:
            players[seat] = change.player
    return RatedGame(first.game_id, first.game, result.sides, side_ranks(result), tuple(players))


def _current(current: dict[tuple[str, str], Skill], game: str, player: str) -> Skill:
    return current.get((player, game), NEW_SKILL)


def recompute(connection: sqlite3.Connection) -> list[RatingChange]:
    """Every rating change computed again from the stored games, in the order they were made."""
    current: dict[tuple[str, str], Skill] = {}
    computed: list[RatingChange] = []
    for _, game_changes in groupby(read_changes(connection), key=lambda change: change.game_id):
        game = _rated_game(connection, list(game_changes))
        changes = rate(game, partial(_current, current, game.game))
        for change in changes:
            current[change.player, change.game] = change.after
        computed.extend(changes)
    return computed


@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild found: the games rated, and the changes that came out different."""

    games: int
    changes: int
    different: int


def rebuild(connection: sqlite3.Connection) -> Rebuilt:
    """Compute every rating again and store what came out (in one transaction), keeping when
    each game was rated."""
    stored = read_changes(connection)
    computed = recompute(connection)
    rated_at = dict(
        connection.execute("SELECT game_id, min(rated_at) FROM rating_changes GROUP BY game_id")
    )
    different = sum(old != new for old, new in zip(stored, computed, strict=True))
    connection.execute("BEGIN IMMEDIATE")
    try:
        clear_ratings(connection)
        for game_id, changes in groupby(computed, key=lambda change: change.game_id):
            store_changes(connection, list(changes), rated_at[game_id])
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")
    return Rebuilt(len(rated_at), len(computed), different)
