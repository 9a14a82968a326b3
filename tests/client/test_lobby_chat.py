"""The lobby, chat and reconnection, driven through the app at 80×24 against a real server.

Other players are headless `ClientSession`s (`Remote`) kept connected inside the server thread.
Plain ``def`` tests that drive the app with `run_async` (Textual needs asyncio).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, RichLog, Select

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.chat import ChatPanel
from cardtable.client.ui.create_table import TablePlan
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.table_state import TableState
from cardtable.protocol import Chat, ChatLine, Error, ErrorCode, Message, Sit
from tests.client.support import (
    SIZE,
    Remote,
    drawn,
    join_app,
    lobby_of,
    on_screen,
    round_trip,
    run_async,
    screen_text,
    server_thread,
    still_running,
    wait_until,
)

T = TypeVar("T")


# -- helpers ------------------------------------------------------------------------------------


async def until_equal(pilot: Pilot[Any], read: Callable[[], T], expected: T) -> None:
    """Wait until `read()` equals `expected`; if it never does, fail showing the difference."""
    try:
        await wait_until(pilot, lambda: read() == expected, 5)
    except AssertionError:
        pass
    else:
        return
    assert read() == expected


def rows(app: CardtableApp) -> list[list[str]]:
    """The lobby's #tables, each row as plain strings."""
    table = app.screen.query_one("#tables", DataTable)
    return [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]


def lines_of(app: CardtableApp) -> list[str]:
    return screen_text(app).splitlines()


def detail(app: CardtableApp) -> list[str]:
    """The lobby's #table-detail as shown: each row's text right of the side panel's edge."""
    rows = [line.partition("▏")[2].strip() for line in lines_of(app) if "▏" in line]
    return [row for row in rows if row]


def chat_lines(app: CardtableApp) -> list[str]:
    log = app.screen.query_one("#chat-lines", RichLog)
    return [strip.text.rstrip() for strip in log.lines]


def log_lines(app: CardtableApp) -> list[str]:
    log = app.screen.query_one("#log", RichLog)
    return [strip.text.rstrip() for strip in log.lines]


def chat_shown(app: CardtableApp) -> str:
    """The words the #chat-lines area shows on the screen now, its rows joined by spaces."""
    region = app.screen.query_one("#chat-lines", RichLog).region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right].split()) for row in rows).strip()


def channels(app: CardtableApp) -> list[str]:
    options = app.screen.query_one("#channels", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


def toasts(app: CardtableApp) -> str:
    """The words of the notifications on the screen (each row's text right of a toast's edge)."""
    parts = [line.rpartition("▌")[2] for line in screen_text(app).splitlines() if "▌" in line]
    return " ".join(" ".join(parts).replace("▎", " ").replace("▔", " ").replace("▁", " ").split())


def latest(app: CardtableApp) -> ClientSession:
    """The app's newest session."""
    assert app.link is not None and app.link.latest is not None
    return app.link.latest


def state_of(screen: TableScreen) -> TableState:
    assert screen.state is not None
    return screen.state


def errors_shown(app: CardtableApp) -> list[str]:
    """From now on, record each error notification the app shows; returns the growing list."""
    shown: list[str] = []
    notify = app.notify

    def record(message: str, **options: Any) -> None:
        if options.get("severity") == "error":
            shown.append(f"{options.get('title', '')}: {message}")
        notify(message, **options)

    app.notify = record  # type: ignore[method-assign]
    return shown


def table_screen(app: CardtableApp) -> TableScreen:
    assert isinstance(app.screen, TableScreen), app.screen
    return app.screen


async def in_lobby(pilot: Pilot[Any], app: CardtableApp) -> None:
    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "the lobby")


