"""Ratings as stored: each change a game made to a player's rating (`rating_changes`, in the
order they were made) and each player's current rating per game (`ratings`); writing one game's
changes, and reading them back (see `cardtable.server.ratings`)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.server.ratings.outcome import RatingChange
from cardtable.server.ratings.skill import Skill
from cardtable.server.storage.codec import pack, unpack


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's current rating in one game, with the games they were rated in and won."""

    player: str
    game: str
    skill: Skill
    games: int
    wins: int


@dataclass(frozen=True)
class RateGame:
    """The rating changes one finished game made, and the players' new ratings."""

    changes: tuple[RatingChange, ...]

    def apply(self, connection: sqlite3.Connection) -> None:
        store_changes(connection, self.changes, time.time())


def store_changes(
    connection: sqlite3.Connection, changes: Sequence[RatingChange], rated_at: float
) -> None:
    """Add one game's `changes` as rows, and bring each player's current rating up to date."""
    for change in changes:
        connection.execute(
            "INSERT INTO rating_changes (game_id, game, player, seats, side, rank, mu_before,"
            " sigma_before, mu_after, sigma_after, rated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (
                change.game_id,
                change.game,
                change.player,
                pack(list(change.seats)),
                change.side,
                change.rank,
                change.before.mu,
                change.before.sigma,
                change.after.mu,
                change.after.sigma,
                rated_at,
            ),
        )
        connection.execute(
            "INSERT INTO ratings (player, game, mu, sigma, games, wins) VALUES (?,?,?,?,1,?)"
            " ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu,"
            " sigma = excluded.sigma, games = games + 1, wins = wins + excluded.wins",
            (change.player, change.game, change.after.mu, change.after.sigma, int(change.won)),
        )


_STANDING = "SELECT player, game, mu, sigma, games, wins FROM ratings"


def _standing(row: Any) -> Standing:
    player, game, mu, sigma, games, wins = row
    return Standing(player, game, Skill(mu, sigma), games, wins)


def read_standings(connection: sqlite3.Connection) -> list[Standing]:
    """Every player's current rating in every game they were rated in."""
    return [_standing(row) for row in connection.execute(f"{_STANDING} ORDER BY game, player")]


def leaderboard(connection: sqlite3.Connection, game: str | None, limit: int) -> list[Standing]:
    """The `limit` best current ratings in `game` (None: in every game), the best first."""
    where, args = ("WHERE game = ?", (game,)) if game is not None else ("", ())
    rows = connection.execute(
        f"{_STANDING} {where} ORDER BY mu - 3 * sigma DESC, player LIMIT ?", (*args, limit)
    )
    return [_standing(row) for row in rows]


def read_changes(connection: sqlite3.Connection) -> list[RatingChange]:
    """Every rating change, in the order they were made."""
    rows = connection.execute(
        "SELECT game_id, game, player, seats, side, rank, mu_before, sigma_before, mu_after,"
        " sigma_after FROM rating_changes ORDER BY seq"
    )
    return [
        RatingChange(
            game_id,
            game,
            player,
            tuple(unpack(seats)),
            side,
            rank,
            Skill(mu0, s0),
            Skill(mu1, s1),
        )
        for game_id, game, player, seats, side, rank, mu0, s0, mu1, s1 in rows
    ]


def clear_ratings(connection: sqlite3.Connection) -> None:
    """Forget every rating (to compute them again)."""
    connection.execute("DELETE FROM rating_changes")
    connection.execute("DELETE FROM ratings")
