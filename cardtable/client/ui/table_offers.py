"""The offers at a table as its screen handles them: the question about an offer made to us (a
partner's to concede, a rematch), asked once and taken down if the offer closes first; and our
own offers, to concede (`C`) and of a rematch (`s`)."""

from __future__ import annotations

from cardtable.client.ui.dialogs import Confirm
from cardtable.client.ui.host import host
from cardtable.client.ui.offers import Question, ask_for_rematch, concede_question, question
from cardtable.client.ui.table_context import TableContext


class TableOffers:
    """The offers made at one table, to us and by us."""

    def __init__(self, table: TableContext) -> None:
        self.table = table
        #: The offer we were last asked about, with its question, taken down if the offer
        #: closes before we answer.
        self._asked: tuple[Question, Confirm] | None = None

    def follow(self) -> None:
        """Ask about an offer made to us once; take the question down if the offer closes
        before we answer."""
        state, session, screen = self.table.state, self.table.session, self.table.screen
        if state is None or session is None:
            return
        asking = question(state, session.log)
        if self._asked is not None:
            asked, dialog = self._asked
            if asking is not None and asking.key == asked.key:
                return
            if screen.app.screen is dialog:
                dialog.dismiss(None)
            self._asked = None
        if asking is None:
            return
        dialog = Confirm(asking.text)
        self._asked = (asking, dialog)

        def answered(yes: bool | None) -> None:
            if yes is None:
                return  # taken down: the offer closed
            if asking.kind == "concede":
                host(screen).request(lambda session: session.concede(yes))
            else:
                host(screen).request(lambda session: session.answer_rematch(yes))

        screen.app.push_screen(dialog, answered)

    def may_rematch(self) -> bool:
        """Whether `s` offers a rematch: a game has been played here, and none is played now."""
        state = self.table.state
        return self.table.may_start() and state is not None and state.view is not None

    def may_concede(self) -> bool:
        state = self.table.state
        return (
            state is not None
            and state.seat is not None
            and state.playing
            and state.view is not None
            and not state.view["result"]
        )

    def concede(self) -> None:
        """Concede the game (or offer our partners to), after asking."""
        state, session, screen = self.table.state, self.table.session, self.table.screen
        if state is None or session is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                host(screen).request(lambda session: session.concede())

        screen.app.push_screen(Confirm(concede_question(state, session.log)), confirmed)

    def rematch(self) -> None:
        """The next game at this table, once one has been played: offered to everyone at the
        table (see `ask_for_rematch`)."""
        if self.table.state is not None:
            table = self.table.table_id
            host(self.table.screen).request(lambda session: ask_for_rematch(session, table))
