"""What the database is told of a table's current game: its start, each action with who took
it, each round scored, its end, and the seats handed to newcomers."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardtable.engine import Game, Setup
from cardtable.server.storage import GameRecord, Write, running_totals
from cardtable.server.storage.writes import (
    FinishGame,
    HandOver,
    NoteHolder,
    ScoreRound,
    StartGame,
    TakeAction,
)
from cardtable.server.table.holders import HolderLog
from cardtable.server.table.seats import Seat


class GameLedger:
    """The current game's id in the database, which holding of each seat it was dealt to, who
    has played each seat, and how many of its rounds are recorded."""

    def __init__(self, record: Callable[[Write], None]) -> None:
        self._record = record
        #: The current game's id in the database.
        self.game_id: int | None = None
        #: Which holding of each seat the current game was dealt to.
        self._dealt_to: list[int] = []
        #: Who has played each seat of the current game, for the history.
        self._holders = HolderLog(())
        self._rounds_recorded = 0

    def begin(
        self, game_id: int, table_id: int, game_no: int, setup: Setup, seats: Sequence[Seat]
    ) -> None:
        """Record a new game dealt to `seats` as they are held now."""
        self.game_id = game_id
        self._rounds_recorded = 0
        self._dealt_to = [seat.occupancy for seat in seats]
        players = tuple(str(seat.name) for seat in seats)
        self._holders = HolderLog(players)
        self._record(
            StartGame(
                GameRecord(
                    id=game_id,
                    table_id=table_id,
                    game_no=game_no,
                    setup=setup,
                    players=players,
                    dealt_to=tuple(self._dealt_to),
                    started_at=time.time(),
                )
            )
        )

    def restore(self, stored: GameRecord, rounds_recorded: int) -> None:
        """Carry on with a stored game whose first `rounds_recorded` rounds are recorded."""
        self.game_id = stored.id
        self._dealt_to = list(stored.dealt_to)
        self._holders = HolderLog(stored.players, stored.holders)
        self._rounds_recorded = rounds_recorded

    def hand_over(self, seat: Seat) -> None:
        """A seat given up in the middle of the game: its newcomer plays on with its hand."""
        assert self.game_id is not None
        self._dealt_to[seat.index] = seat.occupancy
        self._record(HandOver(self.game_id, tuple(self._dealt_to)))

    def dealt_to_holder_of(self, seat: Seat) -> bool:
        """Whether the current game was dealt to the seat's present holding."""
        return bool(self._dealt_to) and self._dealt_to[seat.index] == seat.occupancy

    def action(
        self,
        game: Game,
        seats: Sequence[Seat],
        step: int,
        seat: int,
        action: Mapping[str, Any],
        *,
        for_player: bool = False,
    ) -> None:
        """Record step `step`, an action just applied, who took it if the history does not know
        yet (the server's bot, `for_player`), and the round and game it may have ended."""
        assert self.game_id is not None
        now = time.time()
        holder = self._holders.acting(seats[seat], step, for_player=for_player)
        if holder is not None:
            self._record(NoteHolder(self.game_id, holder))
        self._record(TakeAction(self.game_id, step, seat, dict(action), now))
        scores = game.round_scores
        new = slice(self._rounds_recorded, None)
        for score, after in zip(scores[new], running_totals(scores)[new], strict=True):
            self._record(ScoreRound(self.game_id, score.round, score.to_wire(), after))
        self._rounds_recorded = len(game.round_scores)
        if game.result is not None:
            for holder in self._holders.at_end(seats, step + 1):
                self._record(NoteHolder(self.game_id, holder))
            self._record(FinishGame(self.game_id, game.result.to_wire(), now))
