"""The limits a server keeps, as its welcome tells them (see "Limits" in docs/protocol.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limits:
    """Lengths, rates (a second, once the burst is spent) and bursts of one connection."""

    chat_length: int
    chat_rate: float
    chat_burst: int
    #: Lines a table keeps.
    chat_history: int
    action_rate: float
    action_burst: int
    request_rate: float
    request_burst: int
    #: Bytes of history and replays, for a connection and for its address together.
    history_rate: float
    history_burst: int
    #: The largest frame the server accepts, in bytes.
    frame_size: int
    name_length: int
    #: Seconds without anything from the client before the server closes.
    idle_timeout: float
    max_tables_per_client: int
