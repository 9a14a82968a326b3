"""Messages: the registry, `to_wire`, `decode_message` and the field checkers behind it."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cardtable import protocol
from cardtable.protocol import (
    FATAL_CODES,
    MESSAGES,
    Act,
    Chat,
    CreateTable,
    Error,
    ErrorCode,
    Hello,
    LocalProtocolError,
    Message,
    Ping,
    ProtocolError,
    RemoteProtocolError,
    Sender,
    Sit,
)
from cardtable.protocol.fields import (
    Bool,
    FieldError,
    Int,
    ListOf,
    Nullable,
    Plain,
    Text,
    control_character,
)
from cardtable.protocol.messages import MessageError, check_message, decode_message
from tests.protocol.support import (
    CLIENT_MESSAGES,
    HELLO,
    RESUMING_HELLO,
    SERVER_MESSAGES,
    WELCOME,
)

# -- the registry -------------------------------------------------------------------------------


def test_samples_cover_every_registered_message() -> None:
    client_types = {message.type for message in [HELLO, *CLIENT_MESSAGES]}
    server_types = {message.type for message in [WELCOME, *SERVER_MESSAGES]}
    assert client_types == set(MESSAGES[Sender.CLIENT])
    assert server_types == set(MESSAGES[Sender.SERVER])


def test_registry_names_are_disjoint_and_match_their_classes() -> None:
    assert not set(MESSAGES[Sender.CLIENT]) & set(MESSAGES[Sender.SERVER])
    for sender, registry in MESSAGES.items():
        for name, cls in registry.items():
            assert cls.type == name
            assert cls.sender is sender


def test_every_kind_is_defined_by_the_module_of_its_job_and_exported() -> None:
    jobs = ("connection", "lobby", "table", "history", "names", "ratings")
    for registry in MESSAGES.values():
        for cls in registry.values():
            package, _, module = cls.__module__.rpartition(".")
            assert package == "cardtable.protocol.messages" and module in jobs, cls.__module__
            assert getattr(protocol, cls.__name__) is cls


def test_messages_are_frozen() -> None:
    sit = Sit(table_id=1, seat=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        sit.seat = 3  # type: ignore[misc]


def test_mutable_defaults_are_not_shared() -> None:
    first, second = CreateTable(game_kind="g", seats=2), CreateTable(game_kind="g", seats=2)
    assert first.options == {}
    assert first.options is not second.options
    assert first.settings is not second.settings


# -- to_wire ------------------------------------------------------------------------------------


def test_to_wire_leaves_out_a_nil_rid() -> None:
    assert Ping().to_wire() == {"type": "ping"}
    assert Ping(rid=0).to_wire() == {"type": "ping", "rid": 0}


def test_to_wire_lists_every_field_with_defaults() -> None:
    assert Chat(text="hi", rid=5).to_wire() == {"type": "chat", "text": "hi", "to": None, "rid": 5}
    assert Hello(version=1, name="A").to_wire() == {
        "type": "hello",
        "version": 1,
        "name": "A",
        "password": None,
        "token": None,
        "creator_tokens": [],
        "key": None,
    }


@pytest.mark.parametrize(
    "message", [HELLO, RESUMING_HELLO, *CLIENT_MESSAGES], ids=lambda message: message.type
)
def test_client_messages_decode_from_their_wire_form(message: Message) -> None:
    assert decode_message(message.to_wire(), Sender.CLIENT) == message
    check_message(message)


@pytest.mark.parametrize("message", [WELCOME, *SERVER_MESSAGES], ids=lambda message: message.type)
def test_server_messages_decode_from_their_wire_form(message: Message) -> None:
    assert decode_message(message.to_wire(), Sender.SERVER) == message
    check_message(message)


def test_defaults_fill_in_missing_optional_fields() -> None:
    decoded = decode_message(
        {"type": "create_table", "game_kind": "trupe", "seats": 2}, Sender.CLIENT
    )
    assert decoded == CreateTable(game_kind="trupe", seats=2, options={}, settings={}, rid=None)
    assert decode_message({"type": "error", "code": "x", "message": ""}, Sender.SERVER) == Error(
        code="x", message="", fatal=False
    )


# -- decode_message refusals --------------------------------------------------------------------

# Short names for the codes in the tables below.
MSG, TEXT, NAME = ErrorCode.BAD_MESSAGE, ErrorCode.BAD_TEXT, ErrorCode.BAD_NAME
FRAME, UNKNOWN = ErrorCode.BAD_FRAME, ErrorCode.UNKNOWN_TYPE

BAD_BODIES: list[tuple[str, Any, ErrorCode, int | None]] = [
    # The envelope.
    ("not a map: array", [1, 2], MSG, None),
    ("not a map: string", "ping", MSG, None),
    ("not a map: nil", None, MSG, None),
    ("not a map: int", 7, MSG, None),
    ("no type", {"rid": 3}, MSG, 3),
    ("int type", {"type": 5, "rid": 3}, MSG, 3),
    ("unknown type", {"type": "frobnicate", "rid": 3}, UNKNOWN, 3),
    ("empty type", {"type": "", "rid": 3}, UNKNOWN, 3),
    ("server-only type", {"type": "pong", "rid": 3}, UNKNOWN, 3),
    ("unknown field", {"type": "ping", "extra": 1, "rid": 3}, MSG, 3),
    ("int key", {"type": "ping", 1: 1, "rid": 3}, MSG, 3),
    ("class var as field", {"type": "ping", "sender": "x", "rid": 3}, MSG, 3),
    ("missing field", {"type": "sit", "table_id": 1, "rid": 3}, MSG, 3),
    ("missing field, no rid", {"type": "sit", "seat": 1}, MSG, None),
    # The rid itself.
    ("negative rid", {"type": "ping", "rid": -1}, MSG, None),
    ("huge rid", {"type": "ping", "rid": 2**31}, MSG, None),
    ("string rid", {"type": "ping", "rid": "3"}, MSG, None),
    ("boolean rid", {"type": "ping", "rid": True}, MSG, None),
    ("bad rid and bad field", {"type": "sit", "rid": 1.0}, MSG, None),
    # Integers.
    ("string int", {"type": "sit", "table_id": "1", "seat": 0, "rid": 7}, MSG, 7),
    ("float int", {"type": "sit", "table_id": 1.0, "seat": 0, "rid": 7}, MSG, 7),
    ("boolean int", {"type": "sit", "table_id": True, "seat": 0, "rid": 7}, MSG, 7),
    ("nil int", {"type": "sit", "table_id": None, "seat": 0, "rid": 7}, MSG, 7),
    ("table 0", {"type": "sit", "table_id": 0, "seat": 0, "rid": 7}, MSG, 7),
    ("table 2**31", {"type": "sit", "table_id": 2**31, "seat": 0, "rid": 7}, MSG, 7),
    ("seat -1", {"type": "sit", "table_id": 1, "seat": -1, "rid": 7}, MSG, 7),
    ("seat 64", {"type": "sit", "table_id": 1, "seat": 64, "rid": 7}, MSG, 7),
    ("seats 0", {"type": "create_table", "game_kind": "g", "seats": 0}, MSG, None),
    ("seats 17", {"type": "create_table", "game_kind": "g", "seats": 17}, MSG, None),
    ("chat to 64", {"type": "chat", "text": "hi", "to": 64, "rid": 2}, MSG, 2),
    # Booleans.
    ("int boolean", {"type": "list_tables", "watch": 1, "rid": 2}, MSG, 2),
    ("nil boolean", {"type": "list_tables", "watch": None, "rid": 2}, MSG, 2),
    # Text, with its own codes for names and chat.
    ("escape in name", {"type": "hello", "version": 1, "name": "\x1b[31mA"}, NAME, None),
    ("newline in name", {"type": "hello", "version": 1, "name": "A\nB"}, NAME, None),
    ("empty name", {"type": "hello", "version": 1, "name": ""}, NAME, None),
    ("long name", {"type": "hello", "version": 1, "name": "x" * 25}, NAME, None),
    ("int name", {"type": "hello", "version": 1, "name": 5}, NAME, None),
    ("bytes name", {"type": "hello", "version": 1, "name": b"A"}, NAME, None),
    ("escape in chat", {"type": "chat", "text": "\x1b[31mred", "rid": 4}, TEXT, 4),
    ("bell in chat", {"type": "chat", "text": "ding\x07", "rid": 4}, TEXT, 4),
    ("C1 CSI in chat", {"type": "chat", "text": "\x9b31m", "rid": 4}, TEXT, 4),
    ("DEL in chat", {"type": "chat", "text": "a\x7f", "rid": 4}, TEXT, 4),
    ("RTL override", {"type": "chat", "text": "a\u202eb", "rid": 4}, TEXT, 4),
    ("zero width", {"type": "chat", "text": "a\u200bb", "rid": 4}, TEXT, 4),
    ("empty chat", {"type": "chat", "text": "", "rid": 4}, TEXT, 4),
    ("long chat", {"type": "chat", "text": "x" * 501, "rid": 4}, TEXT, 4),
    ("nil chat", {"type": "chat", "text": None, "rid": 4}, TEXT, 4),
    ("escape in game", {"type": "create_table", "game_kind": "\x1b", "seats": 2}, MSG, None),
    # Plain maps.
    (
        "action too deep",
        {"type": "act", "action": {"a": {"b": {"c": {"d": {}}}}}, "rid": 5},
        MSG,
        5,
    ),
    ("action list too deep", {"type": "act", "action": {"a": [[[[1]]]]}, "rid": 5}, MSG, 5),
    ("action int key", {"type": "act", "action": {1: "x"}, "rid": 5}, MSG, 5),
    ("nested int key", {"type": "act", "action": {"a": {2: "x"}}, "rid": 5}, MSG, 5),
    ("action bytes", {"type": "act", "action": {"card": b"\x01"}, "rid": 5}, MSG, 5),
    ("action bytes in list", {"type": "act", "action": {"c": [b""]}, "rid": 5}, MSG, 5),
    ("action array", {"type": "act", "action": ["play"], "rid": 5}, MSG, 5),
    ("action nil", {"type": "act", "action": None, "rid": 5}, MSG, 5),
    ("action 201 values", {"type": "act", "action": {"a": list(range(199))}, "rid": 5}, MSG, 5),
    ("action long string", {"type": "act", "action": {"a": "x" * 101}, "rid": 5}, MSG, 5),
    (
        "options too deep",
        {"type": "create_table", "game_kind": "g", "seats": 2, "options": {"a": {"b": {"c": {}}}}},
        MSG,
        None,
    ),
]


@pytest.mark.parametrize(
    ("body", "code", "rid"),
    [pytest.param(body, code, rid, id=name) for name, body, code, rid in BAD_BODIES],
)
def test_decode_refuses_with_a_stable_code_and_the_rid(
    body: Any, code: ErrorCode, rid: int | None
) -> None:
    with pytest.raises(MessageError) as caught:
        decode_message(body, Sender.CLIENT)
    assert caught.value.code is code
    assert caught.value.rid == rid
    # The sentence is safe to show on a terminal, and fits in an `error` message.
    check_message(Error(code=caught.value.code, message=caught.value.message, rid=rid))


def test_client_only_type_from_a_server_is_unknown() -> None:
    with pytest.raises(MessageError) as caught:
        decode_message({"type": "chat", "text": "hi", "rid": 1}, Sender.SERVER)
    assert caught.value.code is ErrorCode.UNKNOWN_TYPE
    assert caught.value.rid == 1
    assert "'chat' is not a message the server may send" in caught.value.message


def test_unknown_type_is_quoted_safely_and_cut_short() -> None:
    with pytest.raises(MessageError) as caught:
        decode_message({"type": "\x1b[31m" + "x" * 100}, Sender.CLIENT)
    assert caught.value.code is ErrorCode.UNKNOWN_TYPE
    assert "\x1b" not in caught.value.message
    assert "\\x1b[31m" in caught.value.message
    assert "x" * 40 not in caught.value.message


def test_error_names_the_field_and_message() -> None:
    with pytest.raises(MessageError) as caught:
        decode_message({"type": "sit", "table_id": 1, "seat": 99}, Sender.CLIENT)
    assert caught.value.message == "'seat' in 'sit' must be from 0 to 63, not 99."


@pytest.mark.parametrize(
    "body",
    [
        {"type": "chat", "text": "x" * 500},
        {"type": "chat", "text": "é"},
        {"type": "chat", "text": "tab-free spaces   and 'quotes' \"too\""},
        {"type": "hello", "version": 0, "name": "x" * 24},
        {"type": "hello", "version": 65535, "name": "Zoë", "password": ""},
        {"type": "sit", "table_id": 2**31 - 1, "seat": 63},
        {"type": "act", "action": {"a": {"b": {"c": {"d": 1}}}}},
        {"type": "act", "action": {"a": [[[]]]}},
        {"type": "act", "action": {"a": list(range(198))}},
        {"type": "act", "action": {"a": "x" * 100, "f": 0.5, "n": None, "t": True}},
        {"type": "act", "action": {}},
    ],
)
def test_decode_accepts_values_at_the_edges(body: dict[str, Any]) -> None:
    message = decode_message(body, Sender.CLIENT)
    assert message.to_wire() == {**message.to_wire(), **body}


def test_check_message_refuses_bad_outgoing_values() -> None:
    with pytest.raises(MessageError) as caught:
        check_message(Chat(text="\x1b[2J"))
    assert caught.value.code is ErrorCode.BAD_TEXT
    with pytest.raises(MessageError) as caught:
        check_message(Act(action={"x": {1, 2}}))
    assert caught.value.code is ErrorCode.BAD_MESSAGE


# -- field checkers -----------------------------------------------------------------------------


def refuses(check: Any, value: Any) -> str:
    with pytest.raises(FieldError) as caught:
        check(value)
    return str(caught.value)


def test_int() -> None:
    check = Int(1, 10)
    assert check(1) == 1
    assert check(10) == 10
    assert refuses(check, 0) == "must be from 1 to 10, not 0"
    assert refuses(check, 11) == "must be from 1 to 10, not 11"
    assert refuses(check, True) == "must be an integer, not a boolean"
    assert refuses(check, 1.0) == "must be an integer, not a number"
    assert refuses(check, "1") == "must be an integer, not a string"
    assert refuses(check, None) == "must be an integer, not nil"
    assert refuses(check, [1]) == "must be an integer, not an array"
    assert refuses(check, {}) == "must be an integer, not a map"
    assert refuses(check, b"1") == "must be an integer, not bytes"


def test_bool() -> None:
    assert Bool()(False) is False
    assert refuses(Bool(), 0) == "must be a boolean, not an integer"
    assert refuses(Bool(), None) == "must be a boolean, not nil"


def test_text() -> None:
    check = Text(1, 3)
    assert check("abc") == "abc"
    assert check("☘☘☘") == "☘☘☘"
    assert refuses(check, "") == "must be 1–3 characters long, not 0"
    assert refuses(check, "abcd") == "must be 1–3 characters long, not 4"
    assert refuses(check, "a\tb") == "must not hold control characters such as U+0009"
    assert refuses(check, b"ab") == "must be a string, not bytes"


def test_control_character() -> None:
    assert control_character("plain text, ☘ and ü") is None
    assert control_character("a\x1b[31m") == "\x1b"
    assert control_character("\u00ad") == "\u00ad"  # soft hyphen, a format character
    assert control_character("\ud800") == "\ud800"  # a lone surrogate
    assert control_character("\ue000") == "\ue000"  # private use
    assert control_character("\u202e") == "\u202e"  # a bidirectional override
    assert control_character("👩\u200d💻 and \u200c") is None  # joiners pass


def test_nullable_and_list_of() -> None:
    check = Nullable(ListOf(Int(0, 5), high=2))
    assert check(None) is None
    assert check([1, 2]) == [1, 2]
    assert check((1,)) == [1]
    assert refuses(check, [1, 2, 3]) == "must hold at most 2 items, not 3"
    assert refuses(check, [1, 9]) == "item 1 must be from 0 to 5, not 9"
    assert refuses(check, {"a": 1}) == "must be an array, not a map"


def test_plain() -> None:
    check = Plain(depth=2, items=5, text=3)
    assert check({"a": [1, 2.5], "b": None}) == {"a": [1, 2.5], "b": None}
    assert refuses(check, [1]) == "must be a map, not an array"
    assert refuses(check, {"a": [[1]]}) == "must not nest deeper than 2 levels"
    assert refuses(check, {"a": [1, 2, 3, 4, 5]}) == "must hold at most 5 values in all"
    assert refuses(check, {"a": "abcd"}) == "must not hold strings longer than 3 characters"
    assert refuses(check, {(1, 2): 1}) == "must use only strings as map keys"
    assert refuses(check, {"a": b"x"}) == "must hold only plain values, not bytes"
    assert refuses(check, {"a": bytearray(b"x")}) == "must hold only plain values, not bytearray"
    assert refuses(check, {"a": {1, 2}}) == "must hold only plain values, not set"
    assert Plain(map_only=False)([1, "x"]) == [1, "x"]


# -- error codes --------------------------------------------------------------------------------


def test_error_codes_are_stable_snake_case() -> None:
    for code in ErrorCode:
        assert code.value == code.name.lower()
        assert Text(1, 40)(code.value) == code.value
    assert ErrorCode.BAD_FRAME.value == "bad_frame"
    assert ErrorCode.HANDSHAKE_REQUIRED.value == "handshake_required"


def test_fatal_codes() -> None:
    assert set(ErrorCode) >= FATAL_CODES
    assert ErrorCode.FRAME_TOO_LARGE in FATAL_CODES
    assert ErrorCode.HANDSHAKE_REQUIRED in FATAL_CODES
    for code in (ErrorCode.BAD_FRAME, ErrorCode.BAD_MESSAGE, ErrorCode.UNKNOWN_TYPE):
        assert code not in FATAL_CODES
    assert RemoteProtocolError(ErrorCode.BAD_NAME, "x").fatal
    assert not LocalProtocolError(ErrorCode.BAD_TEXT, "x").fatal


def test_protocol_error_carries_code_and_message() -> None:
    error = ProtocolError(ErrorCode.BAD_FRAME, "Bad.")
    assert error.code is ErrorCode.BAD_FRAME
    assert error.message == "Bad."
    assert str(error) == "bad_frame: Bad."
    assert issubclass(LocalProtocolError, ProtocolError)
    assert issubclass(RemoteProtocolError, ProtocolError)


def test_a_refusal_quoting_a_huge_value_still_fits_in_an_error() -> None:
    """A record field holding a map of hundreds of keys is refused with a sentence that quotes
    it cut short, so the refusal itself is a valid `error` to send back."""
    huge = {f"k{index}": index for index in range(250)}
    body = {"type": "chat_line", "table_id": 4, "line": {"line_no": huge}}
    with pytest.raises(MessageError) as refused:
        decode_message(body, Sender.SERVER)
    error = protocol.Error(code=refused.value.code, message=refused.value.message)
    check_message(error)
    assert "line" in error.message and len(error.message) < 200
