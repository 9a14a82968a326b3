"""Helpers for driving the Textual app against real servers.

pytest-trio runs every ``async def`` test under trio, and Textual needs asyncio, so app tests are
plain functions that call `run_async`. A server the app does not start itself runs in a thread
with its own trio loop (`ServerThread`), listening on a real port.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Any, TypeVar

import trio
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Footer

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp, JoinPlan
from cardtable.client.ui.boards import Board, board_for
from cardtable.client.ui.boards.hints import Hint, Hints
from cardtable.client.ui.create_table import TablePlan
from cardtable.client.ui.replay import ReplayScreen
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.stylesheet import STYLESHEET
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.table_state import TableState
from cardtable.engine import Game, GameAction, IllegalAction, PlainAction, get_game
from cardtable.play import LocalServer, play_plan
from cardtable.protocol import HistoryEntry, ReplaySteps
from cardtable.server.app import RunningServer, serve
from cardtable.server.config import ServerConfig
from cardtable.server.lobby.lobby import Lobby
from cardtable.wire.codec import to_wire
from tests.protocol.records import history_entry_of, table_in_play

T = TypeVar("T")

AppPilot = Pilot[Any]
SIZE = (80, 24)
#: Quick bots and a fixed shuffle, so games are short and repeatable.
TEST_CONFIG = ServerConfig(host="127.0.0.1", port=0, bot_delay=0.0, seed=7)


def run_async(test: Callable[[], Coroutine[Any, Any, None]], timeout: float = 60) -> None:
    """Run an asyncio test body, failing it if it takes longer than `timeout` seconds."""

    async def bounded() -> None:
        await asyncio.wait_for(test(), timeout)

    asyncio.run(bounded())


async def wait_until(
    pilot: Pilot[Any], predicate: Callable[[], object], timeout: float = 15, what: str = ""
) -> None:
    """Let the app run until `predicate()` is true; fail after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not predicate():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what or predicate}")
        await pilot.pause(0.02)


