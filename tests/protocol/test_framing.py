"""Frames: the 4-byte length header, the decoder's buffering and limit, and msgpack packing."""

from __future__ import annotations

import msgpack
import pytest

from cardtable.protocol import ErrorCode, ProtocolError
from cardtable.protocol.framing import (
    CLIENT_FRAME_LIMIT,
    HEADER,
    SERVER_FRAME_LIMIT,
    FrameDecoder,
    encode_frame,
    pack,
    unpack,
)


def test_limits_are_the_documented_sizes() -> None:
    assert CLIENT_FRAME_LIMIT == 64 * 1024
    assert SERVER_FRAME_LIMIT == 8 * 1024 * 1024
    assert HEADER.size == 4


def test_header_is_four_bytes_big_endian_length() -> None:
    assert encode_frame(b"abc", 10) == b"\x00\x00\x00\x03abc"
    assert encode_frame(b"", 10) == b"\x00\x00\x00\x00"
    assert encode_frame(b"x" * 258, 1000)[:4] == b"\x00\x00\x01\x02"


def test_encode_allows_exactly_the_limit_and_refuses_one_more() -> None:
    assert len(encode_frame(b"x" * 16, 16)) == 20
    with pytest.raises(ProtocolError) as caught:
        encode_frame(b"x" * 17, 16)
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE
    assert caught.value.fatal


def test_decoder_returns_whole_payloads_only() -> None:
    decoder = FrameDecoder(100)
    data = encode_frame(b"hello", 100)
    assert decoder.feed(data[:2]) == []
    assert decoder.pending == 2
    assert decoder.feed(data[2:6]) == []
    assert decoder.pending == 6
    assert decoder.feed(data[6:]) == [b"hello"]
    assert decoder.pending == 0


def test_decoder_byte_by_byte() -> None:
    payloads = [b"one", b"", b"three" * 20, b"\x00\x00\x00\x04"]
    stream = b"".join(encode_frame(payload, 1000) for payload in payloads)
    decoder = FrameDecoder(1000)
    got: list[bytes] = []
    for index in range(len(stream)):
        got += decoder.feed(stream[index : index + 1])
    assert got == payloads
    assert decoder.pending == 0


def test_decoder_splits_many_frames_in_one_chunk_and_keeps_the_rest() -> None:
    decoder = FrameDecoder(1000)
    tail = encode_frame(b"tail", 1000)
    stream = encode_frame(b"a", 1000) + encode_frame(b"bb", 1000) + tail[:5]
    assert decoder.feed(stream) == [b"a", b"bb"]
    assert decoder.pending == 5
    assert decoder.feed(tail[5:]) == [b"tail"]


def test_decoder_empty_feed_is_harmless() -> None:
    decoder = FrameDecoder(10)
    assert decoder.feed(b"") == []
    assert decoder.pending == 0


def test_decoder_accepts_a_header_of_exactly_the_limit() -> None:
    decoder = FrameDecoder(8)
    assert decoder.feed(HEADER.pack(8)) == []
    assert decoder.feed(b"12345678") == [b"12345678"]


def test_decoder_refuses_an_oversized_header_before_the_body() -> None:
    decoder = FrameDecoder(8)
    header = HEADER.pack(9)
    assert decoder.feed(header[:3]) == []
    with pytest.raises(ProtocolError) as caught:
        decoder.feed(header[3:])
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE
    assert "9" in caught.value.message


def test_decoder_refuses_a_huge_header_after_good_frames() -> None:
    decoder = FrameDecoder(100)
    with pytest.raises(ProtocolError) as caught:
        decoder.feed(encode_frame(b"ok", 100) + HEADER.pack(2**32 - 1))
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        0,
        -1,
        2**63 - 1,
        -(2**63),
        2**64 - 1,
        1.5,
        "",
        "ünïcødé ☘",
        b"\x00\xff",
        [],
        [1, [2, [3]]],
        {"type": "ping", "rid": 3},
        {1: "int keys survive"},
    ],
)
def test_pack_unpack_round_trip(value: object) -> None:
    assert unpack(pack(value)) == value


def test_pack_uses_bin_for_bytes_and_str_for_text() -> None:
    assert pack(b"ab") == b"\xc4\x02ab"
    assert pack("ab") == b"\xa2ab"
    assert type(unpack(pack(b"ab"))) is bytes
    assert type(unpack(pack("ab"))) is str


def test_tuples_come_back_as_lists() -> None:
    assert unpack(pack((1, (2, 3)))) == [1, [2, 3]]


@pytest.mark.parametrize(
    ("payload", "why"),
    [
        (b"", "empty"),
        (b"\xc1", "the one byte msgpack never uses"),
        (b"\x92\x01", "an array cut short"),
        (b"\x01\x02", "two values, not one"),
        (b"\xa2\xff\xfe", "a str that is not UTF-8"),
        (b"\x81\x91\x01\x02", "an array as a map key"),
        (b"\x81\x80\x02", "a map as a map key"),
        (pack(msgpack.ExtType(5, b"zz")), "an extension type"),
        (b"\x91" * 2000 + b"\x01", "nesting deeper than msgpack allows"),
    ],
)
def test_unpack_refuses_what_is_not_one_plain_msgpack_value(payload: bytes, why: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        unpack(payload)
    assert caught.value.code is ErrorCode.BAD_FRAME, why
    assert not caught.value.fatal
    assert caught.value.message.startswith("A frame is not one valid msgpack value (")
