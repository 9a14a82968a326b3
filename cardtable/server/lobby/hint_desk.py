"""The `hint` request: a seated player asks what the strongest bot would play in their place.

Checked at once (answered `ok`, or refused: a rated table, hints off, nothing to play, a hint
already being thought for the seat), then thought in the bots' worker pool like a search bot's
move (`cardtable.server.bots.hints`), from the seat's own view; the `suggestion` follows.
One hint at a time per seat, so a seat adds at most one job to the pool.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

import trio

from cardtable.protocol import ErrorCode, HintRequest, Message, Suggestion
from cardtable.server.bots.hints import HintSearch
from cardtable.server.bots.thinking import in_worker
from cardtable.server.errors import ServerError
from cardtable.server.lobby.session import Session
from cardtable.server.table.table import Table
from cardtable.wire.codec import to_wire

log = logging.getLogger("cardtable.server")

#: Said when the game moved on while a hint was thought: the hint no longer fits.
MOVED_ON = "The game moved on while the hint was thought; ask again."


class HintDesk:
    """Answers `hint` requests, thinking each in the server's nursery."""

    def __init__(self, nursery: trio.Nursery) -> None:
        self._nursery = nursery
        #: The seats a hint is being thought for now, as (table id, seat index).
        self._thinking: set[tuple[int, int]] = set()
        self.handlers: dict[type[Message], Callable[[Session, Any], Message | None]] = {
            HintRequest: self.hint
        }

    def hint(self, session: Session, request: HintRequest) -> Message | None:
        table = session.table
        seat = table.seat_of(session) if table is not None else None
        if table is None or seat is None or table.id != request.table_id:
            raise ServerError(
                ErrorCode.NOT_SEATED, "Only a player seated at the table can ask for a hint."
            )
        if table.settings.rated:
            raise ServerError(
                ErrorCode.NO_HINTS, "This table is rated: nobody is offered hints here."
            )
        if not table.settings.hints:
            raise ServerError(ErrorCode.NO_HINTS, "Hints are turned off at this table.")
        game = table.game
        if game is None or game.over or not (game.answers(seat.index) or game.legal(seat.index)):
            raise ServerError(
                ErrorCode.NOT_YOUR_TURN, "You have nothing to play now; ask on your turn."
            )
        if table.spec.search is None:
            raise ServerError(ErrorCode.NO_HINTS, f"{table.spec.title} has no bot to ask.")
        key = (table.id, seat.index)
        if key in self._thinking:
            raise ServerError(
                ErrorCode.HINT_PENDING, "A hint is being thought for you; it comes in a moment."
            )
        seed = random.Random(f"{table.id}/{table.game_no}/{len(table.actions)}").randrange(2**62)
        search = HintSearch.of(
            table.spec.id, game, table.log, seat.index, table.seating.names(), seed
        )
        self._thinking.add(key)
        self._nursery.start_soon(self._think, session, table, search, key)
        return None

    async def _think(
        self, session: Session, table: Table, search: HintSearch, key: tuple[int, int]
    ) -> None:
        """Think the hint in a worker; send it if the table is still where it was."""
        game, taken = table.game, len(table.actions)
        try:
            hint = await in_worker(search.run)
        except Exception:
            log.exception("table %s: a hint for seat %s could not be thought", *key)
            reply = Suggestion(table_id=table.id, words="No hint now: the server could not think.")
        else:
            moved_on = table.closed or table.game is not game or len(table.actions) != taken
            reply = (
                Suggestion(table_id=table.id, words=MOVED_ON)
                if moved_on
                else Suggestion(table_id=table.id, action=to_wire(hint.action), words=hint.words)
            )
        finally:
            self._thinking.discard(key)
        if session.table is table:
            session.deliver(reply)
