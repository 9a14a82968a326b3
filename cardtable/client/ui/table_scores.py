"""The scores windows a table screen opens: the round's scores when a round ends, and the
latest (or the running count) at `v`. A new one replaces the one open before, never stacks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.screen import Screen

from cardtable.client.ui.boards import Board
from cardtable.client.ui.running import RunningScreen
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table_context import TableContext
from cardtable.client.ui.table_state import TableState
from cardtable.engine.events import RoundEnd
from cardtable.engine.scores import RoundScore
from cardtable.protocol import Update
from cardtable.wire.codec import WireError


def round_scores(events: Iterable[Mapping[str, object]]) -> list[RoundScore]:
    """The scores of the rounds `events` end (a score that cannot be read is passed over)."""
    found = []
    for event in events:
        if event.get("kind") == RoundEnd.kind:
            try:
                found.append(RoundScore.from_wire(event.get("score")))
            except WireError:
                continue
    return found


class TableScores:
    """The scores windows of one table screen."""

    def __init__(self, table: TableContext, board: Board) -> None:
        self.table = table
        self.board = board
        #: The scores window opened last: a new one replaces it, never stacks.
        self._window: Screen[None] | None = None
        #: The window that shows a round's scores, made once.
        self._round_window: ScoringScreen | None = None

    def follow(self, update: Update) -> None:
        """Close the window of a round the next deal leaves behind (watching), and open one
        for each round `update` ends."""
        self._close_watched(update)
        for score in round_scores(update.events):
            self.show(score)

    def _close_watched(self, update: Update) -> None:
        """Watching, the scores window closes by itself at the next deal (nobody may be there
        to close it, and the game goes on without them)."""
        state = self.table.state
        if state is None or state.seat is not None:
            return
        dealt = any(event.get("kind") == "deal" for event in update.events)
        window = self._window
        if dealt and window is not None and window is self.table.screen.app.screen:
            window.dismiss(None)
            self._window = None

    def _open(self, scores: Screen[None]) -> None:
        """Open a scores window in place of the one open before, if it is still in front (the
        round's window, already open, shows the new scores where it is)."""
        app = self.table.screen.app
        previous, self._window = self._window, scores
        if scores in app.screen_stack:
            return
        if previous is not None and previous is app.screen:
            app.switch_screen(scores)
        else:
            app.push_screen(scores)

    def _scoring(self, state: TableState, score: RoundScore) -> ScoringScreen:
        """The table's one round scores window, showing `score`: made (and kept, installed in
        the app) the first time, filled again after."""
        scoring = self._round_window
        if scoring is None:
            scoring = self._round_window = ScoringScreen(state, score, self.table.may_start())
            self.table.screen.app.install_screen(scoring, f"scores-{id(scoring)}")
        else:
            scoring.show(state, score, self.table.may_start())
        return scoring

    def close(self) -> None:
        """The table screen is gone: so is its round scores window (if it is not in front)."""
        scoring, self._round_window, self._window = self._round_window, None, None
        app = self.table.screen.app
        if scoring is not None and scoring not in app.screen_stack:
            app.uninstall_screen(scoring)
            scoring.remove()

    def show(self, score: RoundScore | None = None) -> None:
        """Show `score` (a round's), or else the running count or the latest round's."""
        state, screen = self.table.state, self.table.screen
        view = state.seat_view if state else None
        if state is None or view is None:
            screen.notify("No scores yet: the game has not started.")
            return
        running = self.board.running_count(state) if score is None else None
        if running is not None:
            self._open(RunningScreen(state, running))
            return
        if score is None:
            if not view.round_scores:
                screen.notify("No round has been scored yet.")
                return
            score = view.round_scores[-1]
        self._open(self._scoring(state, score))
