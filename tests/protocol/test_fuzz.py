"""Property tests: whatever a peer sends, a connection answers with messages, rejections or a
`RemoteProtocolError`, never anything else, and every rejection is fit to send back.

Besides random bytes and maps, valid frames of every message are *mutated* the ways a careless or
hostile peer would change them (`mutate_body`, `mutate_bytes`, `fuzz_stream`); the live-server
fuzz test (tests/server/test_fuzz_live.py) sends the same mutations over TCP.
"""

from __future__ import annotations

import copy
import random
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from hypothesis import example, given, note, settings
from hypothesis import strategies as st

from cardtable.protocol import (
    FATAL_CODES,
    MESSAGES,
    Chat,
    Connection,
    Error,
    ErrorCode,
    Hello,
    Message,
    Ping,
    Pong,
    Rejected,
    RemoteProtocolError,
    Role,
    Sender,
    State,
)
from cardtable.protocol.fields import control_character
from cardtable.protocol.framing import (
    CLIENT_FRAME_LIMIT,
    COMPRESSED,
    HEADER,
    SERVER_FRAME_LIMIT,
    pack,
)
from cardtable.protocol.messages import check_message
from tests.protocol.support import (
    CLIENT_MESSAGES,
    HELLO,
    SERVER_MESSAGES,
    WELCOME,
    assert_still_works,
    frame,
    open_pair,
    raw_frame,
)

FUZZ = settings(max_examples=200, deadline=None)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.binary(max_size=4),
)
plain = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.one_of(st.text(max_size=6), st.integers(-5, 5)), inner, max_size=3),
    ),
    max_leaves=6,
)

#: Every message class by its type name, whoever sends it.
CLASSES = {name: cls for registry in MESSAGES.values() for name, cls in registry.items()}
#: Shallow values: cheap to draw, and often of the right kind for a real field.
shallow = st.one_of(
    scalars,
    st.lists(scalars, max_size=3),
    st.dictionaries(st.text(max_size=4), scalars, max_size=3),
)


#: Values known to be good for each (type, field), taken from the sample messages.
GOOD_VALUES: dict[tuple[str, str], list[Any]] = {}
for sample in [HELLO, WELCOME, *CLIENT_MESSAGES, *SERVER_MESSAGES]:
    for key, value in sample.to_wire().items():
        GOOD_VALUES.setdefault((sample.type, key), []).append(value)


@st.composite
def message_like(draw: st.DrawFn) -> Any:
    """A map that looks like a message: usually a real type with some of its own fields, values
    of any kind, sometimes a stray field, a bad type or a bad rid."""
    kind = draw(st.sampled_from(sorted(CLASSES)) if draw(st.integers(0, 9)) else scalars)
    body: dict[Any, Any] = {}
    if draw(st.integers(0, 9)):
        body["type"] = kind
    cls = CLASSES.get(kind) if isinstance(kind, str) else None
    names = [item.name for item in fields(cls) if item.name != "rid"] if cls else []
    for name in names:
        if draw(st.integers(0, 4)):
            good = GOOD_VALUES.get((kind, name), [])
            use_good: bool = draw(st.booleans())
            values: st.SearchStrategy[Any] = st.sampled_from(good) if good and use_good else shallow
            body[name] = draw(values)
    if not draw(st.integers(0, 9)):
        body[draw(st.one_of(st.text(max_size=5), st.integers(-2, 2)))] = draw(shallow)
    if draw(st.booleans()):
        body["rid"] = draw(st.integers(-2, 2**31) if draw(st.booleans()) else scalars)
    return body


def valid_rid(body: Any) -> int | None:
    if not isinstance(body, Mapping):
        return None
    rid = body.get("rid")
    if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid < 2**31:
        return rid
    return None


def check_item(item: Message | Rejected, sender: Sender) -> None:
    if isinstance(item, Rejected):
        assert item.error.code in set(ErrorCode)
        # The connection carries on after a rejection, so its code is never one of those that
        # promise the connection closes.
        assert not item.error.fatal
        assert item.error.code not in FATAL_CODES, item.error
        check_message(item.error)  # a rejection can always be sent back as it is
    else:
        assert isinstance(item, Message)
        assert item.sender is sender


