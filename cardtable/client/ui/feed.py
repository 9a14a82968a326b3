"""Which screens hear which of the server's messages: a table screen its own table's, the lobby
the list of tables. Nothing is passed to a screen that did not ask for it."""

from __future__ import annotations

from collections.abc import Collection

from textual.message_pump import MessagePump

from cardtable.client.ui.events import ServerSaid
from cardtable.protocol import (
    ChatLinePush,
    Joined,
    Message,
    Suggestion,
    TableChanged,
    TableCreated,
    TableRemoved,
    Tables,
    Update,
)

#: What a screen follows: one table (its id), or the lobby's list of every table (None).
Topic = int | None

#: The lobby's list of tables.
LOBBY: Topic = None


def topics(message: Message) -> tuple[Topic, ...]:
    """The topics `message` is news for (none: no screen hears it)."""
    if isinstance(message, Joined):
        return (message.table.table_id,)
    if isinstance(message, Update | ChatLinePush | Suggestion):
        return (message.table_id,)
    if isinstance(message, TableChanged):
        return (message.table.table_id, LOBBY)
    if isinstance(message, Tables | TableCreated | TableRemoved):
        return (LOBBY,)
    return ()


class ServerFeed:
    """The screens that follow each topic, in the order they asked."""

    def __init__(self) -> None:
        self._followers: dict[Topic, list[MessagePump]] = {}

    def follow(self, screen: MessagePump, topic: Topic) -> None:
        """Pass `screen` the messages of `topic` from now on, while it is in the stack."""
        followers = self._followers.setdefault(topic, [])
        if screen not in followers:
            followers.append(screen)

    def followers(self, topic: Topic) -> list[MessagePump]:
        return list(self._followers.get(topic, ()))

    def deliver(self, message: Message, stack: Collection[MessagePump]) -> None:
        """Post `message` to each screen of `stack` that follows one of its topics, once; a
        screen no longer in `stack` is forgotten."""
        for topic, followers in list(self._followers.items()):
            followers[:] = [screen for screen in followers if screen in stack]
            if not followers:
                del self._followers[topic]
        told: list[MessagePump] = []
        for topic in topics(message):
            for screen in self._followers.get(topic, ()):
                if screen not in told:
                    told.append(screen)
                    screen.post_message(ServerSaid(message))
