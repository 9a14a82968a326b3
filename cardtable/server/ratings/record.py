"""A player's record, read from the stored rating changes: per game, the games they were rated
in and won, their rating now and over time, and how they fared against each regular opponent."""

from __future__ import annotations

import sqlite3

from cardtable.protocol import GameStanding, HeadToHead
from cardtable.protocol.player_record import HISTORY_KEPT, OPPONENTS_KEPT
from cardtable.server.ratings.skill import Skill


def read_record(
    connection: sqlite3.Connection, player: str
) -> tuple[tuple[GameStanding, ...], str | None]:
    """`player`'s standing in each game they were rated in (the most played first) and their
    favourite game (the most played; None: they were never rated)."""
    rows = connection.execute(
        "SELECT game, games, wins, mu, sigma FROM ratings WHERE player = ?"
        " ORDER BY games DESC, game",
        (player,),
    ).fetchall()
    standings = tuple(
        GameStanding(
            game,
            games,
            wins,
            Skill(mu, sigma).shown,
            _history(connection, player, game),
            _opponents(connection, player, game),
        )
        for game, games, wins, mu, sigma in rows
    )
    return standings, standings[0].game_kind if standings else None


def _history(connection: sqlite3.Connection, player: str, game: str) -> tuple[int, ...]:
    """`player`'s rating after each of their latest games of `game`, the latest last."""
    rows = connection.execute(
        "SELECT mu_after, sigma_after FROM rating_changes WHERE player = ? AND game = ?"
        " ORDER BY seq DESC LIMIT ?",
        (player, game, HISTORY_KEPT),
    ).fetchall()
    return tuple(Skill(mu, sigma).shown for mu, sigma in reversed(rows))


def _opponents(connection: sqlite3.Connection, player: str, game: str) -> tuple[HeadToHead, ...]:
    """The opponents `player` met most often in `game`: the games on opposite sides, and those
    `player` placed above them in."""
    rows = connection.execute(
        "SELECT other.player, count(*), sum(mine.rank < other.rank) FROM rating_changes mine"
        " JOIN rating_changes other ON other.game_id = mine.game_id AND other.side != mine.side"
        " WHERE mine.player = ? AND mine.game = ?"
        " GROUP BY other.player ORDER BY count(*) DESC, other.player LIMIT ?",
        (player, game, OPPONENTS_KEPT),
    ).fetchall()
    return tuple(HeadToHead(opponent, games, wins) for opponent, games, wins in rows)
