"""How a finished game is rated: who played each seat, how the sides placed, and the ratings
that follow from it. The server rates a game as it ends, and `cardtable ratings --rebuild` rates
the stored games again, both through `rate`, so both give the same numbers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardtable.engine.scores import Result
from cardtable.server.ratings.skill import NEW_SKILL, Skill, updated


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game to rate: its sides (seats), how each side placed (1 is first; equal
    ranks tie) and who is rated on each seat (None: a player who is not rated)."""

    game_id: int
    game: str
    sides: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]
    players: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating before and after one game, their `seats` in it, their `side` (the
    index of their first seat's) and its `rank` (a bot kind on several seats has one change:
    its best rank)."""

    game_id: int
    game: str
    player: str
    seats: tuple[int, ...]
    side: int
    rank: int
    before: Skill
    after: Skill

    @property
    def won(self) -> bool:
        return self.rank == 1


def side_ranks(result: Result) -> tuple[int, ...]:
    """How each side placed: the winners first, then the rest by their totals, and the sides
    that conceded last; equal places share a rank."""
    keys = [
        (index in result.conceded, index not in result.winners, -total)
        for index, total in enumerate(result.totals)
    ]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def rate(game: RatedGame, current: Callable[[str], Skill]) -> list[RatingChange]:
    """The rating changes of `game`, given each player's `current` rating.

    A seat whose player is not rated plays as a newcomer and keeps nothing. A player on several
    seats (a kind of bot playing itself) enters each with its rating and keeps the mean of its
    seats' new ratings. Nothing changes unless someone is rated."""
    seats_of: dict[str, list[int]] = {}
    for seat, player in enumerate(game.players):
        if player is not None:
            seats_of.setdefault(player, []).append(seat)
    if not seats_of:
        return []
    before = {player: current(player) for player in seats_of}

    def entering(seat: int) -> Skill:
        player = game.players[seat]
        return before[player] if player is not None else NEW_SKILL

    after_sides = updated([[entering(seat) for seat in side] for side in game.sides], game.ranks)
    after_seat: dict[int, Skill] = {}
    rank_of: dict[int, int] = {}
    side_of: dict[int, int] = {}
    for index, (side, rank, after) in enumerate(
        zip(game.sides, game.ranks, after_sides, strict=True)
    ):
        for seat, skill in zip(side, after, strict=True):
            after_seat[seat], rank_of[seat], side_of[seat] = skill, rank, index
    changes = []
    for player, seats in seats_of.items():
        mu = sum(after_seat[seat].mu for seat in seats) / len(seats)
        sigma = sum(after_seat[seat].sigma for seat in seats) / len(seats)
        rank = min(rank_of[seat] for seat in seats)
        changes.append(
            RatingChange(
                game.game_id,
                game.game,
                player,
                tuple(seats),
                side_of[seats[0]],
                rank,
                before[player],
                Skill(mu, sigma),
            )
        )
    return changes