@FUZZ
@given(chunks=st.lists(st.binary(min_size=1, max_size=64), max_size=8))
def test_random_bytes_raise_nothing_but_remote_protocol_errors(chunks: list[bytes]) -> None:
    _client, server = open_pair()
    try:
        for chunk in chunks:
            for item in server.receive_data(chunk):
                check_item(item, Sender.CLIENT)
    except RemoteProtocolError as error:
        assert error.code in {ErrorCode.FRAME_TOO_LARGE, ErrorCode.BAD_FRAME}
        assert server.state is State.CLOSED


@FUZZ
@given(payloads=st.lists(st.binary(max_size=64), min_size=1, max_size=5))
def test_random_payloads_in_frames_never_raise(payloads: list[bytes]) -> None:
    client, server = open_pair()
    items = server.receive_data(b"".join(raw_frame(payload) for payload in payloads))
    assert len(items) == len(payloads)
    for item in items:
        check_item(item, Sender.CLIENT)
    assert_still_works(client, server)


@FUZZ
@given(body=st.one_of(plain, message_like()))
def test_random_maps_in_frames_give_a_message_or_rejection(body: Any) -> None:
    client, server = open_pair()
    (item,) = server.receive_data(frame(body) + frame(Ping(rid=1).to_wire()))[:-1]
    check_taken_as_sent_or_rejected(item, body)
    assert_still_works(client, server)


def check_taken_as_sent_or_rejected(item: Message | Rejected, body: Any) -> None:
    """A client's `body` became `item`: a rejection answering its rid, or a message holding
    exactly what was sent (compared packed, for NaN's sake)."""
    check_item(item, Sender.CLIENT)
    if isinstance(item, Rejected):
        assert item.error.rid == valid_rid(body)
    else:
        assert all(pack(getattr(item, key)) == pack(value) for key, value in body.items())


@FUZZ
@given(body=message_like())
def test_a_client_survives_random_maps_from_its_server(body: Any) -> None:
    client, server = open_pair()
    items = client.receive_data(frame(body) + frame(Pong(rid=1).to_wire()))
    for item in items:
        check_item(item, Sender.SERVER)
    if isinstance(items[0], Error) and items[0].fatal:
        # A well-formed fatal error closes the client and drops what follows it.
        assert items == [items[0]]
        assert client.state is State.CLOSED
    else:
        assert items[1:] == [Pong(rid=1)]
        assert_still_works(client, server)


@FUZZ
@given(text=st.text(max_size=520), rid=st.integers(0, 2**31 - 1))
def test_chat_text_is_accepted_exactly_when_it_is_safe(text: str, rid: int) -> None:
    _client, server = open_pair()
    data = frame({"type": "chat", "text": text, "rid": rid})
    (item,) = server.receive_data(data)
    if 1 <= len(text) <= 500 and control_character(text) is None:
        assert item == Chat(text=text, rid=rid)
    else:
        assert isinstance(item, Rejected)
        assert (item.error.code, item.error.rid) == (ErrorCode.BAD_TEXT, rid)


@FUZZ
@given(
    picks=st.lists(st.sampled_from(CLIENT_MESSAGES), min_size=1, max_size=6),
    cuts=st.lists(st.integers(1, 40), max_size=20),
)
def test_any_chunking_of_a_stream_gives_the_same_messages(
    picks: list[Message], cuts: list[int]
) -> None:
    client, server = open_pair()
    stream = b"".join(client.send(message) for message in picks)
    received: list[Any] = []
    start = 0
    for size in [*cuts, len(stream)]:
        chunk = stream[start : start + size]
        if chunk:
            received += server.receive_data(chunk)
        start += size
    assert received == picks