async def seated(pilot: Pilot[Any], app: CardtableApp, seat: int | None) -> None:
    """Wait until the app shows a table with us at `seat` (None: watching)."""

    def there() -> bool:
        screen = app.screen
        return (
            isinstance(screen, TableScreen)
            and screen.state is not None
            and screen.state.seat == seat
            and app.link is not None
            and app.link.latest is not None
            and app.link.latest.table is not None
        )

    await wait_until(pilot, there, 5, f"the table at seat {seat}")


async def sit_down(pilot: Pilot[Any], app: CardtableApp, table: int, seat: int) -> None:
    """Sit the app at `table`, `seat`, and wait until the table screen shows us there."""
    app.request(lambda session: session.sit(table, seat))
    await seated(pilot, app, seat)


def open_table(remote: Remote, seats: int, *, sit: int | None = 0, **settings: Any) -> int:
    """`remote` opens a one-deck Chinese Ten table (and sits at `sit`); returns its id."""

    async def make(session: ClientSession) -> int:
        table = await session.create_table("chinese-ten", seats, {"decks": 1}, settings)
        if sit is not None:
            await session.sit(table.table_id, sit)
        return int(table.table_id)

    return remote.do(make)


# -- the lobby ----------------------------------------------------------------------------------


def test_tables_appear_live_with_game_players_status_bots_and_away_players() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await wait_until(pilot, lambda: "No tables yet" in screen_text(app), 5)

                # A bot covers a seat whose player has been away 0 seconds, once play starts.
                table = await asyncio.to_thread(open_table, rhea, 3, away_bot_after=0)
                expected = [[str(table), "Chinese Ten", "waiting (2 free)", "Rhea"]]
                await until_equal(pilot, lambda: rows(app), expected)
                # At 80 columns the list is 54 wide: the players who sit, as many as fit, then
                # how many more (all of them are in the detail beside it).
                row = f" {table}    Chinese Ten     waiting (2 free)  Rhea "
                await until_equal(pilot, lambda: lines_of(app)[2][: len(row)], row)

                await rhea.ado(lambda session: session.add_bot(table, 1))
                await omar.ado(lambda session: session.sit(table, 2))
                await until_equal(pilot, lambda: rows(app)[0][2:], ["ready", "Rhea +2"])
                await until_equal(
                    pilot,
                    lambda: detail(app)[:4],
                    ["Table 1: Chinese Ten", "1. Rhea ●", "2. Bram (bot) · normal", "3. Omar ●"],
                )

                await asyncio.to_thread(omar.close)
                await until_equal(
                    pilot,
                    lambda: detail(app)[1:],
                    [
                        "1. Rhea ●",
                        "2. Bram (bot) · normal",
                        "3. Omar ○ away",
                        "decks: 1",
                        "rounds: 1",
                        "strict: off",
                        "Rated (· n: a rating)",
                        "Opened by Rhea",
                    ],
                )

                await rhea.ado(lambda session: session.start(table))
                await until_equal(pilot, lambda: detail(app)[3], "3. Omar ○ bot plays")
                await until_equal(pilot, lambda: rows(app)[0][2], "playing game 1")
                await wait_until(pilot, lambda: "playing game 1" in lines_of(app)[2], 5)

        run_async(body, timeout=10)


def test_a_table_opened_through_the_form_waits_for_bots_and_start() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            errors = errors_shown(app)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await pilot.press("n")
                await wait_until(pilot, lambda: bool(app.screen.query("#open")), 5, "the form")
                await choose(pilot, "#seats", "3")
                await choose(pilot, "#option-decks", "1")
                await choose(pilot, "#option-strict", "on")  # a switch: off or on
                await pilot.click("#bots")
                await pilot.click("#open")
                await seated(pilot, app, 0)
                await wait_until(pilot, lambda: "waiting for 2 players" in lines_of(app)[0], 5)

                await pilot.press("b")
                await wait_until(pilot, lambda: "ready to start" in screen_text(app), 5)
                await pilot.press("s")
                await wait_until(pilot, lambda: "Your hand" in screen_text(app), 5, "a hand")

                def summary() -> dict[str, Any]:
                    (only,) = lobby_of(server).tables.values()
                    return {
                        "seats": [seat.kind for seat in only.seats],
                        "options": dict(only.options),
                        "status": only.status,
                    }

                assert server.call(summary) == {
                    "seats": ["player", "bot", "bot"],
                    "options": {"decks": 1, "rounds": 1, "strict": True},
                    "status": "playing",
                }
                assert errors == []

        run_async(body, timeout=10)