def screen_text(app: App[Any]) -> str:
    """What the terminal shows now, as plain text, one line per row."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


def notices(app: App[Any]) -> list[tuple[str, str]]:
    """The notifications shown so far, as (title, message), and the board's hints still
    showing (no title). A notice reaches the app as a message of its own, so wait for it
    rather than expect it at once."""
    toasts = [(note.title, note.message) for note in app._notifications]
    return toasts + [("", hint.message) for hint in board_hints(app)]


def board_hints(app: App[Any]) -> list[Hint]:
    """The hints the board on the screen shows now."""
    return [hint for hints in app.screen.query(Hints) for hint in hints.showing]


def play_app(
    game: str = "chinese-ten",
    players: int = 2,
    options: dict[str, Any] | None = None,
    *,
    name: str = "Tess",
    config: ServerConfig = TEST_CONFIG,
    settings: dict[str, object] | None = None,
) -> tuple[CardtableApp, LocalServer]:
    """The app as `cardtable play` builds it, with its in-process server (`settings`: the
    table's, as `cardtable play --unrated` gives ``{"rated": False}``)."""
    plan = TablePlan(game, players, options or {}, settings=settings or {})
    plan, server = play_plan(plan, name, config)
    return CardtableApp(plan), server


def join_app(port: int, name: str = "Tess", password: str | None = None) -> CardtableApp:
    """The app as `cardtable join 127.0.0.1:PORT` builds it."""
    return CardtableApp(JoinPlan("127.0.0.1", port, name, password, timeout=5.0))


class ServerThread:
    """A real server on a real port, in a thread of its own with its own trio loop."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.server: RunningServer | None = None
        self._token: trio.lowlevel.TrioToken | None = None
        self._nursery: trio.Nursery | None = None
        self._ready: queue.Queue[BaseException | None] = queue.Queue()
        self._thread = threading.Thread(target=self._main, daemon=True)

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.port

    def start(self) -> None:
        self._thread.start()
        problem = self._ready.get(timeout=10)
        if problem is not None:
            raise problem

    def _main(self) -> None:
        async def main() -> None:
            self._token = trio.lowlevel.current_trio_token()
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                try:
                    self.server = await nursery.start(serve, self.config)
                except BaseException as error:
                    self._ready.put(error)
                    raise
                self._ready.put(None)

        trio.run(main)

    def call(self, function: Callable[..., T], *args: Any) -> T:
        """Run a plain function in the server's thread (e.g. to look at or poke the lobby)."""
        return trio.from_thread.run_sync(function, *args, trio_token=self._token)

    def run(self, function: Callable[..., Awaitable[T]], *args: Any) -> T:
        """Run an async function in the server's trio loop and return its result."""
        return trio.from_thread.run(function, *args, trio_token=self._token)

    def start_soon(self, function: Callable[..., Awaitable[Any]], *args: Any) -> None:
        """Start a task in the server's trio loop that runs until it ends or the server stops
        (e.g. another player's session that stays connected)."""
        assert self._nursery is not None
        self.call(self._nursery.start_soon, function, *args)

    def stop(self) -> None:
        if self._nursery is not None and self._token is not None:
            self.call(self._nursery.cancel_scope.cancel)
        self._thread.join(timeout=10)


@contextmanager
def server_thread(**changes: Any) -> Iterator[ServerThread]:
    """A `ServerThread` with `TEST_CONFIG` plus `changes`, stopped afterwards."""
    thread = ServerThread(replace(TEST_CONFIG, **changes))
    thread.start()
    try:
        yield thread
    finally:
        thread.stop()


class Remote:
    """Another player: a headless session kept connected in the server's trio thread.

    ``with Remote(server, "Rhea") as rhea:`` connects; `do` runs a request with the session
    (blocking this thread briefly), `ado` does the same from async code without blocking the
    app's loop, and `look` reads the session's state in the server's thread.
    """

    def __init__(self, server: ServerThread, name: str, *, key: str | None = None) -> None:
        self.server = server
        self.name = name
        #: The player's key (None: a client without one, never rated).
        self.key = key
        self.session: ClientSession | None = None
        self.error: BaseException | None = None
        self._ready = threading.Event()
        self._gone = threading.Event()
        self._stop = trio.Event()

    def __enter__(self) -> Remote:
        self.server.call(trio.lowlevel.spawn_system_task, self._main)
        if not self._ready.wait(10):
            raise AssertionError(f"{self.name} did not connect")
        if self.error is not None:
            raise self.error
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    async def _main(self) -> None:
        try:
            async with connect(
                "127.0.0.1", self.server.port, self.name, key=self.key, timeout=5
            ) as session:
                self.session = session
                self._ready.set()
                await self._stop.wait()
        except Exception as error:  # told to the test thread, never to the server's run
            self.error = error
        finally:
            self._ready.set()
            self._gone.set()

    def close(self) -> None:
        """Disconnect (the server then keeps this player's seat as away)."""
        if not self._gone.is_set():
            self.server.call(self._stop.set)
            self._gone.wait(5)

    def do(self, make: Callable[[ClientSession], Awaitable[T]]) -> T:
        async def run() -> T:
            assert self.session is not None
            with trio.fail_after(5):
                return await make(self.session)

        return self.server.run(run)

    async def ado(self, make: Callable[[ClientSession], Awaitable[T]]) -> T:
        return await asyncio.to_thread(self.do, make)

    def look(self, read: Callable[[ClientSession], T]) -> T:
        def run() -> T:
            assert self.session is not None
            return read(self.session)

        return self.server.call(run)

    def chat_texts(self) -> list[str]:
        return self.look(lambda session: [str(line.text) for line in session.chat])


def lobby_of(server: ServerThread) -> Lobby:
    assert server.server is not None
    return server.server.lobby


# -- what an app at a table knows ----------------------------------------------------------------


def session(app: CardtableApp) -> ClientSession:
    """The app's current session."""
    assert app.link is not None and app.link.latest is not None
    return app.link.latest


def view(app: CardtableApp) -> dict[str, Any]:
    """Our seat's newest view."""
    current = session(app).view
    assert current is not None
    return current


def drawn(app: CardtableApp, table: TableScreen) -> bool:
    """The board shows the newest view the session has."""
    state = table.board.state
    return state is not None and state.view is not None and state.view is session(app).view


def our_turn(app: CardtableApp, table: TableScreen) -> bool:
    """It is our turn, the table is the screen in front, and the board shows it."""
    current = session(app).view
    return (
        app.screen is table and current is not None and bool(current["legal"]) and drawn(app, table)
    )


def find_on_screen(app: CardtableApp, text: str, widget: Any) -> tuple[int, int]:
    """Where `text` starts on the screen, inside `widget`."""
    region = widget.region
    rows = screen_text(app).splitlines()
    for y in range(region.y, region.bottom):
        found = rows[y].find(text, region.x, region.right)
        if found >= 0:
            return found, y
    raise AssertionError(f"{text!r} is not in {widget}:\n" + screen_text(app))


# -- shared by the board tests ------------------------------------------------------------------


@dataclass(frozen=True)
class RandomBotsTable(TablePlan):
    """`cardtable play`'s table with random bots in the other seats: their moves, and so every
    game here, stay the same whatever the better bots learn."""

    async def carry_out(self, session: ClientSession) -> None:
        table = await session.create_table(self.game_kind, self.seats, self.options)
        await session.sit(table.table_id, 0)
        for seat in range(1, self.seats):
            await session.add_bot(table.table_id, seat, "random")
        await session.start(table.table_id)


async def at_table(pilot: AppPilot, app: CardtableApp) -> TableScreen:
    def ready() -> bool:
        screen = app.screen
        return isinstance(screen, TableScreen) and screen.state is not None and drawn(app, screen)

    await wait_until(pilot, ready, what="the table screen with a game")
    assert isinstance(app.screen, TableScreen)
    return app.screen


def shown(app: App[Any], widget: Any) -> str:
    """A widget's part of the screen, its rows joined by newlines."""
    region = widget.region
    lines = screen_text(app).splitlines()
    return "\n".join(line[region.x : region.right] for line in lines[region.y : region.bottom])


async def footer_line(pilot: AppPilot, app: CardtableApp) -> str:
    """The footer, once it is drawn (it is blank for a moment after the keys changed). It may
    still show the keys from before: to check keys, wait for them with `footer_with`."""
    await wait_until(pilot, lambda: screen_text(app).splitlines()[-1].strip(), what="footer")
    return screen_text(app).splitlines()[-1]


async def footer_with(
    pilot: AppPilot, app: App[Any], keys: Mapping[str, bool], timeout: float = 5
) -> str:
    """Wait until the footer (the last row) shows each of `keys` marked True and none marked
    False, e.g. ``{"d Draw": True, "x Discard": False}``; returns it. The footer is drawn
    again a moment after the keys change, so it is waited for, never read at once."""

    def footer() -> str:
        lines = screen_text(app).splitlines()
        return lines[-1] if lines else ""

    def right() -> bool:
        shown = footer()
        return all((key in shown) == wanted for key, wanted in keys.items())

    try:
        await wait_until(pilot, right, timeout, "the footer")
    except AssertionError:
        raise AssertionError(f"{dict(keys)} in the footer {footer()!r}") from None
    return footer()


def footer_current(app: App[Any]) -> bool:
    """Whether the footer shows the keys the screen has now (each action's first key that is
    shown), not those of a moment ago: the footer is drawn again a moment after they change."""
    lines = screen_text(app).splitlines()  # none while the screen is being drawn
    line = words(lines[-1]) if lines else ""
    wanted: dict[str, str] = {}
    for active in app.screen.active_bindings.values():
        binding = active.binding
        if binding.show and binding.action not in wanted:
            wanted[binding.action] = f"{app.get_key_display(binding)} {binding.description}"
    return bool(line) and all(words(key) in line for key in wanted.values())


async def settled_footer(pilot: AppPilot, app: App[Any]) -> None:
    """Wait until the footer shows the screen's keys as they are now (see `footer_current`)."""
    try:
        await wait_until(pilot, lambda: footer_current(app), 5, "the footer")
    except AssertionError:
        raise AssertionError(f"the footer: {screen_text(app).splitlines()[-1]!r}") from None


async def round_trip(pilot: AppPilot, app: CardtableApp) -> None:
    """Wait until a ping has been to the server and back, and its answer through the app's own
    queue: whatever the server said before it has been handled by then. A test that checks that
    something did not happen waits for this first, never for a fixed time."""
    done: list[str] = []
    app.ask(app, lambda session: session.ping(), lambda _: done.append("answered"), done.append)
    await wait_until(pilot, lambda: done, 5, "a round trip to the server")
    assert done == ["answered"], done


async def still_running(pilot: AppPilot, app: App[Any]) -> None:
    """Check that what the test just did (a click, a key that must do nothing) left the app
    running: once all that was in the app's queue before has been handled (twice over, for
    what that queued in turn), the app still runs."""

    async def through_the_queue() -> None:
        done: list[bool] = []
        app.call_later(done.append, True)
        await wait_until(pilot, lambda: done or not app.is_running, 5, "the app's queue")

    for _ in range(2):
        await through_the_queue()
    assert app.is_running


async def prompt_is(pilot: AppPilot, app: App[Any], table: TableScreen, prompt: str) -> None:
    """Wait until the line under the board says `prompt` (words as the board gives them)."""
    part = table.query_one("#prompt")
    try:
        await wait_until(pilot, lambda: words(shown(app, part)) == words(prompt), 5)
    except AssertionError:
        raise AssertionError(f"{prompt!r} under the board: {shown(app, part)!r}") from None


async def on_screen(
    pilot: AppPilot, app: App[Any], *texts: str, widget: Any = None, timeout: float = 5
) -> str:
    """Wait until each of `texts` shows on the screen (inside `widget`, if given), its words
    perhaps wrapped over several rows; returns what the screen (or the widget) shows then."""

    def seen() -> str:
        return shown(app, widget) if widget is not None else screen_text(app)

    def all_there() -> bool:
        now = words(seen())
        return all(words(text) in now for text in texts)

    try:
        await wait_until(pilot, all_there, timeout)
    except AssertionError:
        raise AssertionError(f"{texts} not on the screen:\n{seen()}") from None
    return seen()


def words(text: str) -> str:
    return " ".join(text.split())


def check_breakdown(app: CardtableApp, text: str) -> list[str]:
    """The scoring window shows each side's lines of the last hand that count something;
    returns their labels."""
    current = view(app)
    score = current["round_scores"][-1]
    assert f"Round {score['round']} scores" in text
    labels: list[str] = []
    for lines in score["lines"]:
        for label, count, each in lines:  # (a line travels as [label, count, each])
            if not count:
                continue  # a line that counts nothing is blank, or left out for every side
            cell = str(count * each) if each == 1 else f"{count} × {each} = {count * each}"
            assert cell in text, (cell, text)
            labels.append(label)
    for label in labels:  # a long label may wrap in its column
        assert all(word in text for word in label.split()), (label, text)
    assert words(f"This round {' '.join(str(p) for p in score['points'])}") in words(text)
    return labels


class Shown(ReplayScreen):
    """The replay screen with its steps given, not asked of a server."""

    def __init__(self, entry: HistoryEntry, seat: int | None, steps: list[Any]) -> None:
        super().__init__(entry, seat)
        self.given = steps

    def _load(self, seat: int | None) -> None:
        self._loaded(
            ReplaySteps(
                entry=self.entry, seat=seat, start=0, total=len(self.given), steps=self.given
            ),
            self._load_number,
        )


class ReplayApp(App[None]):
    CSS = STYLESHEET

    def __init__(self, screen: ReplayScreen) -> None:
        super().__init__()
        self.shown = screen

    def compose(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.push_screen(self.shown)


class ScoresApp(App[None]):
    CSS = STYLESHEET

    def __init__(self, screen: ScoringScreen) -> None:
        super().__init__()
        self.shown = screen

    def on_mount(self) -> None:
        self.push_screen(self.shown)


def replay_of(
    game: Game,
    seat: int | None,
    moves: int,
    choose: Callable[[list[PlainAction]], PlainAction],
    players: list[str],
) -> tuple[HistoryEntry, list[dict[str, Any]]]:
    """The deal and `moves` moves of `game` (each picked by `choose` from the legal ones) from
    `seat`'s eyes, as the server builds a replay's steps; and the game's history entry."""
    steps: list[dict[str, Any]] = [{"seq": 0, "actor": None, "events": [], "view": game.view(seat)}]
    for number in range(1, moves + 1):
        actor = game.actors[0]
        events = game.apply(actor, choose(game.legal_actions(actor)))
        steps.append(
            {
                "seq": number,
                "actor": actor,
                "events": [event.for_seat(seat) for event in events],
                "view": game.view(seat),
            }
        )
    entry = history_entry_of(1, game.game_id, get_game(game.game_id).title, players)
    return entry, steps


# -- where things are on the screen, and notices -------------------------------------------------


def places(app: App[Any], text: str, widget: Any) -> list[tuple[int, int]]:
    """Where each copy of `text` starts on the screen, inside `widget`."""
    region = widget.region
    rows = screen_text(app).splitlines()
    found = []
    for y in range(region.y, region.bottom):
        x = rows[y].find(text, region.x, region.right)
        while x >= 0:
            found.append((x, y))
            x = rows[y].find(text, x + 1, region.right)
    return found


def spot(app: App[Any], text: str, widget: Any) -> tuple[int, int]:
    """Where `text` first shows on the screen, inside `widget`."""
    found = places(app, text, widget)
    assert found, f"{text!r} is not in {widget}:\n" + screen_text(app)
    return found[0]


def style_at(app: App[Any], x: int, y: int) -> Any:
    """The style of the cell at (x, y) on the screen."""
    strip = app.screen._compositor.render_strips()[y]
    at = 0
    for segment in strip:
        if at <= x < at + segment.cell_length:
            return segment.style
        at += segment.cell_length
    raise AssertionError(f"no cell at {x}, {y}")


async def noticed(pilot: AppPilot, app: App[Any], message: str) -> None:
    """Wait for a notice saying `message`."""
    await wait_until(pilot, lambda: any(note == message for _, note in notices(app)), what=message)


class LocalTable(App[None]):
    """A board at a table of its own, for a game set up by the test: our choices go straight to
    the game — only as the legal list gives them, as at the server — and the board is drawn
    again from our seat's view. `made` and `refused` record what the board sent."""

    CSS = STYLESHEET

    def __init__(self, game: Game, names: Sequence[str], seat: int | None = 0) -> None:
        super().__init__()
        self.game = game
        self.names = list(names)
        self.seat = seat
        self.board = board_for(game.game_id)
        self.made: list[PlainAction] = []
        self.refused: list[str] = []

    def compose(self) -> ComposeResult:
        yield self.board
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()
        self.board.focus()

    def state(self) -> TableState:
        summary = table_in_play(self.game.game_id, self.names)
        return TableState(summary, self.seat, self.game.view(self.seat), self.names)

    def redraw(self) -> None:
        self.board.show(self.state())
        self.refresh_bindings()

    def drawn(self) -> bool:
        """The board shows the game as it is now, from our seat."""
        state = self.board.state
        return state is not None and state.view == self.game.view(self.seat)

    def on_board_chosen(self, message: Board.Chosen) -> None:
        assert self.seat is not None
        action = message.action
        plain = to_wire(action) if isinstance(action, GameAction) else dict(action)
        try:
            self.game.apply(self.seat, plain)  # as the server does: the action as it travels
        except IllegalAction as error:
            self.refused.append(error.reason)
            return
        self.made.append(plain)
        self.redraw()

    def other(self, action: PlainAction, seat: int | None = None) -> None:
        """Another player's move: `seat`'s, or by default the next seat's after ours."""
        assert self.seat is not None
        self.game.apply((self.seat + 1) % self.game.seats if seat is None else seat, action)
        self.redraw()


# -- a board's view in plain form, as the tests compare it --------------------------------------


def plain_table(board: Board) -> dict[str, Any]:
    """The game's part of the board's view, in plain form (empty before the first view)."""
    view = board.state.view if board.state else None
    return dict(view["table"]) if view else {}


def hand_of(board: Board) -> list[dict[str, Any]]:
    """The board's hand in plain form (none for a spectator)."""
    return list(plain_table(board).get("hand") or [])