@FUZZ
@given(message=st.sampled_from(SERVER_MESSAGES), junk=plain)
def test_server_messages_with_a_stray_field_are_rejected(message: Message, junk: Any) -> None:
    client, server = open_pair()
    body = {**message.to_wire(), "stray": junk}
    error = client.receive_data(frame(body))
    assert len(error) == 1
    assert isinstance(error[0], Rejected)
    assert error[0].error.code == ErrorCode.BAD_MESSAGE
    assert error[0].error.rid == message.rid
    assert client.receive_data(pack(None)[:0] or server.send(message)) == [message]


# -- mutated frames -----------------------------------------------------------------------------
#
# A mutator takes a `random.Random` (a seeded one in the live test, hypothesis's own here, so a
# failing case shrinks and replays) and changes valid messages the way a careless or hostile
# peer would: at the level of values, of payload bytes, and of the framed stream.


def nested(depth: int, leaf: Any = None) -> Any:
    """`leaf` inside `depth` levels of maps and arrays, alternately."""
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"n": value}
    return value


#: Values that break most fields: the wrong kind, the edges of every range, odd floats, hostile
#: text, bytes, containers too deep, too long or keyed by anything but strings.
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    63,
    64,
    2**31 - 1,
    2**31,
    2**62 + 1,
    2**63 - 1,
    2**64 - 1,
    -(2**63),
    0.0,
    -0.0,
    1.5,
    3.0,
    float("nan"),
    float("inf"),
    float("-inf"),
    "",
    " ",
    "ping",
    "x" * 201,
    "x" * 501,
    "\x1b[2J",
    "two\nlines",
    "\u202eevil",
    "\x00",
    "🂡",
    b"",
    b"\x00\xff",
    [],
    [None],
    [[]],
    {},
    {"": None},
    {"type": "ping"},
    {1: 2},
    {b"key": 1},
    {None: 1},
    nested(12),
    nested(100),
    [0] * 300,
    {f"k{index}": index for index in range(250)},
]

#: Type names to swap in: every message's, near misses, and names that are not names at all.
TYPE_NAMES: list[Any] = [
    *sorted(CLASSES),
    "",
    "PING",
    "ping ",
    "Ping",
    "pin",
    "list-tables",
    "hello\x00",
    b"ping",
    None,
    7,
    ["ping"],
]

#: Keys a stray field may have.
EXTRA_KEYS: list[Any] = ["stray", "", "TYPE", "rid ", "Type", "types", 0, -1, 2**40, None, 1.5]
EXTRA_KEYS += [b"type"]

#: Characters that make text unsafe: controls, escapes, bidirectional and invisible formats.
UNSAFE_CHARACTERS = ["\x00", "\x1b", "\n", "\r", "\x7f", "\x85", "\u202e", "\u200b", "\ufeff"]


def _odd_value(rng: random.Random) -> Any:
    if rng.random() < 0.3:
        return copy.deepcopy(rng.choice(list(GOOD_VALUES.values()))[0])  # right kind, wrong place
    return copy.deepcopy(rng.choice(ODD_VALUES))


