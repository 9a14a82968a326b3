"""The table screen follows its own table only, and draws again only what changed.

The app watches a table of instant bots on a real server (as in `test_an_evening`): the server's
messages reach the screens that follow them (the table screen its table's, the lobby under it
the list of tables), and the status line, whose words stay the same while the bots play a
round, is not drawn again at each of their moves.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from textual._context import active_message_pump
from textual.message import Message

from cardtable.client.ui.events import ServerSaid
from cardtable.client.ui.table_lines import StatusLine
from tests.client.support import SIZE, join_app, run_async, server_thread
from tests.client.test_an_evening import watching_bots

#: What the lobby's list of tables is made of.
LOBBY_NEWS = {"Tables", "TableChanged", "TableCreated", "TableRemoved"}
#: What a table screen hears of its table.
TABLE_NEWS = {"Joined", "Update", "TableChanged", "ChatLine"}


def test_server_messages_reach_only_the_screens_that_follow_them() -> None:
    heard: list[tuple[str, str]] = []

    def hook(message: Message) -> None:
        if isinstance(message, ServerSaid):
            receiver = type(active_message_pump.get()).__name__
            heard.append((receiver, type(message.message).__name__))

    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE, message_hook=hook) as pilot:
                watching, _ = await watching_bots(pilot, app)
                await watching.until(40)

        run_async(body)
    by_screen: dict[str, set[str]] = {}
    for receiver, kind in heard:
        by_screen.setdefault(receiver, set()).add(kind)
    assert "Update" in by_screen["TableScreen"], by_screen
    assert by_screen["TableScreen"] <= TABLE_NEWS, by_screen
    # The lobby under the table hears of the tables, never of the game played at one.
    assert by_screen["LobbyScreen"] <= LOBBY_NEWS, by_screen
    # The app hears everything first, and passes it on to no other screen.
    assert set(by_screen) == {"CardtableApp", "TableScreen", "LobbyScreen"}, by_screen


def test_the_status_line_is_drawn_again_only_when_its_words_change() -> None:
    #: The status line after each state it was given (one a message from the server): its
    #: words, and what it draws them with.
    looks: list[tuple[str, Any]] = []

    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                watching, table = await watching_bots(pilot, app)
                status = table.query_one("#table-status", StatusLine)

                await watching.until(10)

                def look(_: object) -> None:
                    """After each new state the status line was given: what it shows."""
                    looks.append((str(status.drawn.lines), status.drawn.lines))

                table.watch(status, "shown", look, init=False)
                await watching.until(watching.updates + 100)

        run_async(body, timeout=120)
    # Two states in a row that leave the words as they were (a move made, the words the same).
    unchanged = [(before, after) for before, after in pairwise(looks) if before[0] == after[0]]
    assert len(unchanged) >= 20, looks
    # Such a move draws nothing new.
    redrawn = [after[0] for before, after in unchanged if after[1] is not before[1]]
    assert not redrawn, redrawn
