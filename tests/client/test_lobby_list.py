"""The lobby's list of tables at 80×24 and at 120×40: the Players column names the players who
sit (as many as fit, then "+N" for the others), and the list has no scrollbar it does not need.

A real server on loopback with real players at its tables, and the real app joined to it.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.widgets import DataTable

from cardtable.client.ui.lobby import LobbyScreen

from .contrast import cells
from .support import (
    SIZE,
    Remote,
    footer_with,
    join_app,
    run_async,
    screen_text,
    server_thread,
    wait_until,
)

#: The list's rows for the tables below, as each size shows them (the game's title, the status,
#: then the players).
ROWS = {
    (80, 24): ("Ada, Bram +1", "Bartholom… +1"),
    (120, 40): ("Ada, Bram, greta", "Bartholomew-Fitzwilliam, Ida"),
}


def row_text(app: App[Any], table: DataTable[Any], row: int) -> str:
    """The words of a row of the list, as drawn (the header is the first line)."""
    region = table.region
    y = region.y + 1 + row
    found = cells(app)
    return "".join(cell.char for cell in found if cell.y == y and region.contains(cell.x, y))


def test_the_players_column_names_the_players_at_every_size() -> None:
    with (
        server_thread() as server,
        Remote(server, "Ada") as ada,
        Remote(server, "Bram") as bram,
        Remote(server, "greta") as greta,
        Remote(server, "Bartholomew-Fitzwilliam") as bart,
        Remote(server, "Ida") as ida,
    ):
        first = ada.do(lambda s: s.create_table("chinese-ten", 4, {})).table_id
        for seat, player in enumerate((ada, bram, greta)):
            player.do(lambda s, seat=seat: s.sit(first, seat))
        second = bart.do(lambda s: s.create_table("chinese-ten", 3, {})).table_id
        for seat, player in enumerate((bart, ida)):
            player.do(lambda s, seat=seat: s.sit(second, seat))
        app = join_app(server.port)

        async def body() -> None:
            async with app.run_test(size=SIZE) as pilot:
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen))
                table = app.screen.query_one("#tables", DataTable)
                for size, (three, two) in ROWS.items():
                    await pilot.resize_terminal(*size)

                    def listed(three: str = three, two: str = two) -> bool:
                        rows = row_text(app, table, 0), row_text(app, table, 1)
                        return three in rows[0] and two in rows[1]

                    await wait_until(pilot, listed, what=f"the players at {size}")
                    await pilot.pause()
                    # Every name shown is whole, and the list does not scroll sideways:
                    # the row under the last table is empty.
                    assert row_text(app, table, 0).rstrip().endswith(three)
                    assert row_text(app, table, 1).rstrip().endswith(two)
                    assert not table.show_horizontal_scrollbar
                    assert not row_text(app, table, 2).strip(), row_text(app, table, 2)

        run_async(body)


def in_lobby(app: App[Any]) -> bool:
    return isinstance(app.screen, LobbyScreen)


def test_a_narrow_lobby_footer_drops_the_records_key_never_quit_and_the_hint_names_it() -> None:
    with server_thread() as server, Remote(server, "Ada") as ada:
        ada.do(lambda session: session.create_table("chinese-ten", 2, {}))

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=(60, 24)) as pilot:
                await wait_until(pilot, lambda: in_lobby(app), 10)
                footer = await footer_with(pilot, app, {"^q Quit": True, "i Records": False})
                assert len(footer.rstrip()) <= 60, footer
            app = join_app(server.port, name="Bo")
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_until(pilot, lambda: in_lobby(app), 10)
                await footer_with(pilot, app, {"^q Quit": True})
                await wait_until(
                    pilot, lambda: "i: records" in screen_text(app), what="the hint's records"
                )

        run_async(body)
