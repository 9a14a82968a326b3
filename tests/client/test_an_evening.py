"""The app over an evening: watching bots play game after game, it stays the same size.

A thousand updates go through the real path (a real server, instant bots, the app watching
their table and starting each game again), and what the app holds after 200 of them is what it
holds after 1,000: its screens, its widgets (those on screen, and every one still alive, which
counts the footer's old keys), the log's lines. The chat and the session keep only their
latest lines.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any

from textual.widget import Widget
from textual.widgets import RichLog

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.bounded import KEPT_LINES, BoundedLog
from cardtable.client.ui.chat import ChatPanel, line_key
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.protocol import ChatLine, Message, Update
from tests.client.support import (
    SIZE,
    AppPilot,
    Remote,
    join_app,
    run_async,
    server_thread,
    session,
    wait_until,
)
from tests.client.test_lobby_chat import in_lobby, seated


def alive(kind: type[object]) -> int:
    """How many objects of `kind` are still alive, on a screen or not (after a collection)."""
    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, kind))


def live_widgets() -> int:
    """Every widget still alive, on a screen or not."""
    return alive(Widget)


def scoring_screens(app: CardtableApp) -> int:
    return sum(1 for screen in app.screen_stack if isinstance(screen, ScoringScreen))


class Watching:
    """The app watching a table of bots it opened, starting each game again as it ends."""

    def __init__(self, pilot: AppPilot, app: CardtableApp) -> None:
        self.pilot = pilot
        self.app = app
        self.updates = 0
        self.table = 0
        self._started: set[int] = set()

    def heard(self, message: Message) -> None:
        if isinstance(message, Update):
            self.updates += 1

    async def sit_down(self) -> None:
        async def open_table(session: ClientSession) -> None:
            session.on_message(self.heard)
            table = await session.create_table("chinese-ten", 2, {"decks": 1})
            self.table = int(table.table_id)
            for seat in (0, 1):
                await session.add_bot(self.table, seat, "random")
            await session.spectate(self.table)

        self.app.request(open_table)
        await seated(self.pilot, self.app, None)

    def _going(self, updates: int) -> bool:
        """Whether `updates` updates came; starts the next game once one is over."""
        table = session(self.app).table
        if table is not None and table.status != "playing":
            game = int(table.game_no)
            if game not in self._started:
                self._started.add(game)
                self.app.request(lambda session: session.start(self.table))
        # Measured with the table in front (not between two games, with their scores open).
        return self.updates >= updates and isinstance(self.app.screen, TableScreen)

    async def until(self, updates: int) -> None:
        await wait_until(
            self.pilot, lambda: self._going(updates), timeout=90, what=f"{updates} updates"
        )


async def watching_bots(pilot: AppPilot, app: CardtableApp) -> tuple[Watching, TableScreen]:
    """The app, from the lobby, watching a table of bots it opened, its screen in front."""
    await in_lobby(pilot, app)
    watching = Watching(pilot, app)
    await watching.sit_down()
    table = app.screen
    assert isinstance(table, TableScreen)
    return watching, table


def measure(app: CardtableApp, table: TableScreen) -> dict[str, Any]:
    return {
        "screens": len(app.screen_stack),
        "scoring screens": scoring_screens(app),
        "table widgets": len(list(table.walk_children())),
        "live widgets": live_widgets(),
        "log lines": table.query_one("#log", BoundedLog).kept,
    }


def test_a_thousand_updates_leave_the_app_as_big_as_two_hundred_did() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                watching, table = await watching_bots(pilot, app)

                await watching.until(200)
                early = measure(app, table)
                await watching.until(1000)
                late = measure(app, table)
                games = len(watching._started)

                assert games >= 5, games  # game after game, each with its scores
                assert late["screens"] == early["screens"] == 3, (early, late)
                assert late["scoring screens"] == early["scoring screens"] == 0, (early, late)
                # (Give or take the footer's keys, which it draws again when they change.)
                assert late["table widgets"] <= early["table widgets"] + 10, (early, late)
                # A widget left behind at each update would be a thousand here (the footer's old
                # keys were: Textual keeps them alive). Give or take a window just closed, and
                # the keys of footers drawn again whose removal is still pending (a few dozen
                # on a busy machine).
                assert late["live widgets"] <= early["live widgets"] + 80, (early, late)
                # The log holds this game's events only.
                assert late["log lines"] <= 200, late
                table.action_log()  # (a log draws its lines once it is shown)
                log = table.query_one("#log", RichLog)

                def headed_by_this_game() -> bool:
                    # (The session may have taken in the next deal before the app draws it.)
                    heading = f"— Game {session(app).game_no} —"
                    return bool(log.lines) and log.lines[0].text.strip() == heading

                await wait_until(pilot, headed_by_this_game, what="the log of this game alone")

        run_async(body, timeout=180)


async def first_scores(
    pilot: AppPilot, app: CardtableApp
) -> tuple[Watching, TableScreen, ScoringScreen]:
    """Watch a table of bots from its first game; wait for that game's scores window."""
    watching, table = await watching_bots(pilot, app)
    app.request(lambda session: session.start(watching.table))
    await wait_until(pilot, lambda: isinstance(app.screen, ScoringScreen), 30)
    scores = app.screen
    assert isinstance(scores, ScoringScreen)
    return watching, table, scores


