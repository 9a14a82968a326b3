"""A chat line as it reaches a client (see "Chat line" in docs/protocol.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line: on the table channel, or private between two seats."""

    #: The line's number at this table, from 1.
    line_no: int
    #: When the server received it: Unix time in seconds, to the millisecond.
    time: float
    sender: str
    #: The sender's seat; None for a spectator.
    sender_seat: int | None
    #: For a private line, the recipient's name and seat; None on the table channel.
    recipient: str | None
    recipient_seat: int | None
    text: str

    @property
    def private(self) -> bool:
        return self.recipient_seat is not None
