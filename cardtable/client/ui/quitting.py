"""Leaving a table (`q`) and quitting the app from it (Ctrl-Q): seated at a game in progress,
the player is asked first what becomes of the seat."""

from __future__ import annotations

from cardtable.client.ui.dialogs import Confirm, QuitAs, QuitChoice
from cardtable.client.ui.host import host
from cardtable.client.ui.table_context import TableContext


class Quitting:
    """How the player leaves one table, or quits the app from it."""

    def __init__(self, table: TableContext) -> None:
        self.table = table
        #: Set once the player chose how to quit: Ctrl-Q then quits without asking again.
        self._chosen = False

    def leave(self) -> None:
        """Leave the table; seated at a game in progress, after asking."""
        screen = self.table.screen

        def confirmed(yes: bool | None) -> None:
            if yes:
                host(screen).request(lambda session: session.leave())

        state = self.table.state
        if state is not None and state.playing and state.seat is not None:
            screen.app.push_screen(
                Confirm("Leave the table? A bot will play your seat for the rest of the game."),
                confirmed,
            )
        else:
            confirmed(True)

    def ask_before_quitting(self) -> bool:
        """At Ctrl-Q, seated at a game in progress: ask whether to keep the seat or give it to a
        bot (True: asking). Ctrl-Q again while asking quits and keeps the seat."""
        state = self.table.state
        if self._chosen or state is None or state.seat is None:
            return False
        view = state.seat_view
        # A game in progress, as the table's summary says or as our view shows it (whichever
        # came first: the view is what the player sees).
        if not state.playing and (view is None or view.result is not None):
            return False
        app = self.table.screen.app
        if isinstance(app.screen, QuitChoice):
            return False
        app.push_screen(QuitChoice(), self._quit_as)
        return True

    async def _quit_as(self, choice: QuitAs | None) -> None:
        if choice is None:
            return
        self._chosen = True
        screen = self.table.screen
        app, hosting = screen.app, host(screen)
        if choice == "keep":
            await hosting.action_quit()
            return

        def quit_now(_: None) -> None:
            app.call_later(hosting.action_quit)

        def failed(reason: str) -> None:
            self._chosen = False
            app.notify(
                f"Your seat could not be given to a bot: {reason}",
                severity="error",
                markup=False,
            )

        # The app, not this screen, hears the answer: leaving takes this screen away.
        hosting.ask(app, lambda session: session.leave(), quit_now, failed)
