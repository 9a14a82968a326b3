"""Finished games: the history list and step-by-step replays, read from the database.

These run in the journal's worker thread (`Journal.read`): they read the file and replay games
through the engine, which must not hold up the event loop. A finished game has no secrets left,
so it may be replayed from any seat.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import Event, OptionError, events_for, get_game, start
from cardtable.engine.takeback import PlayedGame
from cardtable.protocol import ErrorCode, History, ReplaySteps
from cardtable.server.errors import ServerError
from cardtable.server.storage import HistoryEntry, Store


def history_page(store: Store, limit: int, before: int | None) -> History:
    """Up to `limit` finished games, the latest first, with ids below `before`."""
    entries = store.history(limit + 1, before)
    return History(games=[_entry(entry) for entry in entries[:limit]], more=len(entries) > limit)


def replay_steps(store: Store, game_id: int, seat: int | None) -> ReplaySteps:
    """Finished game `game_id` from `seat`'s eyes (None: a spectator's): the deal, then a step
    for each action (or take-back) with the events as that seat saw them and its view after
    them."""
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
    played = PlayedGame(start(record.setup))
    steps = [_step(0, None, played.game.opening_events, played.game.view(seat), seat)]
    for number, (actor, action) in enumerate(actions, start=1):
        events = played.step(actor, action)  # an action, or a take-back
        steps.append(_step(number, actor, events, played.game.view(seat), seat))
    entry = _entry(HistoryEntry(record, store.rounds(game_id)))
    return ReplaySteps(game=entry, seat=seat, steps=steps)


def _step(
    seq: int, actor: int | None, events: list[Event], view: dict[str, Any], seat: int | None
) -> dict[str, Any]:
    return {
        "seq": seq,
        "actor": actor,
        "events": events_for(events, seat),
        "view": view,
    }


def _entry(entry: HistoryEntry) -> dict[str, Any]:
    wire = entry.to_wire()
    try:
        wire["title"] = get_game(entry.game.setup.game).title
    except OptionError:
        wire["title"] = entry.game.setup.game
    return wire