async def choose(pilot: Pilot[Any], select: str, label: str) -> None:
    """Open the `Select` with a click, move to `label` and press enter; returns once the
    `Select` shows it."""
    widget = pilot.app.screen.query_one(select, Select)
    await pilot.click(select)
    await wait_until(pilot, lambda: widget.expanded, 5, f"{select} open")
    overlay = pilot.app.screen.query_one(f"{select} SelectOverlay", OptionList)
    for index in range(overlay.option_count):
        if str(overlay.get_option_at_index(index).prompt) == label:
            overlay.highlighted = index
            break
    else:
        raise AssertionError(f"{select} has no choice {label!r}")
    await pilot.press("enter")
    await wait_until(pilot, lambda: not widget.expanded, 5, f"{select} closed")
    await on_screen(pilot, pilot.app, label, widget=widget)


def test_watching_a_table_of_bots_shows_no_hand() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)

                async def bots_playing(session: ClientSession) -> int:
                    # Slow bots, so that the game is still on when the app comes to watch.
                    table = await session.create_table(
                        "chinese-ten", 2, {"decks": 1}, {"bot_delay": 0.5}
                    )
                    await session.add_bot(table.table_id, 0)
                    await session.add_bot(table.table_id, 1)
                    await session.start(table.table_id)
                    return int(table.table_id)

                table = await rhea.ado(bots_playing)
                await wait_until(pilot, lambda: rows(app) and "playing" in rows(app)[0][2], 5)
                await pilot.press("w")
                await seated(pilot, app, None)
                await wait_until(pilot, lambda: "You are watching." in screen_text(app), 5)
                text = screen_text(app)
                assert "watching" in text.splitlines()[0]
                assert "Your hand" not in text
                assert "Ada" in text and "Bram" in text
                session = latest(app)
                assert session.table_id == table
                assert session.view is not None and session.view["table"]["hand"] is None

        run_async(body, timeout=10)


def test_enter_sits_at_a_table_with_a_free_seat() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            errors = errors_shown(app)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 2)
                await until_equal(
                    pilot, lambda: [row[2:] for row in rows(app)], [["waiting (1 free)", "Rhea"]]
                )
                await pilot.press("enter")
                await seated(pilot, app, 1)
                await wait_until(pilot, lambda: "ready to start" in lines_of(app)[0], 5)
                name = rhea.look(lambda session: session.tables[table].seats[1].name)
                assert name == "Tess"
                # One sit, not two (the list and the screen both take enter): a second one's
                # refusal would have come back before the answer to a ping sent after it.
                await round_trip(pilot, app)
                assert errors == []

        run_async(body, timeout=10)


# -- chat ---------------------------------------------------------------------------------------


def test_table_lines_from_another_player_appear() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 2)
                await sit_down(pilot, app, table, 1)
                await rhea.ado(lambda session: session.say("hello Tess"))
                await wait_until(pilot, lambda: "Rhea: hello Tess" in chat_lines(app), 5)
                await wait_until(pilot, lambda: "Rhea: hello Tess" in chat_shown(app), 5)

        run_async(body, timeout=10)


