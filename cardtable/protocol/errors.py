"""Error codes and the two protocol exceptions.

Every error the server reports carries a stable ``code`` (a short snake_case string a client can
switch on) and a ``message`` a person can read. `LocalProtocolError` means *we* tried to do
something the protocol forbids; `RemoteProtocolError` means the peer did.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    """Every error code the protocol defines. ``FATAL`` ones close the connection."""

    # The byte stream and the message envelope.
    FRAME_TOO_LARGE = "frame_too_large"
    BAD_FRAME = "bad_frame"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    # The handshake.
    HANDSHAKE_REQUIRED = "handshake_required"
    VERSION_MISMATCH = "version_mismatch"
    BAD_PASSWORD = "bad_password"
    BAD_NAME = "bad_name"
    NAME_TAKEN = "name_taken"
    SERVER_FULL = "server_full"
    # The connection's life.
    HANDSHAKE_TIMEOUT = "handshake_timeout"
    IDLE_TIMEOUT = "idle_timeout"
    REPLACED = "replaced"
    SHUTTING_DOWN = "shutting_down"
    # The lobby and tables.
    NO_SUCH_TABLE = "no_such_table"
    NO_SUCH_SEAT = "no_such_seat"
    SEAT_TAKEN = "seat_taken"
    ALREADY_AT_TABLE = "already_at_table"
    NOT_AT_TABLE = "not_at_table"
    NOT_SEATED = "not_seated"
    NOT_CREATOR = "not_creator"
    BAD_OPTIONS = "bad_options"
    NO_SUCH_BOT = "no_such_bot"
    TABLE_NOT_READY = "table_not_ready"
    GAME_IN_PROGRESS = "game_in_progress"
    TOO_MANY_TABLES = "too_many_tables"
    BAD_TOKEN = "bad_token"
    SEAT_RELEASED = "seat_released"
    NOT_AWAY = "not_away"
    # Claimed names.
    NO_KEY = "no_key"
    BAD_CODE = "bad_code"
    NOT_YOUR_NAME = "not_your_name"
    # History.
    NO_SUCH_GAME = "no_such_game"
    # Play.
    NOT_PLAYING = "not_playing"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_ACTION = "illegal_action"
    CANNOT_TAKE_BACK = "cannot_take_back"
    NO_OFFER = "no_offer"
    NO_HINTS = "no_hints"
    HINT_PENDING = "hint_pending"
    # Chat.
    CHAT_CLOSED = "chat_closed"
    NO_SUCH_PLAYER = "no_such_player"
    BAD_TEXT = "bad_text"
    RATE_LIMITED = "rate_limited"
    # The server itself.
    INTERNAL = "internal"


#: Codes after which the sender closes the connection.
FATAL_CODES = frozenset(
    {
        ErrorCode.FRAME_TOO_LARGE,
        ErrorCode.HANDSHAKE_REQUIRED,
        ErrorCode.VERSION_MISMATCH,
        ErrorCode.BAD_PASSWORD,
        ErrorCode.BAD_NAME,
        ErrorCode.NAME_TAKEN,
        ErrorCode.SERVER_FULL,
        ErrorCode.HANDSHAKE_TIMEOUT,
        ErrorCode.IDLE_TIMEOUT,
        ErrorCode.REPLACED,
        ErrorCode.SHUTTING_DOWN,
    }
)


class ProtocolError(Exception):
    """A breach of the protocol, with a stable code and a readable message."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    @property
    def fatal(self) -> bool:
        return self.code in FATAL_CODES


class LocalProtocolError(ProtocolError):
    """This side tried to send something the protocol forbids (a bug in this side's code)."""


class RemoteProtocolError(ProtocolError):
    """The peer sent something the protocol forbids."""


class NotCardtable(RemoteProtocolError):
    """The peer's first bytes are another protocol's: it is not cardtable at all. ``speaks``
    says what it looks like, in words (e.g. "a web server (HTTP)")."""

    def __init__(self, speaks: str) -> None:
        super().__init__(
            ErrorCode.BAD_FRAME, f"This is not a cardtable server: it answers like {speaks}."
        )
        self.speaks = speaks