def _containers(value: Any) -> list[Any]:
    """Every map and array within `value`, `value` itself first."""
    found: list[Any] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            found.append(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            found.append(item)
            pending.extend(item)
    return found


def _slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) within `value`."""
    return [
        (place, key)
        for place in _containers(value)
        for key in (list(place) if isinstance(place, dict) else range(len(place)))
    ]


def _pick_slot(rng: random.Random, body: Any) -> tuple[Any, Any] | None:
    """A slot of `body`, most often one of its own fields."""
    slots = _slots(body)
    if not slots:
        return None
    top = [slot for slot in slots if slot[0] is body]
    return rng.choice(top if top and rng.random() < 0.6 else slots)


def _set_value(rng: random.Random, body: Any) -> Any:
    slot = _pick_slot(rng, body)
    if slot is None:
        return _odd_value(rng)
    place, key = slot
    if isinstance(place, dict) and rng.random() < 0.2:
        key = rng.choice(["type", "rid"])
    place[key] = _odd_value(rng)
    return body


def _nudge_number(rng: random.Random, body: Any) -> Any:
    numbers = [
        (place, key)
        for place, key in _slots(body)
        if type(place[key]) in (int, float)  # not bool
    ]
    if not numbers:
        return _set_value(rng, body)
    place, key = rng.choice(numbers)
    value = place[key]
    nudged = rng.choice([value + 1, value - 1, -value, value * 2**32, value + 0.5, float(value)])
    if isinstance(nudged, int) and not -(2**63) <= nudged < 2**64:
        nudged = 2**64 - 1
    place[key] = rng.choice([nudged, str(value), bool(value)]) if rng.random() < 0.2 else nudged
    return body


def _drop_field(rng: random.Random, body: Any) -> Any:
    maps = [place for place in _containers(body) if isinstance(place, dict) and place]
    if maps:
        place = maps[0] if rng.random() < 0.6 else rng.choice(maps)
        del place[rng.choice(list(place))]
    return body


def _add_field(rng: random.Random, body: Any) -> Any:
    maps = [place for place in _containers(body) if isinstance(place, dict)]
    if maps:
        place = maps[0] if rng.random() < 0.6 else rng.choice(maps)
        place[rng.choice(EXTRA_KEYS)] = _odd_value(rng)
    return body


def _swap_type(rng: random.Random, body: Any) -> Any:
    if isinstance(body, dict):
        body["type"] = copy.deepcopy(rng.choice(TYPE_NAMES))
    return body


def _deepen(rng: random.Random, body: Any) -> Any:
    slot = _pick_slot(rng, body)
    if slot is not None:
        place, key = slot
        place[key] = nested(rng.randint(1, 12), place[key])
    return body


def _grow(rng: random.Random, body: Any) -> Any:
    slot = _pick_slot(rng, body)
    if slot is None:
        return body
    place, key = slot
    value = place[key]
    if isinstance(value, str):
        place[key] = (value or "x") * rng.choice([2, 10, 100, 1000])
        place[key] = place[key][:5000]
    elif isinstance(value, list):
        value.extend(range(rng.randint(1, 600)))
    elif isinstance(value, dict):
        value.update({f"grown{index}": index for index in range(rng.randint(1, 300))})
    else:
        place[key] = [value] * rng.randint(2, 300)
    return body


def _spoil_text(rng: random.Random, body: Any) -> Any:
    texts = [(place, key) for place, key in _slots(body) if isinstance(place[key], str)]
    if not texts:
        return _set_value(rng, body)
    place, key = rng.choice(texts)
    text = place[key]
    at = rng.randint(0, len(text))
    place[key] = text[:at] + rng.choice(UNSAFE_CHARACTERS) + text[at:]
    return body


def _replace_body(rng: random.Random, body: Any) -> Any:
    choices: list[Any] = [[body], None, _odd_value(rng)]
    if isinstance(body, dict):
        choices += [list(body.values()), body.get("type")]
    return rng.choice(choices)


BODY_MUTATIONS: list[tuple[Callable[[random.Random, Any], Any], int]] = [
    (_set_value, 6),
    (_nudge_number, 3),
    (_drop_field, 3),
    (_add_field, 2),
    (_swap_type, 2),
    (_deepen, 2),
    (_grow, 1),
    (_spoil_text, 2),
    (_replace_body, 1),
]


def mutate_body(rng: random.Random, body: Any) -> Any:
    """A copy of `body` (a message's wire map) changed in one to three ways. It always packs."""
    body = copy.deepcopy(body)
    mutations = [mutation for mutation, _ in BODY_MUTATIONS]
    weights = [weight for _, weight in BODY_MUTATIONS]
    for _ in range(rng.randint(1, 3)):
        body = rng.choices(mutations, weights)[0](rng, body)
    return body


#: Bytes that mean something special to msgpack: type markers at the edges of their ranges,
#: extension types, the byte that is never used.
INTERESTING_BYTES = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3]
INTERESTING_BYTES += [0xC4, 0xC7, 0xCA, 0xCB, 0xCF, 0xD3, 0xD4, 0xD8, 0xD9, 0xDB, 0xDC, 0xDD]
INTERESTING_BYTES += [0xDE, 0xDF, 0xE0, 0xFF]