def test_a_private_line_gets_its_own_channel_with_an_unread_marker() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 3)
                await omar.ado(lambda session: session.sit(table, 2))
                await sit_down(pilot, app, table, 1)
                await wait_until(pilot, lambda: "  @ Omar" in channels(app), 5, "channels")
                assert channels(app) == ["▶ # table", "  @ Rhea", "  @ Omar"]

                await omar.ado(lambda session: session.say("psst, Tess", to=1))
                await wait_until(pilot, lambda: "  @ Omar ● 1" in channels(app), 5, "unread")
                assert channels(app) == ["▶ # table", "  @ Rhea", "  @ Omar ● 1"]
                assert not any("psst" in line for line in chat_lines(app))
                await wait_until(pilot, lambda: "@ Omar ● 1" in screen_text(app), 5, "shown")

                await pilot.click("#channels", offset=(4, 2))  # the third channel, "@ Omar"
                await wait_until(pilot, lambda: "▶ @ Omar" in channels(app), 5, "opened")
                assert channels(app) == ["  # table", "  @ Rhea", "▶ @ Omar"]
                assert chat_lines(app) == ["Omar → Tess: psst, Tess"]

        run_async(body, timeout=10)


def test_a_line_right_behind_a_change_of_the_table_shows_once() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 2, sit=None)
                await sit_down(pilot, app, table, 0)

                async def arrive_and_greet(session: ClientSession) -> None:
                    # Sit (the table changes: a new player) and speak in one write, so that
                    # the app's session hears both before the app draws either.
                    sit = session.transport.connection.send(Sit(table_id=table, seat=1))
                    say = session.transport.connection.send(Chat(text="hello"))
                    await session.transport.stream.send_all(sit + say)
                    await session.wait_for(lambda: session.chat)

                await rhea.ado(arrive_and_greet)
                await wait_until(pilot, lambda: "Rhea: hello" in chat_lines(app), 5, "hello")
                # Shown once: a second copy would come before the next line.
                await rhea.ado(lambda session: session.say("bye"))
                await wait_until(pilot, lambda: "Rhea: bye" in chat_lines(app), 5, "bye")
                assert chat_lines(app) == ["Rhea: hello", "Rhea: bye"]

        run_async(body, timeout=10)


def test_msg_sends_to_that_player_only() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 3)
                await omar.ado(lambda session: session.sit(table, 2))
                await sit_down(pilot, app, table, 1)
                await wait_until(pilot, lambda: "  @ Omar" in channels(app), 5, "channels")

                await pilot.press("c")
                assert app.focused is app.screen.query_one("#chat-input")
                await pilot.press(*"/msg Rhea meet at dawn", "enter")
                await pilot.press(*"all done", "enter")
                await wait_until(pilot, lambda: "all done" in omar.chat_texts(), 5, "Omar")
                await wait_until(pilot, lambda: "meet at dawn" in rhea.chat_texts(), 5, "Rhea")
                # Omar heard the table line sent after the private one, and not the private one.
                assert omar.chat_texts() == ["all done"]
                (private,) = [
                    line for line in rhea.look(lambda s: s.chat) if line.recipient_seat is not None
                ]
                assert (private.sender, private.recipient_seat) == ("Tess", 0)
                # Tess sees it in the channel with Rhea, not on the table channel.
                await wait_until(pilot, lambda: "Tess: all done" in chat_lines(app), 5)
                assert chat_lines(app) == ["Tess: all done"]
                await pilot.click("#channels", offset=(4, 1))  # the second channel, "@ Rhea"
                await until_equal(pilot, lambda: chat_lines(app), ["Tess → Rhea: meet at dawn"])

        run_async(body, timeout=10)


def test_markup_in_chat_shows_literally_and_does_nothing() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 2)
                await sit_down(pilot, app, table, 1)
                tricky = "[bold]x[/bold] [@click=app.quit]quit[/] [red]red"
                await rhea.ado(lambda session: session.say(tricky))
                said = "Rhea: " + tricky
                await wait_until(pilot, lambda: chat_lines(app), 5, "the line")
                assert " ".join(chat_lines(app)) == said
                # All of it is on the screen (wrapped to the panel, not cut off), as written.
                await wait_until(pilot, lambda: said in chat_shown(app), 5, f"{said!r} shown")
                assert chat_shown(app).startswith(said)
                log = app.screen.query_one("#chat-lines", RichLog)
                segments = [segment for strip in log.lines for segment in strip]
                assert not any(
                    segment.style is not None and segment.style.meta for segment in segments
                ), "a chat line carries a click action"
                # Clicking where the words are does not quit.
                await pilot.click("#chat-lines", offset=(20, 0))
                await still_running(pilot, app)
                assert isinstance(app.screen, TableScreen)

        run_async(body, timeout=10)


