"""Frames: a 4-byte big-endian length, then that many bytes of msgpack.

`encode_frame` packs one value; `FrameDecoder` collects bytes as they arrive and yields whole
payloads, refusing any frame longer than its limit before reading it.
"""

from __future__ import annotations

import struct
import threading
from typing import Any

import msgpack

from cardtable.protocol.errors import ErrorCode, ProtocolError

HEADER = struct.Struct(">I")
#: The largest frame a server accepts from a client by default.
CLIENT_FRAME_LIMIT = 64 * 1024
#: The largest frame a client accepts from a server by default.
SERVER_FRAME_LIMIT = 8 * 1024 * 1024


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


def encode_frame(payload: bytes, limit: int) -> bytes:
    if len(payload) > limit:
        raise ProtocolError(
            ErrorCode.FRAME_TOO_LARGE, f"A frame of {len(payload)} bytes exceeds {limit}."
        )
    return HEADER.pack(len(payload)) + payload


class FrameDecoder:
    """Splits a byte stream into frame payloads, at most `limit` bytes each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buffer = bytearray()

    @property
    def pending(self) -> int:
        """Bytes received but not yet part of a whole frame."""
        return len(self._buffer)

    def feed(self, data: bytes | bytearray) -> list[bytes]:
        """Add bytes; return every payload now complete. Raises `ProtocolError` on a frame
        longer than the limit (the stream cannot be trusted after that)."""
        self._buffer += data
        payloads = []
        while len(self._buffer) >= HEADER.size:
            (length,) = HEADER.unpack_from(self._buffer)
            if length > self.limit:
                raise ProtocolError(
                    ErrorCode.FRAME_TOO_LARGE,
                    f"A frame of {length} bytes exceeds the limit of {self.limit} bytes.",
                )
            end = HEADER.size + length
            if len(self._buffer) < end:
                break
            payloads.append(bytes(self._buffer[HEADER.size : end]))
            del self._buffer[:end]
        return payloads