def test_watching_one_scores_window_shows_and_it_closes_at_the_next_deal() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                watching, table, first = await first_scores(pilot, app)
                assert first.over

                # The scores asked for while these are open show in the same window: there
                # is never a second one.
                table.action_scores()
                await pilot.pause()
                assert app.screen is first and scoring_screens(app) == 1

                # The next game's deal closes them: nobody watching has to. (The bots may
                # have played that game to its end already, whose scores are open then.)
                game = session(app).game_no
                app.request(lambda session: session.start(watching.table))
                await wait_until(pilot, lambda: first not in app.screen_stack, what="closed")
                assert session(app).game_no == game + 1
                assert scoring_screens(app) <= 1

        run_async(body, timeout=60)


def test_a_tables_scores_window_is_kept_while_the_table_is_open_and_let_go_after() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                _, table, scores = await first_scores(pilot, app)
                window = weakref.ref(scores)
                del scores
                app.pop_screen()
                await wait_until(pilot, lambda: app.screen is table, what="the table")
                table.action_scores()  # the same window shows the scores again
                await wait_until(pilot, lambda: app.screen is window(), what="the same window")
                app.pop_screen()

                app.request(lambda session: session.leave())
                await wait_until(pilot, lambda: table not in app.screen_stack, what="the lobby")
                await pilot.pause()
                assert not alive(ScoringScreen)

        run_async(body, timeout=60)


def test_the_chat_keeps_its_latest_lines() -> None:
    # A table keeps 5 lines here; the app's session keeps what the table keeps.
    with (
        server_thread(chat_history=5, chat_burst=20) as server,
        Remote(server, "Rhea") as rhea,
    ):

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)

                async def open_table(session: ClientSession) -> int:
                    table = await session.create_table("chinese-ten", 2, {"decks": 1})
                    await session.sit(table.table_id, 0)
                    return int(table.table_id)

                table_id = await rhea.ado(open_table)
                app.request(lambda session: session.sit(table_id, 1))
                await seated(pilot, app, 1)
                for number in range(8):
                    await rhea.ado(lambda s, n=number: s.say(f"line {n}"))  # type: ignore[misc]
                chat = app.screen.query_one("#chat", ChatPanel)
                await wait_until(pilot, lambda: len(chat.lines) == 8, what="eight lines")
                assert [line.text for line in session(app).chat] == [
                    f"line {n}" for n in range(3, 8)
                ]

                # The panel keeps its latest lines, and counts what is unread among them.
                chat.open_channel("seat:0")
                for number in range(KEPT_LINES + 50):
                    chat.add(ChatLine(1000 + number, 1.0, "Rhea", 0, None, None, "hi"))
                assert len(chat.lines) == KEPT_LINES
                assert line_key(chat.lines[-1]) == 1000 + KEPT_LINES + 49
                assert chat.unread("table") == KEPT_LINES
                chat.open_channel("table")
                lines = chat.query_one("#chat-lines", RichLog)
                await wait_until(pilot, lambda: lines.lines, what="the lines drawn")
                assert len(lines.lines) == KEPT_LINES
                assert chat.unread("table") == 0

        run_async(body, timeout=60)
