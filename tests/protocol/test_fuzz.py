"""Property tests: whatever a peer sends, a connection answers with messages, rejections or a
`RemoteProtocolError`, never anything else, and every rejection is fit to send back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.protocol import (
    MESSAGES,
    Chat,
    Error,
    ErrorCode,
    Message,
    Ping,
    Pong,
    Rejected,
    RemoteProtocolError,
    Sender,
    State,
)
from cardtable.protocol.fields import control_character
from cardtable.protocol.framing import pack
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
        assert not item.error.fatal
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
    check_item(item, Sender.CLIENT)
    if isinstance(item, Rejected):
        assert item.error.rid == valid_rid(body)
    else:
        # Whatever was accepted came through as it was sent (compared packed, for NaN's sake).
        assert all(pack(getattr(item, key)) == pack(value) for key, value in body.items())
    assert_still_works(client, server)


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
