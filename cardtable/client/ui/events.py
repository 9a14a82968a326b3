"""Messages the trio side posts to the app (they are handled on the app's own tasks)."""

from __future__ import annotations

from textual.message import Message

from cardtable.client.link import LinkStatus
from cardtable.protocol import Message as ServerMessage


class ServerSaid(Message, bubble=False):
    """A message from the server. The app hears it first, then passes it on to the screens in
    its stack that follow it (see `cardtable.client.ui.feed`), which handle ``on_server_said``;
    it does not bubble back up from a screen to the app."""

    def __init__(self, message: ServerMessage) -> None:
        super().__init__()
        self.message = message


class LinkChanged(Message):
    """The connection dropped, came back or ended."""

    def __init__(self, status: LinkStatus, text: str) -> None:
        super().__init__()
        self.status = status
        self.text = text


class ConnectFailed(Message):
    """The first connection failed: what happened and what to do about it."""

    def __init__(
        self, problem: str, advice: str, ask: str | None = None, *, title: str = "Could not join"
    ) -> None:
        super().__init__()
        self.title = title
        self.problem = problem
        self.advice = advice
        #: "name" or "password" when the player can fix it by typing a new one.
        self.ask = ask


class Refused(Message):
    """The server refused a request of ours."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