#: Msgpack fragments that claim too much or mean what the protocol forbids.
HOSTILE_FRAGMENTS = [
    b"\xdd\xff\xff\xff\xff",  # an array of 4 billion items
    b"\xdf\xff\xff\xff\xff",  # a map of 4 billion pairs
    b"\xdb\xff\xff\xff\xff",  # a string of 4 GiB
    b"\xc6\xff\xff\xff\xff",  # 4 GiB of bytes
    b"\xc9\x00\x00\x00\x01\x05\x00",  # an extension type
    b"\xd4\x01\x00",  # a small extension type
    b"\xd6\xff\x00\x00\x00\x01",  # a timestamp (msgpack's one built-in extension)
    b"\xa2\xff\xfe",  # a string that is not UTF-8
    b"\xc1",  # the byte msgpack never uses
    b"\xcb\x7f\xf8\x00\x00\x00\x00\x00\x01",  # a NaN with a payload
    b"\x81\x92\x01\x02\xc0",  # a map keyed by an array
    b"\x91" * 3000 + b"\xc0",  # arrays nested 3000 deep
    b"\x81\xa1k" * 1500 + b"\xc0",  # maps nested 1500 deep
]


def _random_bytes(rng: random.Random, count: int) -> bytes:
    return bytes(rng.getrandbits(8) for _ in range(count))


def _flip_bit(rng: random.Random, data: bytearray) -> None:
    if data:
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)


def _set_byte(rng: random.Random, data: bytearray) -> None:
    if data:
        new = rng.choice(INTERESTING_BYTES) if rng.random() < 0.7 else rng.getrandbits(8)
        data[rng.randrange(len(data))] = new


def _insert_bytes(rng: random.Random, data: bytearray) -> None:
    at = rng.randint(0, len(data))
    fragment = rng.choice(HOSTILE_FRAGMENTS) if rng.random() < 0.4 else None
    data[at:at] = fragment or _random_bytes(rng, rng.randint(1, 8))


def _delete_bytes(rng: random.Random, data: bytearray) -> None:
    if data:
        at = rng.randrange(len(data))
        del data[at : at + rng.randint(1, 8)]


def _duplicate_bytes(rng: random.Random, data: bytearray) -> None:
    if data:
        start = rng.randrange(len(data))
        piece = data[start : start + rng.randint(1, 16)]
        at = rng.randint(0, len(data))
        data[at:at] = piece


def _truncate(rng: random.Random, data: bytearray) -> None:
    del data[rng.randint(0, len(data)) :]


BYTE_MUTATIONS = [_flip_bit, _set_byte, _insert_bytes, _delete_bytes, _duplicate_bytes, _truncate]


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """`data` changed in one to four places: bits flipped, bytes set, inserted, deleted,
    duplicated, hostile msgpack spliced in, or the end cut off."""
    changed = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        rng.choice(BYTE_MUTATIONS)(rng, changed)
    return bytes(changed)


def _lying_length(rng: random.Random, length: int, limit: int) -> int:
    return rng.choice(
        [
            length + 1,
            max(length - 1, 0),
            length + rng.randint(2, 64),
            0,
            rng.randint(0, limit),
            limit,
            limit + 1,
            2**32 - 1,
        ]
    )


def fuzz_stream(rng: random.Random, bodies: list[Any], limit: int, framing: float = 0.08) -> bytes:
    """`bodies` packed and framed, then spoilt: some bodies mutated, some payloads' bytes, and
    with odds `framing` each, a frame's length header lying (over `limit` too), junk before a
    frame, and the stream's own bytes mutated."""
    stream = bytearray()
    for body in bodies:
        roll = rng.random()
        payload = pack(mutate_body(rng, body) if roll < 0.4 else body)
        if 0.4 <= roll < 0.65:
            payload = mutate_bytes(rng, payload)
        length = len(payload)
        if rng.random() < framing:
            length = _lying_length(rng, length, limit)
        if rng.random() < framing / 2:
            stream += _random_bytes(rng, rng.randint(1, 6))
        stream += HEADER.pack(length) + payload
    if rng.random() < framing:
        stream = bytearray(mutate_bytes(rng, bytes(stream)))
    return bytes(stream)


