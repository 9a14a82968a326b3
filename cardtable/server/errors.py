"""The one exception server code raises to refuse a request."""

from __future__ import annotations

from cardtable.protocol import ErrorCode


class ServerError(Exception):
    """A request the server refuses: a stable code and a sentence for the player."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
