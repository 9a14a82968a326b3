"""The table's footer at 80 columns: the keys it shows, and that it shows the keys of now.

The app joins a real server in a thread of its own (`cardtable join`) and opens a table; Omar,
another player, is a headless session (`Remote`) that sits in the second seat, plays when told
and drops out by closing his connection.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from textual.pilot import Pilot

from cardtable.client.session import ClientSession, RequestFailed
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.bounded import KeysFooter
from cardtable.client.ui.dialogs import Confirm
from cardtable.client.ui.keys_screen import KeysScreen
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from cardtable.engine import all_games
from tests.client.support import (
    SIZE,
    Remote,
    at_table,
    drawn,
    join_app,
    on_screen,
    our_turn,
    play_app,
    run_async,
    screen_text,
    server_thread,
    settled_footer,
    shown,
    view,
    wait_until,
    words,
)
from tests.client.test_lobby_chat import in_lobby, latest, seated
from tests.conformance.support import short_options


def game_over_drawn(app: CardtableApp, table: TableScreen) -> bool:
    """The table screen shows the newest view, and a table no longer playing."""
    state = table.state
    return drawn(app, table) and state is not None and state.summary.status != "playing"


AppPilot = Pilot[Any]


def footer(app: CardtableApp) -> str:
    """The footer, the screen's last row."""
    return screen_text(app).splitlines()[-1]


async def open_table_with(
    pilot: AppPilot,
    app: CardtableApp,
    omar: Remote,
    game: str,
    seats: int,
    options: dict[str, Any] | None = None,
) -> TableScreen:
    """The app opens a table of `game` (the game waits for anyone away) and sits first; Omar
    sits second, random bots take any other seat, and the app starts the game."""
    await in_lobby(pilot, app)
    opened: list[int] = []

    async def open_it(session: ClientSession) -> None:
        table = await session.create_table(game, seats, options, {"away_bot_after": None})
        await session.sit(table.table_id, 0)
        for seat in range(2, seats):
            await session.add_bot(table.table_id, seat, "random")
        opened.append(table.table_id)

    app.request(open_it)
    await wait_until(pilot, lambda: opened, 5, "the table")
    await seated(pilot, app, 0)
    await wait_until(pilot, lambda: "waiting for 1 player" in screen_text(app), 5, "the table")
    await footer_in_full(pilot, app, "waiting for Omar")
    await omar.ado(lambda session: session.sit(opened[0], 1))
    await wait_until(pilot, lambda: "ready to start" in screen_text(app), 5, "Omar seated")
    assert "s Start" in await footer_in_full(pilot, app, "ready to start")
    await pilot.press("s")
    await wait_until(pilot, lambda: latest(app).view is not None, 5, "the game")
    assert isinstance(app.screen, TableScreen)
    return app.screen


async def omar_plays_until_our_turn(pilot: AppPilot, app: CardtableApp, omar: Remote) -> None:
    """Omar makes his first legal move while he is to act, until it is our turn."""

    def ours() -> bool:
        view = latest(app).view
        return view is not None and bool(view["legal"])

    while not ours():
        view = omar.look(lambda session: session.view)
        if view is not None and view["legal"] and not view["result"]:
            move = view["legal"][0]
            await omar.ado(lambda session, move=move: session.act(move))
        await pilot.pause(0.02)


def test_the_footer_shows_the_keys_of_now_after_a_window_opened_and_closed_at_once() -> None:
    """Textual draws a footer again only after the screen in front has been drawn, and a
    window that opens and closes before it is drawn (a question whose offer closes at once)
    takes that redraw with it: the footer must still come to show the keys of now."""

    async def body() -> None:
        app, _ = play_app(options={"decks": 1})
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            await settled_footer(pilot, app)
            assert "1-4 Spot" in footer(app)

            bar = table.query_one(KeysFooter)
            window = Confirm("Play on?")
            app.push_screen(window)
            table.action_area(-1)  # shift+Tab: the log has the keys, the board's are gone
            # The footer hears the keys changed and queues its redraw on the window in front.
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 5
            while not any(
                getattr(callback, "func", None) == bar.recompose
                for callback, _ in window._callbacks
            ):
                assert loop.time() < deadline, "no redraw queued"
                await asyncio.sleep(0)
            app.pop_screen()

            await wait_until(pilot, lambda: app.screen is table, 5, "the table")
            await settled_footer(pilot, app)
            assert "1-4 Spot" not in footer(app) and "esc Board" in footer(app)

    run_async(body)


# -- every state of every game's table, at 80 columns --------------------------------------------

#: Each registered game, a short game at its fewest players.
GAMES = [(spec.id, spec.min_players, short_options(spec)) for spec in all_games()]


async def footer_in_full(pilot: AppPilot, app: CardtableApp, when: str) -> str:
    """Wait until the footer shows every key the screen shows now, and check that the list of
    keys, Leave and Quit are among them, in full; returns the footer."""
    try:
        await settled_footer(pilot, app)
    except AssertionError as error:
        raise AssertionError(f"{when}: {error}") from None
    line = footer(app)
    for key in ("K Keys", "q Leave", "^q Quit"):
        assert key in line, f"{when}: {key!r} is not in the footer {line!r}"
    return line


async def keys_screen_lists(
    pilot: AppPilot, app: CardtableApp, table: TableScreen, keys: tuple[str, ...], line: str
) -> None:
    """K opens the keys screen, which lists `keys` (in the footer or not: `line`); escape
    closes it, and the footer is as before."""
    await pilot.press("K")
    await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen), 5, "the keys screen")
    assert isinstance(app.screen, KeysScreen)
    lines = [line.description for line in app.screen.lines]
    for key in keys:
        assert key in lines, f"{key} is not in the keys screen {lines}"
    await pilot.press("escape")
    await wait_until(pilot, lambda: app.screen is table, 5, "the keys screen closed")
    assert await footer_in_full(pilot, app, "the keys screen closed") == line


