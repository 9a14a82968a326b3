"""The keys screen: every key of the screen in front, each a line to click or pick, for a
player with no keyboard (a phone). The app plays at a real server (`cardtable play`'s, or one in
a thread of its own for the lobby), driven through Pilot with clicks where a finger would tap."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.widgets import Footer, OptionList

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.history import HistoryScreen
from cardtable.client.ui.keys_screen import KEYS_ACTION, KeysScreen
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.rules import RulesScreen
from cardtable.client.ui.table import TableScreen
from tests.client.support import (
    SIZE,
    at_table,
    find_on_screen,
    footer_with,
    join_app,
    on_screen,
    our_turn,
    play_app,
    run_async,
    screen_text,
    server_thread,
    settled_footer,
    wait_until,
    words,
)
from tests.client.test_conceding import asked
from tests.client.test_lobby_chat import in_lobby

AppPilot = Pilot[Any]

#: A short game of Nobility: at 80 columns its table's footer has no room for every key.
NOBILITY = {"rubbers": 1}


def listed(keys: KeysScreen) -> list[str]:
    """The keys screen's lines, as words."""
    listing = keys.query_one(OptionList)
    return [
        words(str(listing.get_option_at_index(index).prompt))
        for index in range(listing.option_count)
    ]


async def keys_by_click(pilot: AppPilot, app: CardtableApp, entry: str = "K Keys") -> KeysScreen:
    """A click on the footer's `entry` opens the keys screen over the screen in front."""
    under = app.screen
    x, y = find_on_screen(app, entry, under.query_one(Footer))
    await pilot.click(offset=(x, y))
    await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen), 5, "the keys screen")
    assert isinstance(app.screen, KeysScreen)
    return app.screen


async def click_line(pilot: AppPilot, app: CardtableApp, keys: KeysScreen, what: str) -> None:
    """Click the keys screen's line for `what` (the list scrolled to it first, if it is long)."""
    listing = keys.query_one(OptionList)
    index = next(i for i, line in enumerate(keys.lines) if line.description == what)
    listing.scroll_to(y=index, animate=False)
    await on_screen(pilot, app, what, widget=listing)
    x, y = find_on_screen(app, f" {what}", listing)
    await pilot.click(offset=(x + 1, y))


async def nobility_at_our_turn(pilot: AppPilot, app: CardtableApp) -> TableScreen:
    table = await at_table(pilot, app)
    await wait_until(pilot, lambda: our_turn(app, table), 5, "our turn")
    await settled_footer(pilot, app)
    return table


def test_at_a_nobility_table_a_click_reaches_the_keys_the_footer_left_out() -> None:
    """At 80×24 the footer has no room for Concede, Records, Chat, Log or Scores; a click on
    its K Keys lists them, and a click on Concede asks to concede, as C does."""

    async def body() -> None:
        app, _ = play_app("nobility", 3, NOBILITY)
        async with app.run_test(size=SIZE) as pilot:
            table = await nobility_at_our_turn(pilot, app)
            footer = screen_text(app).splitlines()[-1]
            left_out = ("C Concede", "I Records", "c Chat", "l Log", "v Scores")
            for key in left_out:
                assert key not in footer, footer
            assert "K Keys" in footer

            keys = await keys_by_click(pilot, app)
            for key in left_out:
                assert key in listed(keys), listed(keys)
            # It fits the screen: its box within 80×24, the list scrolling when long.
            box = keys.query_one("#keys")
            assert box.region.right <= SIZE[0] and box.region.bottom <= SIZE[1]

            await click_line(pilot, app, keys, "Concede")
            await asked(pilot, app, "Concede the game? It ends now, and you lose it.")
            await pilot.press("n")
            await wait_until(pilot, lambda: app.screen is table, 5, "the table again")

    run_async(body)


