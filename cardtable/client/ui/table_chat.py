"""The table's chat as its screen keeps it: who may be written to, the offers and deals of a
game with diplomacy, and a word to a player looking elsewhere when a private line comes in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.widgets import TabbedContent

from cardtable.client.ui.chat import (
    TABLE,
    ChatPanel,
    ShownLine,
    channel_of,
    closed_partners,
    sender_of,
)
from cardtable.client.ui.diplomacy import DealNote, Negotiations, OfferParties
from cardtable.client.ui.host import host
from cardtable.client.ui.plain import clean
from cardtable.client.ui.table_context import TableContext
from cardtable.client.ui.table_state import TableState
from cardtable.engine import GameSpec
from cardtable.protocol import SeatKind


def chat_players(state: TableState) -> list[str | None]:
    """Each seat's player who can read a private line (None for bots and empty seats)."""
    return [
        state.names[seat.seat] if seat.kind is SeatKind.PLAYER else None
        for seat in state.summary.seats
    ]


def chat_bots(state: TableState) -> list[str]:
    seats = state.summary.seats
    return [state.names[seat.seat] for seat in seats if seat.kind is SeatKind.BOT]


class TableChat:
    """One table's chat panel, kept up with the table."""

    def __init__(self, table: TableContext, spec: GameSpec) -> None:
        self.table = table
        self.spec = spec
        #: For a game with offers: the lines that show them in our private channels.
        self.negotiations = Negotiations.of(spec)

    @property
    def panel(self) -> ChatPanel:
        return self.table.screen.query_one("#chat", ChatPanel)

    def draw_players(self) -> None:
        """Tell the chat who sits where (and, with diplomacy, the open offers)."""
        state = self.table.state
        if state is None:
            return
        panel = self.panel
        closed = closed_partners(self.spec, state.summary, state.seat)
        panel.set_players(
            state.seat,
            chat_players(state),
            chat_bots(state),
            closed,
            my_name=host(self.table.screen).player_name,
        )
        if self.negotiations is not None:
            table = state.view.get("table") if state.view else None
            listed = table.get("offers", []) if isinstance(table, dict) else []
            offers = [OfferParties(int(o["deal"]), int(o["from"]), int(o["to"])) for o in listed]
            panel.set_diplomacy(self.negotiations.diplomacy, state.names, offers)

    def deal_notes(
        self, events: Sequence[Mapping[str, object]], game: int, *, rebuild: bool = False
    ) -> list[DealNote]:
        """The chat lines for the offers and deals among `events` that we are party to."""
        state = self.table.state
        if self.negotiations is None or state is None:
            return []
        if rebuild:
            return self.negotiations.rebuild(events, game, state.seat, state.names)
        return self.negotiations.notes(events, game, state.seat, state.names)

    def follow(self, events: Sequence[Mapping[str, object]], game: int) -> None:
        """Add the notes of the offers and deals among `events`: an answer to our offer is told
        wherever the player is looking, an offer to us flagged as a private line."""
        session, screen = self.table.session, self.table.screen
        for note in self.deal_notes(events, game):
            self.panel.add(note)
            if note.answer:
                screen.notify(note.words, title="Your offer", markup=False)
            elif session is not None and note.sender_seat not in (None, session.seat):
                self.flag(note)

    def flag(self, line: ShownLine) -> None:
        """Tell a player looking at the log that a private line came in."""
        tabs = self.table.screen.query_one("#side", TabbedContent)
        state = self.table.state
        me = state.seat if state else None
        if tabs.active != "chat-tab" and channel_of(line, me) != TABLE:
            self.table.screen.notify(f"Chat from {clean(sender_of(line))}", timeout=3, markup=False)
