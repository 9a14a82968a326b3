"""The table screen: the players, the game's board, your prompt, and chat and log beside them.

The screen holds the table as one reactive, `shown` (a `TableShown`: the state, the turn clock,
the open offers), set once for each message from the server that changes it; the status line,
the players panel and the prompt are bound to it and each draws what it shows of it, when that
changed. The board is shown the state as before. The away seats, the offers, the scores
windows, quitting and the chat's upkeep are parts of their own (see `table_context`)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen

from cardtable.client.session import ClientSession
from cardtable.client.ui.away_seats import AwaySeats
from cardtable.client.ui.boards import Board, board_for
from cardtable.client.ui.bounded import KeysFooter, footer_keys
from cardtable.client.ui.chat import ChatPanel
from cardtable.client.ui.events import Refused, ServerSaid
from cardtable.client.ui.game_log import GameLog
from cardtable.client.ui.host import host
from cardtable.client.ui.keys_screen import KEYS
from cardtable.client.ui.offers import offers_note
from cardtable.client.ui.players_panel import PlayersPanel
from cardtable.client.ui.quitting import Quitting
from cardtable.client.ui.record_screen import RecordScreen, rated_names
from cardtable.client.ui.scoring import result_words
from cardtable.client.ui.table_chat import TableChat
from cardtable.client.ui.table_context import TableContext
from cardtable.client.ui.table_hint import TableHint
from cardtable.client.ui.table_keys import fitted
from cardtable.client.ui.table_lines import PromptLine, StatusLine
from cardtable.client.ui.table_offers import TableOffers
from cardtable.client.ui.table_scores import TableScores
from cardtable.client.ui.table_side import SideColumn, SidePane
from cardtable.client.ui.table_start import TableStart
from cardtable.client.ui.table_state import TableShown, TableState
from cardtable.client.ui.turn_clock import ShownClock, ran_out_words
from cardtable.engine import get_game
from cardtable.engine.scores import RoundScore
from cardtable.protocol import ChatLinePush, ClockState, Joined, Suggestion, TableChanged, Update

#: The parts of the screen that take the keys in turn, with Tab and shift+Tab.
AREAS = ("board", "chat", "log")


class TableScreen(Screen[None]):
    """One table, seated or watching."""

    BINDINGS = [
        Binding("c", "chat", "Chat"),
        Binding("l", "log", "Log"),
        Binding("v", "scores", "Scores"),
        Binding("question_mark", "rules", "Rules", key_display="?"),
        Binding("s", "start", "Start"),
        # The same key once a game has been played here: the scores window calls it a rematch.
        Binding("s", "rematch", "Rematch"),
        Binding("b", "bots", "Add bots"),
        # Capitals: every lower-case letter means something on some game's board.
        Binding("U", "take_back", "Take back"),
        Binding("A", "cover", "Bot for away"),
        Binding("R", "release", "Release seat"),
        Binding("P", "away_policy", "Away policy"),
        Binding("C", "concede", "Concede"),
        Binding("I", "records", "Records"),
        Binding("H", "hint", "Hint"),
        # Every key the table and the board take now, each to click (`KeysScreen`).
        *KEYS,
        Binding("q", "leave", "Leave"),
        # Shown (and used) only while the chat or the log has the keys.
        Binding("escape", "board", "Board"),
        Binding("tab", "area(1)", "Next area", show=False),
        Binding("shift+tab", "area(-1)", "Previous area", show=False),
    ]

    #: What the status line, the players panel and the prompt show, new at each change.
    shown: reactive[TableShown | None] = reactive(None, init=False, repaint=False)

    def __init__(self, joined: Joined) -> None:
        super().__init__()
        #: What the server said when we sat down or came back; drawn once mounted.
        self.joined = joined
        self.game = game = str(joined.table.game_kind)
        self.table_id = int(joined.table.table_id)
        self.spec = get_game(game)
        self.board: Board = board_for(game)
        self.table = TableContext(self, self.table_id)
        self.first_game = TableStart(self.table)
        self.away = AwaySeats(self.table)
        self.offers = TableOffers(self.table)
        self.hint = TableHint(self.table, self.board)
        self.scores = TableScores(self.table, self.board)
        self.quitting = Quitting(self.table)
        self.chat = TableChat(self.table, self.spec)
        #: The keys the footer was last told of (see `_refresh_keys`).
        self._keys: object = None
        #: Who was to act, and what we could do, when last drawn: when it changes the turn has
        #: moved on, and the board's notices about the move before are taken down.
        self._turn: object = None
        #: Whether the screen is mounted, with its widgets there to draw on.
        self._mounted = False
        #: The footer, whose width is the room for the keys.
        self.footer = KeysFooter()

    @property
    def state(self) -> TableState | None:
        """The table's state as last drawn (None before the first)."""
        return self.table.state

    @property
    def turn_clock(self) -> ShownClock | None:
        """The game's turn clock, as the latest message that gave it said (None: not timed)."""
        return self.shown.clock if self.shown is not None else None

    @property
    def session(self) -> ClientSession | None:
        return self.table.session

    def compose(self) -> ComposeResult:
        with Horizontal(id="table-main"):
            with Vertical(id="table-play"):
                yield StatusLine(self.spec.title, id="table-status").data_bind(TableScreen.shown)
                yield PlayersPanel(self.board, id="players").data_bind(TableScreen.shown)
                yield self.board
                yield PromptLine(self.board, id="prompt").data_bind(TableScreen.shown)
            with SideColumn(id="side", initial="chat-tab"):
                with SidePane("Chat", id="chat-tab"):
                    yield ChatPanel(id="chat")
                with SidePane("Log", id="log-tab"):
                    yield GameLog(self.spec, id="log")
        yield self.footer

    def on_mount(self) -> None:
        self._mounted = True
        self.redraw(self.joined)
        self.board.focus()

    def on_unmount(self) -> None:
        self._mounted = False
        self.scores.close()

    # -- following the server -------------------------------------------------------------------
    #
    # The app passes on the messages of this table only. The session takes in each message as
    # it arrives, ahead of the app, which handles the same messages later, in order. So what
    # accumulates (the log, the chat) is drawn from the messages themselves: a `joined` draws it
    # all, and each later message adds its part once. What is replaced whole (the view, the
    # seats) is drawn from the session, the newest.

    def on_server_said(self, said: ServerSaid) -> None:
        message = said.message
        if message is self.joined or not self._mounted or self not in self.app.screen_stack:
            return  # drawn when mounted; or the screen was closed since the app passed it on
        session = self.session
        if session is None or session.table_id != self.table_id:
            return
        if isinstance(message, Joined):
            self.redraw(message)
        elif isinstance(message, Update):
            self._follow_update(message)
        elif isinstance(message, TableChanged):
            self._draw_state(message.table.clock)
            self.chat.draw_players()
        elif isinstance(message, ChatLinePush):
            self.chat.panel.add(message.line)
            self.chat.flag(message.line)
        elif isinstance(message, Suggestion):
            self.hint.show(message)

    def _follow_update(self, update: Update) -> None:
        self._draw_state(update.clock)
        if self.chat.negotiations is not None:
            self.chat.draw_players()  # the open offers, for an answer without a number
        self._log().follow(update.game_no, update.events, self._names())
        for event in update.events:
            if event.get("kind") == "game_end" and event["result"].get("conceded"):
                words = result_words(self.state) if self.state else None
                self.notify(words or "", title="Game over", markup=False)
        self.scores.follow(update)
        self.chat.follow(update.events, update.game_no)

    def redraw(self, joined: Joined) -> None:
        """Draw everything again, as of `joined` (after joining or reconnecting)."""
        self.hint.thinking = False  # (a hint asked for on a lost connection never comes)
        self._draw_state(joined.table.clock)
        self.chat.draw_players()
        # The offers and deals of this game's log follow the chat lines in their channels: the
        # chat does not say when in the game each line was written.
        notes = self.chat.deal_notes(joined.log, joined.table.game_no, rebuild=True)
        self.chat.panel.set_lines([*joined.chat, *notes])
        self._log().show_game(joined.table.game_no, joined.log, self._names())

    def _draw_state(self, given: ClockState | None) -> None:
        """Take the newest state from the session, and the clock a message gave, and show
        them."""
        session = self.session
        state = TableState.of(session) if session else None
        clock = self._hear_clock(given, state)
        if state is None or session is None:
            return
        self.table.state = state
        turn = (state.actors, state.legal)
        if turn != self._turn:
            self._turn = turn
            self.board.forget_notices()
        self.board.show(state)
        self.shown = TableShown(state, clock, offers_note(state, session.log))
        self._refresh_keys()
        self.offers.follow()

    def _hear_clock(self, given: ClockState | None, state: TableState | None) -> ShownClock | None:
        """The clock a message gave; tell the player if their time ran out."""
        clock = ShownClock.of(given, time.monotonic())
        seat = state.seat if state else None
        if clock is not None and seat is not None:
            words = ran_out_words(self.turn_clock, clock, seat)
            if words is not None:
                self.notify(words, title="Clock", severity="warning", markup=False)
        return clock

    def _refresh_keys(self) -> None:
        """Have the footer drawn again if its keys changed (most updates change none, and each
        redraw of the footer costs new widgets)."""
        keys = footer_keys(self)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def _log(self) -> GameLog:
        return self._side().log_panel

    def _names(self) -> list[str]:
        return self.state.names if self.state else []

    # -- keys -----------------------------------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys, for the footer: those it has no room for are hidden (see `fitted`)."""
        return fitted(self, super().active_bindings, self.footer.size.width or self.app.size.width)

    def on_resize(self) -> None:
        self._refresh_keys()  # the footer's room changed

    def on_keys_footer_resized(self) -> None:
        self._refresh_keys()  # the footer's room changed

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "board":
            return self._area() != "board"  # the way back, shown while the keys are elsewhere
        if action == "take_back":
            session = self.session
            return session is not None and session.can_take_back
        rules = {
            "start": self.first_game.may_start,  # the first game, once every seat is taken
            "bots": self.first_game.may_add_bots,
            "rematch": self.offers.may_rematch,
            "concede": self.offers.may_concede,
            "hint": self.hint.may_ask,
            "cover": self.away.may_cover,
            "release": self.away.may_release,
            "away_policy": self.away.may_set_policy,
        }
        return rules[action]() if action in rules else True

    def action_chat(self) -> None:
        self._side().show_chat()

    def action_log(self) -> None:
        """Show the log; the board keeps the keys (Tab gives them to the log, to scroll it)."""
        self._side().show_log()

    def action_board(self) -> None:
        self.set_focus(self.board)

    def _side(self) -> SideColumn:
        return self.query_one("#side", SideColumn)

    def _area(self) -> str:
        """The part of the screen that has the keys: the board, the chat or the log."""
        return self._side().area() or "board"

    def action_area(self, step: int) -> None:
        """Tab, shift+Tab: give the keys to the next part of the screen (board, chat, log)."""
        area = AREAS[(AREAS.index(self._area()) + step) % len(AREAS)]
        if area == "board":
            self.action_board()
        elif area == "chat":
            self.action_chat()
        else:
            self._side().show_log(keys=True)

    # -- the table's keys -------------------------------------------------------------------------

    def action_whisper(self, seat: int) -> None:
        self.action_chat()
        self.chat.panel.open_channel(f"seat:{seat}")

    def action_records(self) -> None:
        """The records of the players at the table (see `RecordScreen`)."""
        names = rated_names(self.state.summary.seats) if self.state else []
        if names:
            self.app.push_screen(RecordScreen(names))

    def action_rules(self) -> None:
        host(self).show_rules(self.game, self.state.summary.options if self.state else None)

    def action_start(self) -> None:
        self.first_game.start()

    def action_take_back(self) -> None:
        """Take back our last action (`U`, shown while the server says we may)."""
        host(self).request(lambda session: session.take_back())

    def action_hint(self) -> None:
        """Ask what the strongest bot would play in our place (`H`, where hints are on)."""
        self.hint.ask()

    def action_rematch(self) -> None:
        """The next game at this table, once one has been played (`s`, as `r` in the scores)."""
        self.offers.rematch()

    def action_concede(self) -> None:
        self.offers.concede()

    def action_scores(self, score: RoundScore | None = None) -> None:
        self.scores.show(score)

    def action_bots(self) -> None:
        self.first_game.add_bots()

    def action_leave(self) -> None:
        self.quitting.leave()

    def action_cover(self) -> None:
        self.away.cover()

    def action_release(self) -> None:
        self.away.release()

    def action_away_policy(self) -> None:
        self.away.set_policy()

    def ask_before_quitting(self) -> bool:
        """At Ctrl-Q: whether the table asks first what becomes of our seat (see `Quitting`)."""
        return self.quitting.ask_before_quitting()

    # -- what the board and the chat ask for -----------------------------------------------------

    def on_board_chosen(self, message: Board.Chosen) -> None:
        action = message.action
        host(self).request(lambda session: session.act(action))

    def on_chat_panel_act(self, message: ChatPanel.Act) -> None:
        """A deal command from the chat: the server's refusal is shown like any other."""
        action = message.action
        self._send_from_chat(message.typed, lambda session: session.act(action))

    def on_chat_panel_send(self, message: ChatPanel.Send) -> None:
        outgoing = message.outgoing
        self._send_from_chat(message.typed, lambda session: session.say(outgoing.text, outgoing.to))

    def _send_from_chat(self, typed: str, make: Callable[[ClientSession], Awaitable[None]]) -> None:
        """Make the request typed in the chat: the chat's input is emptied once the server takes
        it, and keeps what was typed when the server refuses it."""
        chat = self.chat.panel

        def refused(reason: str) -> None:
            chat.not_sent(typed)
            self.app.post_message(Refused(reason))

        host(self).ask(chat, make, lambda _: chat.sent(typed), refused)
