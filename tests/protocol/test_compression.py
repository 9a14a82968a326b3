"""Large payloads go compressed, and a compressed frame is checked as strictly as any."""

from __future__ import annotations

import zlib

import pytest

from cardtable.protocol import Connection, Sender
from cardtable.protocol.errors import ErrorCode, ProtocolError
from cardtable.protocol.framing import (
    COMPRESS_ABOVE,
    COMPRESSED,
    HEADER,
    FrameDecoder,
    encode_frame,
    pack,
)

#: A payload over the threshold that compresses well, as a view full of card faces does.
LARGE = pack({"hand": [{"cid": i, "name": "Brownie Banner", "short": "BB"} for i in range(40)]})


def test_a_large_payload_goes_compressed_and_decodes_to_itself() -> None:
    frame = encode_frame(LARGE, 1 << 20, COMPRESS_ABOVE)
    (word,) = HEADER.unpack_from(frame)
    assert word & COMPRESSED and (word & ~COMPRESSED) == len(frame) - HEADER.size < len(LARGE)
    decoder = FrameDecoder(1 << 20)
    assert decoder.feed(frame) == [LARGE]
    assert decoder.wire_sizes == [len(frame) - HEADER.size]


def test_a_small_payload_or_one_that_does_not_shrink_goes_as_it_is() -> None:
    small = pack({"type": "pong"})
    assert encode_frame(small, 1 << 20, COMPRESS_ABOVE) == HEADER.pack(len(small)) + small
    noise = pack(bytes(range(256)) * 8)  # msgpack bin of bytes that do not compress much
    random_bytes = zlib.compress(noise, 9)
    payload = pack(random_bytes)
    frame = encode_frame(payload, 1 << 20, 16)
    (word,) = HEADER.unpack_from(frame)
    assert not word & COMPRESSED and frame[HEADER.size :] == payload


def test_the_server_compresses_and_the_reference_client_does_not() -> None:
    assert Connection(Sender.SERVER).compress_above == COMPRESS_ABOVE
    assert Connection(Sender.CLIENT).compress_above is None


def test_frames_split_anywhere_still_decode() -> None:
    stream = encode_frame(LARGE, 1 << 20, COMPRESS_ABOVE) + encode_frame(b"\xc0", 1 << 20)
    decoder = FrameDecoder(1 << 20)
    got: list[bytes] = []
    for index in range(len(stream)):
        got += decoder.feed(stream[index : index + 1])
    assert got == [LARGE, b"\xc0"]


def compressed(data: bytes) -> bytes:
    return HEADER.pack(len(data) | COMPRESSED) + data


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"not zlib at all", ErrorCode.BAD_FRAME),
        (zlib.compress(LARGE)[:-6], ErrorCode.BAD_FRAME),  # cut short
        (zlib.compress(LARGE) + b"more", ErrorCode.BAD_FRAME),  # something after the stream
        (zlib.compress(b"\x00" * 200_000), ErrorCode.FRAME_TOO_LARGE),  # a bomb: 200 KB from 200 B
    ],
)
def test_a_bad_compressed_frame_is_refused_saying_why(data: bytes, code: ErrorCode) -> None:
    with pytest.raises(ProtocolError) as refused:
        FrameDecoder(64 * 1024).feed(compressed(data))
    assert refused.value.code == code