def test_every_key_of_the_table_with_words_is_in_the_keys_screen() -> None:
    """Every key the table screen takes now that has a description (in the footer or not, the
    board's and the app's too) has its line, but the letters the board draws beside what they
    pick (clicked there) and the keys to the keys screen itself."""

    async def body() -> None:
        app, _ = play_app("nobility", 3, NOBILITY)
        async with app.run_test(size=SIZE) as pilot:
            table = await nobility_at_our_turn(pilot, app)
            wanted = {
                (app.get_key_display(active.binding), active.binding.description)
                for active in table.active_bindings.values()
                if active.binding.description
                and not active.binding.system
                and active.binding.action != KEYS_ACTION
            }
            await pilot.press("K")
            await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen), 5, "the keys")
            assert isinstance(app.screen, KeysScreen)
            lines = listed(app.screen)
            for key, description in sorted(wanted):
                key = key if key not in ("←→", "1-4") else key[0]  # each key its own line
                assert any(
                    line.split()[-1] == description.split()[-1] and key in line.split()
                    for line in lines
                ), f"{key} {description} not in {lines}"
            assert not any("Keys" in line for line in lines)

    run_async(body)


def test_arrows_and_enter_pick_a_key_and_dialogs_have_the_keys_screen_too() -> None:
    """↑↓ and enter pick a line as a click does; the rules window has the keys screen in its
    footer too; escape, K again and Close close it, running nothing."""

    async def body() -> None:
        app, _ = play_app("nobility", 3, NOBILITY)
        async with app.run_test(size=SIZE) as pilot:
            table = await nobility_at_our_turn(pilot, app)
            await pilot.press("K")
            await wait_until(pilot, lambda: isinstance(app.screen, KeysScreen), 5, "the keys")
            keys = app.screen
            assert isinstance(keys, KeysScreen)
            listing = keys.query_one(OptionList)
            rules = next(i for i, line in enumerate(keys.lines) if line.description == "Rules")
            for _ in range(len(keys.lines)):
                if listing.highlighted == rules:
                    break
                await pilot.press("down")
            assert listing.highlighted == rules
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), 5, "the rules")

            # The rules' footer has the keys screen too; its Close line closes the rules.
            await footer_with(pilot, app, {"K Keys": True})
            keys = await keys_by_click(pilot, app)
            assert "esc ? q Close" in listed(keys), listed(keys)
            await click_line(pilot, app, keys, "Close")
            await wait_until(pilot, lambda: app.screen is table, 5, "the table again")

            # Escape, K again and the Close button close the keys screen, running nothing.
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen), 5, "the rules")
            rules_screen = app.screen
            await footer_with(pilot, app, {"K Keys": True})
            for closing in ("escape", "K", "click"):
                await keys_by_click(pilot, app)
                if closing == "click":
                    await pilot.click("#keys-close")
                else:
                    await pilot.press(closing)
                await wait_until(pilot, lambda: app.screen is rules_screen, 5, closing)

    run_async(body)


def test_with_the_chat_line_typing_the_footer_offers_f1_to_the_keys_screen() -> None:
    """While the chat's line takes the letters, K is typed into it: the footer's entry for the
    keys screen is F1 then, and the Board line gives the keys back to the board."""

    async def body() -> None:
        app, _ = play_app("nobility", 3, NOBILITY)
        async with app.run_test(size=SIZE) as pilot:
            table = await nobility_at_our_turn(pilot, app)
            await pilot.press("c")
            await footer_with(pilot, app, {"f1 Keys": True, "K Keys": False, "esc Board": True})
            keys = await keys_by_click(pilot, app, "f1 Keys")
            await click_line(pilot, app, keys, "Board")
            await wait_until(pilot, lambda: table.focused is table.board, 5, "the board's keys")

    run_async(body)


def test_the_lobby_and_the_history_have_the_keys_screen() -> None:
    """The lobby's footer shows K Keys in full at 80 columns; its keys screen lists the lobby's
    keys before the table list's, and History (a click) opens the history, whose own keys
    screen goes back to the lobby."""
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                await footer_with(pilot, app, {"K Keys": True, "^q Quit": True})
                keys = await keys_by_click(pilot, app)
                # The lobby's keys first, as in the footer; then the list's own (scrolling).
                assert listed(keys)[:4] == ["n New table", "h History", "i Records", "^q f10 Quit"]
                assert "↓ Cursor down" in listed(keys)[4:], listed(keys)
                await click_line(pilot, app, keys, "History")
                await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), 5)
                await on_screen(pilot, app, "K Keys")
                keys = await keys_by_click(pilot, app)
                await click_line(pilot, app, keys, "Lobby")
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5)

        run_async(body)