def whole_frames(stream: bytes, limit: int) -> tuple[int, int, ErrorCode | None]:
    """A model of the framing: how many whole frames `stream` holds, how many bytes are left
    over after them, and the framing error that stops it there, if any: a length over
    `limit`, or a compressed frame (`COMPRESSED` set) that is not one zlib stream of at most
    `limit` bytes."""
    count, start = 0, 0
    while len(stream) - start >= HEADER.size:
        (word,) = HEADER.unpack_from(stream, start)
        length = word & ~COMPRESSED
        if length > limit:
            return count, len(stream) - start, ErrorCode.FRAME_TOO_LARGE
        if len(stream) - start - HEADER.size < length:
            break
        if word & COMPRESSED:
            body = stream[start + HEADER.size : start + HEADER.size + length]
            inflater = zlib.decompressobj()
            try:
                inflated = inflater.decompress(body, limit + 1)
            except zlib.error:
                return count, len(stream) - start, ErrorCode.BAD_FRAME
            if len(inflated) > limit:
                return count, len(stream) - start, ErrorCode.FRAME_TOO_LARGE
            if not inflater.eof or inflater.unused_data:
                return count, len(stream) - start, ErrorCode.BAD_FRAME
        start += HEADER.size + length
        count += 1
    return count, len(stream) - start, None


def split_at_random(rng: random.Random, data: bytes, most: int = 8) -> list[bytes]:
    """`data` in up to `most` + 1 pieces, cut at random points."""
    if len(data) < 2:
        return [data] if data else []
    cuts = sorted({rng.randint(1, len(data) - 1) for _ in range(rng.randint(0, most))})
    return [data[start:end] for start, end in zip([0, *cuts], [*cuts, len(data)], strict=True)]


def check_fatal(connection: Connection, error: RemoteProtocolError) -> None:
    """After `error` the connection is closed, and can still tell the peer why."""
    assert connection.state is State.CLOSED
    assert error.code in set(ErrorCode)
    connection.send(Error(code=error.code, message=error.message, fatal=True))  # checked


randoms = st.randoms(use_true_random=False)
#: A request of every kind, the hello among them (after the handshake it is refused).
REQUESTS = [HELLO, *CLIENT_MESSAGES]


@FUZZ
@given(message=st.sampled_from(REQUESTS), rng=randoms)
@example(message=HELLO, rng=random.Random(67))  # a second hello whose name is not safe text
def test_mutated_messages_are_taken_as_sent_or_rejected_and_the_connection_carries_on(
    message: Message, rng: random.Random
) -> None:
    client, server = open_pair()
    body = mutate_body(rng, message.to_wire())
    note(f"mutated body: {body!r}")
    items = server.receive_data(frame(body) + frame(Ping(rid=1).to_wire()))
    assert len(items) == 2 and items[1] == Ping(rid=1), items
    check_taken_as_sent_or_rejected(items[0], body)
    assert_still_works(client, server)


@FUZZ
@given(message=st.sampled_from(REQUESTS), rng=randoms)
def test_mutated_payloads_in_whole_frames_are_rejected_or_taken_and_the_connection_carries_on(
    message: Message, rng: random.Random
) -> None:
    client, server = open_pair()
    payload = mutate_bytes(rng, pack(message.to_wire()))
    note(f"mutated payload: {payload!r}")
    items = server.receive_data(raw_frame(payload) + frame(Ping(rid=1).to_wire()))
    assert len(items) == 2 and items[1] == Ping(rid=1), items
    check_item(items[0], Sender.CLIENT)
    assert_still_works(client, server)


@dataclass(frozen=True)
class Fed:
    """What a connection made of a mutated stream fed to it in random pieces, beside the
    framing model's count of the stream (`whole_frames`)."""

    items: list[Message | Rejected]
    error: RemoteProtocolError | None
    frames: int
    left_over: int
    #: The framing error the model says stops the stream (`whole_frames`), if any.
    stop: ErrorCode | None


