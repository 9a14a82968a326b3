"""Table chat: the lines a table keeps, and who may read each."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from cardtable.protocol import ChatLine


@dataclass(frozen=True, slots=True)
class ChatEntry:
    """One line. Private lines name the seat holdings (occupancies) of both parties, so a player
    who later takes the same seat does not read what the previous holder was told."""

    id: int
    time: float
    sender: str
    text: str
    from_seat: int | None = None
    to_seat: int | None = None
    to_name: str | None = None
    from_occupancy: int | None = None
    to_occupancy: int | None = None

    @property
    def private(self) -> bool:
        return self.to_seat is not None

    def readable_by(self, occupancy: int | None) -> bool:
        """Whether the holder of seat occupancy `occupancy` (None: a spectator) may read it."""
        if not self.private:
            return True
        return occupancy is not None and occupancy in (self.from_occupancy, self.to_occupancy)

    def line(self) -> ChatLine:
        """The line as its readers get it."""
        return ChatLine(
            line_no=self.id,
            time=round(self.time, 3),
            sender=self.sender,
            sender_seat=self.from_seat,
            recipient=self.to_name,
            recipient_seat=self.to_seat,
            text=self.text,
        )


class ChatLog:
    """The last `limit` lines of a table."""

    def __init__(self, limit: int) -> None:
        self._lines: deque[ChatEntry] = deque(maxlen=limit)
        self._next_id = 1

    def add(self, **fields: Any) -> ChatEntry:
        entry = ChatEntry(id=self._next_id, **fields)
        self._next_id += 1
        self._lines.append(entry)
        return entry

    def restore(self, lines: Iterable[ChatEntry], next_id: int) -> None:
        """Take back stored lines (oldest first) and go on numbering from `next_id`."""
        self._lines.extend(lines)
        self._next_id = next_id

    def __iter__(self) -> Iterator[ChatEntry]:
        return iter(self._lines)

    def history_for(self, occupancy: int | None) -> tuple[ChatLine, ...]:
        return tuple(line.line() for line in self._lines if line.readable_by(occupancy))
