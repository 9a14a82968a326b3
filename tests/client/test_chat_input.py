"""The chat's input at 80×24 against a real server: it says what can be typed (Nobility's deal
commands too), how long a line may be, refuses a longer one with a notice and keeps what was
typed whenever a line is refused, by the panel or by the server."""

from __future__ import annotations

from typing import Any

from textual.events import Paste
from textual.widgets import Input

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.chat import DIPLOMACY_HINT, HINT, too_long
from tests.client.contrast import cells, contrast
from tests.client.support import (
    SIZE,
    AppPilot,
    at_table,
    join_app,
    lobby_of,
    run_async,
    server_thread,
    session,
    shown,
    wait_until,
)
from tests.client.test_diplomacy_chat import give_money, refused, warned
from tests.client.test_lobby_chat import in_lobby

TESS = 0
#: What a newcomer pasted one evening: longer than any line the server takes.
PASTED = " ".join(f"word{number}" for number in range(300))[:2199]


def chat_input(app: CardtableApp) -> Input:
    return app.screen.query_one("#chat-input", Input)


def input_box(app: CardtableApp) -> str:
    """The input as drawn, its three rows (border, line, border) joined by newlines."""
    return shown(app, chat_input(app))


async def at_a_table_with_bots(pilot: AppPilot, app: CardtableApp, game: str, players: int) -> None:
    """The app opens a table of `game`, sits in its first seat, fills the rest with bots and
    starts it; then the chat has the keys."""
    await in_lobby(pilot, app)

    async def open_table(session: ClientSession) -> None:
        table = await session.create_table(game, players)
        await session.sit(table.table_id, TESS)
        for seat in range(1, players):
            await session.add_bot(table.table_id, seat, "random")
        await session.start(table.table_id)

    app.request(open_table)
    await at_table(pilot, app)
    await pilot.press("c")
    await wait_until(pilot, lambda: chat_input(app).has_focus, 5, "the chat's input")


def readable(app: CardtableApp, words: str) -> bool:
    """Whether `words`, in the input's lower border, stand out from their background enough to
    be read (4.5:1)."""
    region = chat_input(app).region
    line = [
        cell
        for cell in cells(app)
        if cell.y == region.bottom - 1 and region.x <= cell.x < region.right
    ]
    start = "".join(cell.char for cell in line).find(words)
    letters = [cell for cell in line[start : start + len(words)] if cell.char.isalnum()]
    return start >= 0 and all(contrast(cell.fg, cell.bg) >= 4.5 for cell in letters)


def said(server: Any) -> list[str]:
    """Every line said at the server's one table, as the server keeps them."""
    (table,) = lobby_of(server).tables.values()
    return [entry.text for entry in server.call(lambda: list(table.chat))]


def test_nobilitys_hint_names_its_commands_in_full_at_80_columns() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await at_a_table_with_bots(pilot, app, "nobility", 3)
                await wait_until(pilot, lambda: DIPLOMACY_HINT in input_box(app), 5, "the hint")
                assert "/msg" in DIPLOMACY_HINT and "/offer" in DIPLOMACY_HINT
                assert "/help" in DIPLOMACY_HINT

        run_async(body, timeout=20)


def test_a_line_too_long_is_counted_refused_and_kept_then_sent_once_shortened() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await at_a_table_with_bots(pilot, app, "chinese-ten", 2)
                assert HINT in input_box(app)
                welcome = session(app).welcome
                assert welcome is not None
                longest = welcome.limits.chat_length
                # Before anything is typed, the input says how long a line may be.
                assert f"up to {longest} characters" in input_box(app)
                assert readable(app, f"up to {longest} characters")

                chat_input(app).post_message(Paste(PASTED))
                await wait_until(pilot, lambda: chat_input(app).value == PASTED, 5, "pasted")
                counted = f"{len(PASTED):,} of {longest}: too long"
                await wait_until(pilot, lambda: counted in input_box(app), 5, counted)
                assert readable(app, counted)
                await pilot.press("enter")
                await warned(pilot, app, too_long(len(PASTED), longest))
                assert chat_input(app).value == PASTED
                assert said(server) == []

                chat_input(app).value = PASTED[:longest]
                await wait_until(pilot, lambda: f"{longest} of {longest}" in input_box(app), 5)
                await pilot.press("enter")
                await wait_until(pilot, lambda: chat_input(app).value == "", 5, "sent")
                assert said(server) == [PASTED[:longest]]

        run_async(body, timeout=20)


def test_a_refused_offer_and_a_refused_line_stay_in_the_input() -> None:
    with server_thread(chat_burst=1, chat_rate=0.01) as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await at_a_table_with_bots(pilot, app, "nobility", 3)
                # The game refuses it: Bram has no money to give.
                await pilot.press(*"/offer bram get 10", "enter")
                await refused(pilot, app, "Bram (bot) has only 0 to give.")
                assert chat_input(app).value == "/offer bram get 10"

                # Mended, it is taken, and the input is emptied.
                give_money(server, TESS, 30)
                chat_input(app).value = "/offer bram give 20"
                await pilot.press("enter")
                await wait_until(pilot, lambda: chat_input(app).value == "", 5, "offered")

                # A line the server refuses (one line at once at this server) stays too.
                await pilot.press(*"hello", "enter")
                await wait_until(pilot, lambda: chat_input(app).value == "", 5, "said")
                await pilot.press(*"again", "enter")
                await refused(pilot, app, "You are sending lines too fast; wait a moment.")
                assert chat_input(app).value == "again"
                assert said(server) == ["hello"]

        run_async(body, timeout=20)
