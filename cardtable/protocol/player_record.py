"""Ratings as both ends know them: a seated player's rating beside their name, and a player's
record (see "Ratings" in docs/protocol.md)."""

from __future__ import annotations

from dataclasses import dataclass

#: The most ratings a record's history holds per game (the latest).
HISTORY_KEPT = 60
#: The most opponents a record names per game (those met most often).
OPPONENTS_KEPT = 8


def bot_player(kind: str) -> str:
    """The name a kind of server bot is rated under: ``search bot`` (no person's name ends in
    the word "bot")."""
    return f"{kind} bot"


@dataclass(frozen=True, slots=True)
class SeatRating:
    """A seated player's rating in the table's game as shown (a whole number: 0 for a
    newcomer) and how many games of it they have been rated in."""

    rating: int
    games: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """How a player fared against one opponent in one game: the rated games both played (on
    opposite sides) and those the player placed above the opponent in."""

    opponent: str
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class GameStanding:
    """A player's record in one game: rated games, wins (placed first, ties included), the
    rating now, the rating after each game (the latest last, at most `HISTORY_KEPT`), and the
    opponents met most often (at most `OPPONENTS_KEPT`)."""

    game_kind: str
    games: int
    wins: int
    rating: int
    history: tuple[int, ...]
    opponents: tuple[HeadToHead, ...]
