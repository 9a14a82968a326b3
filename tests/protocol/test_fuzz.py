"""Property tests: whatever a peer sends, a connection answers with messages, rejections or a
`RemoteProtocolError`, never anything else, and every rejection is fit to send back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.protocol import (
    MESSAGES,
    Chat,
    Connection,
    ErrorCode,
    Message,
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
    SERVER_MESSAGES,
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
    st.text(max_size=30),
    st.binary(max_size=10),
)
plain = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.one_of(st.text(max_size=10), st.integers(-5, 5)), inner, max_size=5),
    ),
    max_leaves=30,
)

#: Every field name any message has, so random maps often hit real fields.
FIELD_NAMES = sorted(
    {
        name
        for registry in MESSAGES.values()
        for cls in registry.values()
        for name in cls.__dataclass_fields__
    }
)
TYPE_NAMES = sorted(name for registry in MESSAGES.values() for name in registry)


@st.composite
def message_like(draw: st.DrawFn) -> Any:
    """A map that looks like a message: a real or random type, real or random field names."""
    body: dict[Any, Any] = draw(
        st.dictionaries(
            st.one_of(st.sampled_from(FIELD_NAMES), st.text(max_size=8)), plain, max_size=6
        )
    )
    if draw(st.booleans()):
        body["type"] = draw(st.one_of(st.sampled_from(TYPE_NAMES), plain))
    if draw(st.booleans()):
        body["rid"] = draw(st.one_of(st.integers(-2, 2**31), plain))
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
@given(bodies=st.lists(st.one_of(plain, message_like()), min_size=1, max_size=5))
def test_random_maps_in_frames_give_a_message_or_rejection(bodies: list[Any]) -> None:
    client, server = open_pair()
    items = server.receive_data(b"".join(frame(body) for body in bodies))
    assert len(items) == len(bodies)
    for body, item in zip(bodies, items, strict=True):
        check_item(item, Sender.CLIENT)
        if isinstance(item, Rejected):
            assert item.error.rid == valid_rid(body)
        else:
            assert item.to_wire() == {**item.to_wire(), **body}
    assert_still_works(client, server)


@FUZZ
@given(bodies=st.lists(message_like(), min_size=1, max_size=5))
def test_a_client_survives_random_maps_from_its_server(bodies: list[Any]) -> None:
    client, server = open_pair()
    items = client.receive_data(b"".join(frame(body) for body in bodies))
    # A well-formed fatal error closes the client and ends the list early.
    assert 1 <= len(items) <= len(bodies)
    for item in items:
        check_item(item, Sender.SERVER)
    if client.state is State.OPEN:
        assert len(items) == len(bodies)
        assert_still_works(client, server)


@FUZZ
@given(text=st.text(max_size=520), rid=st.integers(0, 2**31 - 1))
def test_chat_text_is_accepted_exactly_when_it_is_safe(text: str, rid: int) -> None:
    client, server = open_pair()
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