def test_what_the_server_says_is_shown_as_written() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await in_lobby(pilot, app)

                def tell(message: Message) -> None:
                    server.call(lambda: lobby_of(server).clients["Tess"].deliver(message))

                odd = "odd [/bold] [@click=app.quit]x[/]"
                tell(Error(code=ErrorCode.BAD_MESSAGE, message=odd))
                await wait_until(pilot, lambda: odd in toasts(app), 5, "the server's words")
                # A fatal one: the app says why it dropped, and comes back by itself.
                tell(Error(code=ErrorCode.IDLE_TIMEOUT, message="[/]gone", fatal=True))
                await wait_until(
                    pilot, lambda: "Connection lost. The server said: [/]gone" in toasts(app), 5
                )
                await wait_until(pilot, lambda: "Reconnected." in toasts(app), 5)
                assert app.is_running and isinstance(app.screen, LobbyScreen)

        run_async(body, timeout=10)


def test_the_log_shows_each_event_once() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                app.request(TablePlan("chinese-ten", 2, {"decks": 1}).carry_out)
                await seated(pilot, app, 0)
                await wait_until(pilot, lambda: state_of(table_screen(app)).my_turn, 5)
                await pilot.press("l")
                # Once the screen has drawn the latest view, it has handled every message.
                screen = table_screen(app)
                await wait_until(pilot, lambda: drawn(app, screen), 5, "the latest view")
                await wait_until(pilot, lambda: log_lines(app), 5, "the log")
                deals = [line for line in log_lines(app) if line.startswith("Round 1:")]
                assert deals == ["Round 1: Tess deals. Spots:"]
                assert log_lines(app).count("Tess's turn.") == 1

        run_async(body, timeout=10)


# -- reconnection -------------------------------------------------------------------------------


def test_a_dropped_connection_comes_back_to_the_seat_with_its_history() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await in_lobby(pilot, app)
                app.request(TablePlan("chinese-ten", 2, {"decks": 1}).carry_out)
                await seated(pilot, app, 0)
                screen = table_screen(app)
                table = state_of(screen).summary.table_id
                await rhea.ado(lambda session: session.spectate(table))
                # (Her arrival is drawn before she speaks: see the test of a line that comes
                # right behind a change of the table.)
                await wait_until(pilot, lambda: state_of(screen).summary.spectators == 1, 5)
                await rhea.ado(lambda session: session.say("good luck"))
                await pilot.press("c", *"thanks", "enter")
                await wait_until(pilot, lambda: len(chat_lines(app)) == 2, 5, "chat")
                before = latest(app)

                server.call(lambda: lobby_of(server).clients["Tess"].link.abort())
                await wait_until(pilot, lambda: "Reconnecting…" in toasts(app), 5, "a toast")
                assert "Connection lost. Reconnecting…" in toasts(app)
                await wait_until(
                    pilot, lambda: "Reconnected: you are back at your seat." in toasts(app), 5
                )
                await seated(pilot, app, 0)
                assert latest(app) is not before and latest(app).seat == 0
                assert app.screen is screen
                assert chat_lines(app) == ["Rhea: good luck", "Tess: thanks"]
                await pilot.press("escape", "l")  # the log (it draws only while shown)
                await wait_until(pilot, lambda: log_lines(app), 5, "the log")
                assert log_lines(app)[0] == "Round 1: Tess deals. Spots:"
                assert log_lines(app)[-1] == "Tess's turn."

                # The game goes on: make a move with the keys.
                await pilot.press("escape")
                await wait_until(pilot, lambda: state_of(screen).my_turn, 5, "our turn")
                moved_at = len(latest(app).log)
                await move(pilot, screen)
                await wait_until(
                    pilot,
                    lambda: any(event.get("seat") == 0 for event in latest(app).log[moved_at:]),
                    5,
                    "our move in the log",
                )

        run_async(body, timeout=10)


