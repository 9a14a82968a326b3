"""Ratings at the server: each player's current rating per game, kept up to date as the games
at its rated tables end (see `cardtable.server.ratings`).

Who is rated in a game is who held each seat when it ended: a person under a claimed name (the
name is claimed by their key at that moment if nobody held it, see `NameClaims`), or a kind of
server bot (``search bot``). A person with no key plays under a name nobody claims and is not
rated: they play in the game as a newcomer whose rating is kept nowhere. Each change is recorded
in the journal, so it is stored before anyone is told of it, and read back when the server
starts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from cardtable.protocol import SeatRating, SeatSummary
from cardtable.protocol.player_record import bot_player
from cardtable.server.lobby.claims import NameClaims
from cardtable.server.ratings.outcome import RatedGame, rate, side_ranks
from cardtable.server.ratings.skill import NEW_SKILL, Skill
from cardtable.server.storage.journal import Journal
from cardtable.server.storage.ratings import RateGame, Standing
from cardtable.server.table.seats import Seat
from cardtable.server.table.table import Table


class Ratings:
    """Every player's current rating per game."""

    def __init__(
        self, journal: Journal, claims: NameClaims, stored: Iterable[Standing] = ()
    ) -> None:
        self._journal = journal
        self._claims = claims
        self._standings = {(standing.player, standing.game): standing for standing in stored}

    def standing(self, player: str, game: str) -> Standing | None:
        """`player`'s current rating in `game`, if they have been rated in it."""
        return self._standings.get((player, game))

    def _skill(self, game: str, player: str) -> Skill:
        standing = self.standing(player, game)
        return standing.skill if standing is not None else NEW_SKILL

    def _rated_player(self, seat: Seat) -> str | None:
        """Who is rated for `seat` (None: nobody)."""
        if seat.bot is not None:
            return bot_player(seat.bot)
        if seat.held_by_player and seat.name is not None and self._claims.is_claimed(seat.name):
            return seat.name
        return None

    def with_rating(self, game: str, seat: Seat, summary: SeatSummary) -> SeatSummary:
        """`summary` of `seat` with its player's rating in `game`, if they have one."""
        player = self._rated_player(seat)
        standing = self.standing(player, game) if player is not None else None
        if standing is None:
            return summary
        return replace(summary, rating=SeatRating(standing.skill.shown, standing.games))

    def rated_game(self, table: Table) -> RatedGame | None:
        """The game that just ended at `table` as it is rated (None: it is not)."""
        game = table.game
        if not table.settings.rated or game is None or table.game_id is None:
            return None
        result = game.result
        if result is None:
            return None
        return RatedGame(
            table.game_id,
            table.spec.id,
            result.sides,
            side_ranks(result),
            tuple(self._rated_player(seat) for seat in table.seats),
        )

    def game_finished(self, table: Table) -> None:
        """A game at `table` has ended: rate it, if the table is rated."""
        game = self.rated_game(table)
        changes = rate(game, lambda player: self._skill(game.game, player)) if game else []
        if not changes:
            return
        self._journal.record(RateGame(tuple(changes)))
        for change in changes:
            old = self.standing(change.player, change.game)
            games, wins = (old.games, old.wins) if old is not None else (0, 0)
            self._standings[change.player, change.game] = Standing(
                change.player, change.game, change.after, games + 1, wins + change.won
            )
