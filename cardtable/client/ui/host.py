"""The app as its screens use it: `Host`, so that no screen imports the app's module (which
imports the screens).

`CardtableApp` is the one host; a screen reaches it with `host(self)`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeVar, cast

from textual.dom import DOMNode
from textual.message_pump import MessagePump

from cardtable.client.link import Link
from cardtable.client.session import ClientSession

T = TypeVar("T")


class Host(Protocol):
    """What a screen may ask of the app: who we are, the link, and requests to the server."""

    #: The name the server knows us by.
    player_name: str
    #: The link to the server (None before the first connection starts).
    link: Link | None

    def request(self, make: Callable[[ClientSession], Awaitable[Any]]) -> None:
        """Make a request with the current session; a refusal is shown to the player."""

    def ask(
        self,
        owner: MessagePump,
        make: Callable[[ClientSession], Awaitable[T]],
        answered: Callable[[T], None],
        failed: Callable[[str], None],
    ) -> None:
        """Make a request and hand its reply (or why it failed) to `owner`, on its own task."""

    def show_rules(self, game: str, options: Mapping[str, Any] | None = None) -> None:
        """Show the rules of `game`, speaking of a table's `options` where it has some."""

    def retry(self, *, name: str | None = None, password: str | None = None) -> None:
        """Connect again after a failed first connection."""

    async def action_quit(self) -> None:
        """Quit (at a game in progress, the table first asks what becomes of the seat)."""


def host(node: DOMNode) -> Host:
    """The app `node` runs in, as the screens use it."""
    return cast(Host, node.app)


def latest_session(node: DOMNode) -> ClientSession | None:
    """The newest session of the app's link (None before the first connection)."""
    link = host(node).link
    return link.latest if link else None
