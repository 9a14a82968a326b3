"""A hint at a table as its screen handles it (`H`): offered while the table's ``hints``
setting is on and we have something to play; asked once at a time ("Thinking of a hint…");
the suggestion shown at the board's foot until the turn moves on, with the cursor put on the
card it plays (several marked, where the board marks cards), which is not played."""

from __future__ import annotations

from typing import Any

from cardtable.client.ui.boards.base import Board
from cardtable.client.ui.host import host
from cardtable.client.ui.table_context import TableContext
from cardtable.protocol import Suggestion

#: How long the hint shows at most, in seconds (the turn moving on takes it down sooner).
HINT_SECONDS = 60.0


class TableHint:
    """Our hints at one table: whether we may ask, the asking, and the answer shown."""

    def __init__(self, table: TableContext, board: Board) -> None:
        self.table = table
        self.board = board
        #: Whether a hint we asked for is still being thought.
        self.thinking = False

    def may_ask(self) -> bool:
        """Whether `H` works now: hints on at the table, our seat there with a move to make,
        and no hint of ours being thought."""
        state = self.table.state
        return (
            state is not None
            and state.summary.settings.hints
            and state.seat is not None
            and bool(state.legal)
            and not self.thinking
        )

    def ask(self) -> None:
        """Ask the server for a hint; say that it is being thought."""
        if not self.may_ask():
            return
        self.thinking = True
        self.board.notify("Thinking of a hint…", timeout=5)

        async def asking(session: Any) -> None:
            try:
                await session.hint()
            except Exception:
                self.thinking = False  # refused (shown by the host): the key works again
                raise

        host(self.table.screen).request(asking)

    def show(self, suggestion: Suggestion) -> None:
        """The hint: its words at the board's foot, and the cursor on the card it plays."""
        self.thinking = False
        self.board.hints.clear()
        self.board.notify(f"Hint: {suggestion.words}", timeout=HINT_SECONDS, markup=False)
        self.board.point_at(cards_of(suggestion.action))


def cards_of(action: dict[str, Any] | None) -> list[int]:
    """The cards an action (in its plain form) names by id: its ``cid``, or its ``cids``."""
    if action is None:
        return []
    cid, cids = action.get("cid"), action.get("cids")
    named = [cid] if isinstance(cid, int) else cids if isinstance(cids, list) else []
    return [each for each in named if isinstance(each, int)]
