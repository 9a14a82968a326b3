"""Finished games: the history list and step-by-step replays, read from the database.

These run in the journal's worker thread (`Journal.read`), between its batches: they only read
the file. Replaying a game through the engine is `replays`' work, done outside the journal.
A finished game has no secrets left, so it may be replayed from any seat.
"""

from __future__ import annotations

from cardtable.engine import OptionError, get_game
from cardtable.engine.scores import Result
from cardtable.protocol import ErrorCode, History, HistoryEntry
from cardtable.server.errors import ServerError
from cardtable.server.history.replays import ReplayCursor
from cardtable.server.storage import FinishedGame, Store


def history_page(store: Store, limit: int, before: int | None) -> History:
    """Up to `limit` finished games, the latest first, with ids below `before`."""
    entries = store.history(limit + 1, before)
    return History(
        games=tuple(history_entry(entry) for entry in entries[:limit]), more=len(entries) > limit
    )


def replay_cursor(store: Store, game_id: int, seat: int | None) -> ReplayCursor:
    """A cursor over finished game `game_id` from `seat`'s eyes (None: a spectator's), or the
    reason there can be none."""
    try:
        record, actions = store.finished_game(game_id)
    except KeyError:
        raise ServerError(
            ErrorCode.NO_SUCH_GAME, f"There is no finished game {game_id} in the history."
        ) from None
    if seat is not None and not 0 <= seat < record.setup.seats:
        raise ServerError(
            ErrorCode.NO_SUCH_SEAT,
            f"Game {game_id} had seats 1 to {record.setup.seats}; there is no seat {seat + 1}.",
        )
    entry = history_entry(FinishedGame(record, store.rounds(game_id)))
    return ReplayCursor(record, actions, entry, seat)


def history_entry(finished: FinishedGame) -> HistoryEntry:
    """A finished game as the history and the replays name it."""
    game = finished.game
    try:
        title = get_game(game.setup.game).title
    except OptionError:
        title = game.setup.game
    return HistoryEntry(
        game_id=game.id,
        table_id=game.table_id,
        game_no=game.game_no,
        game_kind=game.setup.game,
        title=title,
        seats=game.setup.seats,
        options=dict(game.setup.options),
        players=game.players,
        holders=game.holders,
        started=round(game.started_at, 3),
        finished=round(game.finished_at or 0.0, 3),
        result=Result.from_wire(game.result),
        rounds=finished.rounds,
    )
