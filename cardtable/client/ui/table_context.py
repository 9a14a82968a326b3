"""What the parts of a table screen share: the screen they act on, the table, its latest state,
and who may run it."""

from __future__ import annotations

from textual.screen import Screen

from cardtable.client.session import ClientSession
from cardtable.client.ui.host import latest_session
from cardtable.client.ui.table_state import TableState
from cardtable.protocol import TableStatus


class TableContext:
    """One table screen's table: its id and its latest state, as the screen last drew it."""

    def __init__(self, screen: Screen[None], table_id: int) -> None:
        self.screen = screen
        self.table_id = table_id
        #: The state the screen drew last (None before the first).
        self.state: TableState | None = None

    @property
    def session(self) -> ClientSession | None:
        return latest_session(self.screen)

    def is_creator(self) -> bool:
        """Whether this connection holds the creator's rights to this table."""
        session = self.session
        return session is not None and self.table_id in session.creator_of

    def runs_table(self) -> bool:
        """Whether we may run this table as the server allows: its creator, or a player seated
        there (start games, add bots)."""
        state = self.state
        return state is not None and (state.seat is not None or self.is_creator())

    def may_start(self) -> bool:
        """Whether we may start a game (and a rematch) now: not while one is played."""
        state = self.state
        return (
            state is not None
            and state.summary.status is not TableStatus.PLAYING
            and self.runs_table()
        )

    def refused(self, reason: str) -> None:
        """Tell the player the server refused a request."""
        self.screen.notify(reason, title="Refused", severity="error", markup=False)
