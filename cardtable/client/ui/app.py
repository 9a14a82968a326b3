"""The cardtable terminal app: join a server (`JoinPlan`) or play at once against bots (`PlayPlan`).

Textual runs on asyncio; the networking is the trio `Link` and `ClientSession`, run as a trio
guest on the same loop (`TrioHost`). Everything the server says arrives as a `ServerSaid`
message, which the app handles and then posts to the screens that follow it (`ServerFeed`: a
table screen its table's messages, the lobby the list of tables), to handle on the screen's own
task, in order; requests go out through `request`, or through `ask` when the screen needs the
reply. Screens know the app as a `Host` (cardtable.client.ui.host).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

import trio
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.events import AppFocus, Resize
from textual.widgets import Static

from cardtable.client.handshake import HandshakeRefused
from cardtable.client.link import Link, LinkStatus
from cardtable.client.player_key import kept_key
from cardtable.client.seat_store import SeatStore, seats_folder
from cardtable.client.trio_host import TrioHost
from cardtable.client.ui.connection_badge import ConnectionIndicator
from cardtable.client.ui.create_table import TablePlan
from cardtable.client.ui.events import ConnectFailed, LinkChanged, Refused, ServerSaid
from cardtable.client.ui.feed import LOBBY, ServerFeed
from cardtable.client.ui.host import Host
from cardtable.client.ui.keys_screen import show_keys
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.problem_screen import ProblemScreen
from cardtable.client.ui.problems import explain, welcome
from cardtable.client.ui.rules import RulesScreen
from cardtable.client.ui.stylesheet import STYLESHEET
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.too_small import follow_size
from cardtable.collector import tune_collector
from cardtable.engine import get_game
from cardtable.protocol import Error, Joined, Left, Message


@dataclass(frozen=True)
class JoinPlan:
    """Join the server at ``host:port``. With `keep_seats`, the seat and creator tokens are
    kept on disk (`SeatStore`, per server and name) and the kept seat is taken back at once,
    and the player's key is proved; both are kept in `data` (None: cardtable's data folder)."""

    host: str
    port: int
    name: str
    password: str | None = None
    timeout: float = 10.0
    keep_seats: bool = True
    #: Ask the player's name before joining (a browser tab: nobody's login name to take).
    ask_name: bool = False
    data: Path | None = None


#: Starts a server in the given nursery and returns the port it listens on.
StartServer = Callable[[trio.Nursery], Awaitable[int]]


@dataclass(frozen=True)
class PlayPlan:
    """Start a server in this process and sit down at `table`, with bots in the other seats."""

    table: TablePlan
    name: str
    start_server: StartServer
    #: Once the server runs: a token for this player's unfinished game to go back to, if any.
    resume: Callable[[str], str | None] = lambda name: None
    #: Once `resume` has run: what it closed, or resumed other than asked, as sentences.
    notices: Callable[[], list[str]] = list


class CardtableApp(App[None], Host):
    """The lobby, the table and everything around them."""

    CSS = STYLESHEET
    TITLE = "cardtable"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        # A browser keeps ctrl+q (and ctrl+w) for itself: f10 quits in a browser tab.
        Binding("f10", "quit", "Quit", show=False, priority=True),
    ]

    def __init__(self, plan: JoinPlan | PlayPlan) -> None:
        super().__init__()
        self.plan = plan
        self.player_name = plan.name
        self.trio = TrioHost()
        self.link: Link | None = None
        #: Whether the player has been told that the link is reconnecting.
        self._reconnecting = False
        #: What `cardtable play` closed or resumed at the start, to tell of at the table.
        self._play_notices: list[str] = []
        #: The state of the connection, in a corner of every screen while it is not up.
        self.connection_indicator = ConnectionIndicator(self)
        #: Which screens hear which of the server's messages.
        self.feed = ServerFeed()

    def compose(self) -> ComposeResult:
        yield Static("Connecting…", id="connecting")

    async def on_mount(self) -> None:
        self.connection_indicator.start()
        # Below 80×24 a notice says so, over whichever screen is in front.
        self.screen_change_signal.subscribe(self, lambda _: follow_size(self))
        follow_size(self)
        await self.trio.start()
        self.trio.start_soon(self._run)

    def on_resize(self, event: Resize) -> None:
        follow_size(self, event.size)

    def on_app_focus(self, event: AppFocus) -> None:
        """A screen drawn while the app had no focus (a browser tab before its first click)
        was given none; it takes its first focusable widget now, as it would have."""
        screen = self.screen
        auto_focus = self.AUTO_FOCUS if screen.AUTO_FOCUS is None else screen.AUTO_FOCUS
        if screen.focused is None and auto_focus:
            for widget in screen.query(auto_focus):
                if widget.focusable:
                    screen.set_focus(widget)
                    break

    async def on_unmount(self) -> None:
        await self.trio.stop()

    def action_keys(self) -> None:
        """K, F1 (or a click on the footer's entry): every key the screen in front takes now,
        each to click or pick (`KeysScreen`)."""
        show_keys(self.screen)

    async def action_quit(self) -> None:
        """Quit; seated at a game in progress, the table first asks what becomes of the seat."""
        table = self._top_table()
        if table is not None and table.ask_before_quitting():
            return
        await self.trio.stop()
        self.exit()

    # -- the trio side --------------------------------------------------------------------------

    async def _run(self) -> None:
        """Start the server (for play), connect, and keep the link up."""
        plan = self.plan
        async with trio.open_nursery() as nursery:
            token, store, key = None, None, None
            if isinstance(plan, PlayPlan):
                port = await plan.start_server(nursery)
                host, password, timeout = "127.0.0.1", None, 10.0
                token = plan.resume(self.player_name)
                key = kept_key()
                self._play_notices = plan.notices()
            else:
                host, port, password, timeout = plan.host, plan.port, plan.password, plan.timeout
                if plan.ask_name:
                    self.post_message(welcome(host, port))
                    return
                if plan.keep_seats:
                    store = SeatStore(host, port, self.player_name, seats_folder(plan.data))
                    key = kept_key(plan.data)
            self.link = Link(
                host,
                port,
                self.player_name,
                password=password,
                on_message=self._heard,
                on_status=self._status,
                connect_timeout=timeout,
                token=token,
                store=store,
                key=key,
            )
            try:
                await nursery.start(self.link.run)
            except (OSError, HandshakeRefused, trio.TooSlowError) as error:
                self.post_message(explain(error, host, port, timeout))
                nursery.cancel_scope.cancel()
                return
            session = self.link.session
            self.player_name = session.name
            if isinstance(plan, PlayPlan) and session.table is None:
                await self._attempt(plan.table.carry_out(session))
            else:
                await self._attempt(session.list_tables(watch=True))

    def _heard(self, message: Message) -> None:
        self.post_message(ServerSaid(message))

    def _status(self, status: LinkStatus, text: str) -> None:
        self.post_message(LinkChanged(status, text))

    # -- the server's messages ------------------------------------------------------------------

    def on_server_said(self, event: ServerSaid) -> None:
        if not self.is_running:
            # Shutting down: the screens' widgets are being removed while trio may still be
            # delivering messages; drawing them now would raise NoMatches / NoScreen.
            return
        message = event.message
        if isinstance(message, Joined):
            self._show_table(message)
        elif isinstance(message, Left):
            self._back_to_lobby()
        elif isinstance(message, Error) and message.rid is None:
            # What the server says is shown as written (markup=False): a stray "[/b]" in it
            # would otherwise stop the app with a MarkupError when the toast is drawn.
            self.notify(message.message, title="Server", severity="error", markup=False)
        # A screen just pushed hears it once mounted, after what it drew when it mounted.
        self.feed.deliver(message, self.screen_stack)

    def _show_table(self, joined: Joined) -> None:
        """Bring up the table we were seated at (again), or a new table screen."""
        top = self._top_table()
        if (
            top is not None
            and top.table_id == joined.table.table_id
            and top.game == joined.table.game_kind
        ):
            while self.screen is not top:
                self.pop_screen()
            return
        self._back_to_lobby(rewatch=False)
        table = TableScreen(joined)
        self.feed.follow(table, table.table_id)
        self.push_screen(table)
        for text in self._play_notices:  # told once, when the first table is shown
            self.notify(text, timeout=8, markup=False)
        self._play_notices = []

    def _top_table(self) -> TableScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def _back_to_lobby(self, *, rewatch: bool = True) -> None:
        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()
        if not isinstance(self.screen, LobbyScreen):
            self._push_lobby()
        if rewatch:
            self.request(lambda session: session.list_tables(watch=True))

    def _push_lobby(self) -> None:
        lobby = LobbyScreen()
        self.feed.follow(lobby, LOBBY)
        self.push_screen(lobby)

    def on_link_changed(self, event: LinkChanged) -> None:
        if event.status is LinkStatus.CONNECTED:
            self.connection_indicator.back()
            if len(self.screen_stack) == 1:
                self._push_lobby()
                return  # the first connection: the lobby says enough
            self.notify(event.text, timeout=4, markup=False)
            session = self.link.latest if self.link else None
            if session is not None and session.table is None and self._top_table() is not None:
                self._back_to_lobby(rewatch=False)  # the seat was not kept; the link re-watches
        elif event.status is LinkStatus.RECONNECTING:
            ever_connected = self.link is not None and self.link.latest is not None
            self.connection_indicator.down(ever_connected=ever_connected)
            if not self._reconnecting:
                self.notify(event.text, severity="warning", timeout=4, markup=False)
            self._reconnecting = True
            return
        else:
            self.connection_indicator.closed()
            self.notify(event.text, severity="error", timeout=30, markup=False)
        self._reconnecting = False

    def on_connect_failed(self, event: ConnectFailed) -> None:
        self.push_screen(ProblemScreen(event))

    def on_refused(self, event: Refused) -> None:
        self.notify(event.text, title="Refused", severity="error", markup=False)

    # -- for the screens ------------------------------------------------------------------------

    def show_rules(self, game: str, options: Mapping[str, object] | None = None) -> None:
        """The rules of `game`, speaking of a table's `options` where it has some."""
        self.push_screen(RulesScreen(game, get_game(game).title, options))

    def retry(self, *, name: str | None = None, password: str | None = None) -> None:
        """Connect again after a failed first connection, with a new name or password."""
        if name:
            self.player_name = name
            if isinstance(self.plan, JoinPlan):
                self.plan = replace(self.plan, ask_name=False)
        if password is not None and isinstance(self.plan, JoinPlan):
            self.plan = replace(self.plan, password=password)
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.trio.start_soon(self._run)


#: The collector's thresholds in the terminal client (`cardtable.collector`): the youngest
#: objects are looked at every 20,000 allocations (less frees), not 700, so that an update's
#: objects die young instead of being moved on to generations whose collections walk the whole
#: heap (55–110 ms each). The older generations keep Python's thresholds.
CLIENT_COLLECTOR = (20_000, 10, 10)


def run_client(plan: JoinPlan | PlayPlan) -> None:
    """Run the terminal client for `plan` until the player quits, with Python's collector set
    for it (`CLIENT_COLLECTOR`)."""
    tune_collector(CLIENT_COLLECTOR)
    CardtableApp(plan).run()
