"""Where the keys go at the table: Tab moves them between the board, the chat and the log, a bar
marks the part that has them, the footer says how to get back, and escape brings them back to
the board, whose keys then work again. The log scrolls with the keys; every chat channel opens
with them; an answer to our offer is told in a notice."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget
from textual.widgets import Input, TabbedContent

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.diplomacy import DealNote
from cardtable.client.ui.game_log import GameLog
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from tests.client.support import (
    SIZE,
    AppPilot,
    Remote,
    at_table,
    find_on_screen,
    join_app,
    notices,
    our_turn,
    play_app,
    run_async,
    screen_text,
    server_thread,
    session,
    wait_until,
)
from tests.client.test_diplomacy_chat import chat_words, give_money
from tests.client.test_lobby_chat import channels, in_lobby, seated
from tests.client.test_table_screen import ONE_DECK, move_with_keys, until_made

BAR = "█"  # the thick left border that marks the part with the keys
TESS, BRAM, RHEA = 0, 1, 2


def bar(app: CardtableApp, widget: Widget) -> bool:
    """Whether the bar runs down the left edge of `widget` on the screen."""
    region = widget.region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return all(row[region.x] == BAR for row in rows)


def footer(app: CardtableApp) -> str:
    return screen_text(app).splitlines()[-1]


async def keys_in(pilot: AppPilot, app: CardtableApp, table: TableScreen, area: str) -> None:
    """Wait until `area` has the keys, its bar is drawn (and no other), and the footer has
    caught up."""
    board, side = table.board, table.query_one("#side")
    expected = {
        "board": (board, "←→ Card"),
        "chat": (table.query_one("#chat-input"), "↑↓ Channel"),
        "log": (table.query_one("#log"), "↑↓ Scroll"),
    }
    widget, key = expected[area]

    def there() -> bool:
        marked = bar(app, board) if area == "board" else bar(app, side)
        unmarked = bar(app, side) if area == "board" else bar(app, board)
        return widget.has_focus and marked and not unmarked and key in footer(app)

    await wait_until(pilot, there, 5, f"the keys in the {area}")


def test_tab_moves_the_keys_with_a_bar_and_escape_brings_them_back_to_the_board() -> None:
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
            tabs = table.query_one("#side", TabbedContent)
            await keys_in(pilot, app, table, "board")
            # The board's footer: its keys, Leave and Quit; nothing to go back to.
            assert "q Leave" in footer(app) and "^q Quit" in footer(app)
            assert "esc Board" not in footer(app)

            await pilot.press("tab")
            await keys_in(pilot, app, table, "chat")
            assert tabs.active == "chat-tab"
            assert "esc Board" in footer(app) and "^q Quit" in footer(app)

            await pilot.press("tab")
            await keys_in(pilot, app, table, "log")
            assert tabs.active == "log-tab"
            for words in ("esc Board", "q Leave", "^q Quit"):
                assert words in footer(app), footer(app)

            await pilot.press("tab")
            await keys_in(pilot, app, table, "board")
            await pilot.press("shift+tab")
            await keys_in(pilot, app, table, "log")
            await pilot.press("shift+tab")
            await keys_in(pilot, app, table, "chat")
            await pilot.press("escape")
            await keys_in(pilot, app, table, "board")
            # Tab twice at once goes on to the log (the focus moved before the second Tab).
            await pilot.press("tab", "tab")
            await keys_in(pilot, app, table, "log")
            await pilot.press("escape")
            await keys_in(pilot, app, table, "board")

            # A click on a tab takes the keys along out of the tab it hides.
            await pilot.press("c")
            await keys_in(pilot, app, table, "chat")
            assert await pilot.click(offset=find_on_screen(app, "Log", tabs))
            await keys_in(pilot, app, table, "log")
            assert await pilot.click(offset=find_on_screen(app, "Chat", tabs))
            await keys_in(pilot, app, table, "chat")
            # `l` shows the log and leaves the keys where they are.
            await pilot.press("escape", "l")
            await keys_in(pilot, app, table, "board")
            assert tabs.active == "log-tab"

            # Back on the board, its keys work.
            before = len(session(app).log)
            action = await move_with_keys(pilot, app, table)
            await until_made(pilot, app, action, before)
            await pilot.press("ctrl+q")

    run_async(body)


# -- the log --------------------------------------------------------------------------------


def test_the_log_scrolls_with_the_keys_and_stays_where_it_was_scrolled() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)

                async def watch_bots(session: ClientSession) -> None:
                    # Slow bots: the game goes on while we read its log.
                    table = await session.create_table("chinese-ten", 2, {}, {"bot_delay": 0.2})
                    for seat in (0, 1):
                        await session.add_bot(table.table_id, seat, "random")
                    await session.spectate(table.table_id)
                    await session.start(table.table_id)

                app.request(watch_bots)
                await seated(pilot, app, None)
                table = app.screen
                assert isinstance(table, TableScreen)
                log = table.query_one("#log", GameLog)
                await pilot.press("tab", "tab")
                await keys_in(pilot, app, table, "log")
                await wait_until(pilot, lambda: log.max_scroll_y > 10, 30, "a log to scroll")
                await wait_until(pilot, lambda: log.is_vertical_scroll_end, 5, "the latest line")

                await pilot.press("home")
                await wait_until(pilot, lambda: log.scroll_y == 0, 5, "the top")
                await pilot.press("pagedown")
                await wait_until(pilot, lambda: log.scroll_y > 0, 5, "a page down")
                await pilot.press("pageup")
                await wait_until(pilot, lambda: log.scroll_y == 0, 5, "a page up")
                await pilot.press("down")
                await wait_until(pilot, lambda: log.scroll_y == 1, 5, "a line down")
                # Lines that come in meanwhile leave the log where it was scrolled to.
                lines = len(log.lines)
                await wait_until(pilot, lambda: len(log.lines) > lines + 2, 10, "more lines")
                assert log.scroll_y == 1
                await pilot.press("up")
                await wait_until(pilot, lambda: log.scroll_y == 0, 5, "a line up")

                # At the end it follows the game again.
                await pilot.press("end")
                await wait_until(pilot, lambda: log.is_vertical_scroll_end, 5, "the end")
                lines = len(log.lines)
                await wait_until(pilot, lambda: len(log.lines) > lines + 2, 10, "more lines")
                await wait_until(pilot, lambda: log.is_vertical_scroll_end, 5, "still the end")
                assert not isinstance(app.screen, ScoringScreen)  # (the game was still on)

        run_async(body, timeout=60)


# -- the chat -------------------------------------------------------------------------------


def open_in_list(app: CardtableApp) -> str:
    return next(channel for channel in channels(app) if channel.startswith("▶"))


async def nobility_with_bots(pilot: AppPilot, app: CardtableApp) -> TableScreen:
    async def open_table(session: ClientSession) -> None:
        table = await session.create_table("nobility", 3)
        await session.sit(table.table_id, TESS)
        for seat in (1, 2):
            await session.add_bot(table.table_id, seat, "random")
        await session.start(table.table_id)

    app.request(open_table)
    return await at_table(pilot, app)


def test_every_channel_opens_with_the_keys_and_a_bots_answer_to_an_offer_is_a_notice() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await in_lobby(pilot, app)
                table = await nobility_with_bots(pilot, app)
                give_money(server, TESS, 30)
                assert channels(app) == ["▶ # table", "  @ Bram (bot)", "  @ Cleo (bot)"]

                # From the board, Tab reaches the chat; ↓ ↑ go through every channel.
                await pilot.press("tab")
                await keys_in(pilot, app, table, "chat")
                await pilot.press("down")
                await wait_until(pilot, lambda: open_in_list(app) == "▶ @ Bram (bot)", 5)
                await pilot.press("down")
                await wait_until(pilot, lambda: open_in_list(app) == "▶ @ Cleo (bot)", 5)
                await pilot.press("down")  # round to the first
                await wait_until(pilot, lambda: open_in_list(app) == "▶ # table", 5)
                await pilot.press("up")
                await wait_until(pilot, lambda: open_in_list(app) == "▶ @ Cleo (bot)", 5)
                await pilot.press("up")
                await wait_until(pilot, lambda: open_in_list(app) == "▶ @ Bram (bot)", 5)
                assert table.query_one("#chat-input", Input).has_focus

                # The bot answers the offer at once, and the answer is told wherever we look.
                await pilot.press("up")
                await wait_until(pilot, lambda: open_in_list(app) == "▶ # table", 5)
                await pilot.press(*"/offer bram give 20", "enter")
                accepted = "◆ Bram (bot) accepts your offer 1: you give Bram (bot) 20 money."
                declined = "◆ Bram (bot) declines your offer 1."

                def answer() -> list[str]:
                    return [note for title, note in notices(app) if title == "Your offer"]

                await wait_until(pilot, answer, 5, "the answer in a notice")
                assert answer() in ([accepted[2:]], [declined[2:]]), notices(app)
                await wait_until(pilot, lambda: channels(app)[1] == "  @ Bram (bot) ● 2", 5)
                await pilot.press("down")
                await wait_until(pilot, lambda: open_in_list(app) == "▶ @ Bram (bot)", 5)
                await wait_until(pilot, lambda: chat_words(app).endswith(answer()[0]), 5)
                assert chat_words(app).startswith("◆ You offer Bram (bot) 20 money")

        run_async(body, timeout=30)


def offer_to(seat: int, what: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "offer", "to": seat, **what}


def test_a_persons_answers_to_our_offers_are_notices() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, notifications=True) as pilot:
                await in_lobby(pilot, app)

                async def open_table(session: ClientSession) -> int:
                    table = await session.create_table("nobility", 3)
                    await session.sit(table.table_id, RHEA)
                    await session.add_bot(table.table_id, BRAM, "random")
                    return int(table.table_id)

                table_id = await rhea.ado(open_table)
                app.request(lambda session: session.sit(table_id, TESS))
                await seated(pilot, app, TESS)
                await rhea.ado(lambda session: session.start(table_id))
                table = await at_table(pilot, app)
                give_money(server, TESS, 30)
                await pilot.press("l")  # looking at the log, not the chat

                def answers() -> list[str]:
                    return [note for title, note in notices(app) if title == "Your offer"]

                def offered() -> list[int]:
                    view = rhea.look(lambda session: session.view)
                    return [int(offer["deal"]) for offer in view["table"]["offers"]]

                app.request(lambda session: session.act(offer_to(RHEA, {"give_money": 5})))
                await wait_until(pilot, offered, 5, "Rhea to see the offer")
                (first,) = offered()
                await rhea.ado(lambda session: session.act({"kind": "decline", "deal": first}))
                await wait_until(pilot, answers, 5, "the answer")
                assert answers() == [f"Rhea declines your offer {first}."]

                app.request(lambda session: session.act(offer_to(RHEA, {"give_money": 7})))
                await wait_until(pilot, offered, 5, "Rhea to see the second offer")
                (second,) = offered()
                await rhea.ado(lambda session: session.act({"kind": "accept", "deal": second}))
                await wait_until(pilot, lambda: len(answers()) == 2, 5, "the second answer")
                assert answers()[1] == f"Rhea accepts your offer {second}: you give Rhea 7 money."
                # Our own answer to her offer is no news to us.
                await rhea.ado(lambda session: session.act(offer_to(TESS, {"give_money": 1})))
                await wait_until(pilot, lambda: ("", "Chat from Rhea") in notices(app), 5)
                view = session(app).view
                assert view is not None
                (third,) = [int(offer["deal"]) for offer in view["table"]["offers"]]
                app.request(lambda session: session.act({"kind": "decline", "deal": third}))
                declined = f"You decline Rhea's offer {third}."
                await wait_until(
                    pilot,
                    lambda: (
                        declined
                        in [
                            line.words
                            for line in table.chat.panel.lines
                            if isinstance(line, DealNote)
                        ]
                    ),
                )
                assert len(answers()) == 2

        run_async(body, timeout=30)
