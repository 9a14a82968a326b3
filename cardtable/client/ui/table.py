"""The table screen: the players, the game's board, your prompt, and chat and log beside them."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane, Tabs

from cardtable.client.session import ClientSession
from cardtable.client.ui.boards import Board, board_for
from cardtable.client.ui.bounded import BoundedLog, KeysFooter, footer_keys
from cardtable.client.ui.chat import (
    TABLE,
    ChatPanel,
    ShownLine,
    channel_of,
    closed_partners,
    sender_of,
)
from cardtable.client.ui.dialogs import (
    AwayPolicy,
    AwayTime,
    Confirm,
    QuitAs,
    QuitChoice,
    SeatChooser,
    away_words,
)
from cardtable.client.ui.diplomacy import Negotiations
from cardtable.client.ui.events import Refused, ServerSaid
from cardtable.client.ui.host import host, latest_session
from cardtable.client.ui.offers import (
    Question,
    ask_for_rematch,
    concede_question,
    offers_note,
    question,
)
from cardtable.client.ui.plain import clean
from cardtable.client.ui.running import RunningScreen
from cardtable.client.ui.scoring import ScoringScreen, result_words
from cardtable.client.ui.table_state import TableState
from cardtable.client.ui.turn_clock import ShownClock, ran_out_words
from cardtable.engine import get_game
from cardtable.engine.events import RoundEnd
from cardtable.engine.scores import RoundScore
from cardtable.protocol import (
    ChatLinePush,
    ClockState,
    Joined,
    SeatKind,
    SeatSummary,
    TableChanged,
    TableStatus,
    Update,
)
from cardtable.wire.codec import WireError

#: The keys the footer leaves out first, in this order, when it is too narrow for every key
#: (they still work, and `K` lists them): the Chat and Log tabs are on screen anyway, and then
#: the keys that look things up. Then the others go, from the footer's end back.
FOOTER_SPARE = ("concede", "log", "chat", "scores", "rules", "away_policy")

#: The keys the footer always shows in full: the list of every key, Leave and Quit.
FOOTER_KEPT = ("keys", "leave", "quit")

#: The parts of the screen that take the keys in turn, with Tab and shift+Tab.
AREAS = ("board", "chat", "log")


def away(seat: SeatSummary) -> bool:
    """A person's seat whose player is away (a bot may be playing it for them meanwhile)."""
    return seat.kind is SeatKind.PLAYER and not seat.connected


def away_time(state: TableState) -> float | None:
    """The table's away policy: seconds a player may be away before a bot covers them (None:
    the game waits)."""
    return state.summary.settings.away_bot_after


def others_may_be_away(state: TableState) -> bool:
    """Whether a seat besides ours is, or may become, a person's, whom the away policy concerns
    (a table of bots and us has nobody to wait for)."""
    return any(
        seat.kind is not SeatKind.BOT and seat.seat != state.seat for seat in state.summary.seats
    )


#: How the players panel marks our own seat, after our name.
YOU = "(you)"


def empty_seats(state: TableState) -> int:
    """How many seats nobody (and no bot) has taken yet."""
    return sum(1 for seat in state.summary.seats if seat.kind is SeatKind.EMPTY)