async def move(pilot: Pilot[Any], screen: TableScreen) -> None:
    """Make a legal move with the board's keys."""
    legal = state_of(screen).legal
    if {"kind": "deal"} in legal:
        await pilot.press("d")
        return
    board: Any = screen.board
    for action in legal:
        if "spot" in action and action.get("cid") in (None, board.selected):
            await pilot.press(str(action["spot"] + 1))
            return
    raise AssertionError(f"no move for the selected card in {legal}")


def test_your_own_lines_are_never_unread() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 3)
                await omar.ado(lambda session: session.sit(table, 2))
                await sit_down(pilot, app, table, 1)
                await wait_until(pilot, lambda: "  @ Omar" in channels(app), 5, "channels")

                await pilot.press("c", *"/msg Rhea meet at dawn", "enter")  # from # table
                await wait_until(pilot, lambda: "meet at dawn" in rhea.chat_texts(), 5, "Rhea")
                await wait_until(pilot, lambda: mine_arrived(app, "meet at dawn"), 5, "ours")
                assert channels(app) == ["▶ # table", "  @ Rhea", "  @ Omar"]

                await rhea.ado(lambda session: session.say("at dawn it is", to=1))
                await wait_until(pilot, lambda: "  @ Rhea ● 1" in channels(app), 5, "Rhea's")
                assert channels(app) == ["▶ # table", "  @ Rhea ● 1", "  @ Omar"]

        run_async(body, timeout=10)


def test_unread_counts_survive_a_dropped_connection() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await in_lobby(pilot, app)
                table = await asyncio.to_thread(open_table, rhea, 3)
                await omar.ado(lambda session: session.sit(table, 2))
                await sit_down(pilot, app, table, 1)
                await wait_until(pilot, lambda: "  @ Omar" in channels(app), 5, "channels")

                await omar.ado(lambda session: session.say("first", to=1))
                await wait_until(pilot, lambda: "  @ Omar ● 1" in channels(app), 5, "unread")
                await pilot.click("#channels", offset=(4, 2))  # "@ Omar": now seen
                await wait_until(pilot, lambda: "▶ @ Omar" in channels(app), 5, "opened")
                await pilot.click("#channels", offset=(4, 0))  # back to "# table"
                await wait_until(pilot, lambda: "▶ # table" in channels(app), 5, "table")
                await pilot.press(*"/msg Rhea hello", "enter")
                await wait_until(pilot, lambda: mine_arrived(app, "hello"), 5, "ours")
                await omar.ado(lambda session: session.say("second", to=1))
                expected = ["▶ # table", "  @ Rhea", "  @ Omar ● 1"]
                await until_equal(pilot, lambda: channels(app), expected)

                screen = table_screen(app)
                server.call(lambda: lobby_of(server).clients["Tess"].link.abort())
                await wait_until(pilot, lambda: "Reconnecting…" in toasts(app), 5, "a toast")
                await wait_until(
                    pilot, lambda: "Reconnected: you are back at your seat." in toasts(app), 5
                )
                await seated(pilot, app, 1)
                assert app.screen is screen
                await until_equal(pilot, lambda: channels(app), expected)

        run_async(body, timeout=10)


def mine_arrived(app: CardtableApp, text: str) -> bool:
    """Whether our own line `text` has come back from the server into the chat panel."""
    panel = app.screen.query_one("#chat", ChatPanel)
    return any(isinstance(line, ChatLine) and line.text == text for line in panel.lines)
