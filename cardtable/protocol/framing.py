"""Frames: a 4-byte big-endian length, then that many bytes of msgpack.

`encode_frame` packs one value; `FrameDecoder` collects bytes as they arrive and yields whole
payloads, refusing any frame longer than its limit before reading it. A frame may be
compressed: the length word's top bit (`COMPRESSED`) set says its bytes are a zlib stream of
the payload (the server compresses payloads over `COMPRESS_ABOVE` bytes, where that makes them
smaller). The limit holds for the payload as decompressed.
"""

from __future__ import annotations

import struct
import threading
import zlib
from typing import Any

import msgpack

from cardtable.protocol.errors import ErrorCode, ProtocolError

HEADER = struct.Struct(">I")
#: The length word's flag for a compressed frame (its other 31 bits are the bytes that follow).
COMPRESSED = 0x8000_0000
#: Payloads longer than this are sent compressed by the server (`Connection.compress_above`).
COMPRESS_ABOVE = 1024
#: zlib's level for compressed frames (its default: a few tens of µs for a few KB).
COMPRESSION_LEVEL = 6
#: The largest frame a server accepts from a client by default.
CLIENT_FRAME_LIMIT = 64 * 1024
#: The largest frame a client accepts from a server by default.
SERVER_FRAME_LIMIT = 8 * 1024 * 1024


#: How other servers' first bytes begin, and what such a server is, in words. Read as a length
#: word, each is far over any frame limit, so a valid cardtable stream never starts this way.
FOREIGN_OPENINGS = (
    (b"HTTP", "a web server (HTTP)"),
    (b"\x16\x03", "a secure server (TLS)"),
    (b"\x15\x03", "a secure server (TLS)"),
    (b"SSH-", "an SSH server"),
)


def foreign_protocol(opening: bytes) -> str | None:
    """What a server whose stream begins with `opening` is, if it is a kind we know of and
    not cardtable; None otherwise."""
    for start, speaks in FOREIGN_OPENINGS:
        if opening.startswith(start):
            return speaks
    return None


class _Packers(threading.local):
    """A msgpack packer for each thread (making one for every value costs more than packing
    a small one)."""

    def __init__(self) -> None:
        self.packer = msgpack.Packer(use_bin_type=True, autoreset=True)


_PACKERS = _Packers()


def pack(value: Any) -> bytes:
    return _PACKERS.packer.pack(value)  # type: ignore[no-any-return]


def _refuse_extension(code: int, data: bytes) -> Any:
    raise ValueError(f"extension type {code} is not part of the protocol")


def unpack(payload: bytes) -> Any:
    """Decode one msgpack value, or raise `ProtocolError(BAD_FRAME)` saying why not."""
    try:
        return msgpack.unpackb(
            payload, raw=False, strict_map_key=False, use_list=True, ext_hook=_refuse_extension
        )
    except Exception as error:  # msgpack raises many kinds; each means "not msgpack"
        detail = str(error) or type(error).__name__
        raise ProtocolError(
            ErrorCode.BAD_FRAME, f"A frame is not one valid msgpack value ({detail})."
        ) from None


def encode_frame(payload: bytes, limit: int, compress_above: int | None = None) -> bytes:
    """`payload` framed; compressed when it is longer than `compress_above` (if given) and
    compressing makes it smaller."""
    if len(payload) > limit:
        raise ProtocolError(
            ErrorCode.FRAME_TOO_LARGE, f"A frame of {len(payload)} bytes exceeds {limit}."
        )
    if compress_above is not None and len(payload) > compress_above:
        packed = zlib.compress(payload, COMPRESSION_LEVEL)
        if len(packed) < len(payload):
            return HEADER.pack(len(packed) | COMPRESSED) + packed
    return HEADER.pack(len(payload)) + payload


def _inflate(data: bytes, limit: int) -> bytes:
    """A compressed frame's payload, or `ProtocolError` if it is not one zlib stream of at
    most `limit` bytes."""
    inflater = zlib.decompressobj()
    try:
        payload = inflater.decompress(data, limit + 1)
    except zlib.error as error:
        raise ProtocolError(
            ErrorCode.BAD_FRAME, f"A compressed frame is not a zlib stream ({error})."
        ) from None
    if len(payload) > limit:
        raise ProtocolError(
            ErrorCode.FRAME_TOO_LARGE,
            f"A compressed frame holds more than the limit of {limit} bytes.",
        )
    if not inflater.eof or inflater.unused_data:
        raise ProtocolError(
            ErrorCode.BAD_FRAME, "A compressed frame is not exactly one whole zlib stream."
        )
    return payload


class FrameDecoder:
    """Splits a byte stream into frame payloads, at most `limit` bytes each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buffer = bytearray()
        #: The bytes each payload of the last `feed` took on the wire (header not counted).
        self.wire_sizes: list[int] = []

    @property
    def pending(self) -> int:
        """Bytes received but not yet part of a whole frame."""
        return len(self._buffer)

    def feed(self, data: bytes | bytearray) -> list[bytes]:
        """Add bytes; return every payload now complete. Raises `ProtocolError` on a frame
        longer than the limit (the stream cannot be trusted after that)."""
        self._buffer += data
        payloads = []
        self.wire_sizes = []
        while len(self._buffer) >= HEADER.size:
            (word,) = HEADER.unpack_from(self._buffer)
            length = word & ~COMPRESSED
            if length > self.limit:
                kind = "compressed frame" if word & COMPRESSED else "frame"
                raise ProtocolError(
                    ErrorCode.FRAME_TOO_LARGE,
                    f"A {kind} of {length} bytes exceeds the limit of {self.limit} bytes.",
                )
            end = HEADER.size + length
            if len(self._buffer) < end:
                break
            payload = bytes(self._buffer[HEADER.size : end])
            del self._buffer[:end]
            payloads.append(_inflate(payload, self.limit) if word & COMPRESSED else payload)
            self.wire_sizes.append(length)
        return payloads
