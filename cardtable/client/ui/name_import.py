"""Taking a name from another device, on the name screen: the player types the one-time code
that `cardtable name export` showed there, and this device's key holds that device's names."""

from __future__ import annotations

import trio
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from cardtable.client.handshake import HandshakeRefused, keyholder
from cardtable.client.link import Link
from cardtable.client.session import ConnectionLost, RequestFailed
from cardtable.client.ui.dialogs import OneField
from cardtable.client.ui.host import host
from cardtable.client.ui.plain import plain
from cardtable.client.ui.problems import explain
from cardtable.protocol.messages.values import NAME_CODE

WHAT_TO_DO = (
    "On the device that holds the name, run `cardtable name export`; it shows a code that works "
    "once, for 10 minutes. Type it here."
)


class NameImport(OneField[list[str]]):
    """Asks the server at the link's address (with its password and this device's key) to move
    the names of the key that made the code; dismisses with the names this device holds now,
    or shows why not and lets the player try again."""

    FIELD = "code"

    def __init__(self, link: Link) -> None:
        super().__init__()
        self.link = link

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="name-import"):
            yield Static(Text("Import a name code", style="bold"))
            yield Static(plain(WHAT_TO_DO))
            yield Input(
                placeholder="The code, like K7QM2-XH9TD", id="code", max_length=NAME_CODE.high
            )
            yield Static(id="import-said")
            with Horizontal(classes="buttons"):
                yield Button("Import (enter)", id="import", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def submit(self) -> None:
        code = self.query_one("#code", Input).value.strip()
        if not code:
            self._say("Type the code the other device showed.")
            return
        self._say("Asking the server…")
        host(self).trio.start_soon(self._ask_server, code)

    async def _ask_server(self, code: str) -> None:
        """On the trio side: the import, its answer handed back to this dialog."""
        link = self.link
        assert link.key is not None  # offered only with a key (see `can_import`)
        try:
            async with keyholder(
                link.host,
                link.port,
                link.key,
                password=link.password,
                timeout=link.connect_timeout,
            ) as session:
                names = await session.import_names(code)
        except (HandshakeRefused, OSError, trio.TooSlowError) as error:
            failed = explain(error, link.host, link.port, link.connect_timeout)
            self.call_later(self._say, f"{failed.problem} {failed.advice}")
        except RequestFailed as error:
            self.call_later(self._say, error.message)
        except ConnectionLost:
            self.call_later(self._say, "The server closed the connection; try again.")
        else:
            self.call_later(self._imported, names)

    def _imported(self, names: list[str]) -> None:
        self.dismiss(names)

    def _say(self, text: str) -> None:
        self.query_one("#import-said", Static).update(plain(text))


def can_import(link: Link | None) -> bool:
    """Whether a name code can be imported through `link`: it has this device's key (a browser
    tab keeps none)."""
    return link is not None and link.key is not None
