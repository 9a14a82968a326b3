"""The app as its screens use it: `Host`, a part of the app (`CardtableApp`) that needs no
screen, so that no screen imports the app's module (which imports the screens).

It holds who we are and the link, and makes requests to the server on the trio side: `request`
when a refusal need only be shown, `ask` when the screen needs the reply. A screen reaches it
with `host(self)`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, TypeVar, cast

from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump

from cardtable.client.link import Link
from cardtable.client.session import ClientSession, ConnectionLost, RequestFailed
from cardtable.client.trio_host import TrioHost
from cardtable.client.ui.events import Refused

T = TypeVar("T")


class Host:
    """What a screen may ask of the app; the app is built on it."""

    #: The name the server knows us by.
    player_name: str
    #: The link to the server (None before the first connection starts).
    link: Link | None
    #: The trio side, where requests run.
    trio: TrioHost

    if TYPE_CHECKING:
        # Provided by the app.

        def post_message(self, message: Message) -> bool: ...

        def show_rules(self, game: str, options: Mapping[str, object] | None = None) -> None:
            """The rules of `game`, speaking of a table's `options` where it has some."""

        def retry(self, *, name: str | None = None, password: str | None = None) -> None:
            """Connect again after a failed first connection, with a new name or password."""

        async def action_quit(self) -> None:
            """Quit; seated at a game in progress, the table first asks about the seat."""

    async def _attempt(self, request: Awaitable[object]) -> None:
        """Await a request; a refusal or a lost connection is told to the player."""
        try:
            await request
        except RequestFailed as error:
            self.post_message(Refused(error.message))
        except ConnectionLost as error:
            self.post_message(Refused(str(error)))

    def request(self, make: Callable[[ClientSession], Awaitable[object]]) -> None:
        """Make a request on the trio side with the current session; refusals are shown."""

        async def run() -> None:
            if self.link is None:
                return
            try:
                session = self.link.session
            except ConnectionLost as error:
                self.post_message(Refused(str(error)))
                return
            await self._attempt(make(session))

        self.trio.start_soon(run)

    def ask(
        self,
        owner: MessagePump,
        make: Callable[[ClientSession], Awaitable[T]],
        answered: Callable[[T], None],
        failed: Callable[[str], None],
    ) -> None:
        """Make a request on the trio side and call `answered` with the reply, or `failed` with
        the reason it was refused or the connection lost, on `owner`'s own task (a screen). Once
        `owner` is gone neither is called."""

        async def run() -> None:
            try:
                if self.link is None:
                    raise ConnectionLost("Not connected.")
                reply = await make(self.link.session)
            except RequestFailed as error:
                owner.call_later(failed, error.message)
            except ConnectionLost as error:
                owner.call_later(failed, str(error))
            else:
                owner.call_later(answered, reply)

        self.trio.start_soon(run)


def host(node: DOMNode) -> Host:
    """The app `node` runs in, as the screens use it."""
    return cast(Host, node.app)


def latest_session(node: DOMNode) -> ClientSession | None:
    """The newest session of the app's link (None before the first connection)."""
    link = host(node).link
    return link.latest if link else None