def players_grid(*, presence: bool = True) -> Table:
    """The players panel's columns: turn marker, name, presence (unless told not to), the seat's
    note, and the total. Where the row is too wide, the name is cut short, never what follows."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(width=1, no_wrap=True)
    grid.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    if presence:
        grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(no_wrap=True, justify="right")
    return grid


class GameLog(BoundedLog):
    """The game's log, every event in words. Once it has the focus (Tab), ↑ ↓, Page Up, Page
    Down, Home and End scroll it."""

    BINDINGS = [
        Binding("escape", "screen.board", "Board"),
        Binding("up", "scroll_up", "Scroll", key_display="↑↓"),
        Binding("down", "scroll_down", "Scroll", show=False),
    ]


class SidePane(TabPane):
    """A tab of the chat and log column. Textual brings a tab to the front when something in it
    takes the focus, but hears of it later: by then the focus may have moved on (Tab Tab), and
    the news of the earlier focus is dropped here."""

    def on_tab_pane_focused(self, event: TabPane.Focused) -> None:
        focused = self.screen.focused
        if focused is None or self not in focused.ancestors:
            event.stop()


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
        # Every key the table and the board take now, in a panel beside the board.
        Binding("K", "keys", "Keys"),
        Binding("f1", "keys", "Keys", show=False),
        Binding("q", "leave", "Leave"),
        # Shown (and used) only while the chat or the log has the keys.
        Binding("escape", "board", "Board"),
        Binding("tab", "area(1)", "Next area", show=False),
        Binding("shift+tab", "area(-1)", "Previous area", show=False),
    ]

    def __init__(self, joined: Joined) -> None:
        super().__init__()
        #: What the server said when we sat down or came back; drawn once mounted.
        self.joined = joined
        self.game = game = joined.table.game_kind
        self.table_id = joined.table.table_id
        self.spec = get_game(game)
        self.state: TableState | None = None
        self.board: Board = board_for(game)
        self._log_game = 0
        #: For a game with offers: the lines that show them in our private channels.
        self.negotiations = Negotiations.of(self.spec)
        #: Set once the player chose how to quit: Ctrl-Q then quits without asking again.
        self._quitting = False
        #: The scores window this screen opened last: a new one replaces it, never stacks.
        self._scores: Screen[None] | None = None
        #: The keys the footer was last told of (see `_refresh_keys`).
        self._keys: object = None
        #: Who was to act, and what we could do, when last drawn: when it changes the turn has
        #: moved on, and the board's notices about the move before are taken down.
        self._turn: object = None
        #: The game's turn clock, as the latest message that gave it said (None: not timed),
        #: and the times the players panel shows of it.
        self.turn_clock: ShownClock | None = None
        self._clock_faces: tuple[str, ...] = ()
        self._clock_timer: Timer | None = None
        #: Whether the screen is mounted, with its widgets there to draw on.
        self._shown = False
        #: The offer we were last asked about (a partner's to concede, a rematch), with its
        #: question, taken down if the offer closes before we answer.
        self._offer: tuple[Question, Confirm] | None = None
        #: The footer, whose width is the room for the keys (less while the keys panel is open).
        self.footer = KeysFooter()

    def compose(self) -> ComposeResult:
        with Horizontal(id="table-main"):
            with Vertical(id="table-play"):
                yield Static(id="table-status")
                yield Static(id="players")
                yield self.board
                yield Static(id="prompt")
            with TabbedContent(id="side", initial="chat-tab"):
                with SidePane("Chat", id="chat-tab"):
                    yield ChatPanel(id="chat")
                with SidePane("Log", id="log-tab"):
                    yield GameLog(id="log")
        yield self.footer

    def on_mount(self) -> None:
        self._shown = True
        # The tabs change with c and l, or a click; Tab moves between the board, the chat and
        # the log (`action_area`), never to the row of tabs, where no key would do anything.
        for tabs in self.query("#side Tabs").results(Tabs):  # none if the screen is going
            tabs.can_focus = False
        # One timer counts the clock down while someone's time runs (paused otherwise).
        self._clock_timer = self.set_interval(0.25, self._tick_clock, pause=True)
        self.redraw(self.joined)
        self.board.focus()

    # -- following the server -------------------------------------------------------------------
    #
    # The session takes in each message as it arrives, ahead of the app, which handles the same
    # messages later, in order. So what accumulates (the log, the chat) is drawn from the
    # messages themselves: a `joined` draws it all, and each later message adds its part once.
    # What is replaced whole (the view, the seats) is drawn from the session, the newest.

    @property
    def session(self) -> ClientSession | None:
        return latest_session(self)

    def on_server_said(self, said: ServerSaid) -> None:
        message = said.message
        if message is self.joined or self not in self.app.screen_stack or not self._shown:
            return  # drawn when mounted; or the screen was closed since the app passed it on
        session = self.session
        if session is None or session.table is None:
            return
        if isinstance(message, Joined):
            self.redraw(message)
        elif isinstance(message, Update) and message.table_id == session.table_id:
            self._hear_clock(message.clock)
            self._draw_state()
            if self.negotiations is not None:
                self._draw_chat_players()  # the open offers, for an answer without a number
            log = self._log()
            if message.game_no != self._log_game:
                # The log is this game's, as the session's is: a new game starts it afresh.
                self._log_game = message.game_no
                log.clear()
                log.add(Text(f"— Game {message.game_no} —", style="bold"))
            for event in message.events:
                log.add(self._event_text(event))
                if event.get("kind") == "game_end" and event["result"].get("conceded"):
                    words = result_words(self.state) if self.state else None
                    self.notify(words or "", title="Game over", markup=False)
            self._close_watched_scores(message)
            self._announce_scores(message.events)
            for note in self._deal_notes(message.events, message.game_no):
                self._chat().add(note)
                if note.get("answer"):
                    # An answer to our offer: told wherever we are looking.
                    self.notify(str(note["note"]), title="Your offer", markup=False)
                elif note["from_seat"] not in (None, session.seat):
                    self._flag_chat(note)
        elif isinstance(message, TableChanged) and message.table.table_id == session.table_id:
            self._hear_clock(message.table.clock)
            self._draw_state()
            self._draw_chat_players()
        elif isinstance(message, ChatLinePush) and message.table_id == session.table_id:
            self._chat().add(message.line)
            self._flag_chat(message.line)

    def redraw(self, joined: Joined) -> None:
        """Draw everything again, as of `joined` (after joining or reconnecting)."""
        self._hear_clock(joined.table.clock)
        self._draw_state()
        self._draw_chat_players()
        # The offers and deals of this game's log follow the chat lines in their channels: the
        # chat does not say when in the game each line was written.
        notes = self._deal_notes(joined.log, joined.table.game_no, rebuild=True)
        self._chat().set_lines([*joined.chat, *notes])
        log = self._log()
        log.clear()
        self._log_game = joined.table.game_no
        for event in joined.log:
            log.add(self._event_text(event))

    def on_unmount(self) -> None:
        self._shown = False

    def _draw_state(self) -> None:
        if not self._shown:
            return  # not drawn yet, or going: its widgets are not there to draw on
        session = self.session
        state = TableState.of(session) if session else None
        if state is None:
            return
        self.state = state
        turn = (state.actors, state.legal)
        if turn != self._turn:
            self._turn = turn
            self.board.forget_notices()
        self.board.show(state)
        self.query_one("#table-status", Static).update(self._status_text(state))
        players = self.query_one("#players", Static)
        players.update(self._players_text(state))
        # The away policy, where it can matter: someone else at the table is, or may be, a person.
        players.border_subtitle = away_words(away_time(state)) if others_may_be_away(state) else ""
        self.query_one("#prompt", Static).update(Text(self.board.prompt(state), style="bold"))
        self._refresh_keys()
        clock, timer = self.turn_clock, self._clock_timer
        self._clock_faces = clock.faces(time.monotonic()) if clock else ()
        if timer is not None:
            timer.resume() if clock is not None and clock.running else timer.pause()
        self._follow_offers()

    def _follow_offers(self) -> None:
        """Ask about an offer made to us (a partner's to concede, a rematch) once; take the
        question down if the offer closes before we answer."""
        session = self.session
        if self.state is None or session is None:
            return
        asking = question(self.state, session.log)
        if self._offer is not None:
            asked, dialog = self._offer
            if asking is not None and asking.key == asked.key:
                return
            if self.app.screen is dialog:
                dialog.dismiss(None)
            self._offer = None
        if asking is None:
            return
        dialog = Confirm(asking.text)
        self._offer = (asking, dialog)

        def answered(yes: bool | None) -> None:
            if yes is None:
                return  # taken down: the offer closed
            if asking.kind == "concede":
                host(self).request(lambda session: session.concede(yes))
            else:
                host(self).request(lambda session: session.answer_rematch(yes))

        self.app.push_screen(dialog, answered)

    # -- the turn clock -------------------------------------------------------------------------

    def _hear_clock(self, given: ClockState | None) -> None:
        """Take the clock a message gave; tell the player if their time ran out."""
        clock = ShownClock.of(given, time.monotonic())
        seat = self.state.seat if self.state else None
        if clock is not None and seat is not None:
            words = ran_out_words(self.turn_clock, clock, seat)
            if words is not None:
                self.notify(words, title="Clock", severity="warning", markup=False)
        self.turn_clock = clock

    def _tick_clock(self) -> None:
        """Draw the players panel again when a time it shows has changed (every second while
        someone's time runs)."""
        if not self._shown:
            return
        clock, state = self.turn_clock, self.state
        if clock is None or state is None:
            return
        faces = clock.faces(time.monotonic())
        if faces != self._clock_faces:
            self._clock_faces = faces
            self.query_one("#players", Static).update(self._players_text(state))

    def _refresh_keys(self) -> None:
        """Have the footer drawn again if its keys changed (most updates change none, and each
        redraw of the footer costs new widgets)."""
        keys = footer_keys(self)
        if keys != self._keys:
            self._keys = keys
            self.refresh_bindings()

    def _draw_chat_players(self) -> None:
        if self.state is not None:
            state = self.state
            closed = closed_partners(self.spec, state.summary, state.seat)
            self._chat().set_players(
                state.seat,
                self._chat_players(state),
                self._chat_bots(state),
                closed,
                my_name=host(self).player_name,
            )
            if self.negotiations is not None:
                table = state.view.get("table") if state.view else None
                offers = table.get("offers", []) if isinstance(table, dict) else []
                self._chat().set_diplomacy(self.negotiations.diplomacy, state.names, list(offers))

    def _deal_notes(
        self, events: list[dict[str, Any]], game: int, *, rebuild: bool = False
    ) -> list[dict[str, Any]]:
        """The chat lines for the offers and deals among `events` that we are party to."""
        if self.negotiations is None or self.state is None:
            return []
        state = self.state
        if rebuild:
            return self.negotiations.rebuild(events, game, state.seat, state.names)
        return self.negotiations.notes(events, game, state.seat, state.names)

    def _chat(self) -> ChatPanel:
        return self.query_one("#chat", ChatPanel)

    def _log(self) -> GameLog:
        return self.query_one("#log", GameLog)

    def _chat_players(self, state: TableState) -> list[str | None]:
        """Each seat's player who can read a private line (None for bots and empty seats)."""
        return [
            state.names[seat.seat] if seat.kind is SeatKind.PLAYER else None
            for seat in state.summary.seats
        ]

    def _chat_bots(self, state: TableState) -> list[str]:
        seats = state.summary.seats
        return [state.names[seat.seat] for seat in seats if seat.kind is SeatKind.BOT]

    def _flag_chat(self, line: ShownLine) -> None:
        """Tell a player looking at the log that a private line came in."""
        tabs = self.query_one("#side", TabbedContent)
        me = self.state.seat if self.state else None
        if tabs.active != "chat-tab" and channel_of(line, me) != TABLE:
            self.notify(f"Chat from {clean(sender_of(line))}", timeout=3, markup=False)

    # -- words ---------------------------------------------------------------------------------

    def _event_text(self, event: dict[str, Any]) -> Text:
        names = self.state.names if self.state else []
        try:
            words = self.spec.tell(event, names)
        except IndexError:  # a seat the summary has not named yet
            words = str(event.get("kind", "?"))
        style = "bold" if event.get("kind") in ("round_end", "game_end") else ""
        return Text(words, style=style)

    def _status_text(self, state: TableState) -> Text:
        summary = state.summary
        text = Text()
        text.append(f" {self.spec.title} ", style="bold reverse")
        text.append(f" table {summary.table_id}")
        view = state.view
        if view is not None:
            rounds = view["table"].get("rounds") if isinstance(view.get("table"), dict) else None
            text.append(f" · round {view['round']}" + (f" of {rounds}" if rounds else ""))
        if summary.status is TableStatus.WAITING:
            empty = empty_seats(state)
            players = "1 player" if empty == 1 else f"{empty} players"
            text.append(f" · waiting for {players}" if empty else " · ready to start")
        elif view is not None and view.get("result"):
            text.append(" · game over", style="bold")
        elif state.my_turn:
            text.append(" · your turn", style="bold green")
        if state.seat is None:
            text.append(" · watching", style="italic")
        return text

    def _players_text(self, state: TableState) -> Group:
        """One row per seat (turn marker, name, presence, the game's note, and the total), then
        a line for each away seat with votes to let a bot play it, and each open seat."""
        seats = state.summary.seats
        # Presence has a column of its own when someone's is more than "(you)"; else "(you)" goes
        # after the name, which then has the room the column would take.
        presences = [self._presence(seat, seat.seat == state.seat) for seat in seats]
        apart = any(presence not in ("", YOU) for presence in presences)
        grid = players_grid(presence=apart)
        view = state.view
        scored = bool(view and view["round_scores"])
        clock, now = self.turn_clock, time.monotonic()
        for seat, presence in zip(seats, presences, strict=True):
            index = seat.seat
            name_style = Style(bold=True, underline=index == state.seat)
            if seat.kind is SeatKind.PLAYER and index != state.seat and state.seat is not None:
                name_style += Style.from_meta({"@click": f"screen.whisper({index})"})
            total = ""
            if scored and view is not None:
                side = next(i for i, members in enumerate(view["sides"]) if index in members)
                total = f"total {view['totals'][side]}"
            who = Text(state.name(index), style=name_style)
            if presence == YOU and not apart:
                who.append(f" {YOU}")
            faint = presence.startswith("○") or "⏱" in presence
            shown_presence = [Text(presence, style="dim" if faint else "")] if apart else []
            right = Text(total, style="bold")
            timed = clock is not None and seat.kind is SeatKind.PLAYER  # bots are never timed
            time_left = clock.shown(index, now) if clock is not None and timed else None
            if time_left is not None:
                right = Text.assemble(time_left, " " if total else "", right)
            grid.add_row(
                Text("▶" if index in state.actors else "", style="bold yellow"),
                who,
                *shown_presence,
                Text(self.board.seat_note(state, index) if view else ""),
                right,
            )
        session = self.session
        note = offers_note(state, session.log) if session else ""
        offers = [Text(note[0].upper() + note[1:], style="italic")] if note else []
        return Group(grid, *self._seat_news(state), *offers)

    @staticmethod
    def _seat_news(state: TableState) -> list[Text]:
        """What the rows do not say: the votes to let a bot play an away seat, and the seats
        given up during a game, which a bot plays until someone sits."""
        lines = []
        for seat in state.summary.seats:
            name = state.name(seat.seat)
            votes = seat.votes
            if away(seat) and not seat.covered and votes:
                count = "1 vote" if votes == 1 else f"{votes} votes"
                lines.append(Text(f"{name}: {count} to let a bot play", style="italic"))
            elif seat.kind is SeatKind.EMPTY and seat.covered:
                lines.append(Text(f"{name}: a bot plays until someone sits", style="italic"))
        watchers = state.summary.watchers
        if watchers:
            lines.append(Text("Watching: " + ", ".join(map(clean, watchers)), style="dim"))
        return lines

    @staticmethod
    def _presence(seat: SeatSummary, mine: bool) -> str:
        if seat.kind is SeatKind.EMPTY:
            return "(open)" if seat.covered else "(empty)"
        if seat.covered:
            return "○ bot plays"
        if seat.kind is SeatKind.BOT:
            return ""
        if mine:
            return YOU
        return "●" if seat.connected else "○ away"

    # -- scores ---------------------------------------------------------------------------------

    def _announce_scores(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            if event.get("kind") != RoundEnd.kind:
                continue
            try:
                seen = self.spec.types.event_from_wire(event)
            except WireError:
                continue
            if isinstance(seen.public, RoundEnd):
                self.action_scores(seen.public.score)

    def _close_watched_scores(self, update: Update) -> None:
        """Watching, the scores window closes by itself at the next deal (nobody may be there
        to close it, and the game goes on without them)."""
        if self.state is None or self.state.seat is not None:
            return
        dealt = any(event.get("kind") == "deal" for event in update.events)
        if dealt and self._scores is not None and self._scores is self.app.screen:
            self._scores.dismiss(None)
            self._scores = None

    def _show_scores(self, scores: Screen[None]) -> None:
        """Open a scores window in place of the one open before, if it is still in front."""
        previous, self._scores = self._scores, scores
        if previous is not None and previous is self.app.screen:
            self.app.switch_screen(scores)
        else:
            self.app.push_screen(scores)

    def action_scores(self, score: RoundScore | None = None) -> None:
        view = self.state.seat_view if self.state else None
        if self.state is None or view is None:
            self.notify("No scores yet: the game has not started.")
            return
        running = self.board.running_count(self.state) if score is None else None
        if running is not None:
            self._show_scores(RunningScreen(self.state, running))
            return
        if score is None:
            if not view.round_scores:
                self.notify("No round has been scored yet.")
                return
            score = view.round_scores[-1]
        self._show_scores(ScoringScreen(self.state, score, self._may_start()))

    # -- keys -----------------------------------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys, for the footer: those it has no room for are hidden (`FOOTER_SPARE` first,
        then from its end back), but never those of `FOOTER_KEPT`."""
        bindings = super().active_bindings

        def shown() -> list[ActiveBinding]:
            return [active for active in bindings.values() if active.binding.show]

        def width() -> int:
            """The footer's width for the keys it shows (a key is its keys, its description
            and three spaces)."""
            return sum(
                cell_len(self.app.get_key_display(active.binding))
                + cell_len(active.binding.description)
                + 3
                for active in shown()
            )

        spare = [*FOOTER_SPARE, *reversed([active.binding.action for active in shown()])]
        room = self.footer.size.width or self.app.size.width
        for action in spare:
            if width() <= room:
                break
            if action in FOOTER_KEPT:
                continue
            for key, active in bindings.items():
                if active.binding.action == action:
                    bindings[key] = active._replace(binding=replace(active.binding, show=False))
        return bindings

    def on_resize(self) -> None:
        self._refresh_keys()  # the footer's room changed

    def on_keys_footer_resized(self) -> None:
        self._refresh_keys()  # the footer's room changed: the keys panel opened or closed

    def _is_creator(self) -> bool:
        """Whether this connection holds the creator's rights to this table."""
        session = self.session
        return session is not None and self.table_id in session.creator_of

    def _runs_table(self) -> bool:
        """Whether we may run this table as the server allows: its creator, or a player seated
        there (start games, add bots)."""
        state = self.state
        return state is not None and (state.seat is not None or self._is_creator())

    def _may_start(self) -> bool:
        """Whether we may start a game (and a rematch) now: not while one is played."""
        state = self.state
        return (
            state is not None
            and state.summary.status is not TableStatus.PLAYING
            and self._runs_table()
        )

    def _away_seats(self, *, covered: bool) -> list[tuple[int, str]]:
        """The seats of other players who are away (with `covered`, those a bot plays for them
        too), each with its player's name."""
        state = self.state
        if state is None:
            return []
        return [
            (seat.seat, state.name(seat.seat))
            for seat in state.summary.seats
            if away(seat) and seat.seat != state.seat and (covered or not seat.covered)
        ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state = self.state
        if action == "board":
            return self._area() != "board"  # the way back, shown while the keys are elsewhere
        if action == "start":  # the first game, once every seat is taken
            return (
                self._may_start()
                and state is not None
                and state.view is None
                and not empty_seats(state)
            )
        if action == "rematch":
            return self._may_start() and state is not None and state.view is not None
        if action == "concede":
            return (
                state is not None
                and state.seat is not None
                and state.playing
                and state.view is not None
                and not state.view["result"]
            )
        if action == "cover":
            return (
                state is not None
                and state.playing
                and (state.seat is not None or self._is_creator())
                and bool(self._away_seats(covered=False))
            )
        if action == "release":
            return self._is_creator() and bool(self._away_seats(covered=True))
        if action == "take_back":
            session = self.session
            return session is not None and session.can_take_back
        if action == "away_policy":
            return self._is_creator() and state is not None and others_may_be_away(state)
        if action == "bots":
            return (
                state is not None
                and self._runs_table()
                and state.summary.status is TableStatus.WAITING
                and bool(empty_seats(state))
            )
        return True

    # The focus moves at once (`set_focus`, not `focus`, which waits for the next turn of the
    # loop), so that a key pressed right after it (Tab Tab) finds it moved.

    def action_chat(self) -> None:
        self.query_one("#side", TabbedContent).active = "chat-tab"
        self.set_focus(self.query_one("#chat-input"))

    def action_log(self) -> None:
        """Show the log; the board keeps the keys (Tab gives them to the log, to scroll it)."""
        self.query_one("#side", TabbedContent).active = "log-tab"

    def action_board(self) -> None:
        self.set_focus(self.board)

    def action_keys(self) -> None:
        """Show every key the table takes now, beside the board (Textual's keys panel), or
        hide it again."""
        if self.query("HelpPanel"):
            self.app.action_hide_help_panel()
        else:
            self.app.action_show_help_panel()

    # -- which part has the keys -----------------------------------------------------------------

    def _area(self) -> str:
        """The part of the screen that has the keys: the board, the chat or the log."""
        focused = self.focused
        if focused is None or focused is self.board or self.board in focused.ancestors:
            return "board"
        side = self.query_one("#side", TabbedContent)
        if side not in focused.ancestors:
            return "board"
        return "chat" if side.active == "chat-tab" else "log"

    def action_area(self, step: int) -> None:
        """Tab, shift+Tab: give the keys to the next part of the screen (board, chat, log)."""
        area = AREAS[(AREAS.index(self._area()) + step) % len(AREAS)]
        if area == "board":
            self.action_board()
        elif area == "chat":
            self.action_chat()
        else:
            self.action_log()
            self.set_focus(self._log())

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        """The keys follow a change of tab (a click on it, `c`) out of the tab just hidden."""
        focused = self.focused
        shown = event.pane
        side = self.query_one("#side", TabbedContent)
        if focused is None or shown.id != side.active or shown in focused.ancestors:
            return  # (news of an earlier change of tab, or the focus is in the tab shown)
        if side in focused.ancestors:
            target: Widget = (
                self.query_one("#chat-input") if shown.id == "chat-tab" else self._log()
            )
            self.set_focus(target)

    def action_whisper(self, seat: int) -> None:
        self.action_chat()
        self._chat().open_channel(f"seat:{seat}")

    def action_rules(self) -> None:
        host(self).show_rules(self.game, self.state.summary.options if self.state else None)

    def action_start(self) -> None:
        if self.state is not None:
            table = self.state.summary.table_id
            host(self).request(lambda session: session.start(table))

    def action_take_back(self) -> None:
        """Take back our last action (`U`, shown while the server says we may)."""
        host(self).request(lambda session: session.take_back())

    def action_rematch(self) -> None:
        """The next game at this table, once one has been played (`s`, as `r` in the scores):
        offered to everyone at the table (see `ask_for_rematch`)."""
        if self.state is not None:
            table = self.state.summary.table_id
            host(self).request(lambda session: ask_for_rematch(session, table))

    def action_concede(self) -> None:
        """Concede the game (or offer our partners to), after asking."""
        session = self.session
        if self.state is None or session is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                host(self).request(lambda session: session.concede())

        self.app.push_screen(Confirm(concede_question(self.state, session.log)), confirmed)

    def action_bots(self) -> None:
        if self.state is None:
            return
        table = self.state.summary.table_id
        empty = [seat.seat for seat in self.state.summary.seats if seat.kind is SeatKind.EMPTY]

        async def fill(session: ClientSession) -> None:
            for seat in empty:
                await session.add_bot(table, seat)

        host(self).request(fill)

    def action_leave(self) -> None:
        def confirmed(yes: bool | None) -> None:
            if yes:
                host(self).request(lambda session: session.leave())

        if self.state is not None and self.state.playing and self.state.seat is not None:
            self.app.push_screen(
                Confirm("Leave the table? A bot will play your seat for the rest of the game."),
                confirmed,
            )
        else:
            confirmed(True)

    # -- away players ---------------------------------------------------------------------------

    def _pick_seat(
        self, seats: list[tuple[int, str]], question: str, then: Callable[[int, str], None]
    ) -> None:
        """Call `then(seat, name)` with the only seat of `seats`, or the one chosen of several."""
        if len(seats) == 1:
            then(*seats[0])
            return
        names = dict(seats)

        def chosen(seat: int | None) -> None:
            if seat is not None:
                then(seat, names[seat])

        self.app.push_screen(SeatChooser(question, seats), chosen)

    def action_cover(self) -> None:
        """Hand an away player's seat to a bot: at once for the creator, else a vote."""
        creator = self._is_creator()

        def cover(seat: int, name: str) -> None:
            table = self.table_id

            def answered(_: None) -> None:
                session = self.session
                summary = session.tables.get(table) if session else None
                covered = bool(summary and summary.seats[seat].covered)
                if covered:
                    self.notify(f"A bot plays for {name} now.", markup=False)
                else:
                    self.notify(
                        f"Your vote to let a bot play for {name} is counted: a bot takes over "
                        "once most of the players here agree.",
                        markup=False,
                    )

            host(self).ask(
                self, lambda session: session.cover(table, seat), answered, self._refused
            )

        question = (
            "Which seat does a bot play now?" if creator else "Vote to let a bot play for whom?"
        )
        self._pick_seat(self._away_seats(covered=False), question, cover)

    def action_release(self) -> None:
        """The creator gives an away player's seat up for good, after asking."""

        def release(seat: int, name: str) -> None:
            table = self.table_id

            def answered(_: None) -> None:
                self.notify(f"{name}'s seat is open for someone else to sit in.", markup=False)

            def confirmed(yes: bool | None) -> None:
                if yes:
                    host(self).ask(
                        self, lambda session: session.release(table, seat), answered, self._refused
                    )

            self.app.push_screen(
                Confirm(
                    f"Give {name}'s seat up? {name}'s token stops working and whoever sits "
                    "there next plays on with the hand."
                ),
                confirmed,
            )

        self._pick_seat(self._away_seats(covered=True), "Give whose seat up?", release)

    def action_away_policy(self) -> None:
        """The creator sets how long a player may be away before a bot covers them."""
        if self.state is None:
            return
        table = self.table_id
        current = away_time(self.state)

        def chosen(choice: AwayTime | None) -> None:
            if choice is None:
                return
            seconds = choice.seconds

            def answered(_: None) -> None:
                words = away_words(seconds)
                self.notify(words[0].upper() + words[1:] + ".", markup=False)

            host(self).ask(
                self,
                lambda session: session.configure(table, away_bot_after=seconds),
                answered,
                self._refused,
            )

        self.app.push_screen(AwayPolicy(current), chosen)

    def _refused(self, reason: str) -> None:
        self.notify(reason, title="Refused", severity="error", markup=False)

    # -- quitting -------------------------------------------------------------------------------

    def ask_before_quitting(self) -> bool:
        """At Ctrl-Q, seated at a game in progress: ask whether to keep the seat or give it to a
        bot (True: asking). Ctrl-Q again while asking quits and keeps the seat."""
        state = self.state
        if self._quitting or state is None or state.seat is None:
            return False
        view = state.seat_view
        # A game in progress, as the table's summary says or as our view shows it (whichever
        # came first: the view is what the player sees).
        if not state.playing and (view is None or view.result is not None):
            return False
        if isinstance(self.app.screen, QuitChoice):
            return False
        self.app.push_screen(QuitChoice(), self._quit_as)
        return True

    async def _quit_as(self, choice: QuitAs | None) -> None:
        if choice is None:
            return
        self._quitting = True
        app, hosting = self.app, host(self)
        if choice == "keep":
            await hosting.action_quit()
            return

        def quit_now(_: None) -> None:
            app.call_later(hosting.action_quit)

        def failed(reason: str) -> None:
            self._quitting = False
            app.notify(
                f"Your seat could not be given to a bot: {reason}",
                severity="error",
                markup=False,
            )

        # The app, not this screen, hears the answer: leaving takes this screen away.
        hosting.ask(app, lambda session: session.leave(), quit_now, failed)

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
        chat = self._chat()

        def refused(reason: str) -> None:
            chat.not_sent(typed)
            self.app.post_message(Refused(reason))

        host(self).ask(chat, make, lambda _: chat.sent(typed), refused)
