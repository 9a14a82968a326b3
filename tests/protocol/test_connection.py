"""The connection state machine: a client and a server `Connection` talking in memory."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.protocol import (
    Act,
    Chat,
    ChatLinePush,
    Connection,
    Error,
    ErrorCode,
    Hello,
    LocalProtocolError,
    Message,
    NotCardtable,
    Ok,
    Ping,
    Pong,
    Rejected,
    RemoteProtocolError,
    Role,
    State,
    Tables,
    Welcome,
)
from cardtable.protocol.framing import CLIENT_FRAME_LIMIT, HEADER, SERVER_FRAME_LIMIT, pack
from cardtable.protocol.messages import check_message
from tests.protocol.records import CHAT_LINE, LIMITS
from tests.protocol.support import (
    CLIENT_MESSAGES,
    HELLO,
    SERVER_MESSAGES,
    WELCOME,
    assert_still_works,
    frame,
    only_rejection,
    open_pair,
    raw_frame,
)

# -- set-up -------------------------------------------------------------------------------------


def test_defaults() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    assert client.state is State.HANDSHAKE
    assert server.state is State.HANDSHAKE
    assert (client.send_limit, client.receive_limit) == (CLIENT_FRAME_LIMIT, SERVER_FRAME_LIMIT)
    assert (server.send_limit, server.receive_limit) == (SERVER_FRAME_LIMIT, CLIENT_FRAME_LIMIT)
    assert client.peer is Role.SERVER
    assert server.peer is Role.CLIENT


# -- the handshake ------------------------------------------------------------------------------


def test_hello_then_welcome_opens_both_sides() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    hello = Hello(version=1, name="Ailsa", token="tok", rid=1)
    assert server.receive_data(client.send(hello)) == [hello]
    assert (client.state, server.state) == (State.HANDSHAKE, State.HANDSHAKE)
    data = server.send(WELCOME)
    assert (client.state, server.state) == (State.HANDSHAKE, State.OPEN)
    assert client.receive_data(data) == [WELCOME]
    assert (client.state, server.state) == (State.OPEN, State.OPEN)
    assert_still_works(client, server)


@pytest.mark.parametrize("first", [*CLIENT_MESSAGES[:3], Ping()], ids=lambda m: m.type)
def test_server_requires_hello_first(first: Message) -> None:
    server = Connection(Role.SERVER)
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(frame(first.to_wire()))
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    assert caught.value.fatal
    assert f"not '{first.type}'" in caught.value.message
    assert server.state is State.CLOSED
    assert server.receive_data(frame(HELLO.to_wire())) == []


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        (pack({"type": "welcome"}), ErrorCode.HANDSHAKE_REQUIRED),  # a server's message
        (pack({"type": "nonsense"}), ErrorCode.HANDSHAKE_REQUIRED),
        (pack(["hello"]), ErrorCode.HANDSHAKE_REQUIRED),
        (pack({"type": "hello", "version": "1", "name": "A"}), ErrorCode.HANDSHAKE_REQUIRED),
        (pack({"type": "hello", "version": 1, "name": "\x1b[31mA"}), ErrorCode.BAD_NAME),
        (pack({"type": "hello", "version": 1, "name": "A", "x": 1}), ErrorCode.HANDSHAKE_REQUIRED),
        (b"\xc1", ErrorCode.BAD_FRAME),
    ],
)
def test_a_bad_first_frame_closes_the_server(payload: bytes, code: ErrorCode) -> None:
    server = Connection(Role.SERVER)
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(raw_frame(payload))
    assert caught.value.code is code
    assert server.state is State.CLOSED


def test_server_refuses_a_second_hello_before_welcome() -> None:
    server = Connection(Role.SERVER)
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(frame(HELLO.to_wire()) + frame(HELLO.to_wire()))
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    assert server.state is State.CLOSED


def test_server_refuses_a_message_piped_after_hello() -> None:
    server = Connection(Role.SERVER)
    assert server.receive_data(frame(HELLO.to_wire())) == [HELLO]
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(frame(Ping().to_wire()))
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED


@pytest.mark.parametrize("first", [*CLIENT_MESSAGES[:4], Ping()], ids=lambda m: m.type)
def test_client_must_send_hello_first(first: Message) -> None:
    client = Connection(Role.CLIENT)
    with pytest.raises(LocalProtocolError) as caught:
        client.send(first)
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    assert client.state is State.HANDSHAKE
    client.send(HELLO)  # still allowed


def test_client_sends_hello_only_once() -> None:
    client = Connection(Role.CLIENT)
    client.send(HELLO)
    with pytest.raises(LocalProtocolError) as caught:
        client.send(HELLO)
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    with pytest.raises(LocalProtocolError):
        client.send(Ping())


def test_no_hello_or_welcome_after_the_handshake() -> None:
    client, server = open_pair()
    with pytest.raises(LocalProtocolError) as caught:
        client.send(HELLO)
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    with pytest.raises(LocalProtocolError) as caught:
        server.send(WELCOME)
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    assert_still_works(client, server)


def test_a_second_hello_once_open_is_rejected_not_raised() -> None:
    client, server = open_pair()
    error = only_rejection(server.receive_data(frame(Hello(version=1, name="B", rid=77).to_wire())))
    assert error.code == ErrorCode.BAD_MESSAGE
    assert error.rid == 77
    assert not error.fatal
    assert_still_works(client, server)


def test_a_second_welcome_once_open_is_rejected_not_raised() -> None:
    client, server = open_pair()
    error = only_rejection(client.receive_data(frame(WELCOME.to_wire())))
    assert error.code == ErrorCode.BAD_MESSAGE
    assert error.rid == WELCOME.rid
    assert_still_works(client, server)


def test_server_may_only_send_welcome_or_error_during_the_handshake() -> None:
    server = Connection(Role.SERVER)
    server.receive_data(frame(HELLO.to_wire()))
    for message in (Tables(tables=[]), Ok(), Pong()):
        with pytest.raises(LocalProtocolError) as caught:
            server.send(message)
        assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    assert server.state is State.HANDSHAKE


def test_server_may_not_welcome_before_hello() -> None:
    server = Connection(Role.SERVER)
    with pytest.raises(LocalProtocolError) as caught:
        server.send(WELCOME)
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    assert server.state is State.HANDSHAKE


def test_client_refuses_a_welcome_before_its_hello() -> None:
    client = Connection(Role.CLIENT)
    with pytest.raises(RemoteProtocolError) as caught:
        client.receive_data(frame(WELCOME.to_wire()))
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    assert client.state is State.CLOSED


def test_client_requires_welcome_first() -> None:
    client = Connection(Role.CLIENT)
    client.send(HELLO)
    with pytest.raises(RemoteProtocolError) as caught:
        client.receive_data(frame(Tables(tables=[]).to_wire()))
    assert caught.value.code is ErrorCode.HANDSHAKE_REQUIRED
    assert client.state is State.CLOSED


def test_server_may_refuse_before_hello_with_a_fatal_error() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    refusal = Error(code=ErrorCode.SERVER_FULL, message="The server is full.", fatal=True)
    data = server.send(refusal)
    assert server.state is State.CLOSED
    assert client.receive_data(data) == [refusal]
    assert client.state is State.CLOSED
    with pytest.raises(LocalProtocolError):
        client.send(HELLO)


def test_a_non_fatal_error_during_the_handshake_keeps_waiting() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    server.receive_data(client.send(HELLO))
    note = Error(code="internal", message="Hold on.")
    assert client.receive_data(server.send(note)) == [note]
    assert client.state is State.HANDSHAKE
    assert server.state is State.HANDSHAKE
    assert client.receive_data(server.send(WELCOME)) == [WELCOME]
    assert_still_works(client, server)


def test_version_is_not_the_connections_business() -> None:
    # Only the server knows which versions it speaks; the state machine passes hello on.
    server = Connection(Role.SERVER)
    hello = Hello(version=999, name="Old")
    assert server.receive_data(frame(hello.to_wire())) == [hello]


# -- fatal errors -------------------------------------------------------------------------------


def test_a_fatal_error_closes_its_sender() -> None:
    client, server = open_pair()
    goodbye = Error(code=ErrorCode.SHUTTING_DOWN, message="Bye.", fatal=True, rid=None)
    data = server.send(goodbye)
    assert server.state is State.CLOSED
    with pytest.raises(LocalProtocolError) as caught:
        server.send(Pong())
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    assert server.receive_data(client.send(Ping())) == []
    assert client.receive_data(data) == [goodbye]
    assert client.state is State.CLOSED


def test_a_closed_server_may_still_say_why_with_an_error() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    client.send(HELLO)
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(frame(Ping().to_wire()))
    assert server.state is State.CLOSED
    with pytest.raises(LocalProtocolError):
        server.send(WELCOME)
    why = Error(code=caught.value.code, message=caught.value.message, fatal=True)
    assert client.receive_data(server.send(why)) == [why]
    assert client.state is State.CLOSED
    assert server.state is State.CLOSED


def test_a_fatal_error_received_closes_and_drops_what_follows() -> None:
    client, _server = open_pair()
    line = ChatLinePush(table_id=1, line=CHAT_LINE)
    goodbye = Error(code=ErrorCode.IDLE_TIMEOUT, message="Idle.", fatal=True)
    stream = frame(line.to_wire()) + frame(goodbye.to_wire()) + frame(Pong().to_wire())
    assert client.receive_data(stream) == [line, goodbye]
    assert client.state is State.CLOSED
    assert client.receive_data(frame(Pong().to_wire())) == []
    assert client.receive_data(b"") == []
    with pytest.raises(LocalProtocolError):
        client.send(Ping())


def test_a_non_fatal_error_keeps_the_connection_open() -> None:
    client, server = open_pair()
    error = Error(code=ErrorCode.NOT_YOUR_TURN, message="Wait.", rid=3)
    assert client.receive_data(server.send(error)) == [error]
    assert_still_works(client, server)


# -- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("message", CLIENT_MESSAGES, ids=lambda m: m.type)
def test_client_messages_round_trip(message: Message) -> None:
    client, server = open_pair()
    (received,) = server.receive_data(client.send(message))
    assert received == message
    assert type(received) is type(message)


@pytest.mark.parametrize("message", SERVER_MESSAGES, ids=lambda m: m.type)
def test_server_messages_round_trip(message: Message) -> None:
    client, server = open_pair()
    (received,) = client.receive_data(server.send(message))
    assert received == message
    assert type(received) is type(message)


@pytest.mark.parametrize("message", CLIENT_MESSAGES + SERVER_MESSAGES, ids=lambda m: m.type)
def test_a_message_split_at_every_byte(message: Message) -> None:
    client, server = open_pair()
    sender, receiver = (client, server) if message.sender is Role.CLIENT else (server, client)
    data = sender.send(message)
    for cut in range(1, len(data)):  # not 0 or len(data): an empty chunk means end of stream
        assert receiver.receive_data(data[:cut]) + receiver.receive_data(data[cut:]) == [message]
    assert receiver.state is State.OPEN


def test_every_message_byte_by_byte() -> None:
    client, server = open_pair()
    stream = b"".join(client.send(message) for message in CLIENT_MESSAGES)
    received: list[Any] = []
    for index in range(len(stream)):
        received += server.receive_data(stream[index : index + 1])
    assert received == CLIENT_MESSAGES


def test_the_handshake_split_at_every_byte() -> None:
    hello = Connection(Role.CLIENT).send(HELLO)
    for cut in range(1, len(hello)):
        server = Connection(Role.SERVER)
        assert server.receive_data(hello[:cut]) + server.receive_data(hello[cut:]) == [HELLO]


def test_many_messages_in_one_chunk() -> None:
    client, server = open_pair()
    assert server.receive_data(b"".join(map(client.send, CLIENT_MESSAGES))) == CLIENT_MESSAGES
    assert client.receive_data(b"".join(map(server.send, SERVER_MESSAGES))) == SERVER_MESSAGES


def test_hello_and_its_whole_conversation_in_one_chunk_each_way() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    assert server.receive_data(client.send(HELLO)) == [HELLO]
    stream = server.send(WELCOME) + b"".join(map(server.send, SERVER_MESSAGES))
    assert client.receive_data(stream) == [WELCOME, *SERVER_MESSAGES]
    assert client.state is State.OPEN


def test_good_and_bad_frames_mixed_in_one_chunk() -> None:
    client, server = open_pair()
    chat = Chat(text="fine", rid=2)
    stream = (
        client.send(Ping(rid=1))
        + raw_frame(b"\xc1")
        + frame({"type": "chat", "text": "\x1b[31m", "rid": 9})
        + client.send(chat)
    )
    ping, garbage, bad_chat, good_chat = server.receive_data(stream)
    assert ping == Ping(rid=1)
    assert isinstance(garbage, Rejected)
    assert garbage.error.code == ErrorCode.BAD_FRAME
    assert isinstance(bad_chat, Rejected)
    assert (bad_chat.error.code, bad_chat.error.rid) == (ErrorCode.BAD_TEXT, 9)
    assert good_chat == chat


# -- rejections ---------------------------------------------------------------------------------

# Short names for the codes in the tables below.
MSG, TEXT, NAME = ErrorCode.BAD_MESSAGE, ErrorCode.BAD_TEXT, ErrorCode.BAD_NAME
FRAME, UNKNOWN = ErrorCode.BAD_FRAME, ErrorCode.UNKNOWN_TYPE

REJECTED_BY_SERVER: list[tuple[str, bytes, ErrorCode, int | None]] = [
    ("wrong type", frame({"type": "sit", "table_id": "3", "seat": 0, "rid": 5}), MSG, 5),
    ("out of range", frame({"type": "sit", "table_id": 3, "seat": 64, "rid": 5}), MSG, 5),
    ("negative", frame({"type": "spectate", "table_id": -3, "rid": 5}), MSG, 5),
    ("boolean for int", frame({"type": "start", "table_id": True, "rid": 5}), MSG, 5),
    ("int for boolean", frame({"type": "list_tables", "watch": 0, "rid": 5}), MSG, 5),
    ("unknown field", frame({"type": "leave", "table_id": 1, "rid": 5}), MSG, 5),
    ("missing field", frame({"type": "configure", "table_id": 1, "rid": 5}), MSG, 5),
    ("unknown type", frame({"type": "cheat", "rid": 5}), UNKNOWN, 5),
    ("escaped unknown type", frame({"type": "\x1b[31m", "rid": 5}), UNKNOWN, 5),
    (
        "server-only type",
        frame({"type": "error", "code": "x", "message": "y", "rid": 5}),
        UNKNOWN,
        5,
    ),
    ("server's welcome", frame(WELCOME.to_wire()), UNKNOWN, WELCOME.rid),
    ("no type", frame({"rid": 5}), MSG, 5),
    ("array payload", frame([{"type": "ping"}]), MSG, None),
    ("string payload", frame("ping"), MSG, None),
    ("nil payload", frame(None), MSG, None),
    ("not msgpack", raw_frame(b"\xc1\xc1"), FRAME, None),
    ("empty frame", raw_frame(b""), FRAME, None),
    ("truncated msgpack", raw_frame(pack({"type": "ping", "rid": 5})[:-1]), FRAME, None),
    ("trailing bytes", raw_frame(pack({"type": "ping", "rid": 5}) + b"\x00"), FRAME, None),
    ("invalid utf-8", raw_frame(b"\x81\xa4type\xa2\xff\xfe"), FRAME, None),
    ("extension type", raw_frame(b"\x82\xa4type\xa4ping\xa3rid\xd4\x05\x00"), FRAME, None),
    ("bad rid", frame({"type": "ping", "rid": -5}), MSG, None),
    (
        # A second hello is refused for coming again, whatever it holds: not with the fatal
        # `bad_name` a first one would get.
        "second hello with an escape in its name",
        frame({"type": "hello", "version": 1, "name": "\x1b[31mX", "rid": 5}),
        MSG,
        5,
    ),
    ("escape in chat", frame({"type": "chat", "text": "\x1b[31mred", "rid": 5}), TEXT, 5),
    ("newline in chat", frame({"type": "chat", "text": "two\nlines", "rid": 5}), TEXT, 5),
    ("over-long chat", frame({"type": "chat", "text": "x" * 501, "rid": 5}), TEXT, 5),
    ("bytes chat", frame({"type": "chat", "text": b"hi", "rid": 5}), TEXT, 5),
    (
        "deep action",
        frame({"type": "act", "action": {"a": {"b": {"c": {"d": {"e": 1}}}}}, "rid": 5}),
        MSG,
        5,
    ),
    ("int key in action", frame({"type": "act", "action": {"play": {7: "QS"}}, "rid": 5}), MSG, 5),
    ("nil key in action", frame({"type": "act", "action": {None: 1}, "rid": 5}), MSG, 5),
    ("bytes in action", frame({"type": "act", "action": {"play": b"QS"}, "rid": 5}), MSG, 5),
    ("array key", raw_frame(b"\x82\xa4type\xa4ping\x91\x01\x01"), FRAME, None),
]


@pytest.mark.parametrize(
    ("data", "code", "rid"),
    [pytest.param(data, code, rid, id=name) for name, data, code, rid in REJECTED_BY_SERVER],
)
def test_server_rejects_and_carries_on(data: bytes, code: ErrorCode, rid: int | None) -> None:
    client, server = open_pair()
    error = only_rejection(server.receive_data(data))
    assert error.code == code
    assert error.rid == rid
    assert not error.fatal
    assert server.state is State.OPEN
    # The rejection is fit to send back, and arrives as it was made.
    assert client.receive_data(server.send(error)) == [error]
    assert_still_works(client, server)


REJECTED_BY_CLIENT: list[tuple[str, bytes, ErrorCode, int | None]] = [
    ("client-only type", frame({"type": "chat", "text": "hi", "rid": 4}), UNKNOWN, 4),
    (
        "negative seq",
        frame({"type": "update", "table_id": 1, "game_no": 1, "seq": -1, "events": [], "view": {}}),
        MSG,
        None,
    ),
    (
        "game 0",
        frame(
            {
                "type": "update",
                "table_id": 1,
                "game_no": 0,
                "seq": 0,
                "events": [],
                "view": {},
                "rid": 3,
            }
        ),
        MSG,
        3,
    ),
    (
        "event not a map",
        frame({"type": "update", "table_id": 1, "game_no": 1, "seq": 0, "events": [1], "view": {}}),
        MSG,
        None,
    ),
    (
        "escape in error",
        frame({"type": "error", "code": "x", "message": "\x1b[2J", "rid": 2}),
        MSG,
        2,
    ),
    ("int fatal", frame({"type": "error", "code": "x", "message": "", "fatal": 1}), MSG, None),
    (
        "missing view",
        frame({"type": "joined", "table": {}, "seat": 0, "token": None, "log": [], "chat": []}),
        MSG,
        None,
    ),
    ("bytes in view", frame({"type": "table_created", "table": {"id": b"\x01"}}), MSG, None),
    ("not msgpack", raw_frame(b"\xc1"), FRAME, None),
]


@pytest.mark.parametrize(
    ("data", "code", "rid"),
    [pytest.param(data, code, rid, id=name) for name, data, code, rid in REJECTED_BY_CLIENT],
)
def test_client_rejects_and_carries_on(data: bytes, code: ErrorCode, rid: int | None) -> None:
    client, server = open_pair()
    error = only_rejection(client.receive_data(data))
    assert (error.code, error.rid) == (code, rid)
    check_message(error)
    assert_still_works(client, server)


def test_a_rejected_fatal_error_does_not_close() -> None:
    client, server = open_pair()
    bad = frame({"type": "error", "code": "", "message": "Bye.", "fatal": True})
    assert only_rejection(client.receive_data(bad)).code == ErrorCode.BAD_MESSAGE
    assert_still_works(client, server)


# -- frame limits -------------------------------------------------------------------------------


def test_an_oversized_header_is_refused_before_its_body() -> None:
    client, server = open_pair()
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(client.send(Ping()) + HEADER.pack(CLIENT_FRAME_LIMIT + 1))
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE
    assert caught.value.fatal
    assert server.state is State.CLOSED
    assert server.receive_data(b"x" * 100) == []


def test_a_header_of_exactly_the_limit_waits_for_its_body() -> None:
    _client, server = open_pair()
    assert server.receive_data(HEADER.pack(CLIENT_FRAME_LIMIT)) == []
    body = pack({"type": "chat", "text": "x" * 10, "rid": 1})
    body += b"\x00" * (CLIENT_FRAME_LIMIT - len(body))
    # Trailing zeros: one frame, whole, of exactly the limit, that is not one msgpack value.
    assert only_rejection(server.receive_data(body)).code == ErrorCode.BAD_FRAME
    assert server.state is State.OPEN


def test_a_custom_receive_limit() -> None:
    server = Connection(Role.SERVER, receive_limit=16)
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(frame(HELLO.to_wire()))
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE


def test_a_client_refuses_an_oversized_frame_during_the_handshake() -> None:
    client = Connection(Role.CLIENT, receive_limit=100)
    client.send(HELLO)
    with pytest.raises(RemoteProtocolError) as caught:
        client.receive_data(HEADER.pack(101)[:4])
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE
    assert client.state is State.CLOSED


def test_sending_an_oversized_message_is_a_local_error() -> None:
    client, server = open_pair()
    client.send_limit = 40
    with pytest.raises(LocalProtocolError) as caught:
        client.send(Chat(text="x" * 100))
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE
    assert client.state is State.OPEN
    assert server.receive_data(client.send(Chat(text="short"))) == [Chat(text="short")]


def test_an_oversized_hello_can_be_retried_smaller() -> None:
    client = Connection(Role.CLIENT, send_limit=80)
    with pytest.raises(LocalProtocolError) as caught:
        client.send(Hello(version=1, name="A", password="p" * 100))
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE
    server = Connection(Role.SERVER)
    hello = Hello(version=1, name="A")
    assert server.receive_data(client.send(hello)) == [hello]


def test_the_send_limit_holds_without_outgoing_checks() -> None:
    server = Connection(Role.SERVER, send_limit=64, check_outgoing=False)
    with pytest.raises(LocalProtocolError) as caught:
        server.send(Error(code="x", message="y" * 100, fatal=True))
    assert caught.value.code is ErrorCode.FRAME_TOO_LARGE
    assert server.state is State.HANDSHAKE


# -- end of stream ------------------------------------------------------------------------------


def test_eof_on_a_frame_boundary_closes_quietly() -> None:
    client, server = open_pair()
    assert server.receive_data(client.send(Ping()) + client.send(Ping(rid=1))) == [
        Ping(),
        Ping(rid=1),
    ]
    assert server.receive_data(b"") == []
    assert server.state is State.CLOSED
    assert server.receive_data(b"") == []
    with pytest.raises(LocalProtocolError):
        server.send(Pong())


def test_eof_before_anything_closes_quietly() -> None:
    server = Connection(Role.SERVER)
    assert server.receive_data(b"") == []
    assert server.state is State.CLOSED


@pytest.mark.parametrize("cut", [1, 3, 4, 5, -1])
def test_eof_inside_a_frame_is_a_bad_frame(cut: int) -> None:
    client, server = open_pair()
    data = client.send(Chat(text="cut short"))
    assert server.receive_data(data[:cut]) == []
    with pytest.raises(RemoteProtocolError) as caught:
        server.receive_data(b"")
    assert caught.value.code is ErrorCode.BAD_FRAME
    assert str(len(data[:cut])) in caught.value.message
    assert server.state is State.CLOSED


def test_eof_inside_the_handshake_frame_is_a_bad_frame() -> None:
    client = Connection(Role.CLIENT)
    client.send(HELLO)
    client.receive_data(Connection(Role.SERVER).send(Error(code="x", message="")))
    client.receive_data(b"\x00\x00")
    with pytest.raises(RemoteProtocolError) as caught:
        client.receive_data(b"")
    assert caught.value.code is ErrorCode.BAD_FRAME


# -- sending what may not be sent ---------------------------------------------------------------


@pytest.mark.parametrize("message", [*SERVER_MESSAGES[:5], WELCOME], ids=lambda m: m.type)
def test_a_client_may_not_send_server_messages(message: Message) -> None:
    client, server = open_pair()
    with pytest.raises(LocalProtocolError) as caught:
        client.send(message)
    assert caught.value.code is ErrorCode.UNKNOWN_TYPE
    assert_still_works(client, server)


@pytest.mark.parametrize("message", [*CLIENT_MESSAGES[:5], HELLO], ids=lambda m: m.type)
def test_a_server_may_not_send_client_messages(message: Message) -> None:
    client, server = open_pair()
    with pytest.raises(LocalProtocolError) as caught:
        server.send(message)
    assert caught.value.code is ErrorCode.UNKNOWN_TYPE
    assert_still_works(client, server)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        (Chat(text="\x1b[31mred"), ErrorCode.BAD_TEXT),
        (Chat(text=""), ErrorCode.BAD_TEXT),
        (Chat(text="hi", to=99), ErrorCode.BAD_MESSAGE),
        (Act(action={"x": b"\x01"}), ErrorCode.BAD_MESSAGE),
        (Act(action={"a": {"b": {"c": {"d": {"e": 1}}}}}), ErrorCode.BAD_MESSAGE),
        (Ping(rid=-1), ErrorCode.BAD_MESSAGE),
        (Ping(rid=True), ErrorCode.BAD_MESSAGE),
    ],
)
def test_a_client_may_not_send_invalid_values(message: Message, code: ErrorCode) -> None:
    client, server = open_pair()
    with pytest.raises(LocalProtocolError) as caught:
        client.send(message)
    assert caught.value.code is code
    assert_still_works(client, server)


def test_a_server_may_not_send_invalid_values() -> None:
    client, server = open_pair()
    with pytest.raises(LocalProtocolError) as caught:
        server.send(Error(code="x", message="\x1b[2J"))
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    with pytest.raises(LocalProtocolError) as caught:
        server.send(ChatLinePush(table_id=0, line=CHAT_LINE))
    assert caught.value.code is ErrorCode.BAD_MESSAGE
    assert_still_works(client, server)


def test_a_client_may_not_send_an_invalid_hello() -> None:
    client = Connection(Role.CLIENT)
    with pytest.raises(LocalProtocolError) as caught:
        client.send(Hello(version=1, name="\x1b]0;pwned\x07"))
    assert caught.value.code is ErrorCode.BAD_NAME
    client.send(HELLO)  # the failed one did not count


def test_unchecked_sends_let_the_peer_reject() -> None:
    client, server = open_pair()
    client.check_outgoing = False
    error = only_rejection(server.receive_data(client.send(Chat(text="\x1b[31m", rid=8))))
    assert (error.code, error.rid) == (ErrorCode.BAD_TEXT, 8)
    error = only_rejection(server.receive_data(client.send(Act(action={"k": b"v"}, rid=9))))
    assert (error.code, error.rid) == (ErrorCode.BAD_MESSAGE, 9)
    assert_still_works(client, server)


def test_an_unchecked_welcome_still_opens() -> None:
    client = Connection(Role.CLIENT)
    server = Connection(Role.SERVER, check_outgoing=False)
    server.receive_data(client.send(HELLO))
    welcome = Welcome(version=1, server="s", name="A", games=(), limits=LIMITS)
    assert client.receive_data(server.send(welcome)) == [welcome]
    assert client.state is State.OPEN


@pytest.mark.parametrize(
    ("opening", "speaks"),
    [
        (b"HTTP/1.1 400 Bad Request\r\n", "a web server (HTTP)"),
        (b"\x16\x03\x03\x00\x7a\x02\x00\x00", "a secure server (TLS)"),
        (b"\x15\x03\x03\x00\x02\x02\x46", "a secure server (TLS)"),
        (b"SSH-2.0-OpenSSH_9.6\r\n", "an SSH server"),
    ],
)
def test_a_client_tells_another_protocols_server_in_words(opening: bytes, speaks: str) -> None:
    client = Connection(Role.CLIENT)
    client.send(HELLO)
    with pytest.raises(NotCardtable) as told:
        for byte in opening:  # however the bytes come
            client.receive_data(bytes([byte]))
    assert told.value.speaks == speaks
    assert "not a cardtable server" in told.value.message
    assert "bytes" not in told.value.message
    assert client.state is State.CLOSED


def test_a_server_does_not_take_a_tls_client_for_a_tls_server() -> None:
    server = Connection(Role.SERVER)
    with pytest.raises(RemoteProtocolError) as refused:
        server.receive_data(b"\x16\x03\x01\x02\x00\x01\x00\x01")
    assert not isinstance(refused.value, NotCardtable)
    assert refused.value.code is ErrorCode.FRAME_TOO_LARGE
