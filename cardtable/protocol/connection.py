"""The protocol state machine: one `Connection` per side, bytes in, messages out, and back.

Like h11, a `Connection` does no I/O. Feed it what the socket gave with `receive_data` and it
returns the messages the peer sent; hand it a message with `send` and it returns the bytes to
write. It enforces the frame limit, the handshake and who may send what:

* a well-framed message that is not valid comes back as a `Rejected` item carrying the error to
  report; the connection carries on;
* a breach that leaves the stream untrustworthy (an oversized frame, a message before the
  handshake) raises `RemoteProtocolError` and closes the connection; a closed connection may
  still `send` one last `Error` saying why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeGuard

from cardtable.protocol.errors import (
    ErrorCode,
    LocalProtocolError,
    NotCardtable,
    ProtocolError,
    RemoteProtocolError,
)
from cardtable.protocol.framing import (
    CLIENT_FRAME_LIMIT,
    COMPRESS_ABOVE,
    SERVER_FRAME_LIMIT,
    FrameDecoder,
    encode_frame,
    foreign_protocol,
    unpack,
)
from cardtable.protocol.messages import (
    Message,
    MessageError,
    Sender,
    check_message,
    decode_message,
    rid_of,
)
from cardtable.protocol.messages.connection import Error, Hello, Welcome
from cardtable.protocol.versions import PROTOCOL_VERSION, carries

#: A side's role is the sender it plays.
Role = Sender


#: The first bytes a client keeps to tell another protocol's server (`foreign_protocol`).
OPENING_SIZE = 8


class State(Enum):
    HANDSHAKE = "handshake"
    OPEN = "open"
    CLOSED = "closed"


@dataclass(frozen=True)
class Rejected:
    """A frame that arrived whole but holds no valid message: report ``error`` to the peer."""

    error: Error


class Connection:
    """One side of a cardtable connection."""

    def __init__(
        self,
        role: Role,
        *,
        receive_limit: int | None = None,
        send_limit: int | None = None,
        check_outgoing: bool = True,
        compress_above: int | None = None,
    ) -> None:
        self.role = role
        self.peer = Sender.SERVER if role is Sender.CLIENT else Sender.CLIENT
        client_limit, server_limit = CLIENT_FRAME_LIMIT, SERVER_FRAME_LIMIT
        if role is Sender.CLIENT:
            own, theirs = client_limit, server_limit
        else:
            own, theirs = server_limit, client_limit
        self.send_limit = send_limit if send_limit is not None else own
        self.receive_limit = receive_limit if receive_limit is not None else theirs
        self.check_outgoing = check_outgoing
        #: Payloads longer than this go compressed (see `cardtable.protocol.framing`); None:
        #: never. The server compresses above `COMPRESS_ABOVE`; the reference client never.
        self.compress_above = (
            compress_above
            if compress_above is not None
            else (COMPRESS_ABOVE if role is Sender.SERVER else None)
        )
        self.state = State.HANDSHAKE
        #: The protocol version spoken: the `welcome`'s, once it has passed (see
        #: `cardtable.protocol.versions`); what is sent is in its form.
        self.version = PROTOCOL_VERSION
        self._decoder = FrameDecoder(self.receive_limit)
        #: The stream's first bytes, while they may still tell another protocol (client only).
        self._opening: bytes | None = b"" if role is Sender.CLIENT else None
        self._hello_sent = False
        self._hello_received = False
        #: What the peer sends once to open the connection.
        self._peer_greeting = "hello" if self.peer is Sender.CLIENT else "welcome"

    # -- outgoing -------------------------------------------------------------------------------

    def send(self, message: Message) -> bytes:
        """The bytes that carry `message`; `LocalProtocolError` if it may not be sent now."""
        if self.state is State.CLOSED and not isinstance(message, Error):
            raise LocalProtocolError(
                ErrorCode.BAD_MESSAGE, "The connection is closed; only a last 'error' may go."
            )
        if message.sender is not self.role:
            raise LocalProtocolError(
                ErrorCode.UNKNOWN_TYPE, f"A {self.role} does not send '{message.type}'."
            )
        self._check_handshake_send(message)
        if not carries(self.version, message.type):
            raise LocalProtocolError(
                ErrorCode.UNKNOWN_TYPE, f"Protocol {self.version} has no '{message.type}'."
            )
        if self.check_outgoing:
            try:
                check_message(message)
            except MessageError as error:
                raise LocalProtocolError(error.code, error.message) from None
        try:
            data = encode_frame(
                message.packed_for(self.version), self.send_limit, self.compress_above
            )
        except ProtocolError as error:
            raise LocalProtocolError(error.code, error.message) from None
        if isinstance(message, Welcome):
            self.state = State.OPEN
            self.version = message.version
        elif isinstance(message, Hello):
            self._hello_sent = True
        elif isinstance(message, Error) and message.fatal:
            self.state = State.CLOSED
        return data

    def _check_handshake_send(self, message: Message) -> None:
        if self.state is State.CLOSED:
            return
        if self.state is State.OPEN:
            if isinstance(message, Hello | Welcome):
                raise LocalProtocolError(ErrorCode.BAD_MESSAGE, "The handshake is already done.")
            return
        if self.role is Sender.CLIENT:
            if not isinstance(message, Hello) or self._hello_sent:
                raise LocalProtocolError(
                    ErrorCode.HANDSHAKE_REQUIRED, "A client sends 'hello' once, first of all."
                )
        elif not isinstance(message, Welcome | Error) or (
            isinstance(message, Welcome) and not self._hello_received
        ):
            raise LocalProtocolError(
                ErrorCode.HANDSHAKE_REQUIRED, "A server answers 'hello' before anything else."
            )

    # -- incoming -------------------------------------------------------------------------------

    def receive_data(self, data: bytes | bytearray) -> list[Message | Rejected]:
        """Messages (or rejections) carried by `data`; ``b""`` means the peer closed.

        Raises `RemoteProtocolError` (and closes) when the stream can no longer be trusted.
        """
        if self.state is State.CLOSED:
            return []
        if not data:
            pending = self._decoder.pending
            self.state = State.CLOSED
            if pending:
                raise RemoteProtocolError(
                    ErrorCode.BAD_FRAME, f"The connection closed {pending} bytes into a frame."
                )
            return []
        if self._opening is not None:
            self._opening = (self._opening + bytes(data[:OPENING_SIZE]))[:OPENING_SIZE]
        try:
            payloads = self._decoder.feed(data)
        except ProtocolError as error:
            self.state = State.CLOSED
            speaks = foreign_protocol(self._opening) if self._opening is not None else None
            if speaks is not None:
                raise NotCardtable(speaks) from None
            raise RemoteProtocolError(error.code, error.message) from None
        if payloads:
            self._opening = None  # a whole frame came: this is a cardtable stream
        items: list[Message | Rejected] = []
        for payload in payloads:
            items.append(self._receive_payload(payload))
            if self._closed():
                break
        return items

    def _closed(self) -> bool:
        return self.state is State.CLOSED

    def _receive_payload(self, payload: bytes) -> Message | Rejected:
        try:
            body = unpack(payload)
        except ProtocolError as error:
            return self._reject(error.code, error.message, None)
        if self.state is State.OPEN and _is_type(body, self._peer_greeting):
            # Refused for coming again, before its fields are read: a bad name in a second
            # hello is not the fatal `bad_name` of a first one.
            return Rejected(
                Error(
                    code=ErrorCode.BAD_MESSAGE,
                    message="The handshake is already done.",
                    rid=rid_of(body),
                )
            )
        try:
            message = decode_message(body, self.peer)
        except ProtocolError as error:
            return self._reject(error.code, error.message, None)
        except MessageError as error:
            return self._reject(error.code, error.message, error.rid)
        rejected = self._check_handshake_receive(message)
        if rejected is not None:
            return rejected
        if not carries(self.version, message.type):
            return self._reject(
                ErrorCode.UNKNOWN_TYPE,
                f"'{message.type}' is not a message of protocol {self.version}.",
                message.rid,
            )
        if isinstance(message, Welcome):
            self.state = State.OPEN
            self.version = message.version
        elif isinstance(message, Error) and message.fatal:
            self.state = State.CLOSED
        return message

    def _reject(self, code: ErrorCode, text: str, rid: int | None) -> Rejected:
        if self.state is State.HANDSHAKE:
            # Nothing sensible follows a bad handshake: close.
            self.state = State.CLOSED
            if code is ErrorCode.BAD_MESSAGE or code is ErrorCode.UNKNOWN_TYPE:
                code = ErrorCode.HANDSHAKE_REQUIRED
            raise RemoteProtocolError(code, text)
        return Rejected(Error(code=code, message=text, rid=rid))

    def _check_handshake_receive(self, message: Message) -> Rejected | None:
        if self.state is State.OPEN:
            if isinstance(message, Hello | Welcome):
                return Rejected(
                    Error(
                        code=ErrorCode.BAD_MESSAGE,
                        message="The handshake is already done.",
                        rid=message.rid,
                    )
                )
            return None
        expected = (Welcome, Error) if self.role is Sender.CLIENT else (Hello,)
        if not isinstance(message, expected):
            self.state = State.CLOSED
            first = "'welcome'" if self.role is Sender.CLIENT else "'hello'"
            raise RemoteProtocolError(
                ErrorCode.HANDSHAKE_REQUIRED,
                f"The first message must be {first}, not '{message.type}'.",
            )
        if self.role is Sender.CLIENT and isinstance(message, Welcome) and not self._hello_sent:
            self.state = State.CLOSED
            raise RemoteProtocolError(
                ErrorCode.HANDSHAKE_REQUIRED, "A 'welcome' came before this side sent 'hello'."
            )
        if self.role is Sender.SERVER and self._hello_received:
            self.state = State.CLOSED
            raise RemoteProtocolError(
                ErrorCode.HANDSHAKE_REQUIRED, "Send one 'hello', then wait for 'welcome'."
            )
        self._hello_received = True
        return None


def _is_type(body: object, type_name: str) -> TypeGuard[Mapping[Any, Any]]:
    """Whether `body` is a map of the type `type_name`."""
    return isinstance(body, Mapping) and body.get("type") == type_name
