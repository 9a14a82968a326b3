"""`cardtable join` without an address: pick a server announced on the network, or type one.

The list is live: servers appear and go as they announce themselves and withdraw (or stop
answering). The `Browser` works in threads of its own; the screen reads its list four times a
second and never waits on the network. Where nothing is heard (multicast is blocked on many
Wi-Fi networks, in containers and behind firewalls), it says so and how to join by address.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Input, Static

from cardtable.client.address import split_address
from cardtable.discovery.browse import Browser
from cardtable.discovery.records import ServerAd
from cardtable.engine import OptionError
from cardtable.protocol import PROTOCOL_VERSION

NOTHING_FOUND = (
    "No servers found on this network yet. Multicast may be blocked here (some Wi-Fi networks, "
    "containers and firewalls block it): type the server's address below, as HOST:PORT "
    "(the host's `cardtable serve` prints it), and press enter."
)


def can_join(ad: ServerAd) -> str | None:
    """Why `ad` cannot be joined from here, or None."""
    if ad.protocol != PROTOCOL_VERSION:
        return (
            f"{ad.name} speaks protocol {ad.protocol} and this cardtable speaks "
            f"{PROTOCOL_VERSION}: the host and you need the same version of cardtable."
        )
    return None


class PickerApp(App[str | None]):
    """Returns the address picked ("HOST:PORT"), or None if the player quit."""

    CSS = """
    #servers { height: 1fr; }
    #picker-status, #picker-why { padding: 0 1; }
    #picker-why { color: $error; }
    """
    TITLE = "cardtable"
    SUB_TITLE = "Servers on this network"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("escape", "quit_picker", "Quit"),
        Binding("ctrl+q", "quit_picker", "Quit", priority=True),
    ]

    def __init__(
        self,
        browser: Callable[[], Browser] = Browser,
        *,
        quiet_after: float = 3.0,
    ) -> None:
        super().__init__()
        self._make_browser = browser
        self.browser: Browser | None = None
        self.quiet_after = quiet_after
        self._shown = -1
        self._ads: dict[str, ServerAd] = {}
        self._waited = 0.0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Looking for servers…", id="picker-status")
        yield DataTable(id="servers", cursor_type="row", zebra_stripes=True)
        yield Static("", id="picker-why")
        yield Input(placeholder="or type an address: HOST:PORT, then enter", id="address")
        yield Footer()

    async def on_mount(self) -> None:
        table = self.query_one("#servers", DataTable)
        for label, key, width in (
            ("Server", "name", 22),
            ("Address", "address", 21),
            ("Join", "join", 13),
            ("Tables", "tables", 6),
            ("Players", "players", 7),
        ):
            table.add_column(label, key=key, width=width)
        table.focus()
        browser = self._make_browser()
        await asyncio.to_thread(browser.start)
        self.browser = browser
        self.set_interval(0.25, self._refresh)
        self._refresh()

    async def on_unmount(self) -> None:
        if self.browser is not None:
            browser, self.browser = self.browser, None
            await asyncio.to_thread(browser.close)

    def _refresh(self) -> None:
        browser = self.browser
        if browser is None:
            return
        self._waited += 0.25
        status = self.query_one("#picker-status", Static)
        if browser.error is not None:
            status.update(
                Text(
                    f"Cannot look for servers on this network ({browser.error}). "
                    "Type the server's address below, as HOST:PORT, and press enter."
                )
            )
            return
        if browser.version == self._shown:
            if not self._ads and self._waited >= self.quiet_after:
                status.update(NOTHING_FOUND)
            return
        self._shown = browser.version
        ads = browser.servers()
        table = self.query_one("#servers", DataTable)
        selected = self._selected()
        table.clear()
        self._ads = {}
        for ad in ads:
            key = f"{ad.name}\x00{ad.address}"
            self._ads[key] = ad
            why = can_join(ad)
            table.add_row(
                Text(ad.name, style="dim" if why else ""),
                Text(ad.address),
                Text(
                    f"can't (v{ad.protocol})" if why else "password" if ad.password else "open",
                    style="dim" if why else "",
                ),
                Text(str(ad.tables)),
                Text(str(ad.players)),
                key=key,
            )
        if selected is not None and selected in self._ads:
            table.move_cursor(row=table.get_row_index(selected))
        more = " (more were announced than are shown)" if browser.overflowed else ""
        count = len(ads)
        chosen = self._ads.get(self._selected() or "")
        web = (
            f" In a browser: {chosen.web_address}"
            if chosen is not None and chosen.web_address is not None
            else ""
        )
        status.update(
            Text(f"{count} server{'s' if count != 1 else ''} found{more}. Enter joins.{web}")
            if ads
            else NOTHING_FOUND
            if self._waited >= self.quiet_after
            else Text("Looking for servers…")
        )

    def _selected(self) -> str | None:
        table = self.query_one("#servers", DataTable)
        if not self._ads or table.row_count == 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return key

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        ad = self._ads.get(str(event.row_key.value))
        if ad is None:
            return
        why = can_join(ad)
        if why is not None:
            self.query_one("#picker-why", Static).update(Text(why))
            return
        self.exit(ad.address)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        why = self.query_one("#picker-why", Static)
        if not text:
            why.update(Text("Type the server's address, as HOST:PORT (e.g. 192.168.1.20:7777)."))
            return
        try:
            host, port = split_address(text)
        except OptionError as error:
            why.update(Text(str(error)))
            return
        self.exit(f"[{host}]:{port}" if ":" in host else f"{host}:{port}")

    def action_quit_picker(self) -> None:
        self.exit(None)