async def we_play_until_their_turn(pilot: AppPilot, app: CardtableApp) -> None:
    """We make our first legal move while we are to act, until it is someone else's turn."""
    while latest(app).legal:
        seq, move = latest(app).seq, latest(app).legal[0]
        app.request(lambda session, move=move: session.act(move))
        await wait_until(pilot, lambda seq=seq: latest(app).seq != seq, 5, "our move")


@pytest.mark.parametrize(("game", "seats", "options"), GAMES, ids=[game for game, *_ in GAMES])
def test_every_state_of_the_table_shows_the_keys_leave_and_quit_in_full_at_80_columns(
    game: str, seats: int, options: dict[str, Any]
) -> None:
    """We open the table (so we hold the creator's keys, the most a footer shows), and walk it
    through our turn, Omar away on our turn and on someone else's, the game over, and
    watching it."""
    with server_thread() as server, Remote(server, "Omar") as omar:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                table = await open_table_with(pilot, app, omar, game, seats, options)
                table_id = table.table_id

                await omar_plays_until_our_turn(pilot, app, omar)
                await wait_until(pilot, lambda: our_turn(app, table), 5, "our turn drawn")
                await footer_in_full(pilot, app, "our turn")

                # Omar drops out while it is our turn: the creator's keys for an away seat
                # come on top of the game's.
                await asyncio.to_thread(omar.close)
                await wait_until(pilot, lambda: "Omar ○ away" in words(screen_text(app)), 5, "away")
                line = await footer_in_full(pilot, app, "our turn, Omar away")
                await keys_screen_lists(pilot, app, table, ("Bot for away", "Release seat"), line)

                await we_play_until_their_turn(pilot, app)
                await footer_in_full(pilot, app, "their turn, Omar away")

                app.request(lambda session: session.concede())
                await wait_until(pilot, lambda: bool(view(app)["result"]), 5, "the game over")
                if isinstance(app.screen, ScoringScreen):
                    await pilot.press("escape")
                await wait_until(pilot, lambda: app.screen is table, 5, "the table")
                # (The session hears of the end before the table screen has drawn it.)
                await wait_until(pilot, lambda: game_over_drawn(app, table), 5, "the end drawn")
                over = await footer_in_full(pilot, app, "the game over")
                assert "s Rematch" in over and "Card" not in over, over
                for part in (table.board, table.query_one("#players")):
                    assert "▶" not in shown(app, part), game  # nobody is to move

                await pilot.press("q")
                await in_lobby(pilot, app)
                app.request(lambda session: session.spectate(table_id))
                await seated(pilot, app, None)
                await footer_in_full(pilot, app, "watching")

        run_async(body, timeout=90)


# -- who may start --------------------------------------------------------------------------------


def test_a_player_seated_at_someone_elses_table_may_start_it_and_a_watcher_may_not() -> None:
    """Starting is for the table's creator and its players (every seat must be filled, so
    nobody is left out); a watcher is offered neither Start nor bots, and the server refuses
    them with the reason."""
    with server_thread() as server, Remote(server, "Omar") as omar, Remote(server, "Pia") as pia:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await omar.ado(lambda session: session.create_table("chinese-ten", 3))
                table_id = table.table_id
                await omar.ado(lambda session: session.sit(table_id, 0))

                app.request(lambda session: session.spectate(table_id))
                await seated(pilot, app, None)
                watching = await footer_in_full(pilot, app, "watching a table waiting")
                assert "Start" not in watching and "Add bots" not in watching, watching

                await pia.ado(lambda session: session.spectate(table_id))
                try:
                    await pia.ado(lambda session: session.start(table_id))
                except RequestFailed as refusal:
                    assert refusal.code == "not_creator"
                    assert refusal.message == (
                        f"Only Omar, who opened table {table_id}, or its players may do that."
                    )
                else:
                    raise AssertionError("a watcher started the game")

                app.request(lambda session: session.leave())
                await in_lobby(pilot, app)
                app.request(lambda session: session.sit(table_id, 1))
                await seated(pilot, app, 1)
                seated_line = await footer_in_full(pilot, app, "seated, a seat empty")
                assert "b Add bots" in seated_line and "Start" not in seated_line
                await pilot.press("b")
                await wait_until(pilot, lambda: "ready to start" in screen_text(app), 5, "a bot")
                assert "s Start" in await footer_in_full(pilot, app, "ready to start")
                await pilot.press("s")
                await wait_until(pilot, lambda: latest(app).view is not None, 5, "the game")

        run_async(body)


# -- a terminal too small -------------------------------------------------------------------------


def test_a_terminal_smaller_than_80_by_24_is_told_how_big_it_must_be() -> None:
    async def body() -> None:
        app, _ = play_app(options={"decks": 1})
        async with app.run_test(size=SIZE) as pilot:
            await at_table(pilot, app)
            assert "cardtable needs" not in screen_text(app)
            for width, height in ((60, 20), (40, 15), (79, 24)):
                await pilot.resize_terminal(width, height)
                await on_screen(
                    pilot,
                    app,
                    f"The terminal is {width}×{height}: cardtable needs at least 80×24.",
                    "Make the window bigger",
                )
            await pilot.resize_terminal(*SIZE)
            await wait_until(pilot, lambda: "cardtable needs" not in screen_text(app), 5)
            assert "Your hand" in screen_text(app)

    run_async(body)