def feed_mutated(rng: random.Random, connection: Connection, bodies: list[Any], limit: int) -> Fed:
    """Spoil `bodies` into a stream (`fuzz_stream`) and feed it to `connection` in random
    pieces, up to the end or the first `RemoteProtocolError`."""
    stream = fuzz_stream(rng, bodies, limit)
    note(f"mutated stream: {stream!r}")
    frames, left_over, stop = whole_frames(stream, limit)
    items: list[Message | Rejected] = []
    error = None
    try:
        for chunk in split_at_random(rng, stream):
            items += connection.receive_data(chunk)
    except RemoteProtocolError as raised:
        error = raised
    return Fed(items, error, frames, left_over, stop)


@FUZZ
@given(picks=st.lists(st.sampled_from(REQUESTS), min_size=1, max_size=5), rng=randoms)
def test_mutated_streams_give_one_item_per_whole_frame_or_a_fatal_framing_error(
    picks: list[Message], rng: random.Random
) -> None:
    client, server = open_pair()
    fed = feed_mutated(rng, server, [message.to_wire() for message in picks], CLIENT_FRAME_LIMIT)
    if fed.error is not None:
        assert fed.stop is not None and fed.error.code is fed.stop, fed.error
        assert len(fed.items) <= fed.frames
        check_fatal(server, fed.error)
        return
    assert fed.stop is None
    assert len(fed.items) == fed.frames
    for item in fed.items:
        check_item(item, Sender.CLIENT)
    if fed.left_over:
        # Part of a frame is pending: the peer hanging up now breaks the stream.
        try:
            server.receive_data(b"")
        except RemoteProtocolError as error:
            assert error.code is ErrorCode.BAD_FRAME
            check_fatal(server, error)
        else:
            raise AssertionError("hanging up inside a frame was not an error")
    else:
        assert_still_works(client, server)
        assert server.receive_data(b"") == []


#: Why a server may refuse a handshake (each fatal, whatever its usual standing).
HANDSHAKE_CODES = {
    ErrorCode.HANDSHAKE_REQUIRED,
    ErrorCode.BAD_FRAME,
    ErrorCode.BAD_NAME,
    ErrorCode.FRAME_TOO_LARGE,
}


@FUZZ
@given(rest=st.lists(st.sampled_from(REQUESTS), max_size=3), rng=randoms)
def test_mutated_handshakes_give_the_hello_or_a_fatal_error_fit_to_send(
    rest: list[Message], rng: random.Random
) -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    client.send(HELLO)
    bodies = [HELLO.to_wire(), *(message.to_wire() for message in rest)]
    fed = feed_mutated(rng, server, bodies, CLIENT_FRAME_LIMIT)
    if fed.error is not None:
        assert fed.error.code in HANDSHAKE_CODES, fed.error
        check_fatal(server, fed.error)
        return
    # Nothing but one hello gets through before the welcome.
    assert len(fed.items) == fed.frames <= 1
    assert all(isinstance(item, Hello) for item in fed.items)
    if fed.items and not fed.left_over:
        assert client.receive_data(server.send(WELCOME)) == [WELCOME]
        assert_still_works(client, server)


@FUZZ
@given(picks=st.lists(st.sampled_from(SERVER_MESSAGES), min_size=1, max_size=4), rng=randoms)
def test_a_client_survives_mutated_streams_from_its_server(
    picks: list[Message], rng: random.Random
) -> None:
    client, _server = open_pair()
    fed = feed_mutated(rng, client, [message.to_wire() for message in picks], SERVER_FRAME_LIMIT)
    if fed.error is not None:
        assert fed.stop is not None and fed.error.code is fed.stop, fed.error
        assert client.state is State.CLOSED
        return
    for item in fed.items:
        check_item(item, Sender.SERVER)
    if client.state is State.CLOSED:
        # Only a well-formed fatal error closes a client, and nothing after it is read.
        last = fed.items[-1]
        assert isinstance(last, Error) and last.fatal
    else:
        assert len(fed.items) == fed.frames
