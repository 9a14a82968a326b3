"""Messages the trio side posts to the app (they are handled on the app's own tasks)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from cardtable.client.link import LinkStatus
from cardtable.protocol import Message as ServerMessage


@dataclass
class ServerSaid(Message, bubble=False):
    """A message from the server. The app hears it first, then passes it on to the screens in
    its stack that follow it (see `cardtable.client.ui.feed`), which handle ``on_server_said``;
    it does not bubble back up from a screen to the app."""

    message: ServerMessage


@dataclass
class LinkChanged(Message):
    """The connection dropped, came back or ended."""

    status: LinkStatus
    text: str


@dataclass
class ConnectFailed(Message):
    """The first connection failed: what happened and what to do about it."""

    problem: str
    advice: str
    #: "name" or "password" when the player can fix it by typing a new one.
    ask: str | None = None
    #: The problem window's title.
    title: str = "Could not join"


@dataclass
class Refused(Message):
    """The server refused a request of ours."""

    text: str
