"""Each version's form of a message: a client of protocol 8 is sent table summaries without
what version 9 added (hints) and none of the kinds version 9 added, a client of protocol 7
without what versions 8 (ratings) and 9 added, each message is encoded once per version however
many connections it goes to, and a connection speaks its welcome's version."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from cardtable.protocol import (
    PROTOCOL_VERSION,
    Connection,
    ErrorCode,
    HintRequest,
    Joined,
    LocalProtocolError,
    Message,
    PlayerRecord,
    RecordReply,
    Role,
    SeatRating,
    Suggestion,
    TableChanged,
    TableCreated,
    Tables,
)
from cardtable.protocol.framing import unpack
from cardtable.protocol.messages import check_message
from cardtable.protocol.versions import BEFORE_HINTS, BEFORE_RATINGS, SUPPORTED_VERSIONS
from tests.protocol.records import LOBBY_TABLE, TABLE
from tests.protocol.support import HELLO, SERVER_MESSAGES, WELCOME, frame, only_rejection

#: A table with a rated player on its first seat (and hints on).
RATED_TABLE = replace(
    TABLE,
    seats=(replace(TABLE.seats[0], rating=SeatRating(31, 12)), *TABLE.seats[1:]),
    settings=replace(TABLE.settings, hints=True),
)
SUMMARIES: list[Message] = [
    TableChanged(table=RATED_TABLE),
    TableCreated(table=RATED_TABLE, creator_token="t" * 43, rid=3),
    Tables(tables=(RATED_TABLE, LOBBY_TABLE), rid=2),
    Joined(table=RATED_TABLE, seat=0, token="t", view=None, log=[], chat=()),
]


def summaries_in(body: dict[str, Any]) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = body["tables"] if "tables" in body else [body["table"]]
    return tables


def test_the_server_speaks_its_own_version_and_the_two_before() -> None:
    assert SUPPORTED_VERSIONS == (BEFORE_RATINGS, BEFORE_HINTS, PROTOCOL_VERSION) == (7, 8, 9)


@pytest.mark.parametrize("message", SUMMARIES, ids=lambda message: message.type)
def test_a_summary_for_version_8_leaves_out_hints_and_nothing_else(message: Message) -> None:
    own, older = unpack(message.packed()), unpack(message.packed_for(8))
    assert summaries_in(own)[0]["settings"]["hints"] is True
    for new, old in zip(summaries_in(own), summaries_in(older), strict=True):
        assert set(new["settings"]) - set(old["settings"]) == {"hints"}
        new["settings"].pop("hints")
    assert own == older  # the rest as it was, ratings and all


@pytest.mark.parametrize("message", SUMMARIES, ids=lambda message: message.type)
def test_a_summary_for_version_7_leaves_out_rated_ratings_and_hints_and_nothing_else(
    message: Message,
) -> None:
    assert message.packed_for(PROTOCOL_VERSION) == message.packed()
    own, older = unpack(message.packed()), unpack(message.packed_for(7))
    assert summaries_in(own)[0]["seats"][0]["rating"] == {"rating": 31, "games": 12}
    for new, old in zip(summaries_in(own), summaries_in(older), strict=True):
        assert set(new["settings"]) - set(old["settings"]) == {"rated", "hints"}
        assert all("rating" not in seat for seat in old["seats"])
        new["settings"].pop("rated")
        new["settings"].pop("hints")
        for seat in new["seats"]:
            seat.pop("rating", None)
    assert own == older  # the rest as it was


WITHOUT_SUMMARIES = [
    message
    for message in SERVER_MESSAGES
    if not isinstance(message, TableChanged | TableCreated | Tables | Joined)
]


@pytest.mark.parametrize("message", WITHOUT_SUMMARIES, ids=lambda message: message.type)
def test_a_message_without_a_summary_is_the_same_in_every_version(message: Message) -> None:
    assert message.packed_for(7) == message.packed_for(8) == message.packed_for(9)
    assert message.packed_for(9) == message.packed()


def test_a_message_is_encoded_once_per_version() -> None:
    message = TableChanged(table=RATED_TABLE)
    for version in SUPPORTED_VERSIONS:
        first = message.packed_for(version)
        assert all(message.packed_for(version) is first for _ in range(3))
    assert len({message.packed_for(version) for version in SUPPORTED_VERSIONS}) == 3


def speaking(version: int) -> Connection:
    """A server connection that has welcomed a client of `version`."""
    server = Connection(Role.SERVER)
    server.receive_data(Connection(Role.CLIENT).send(replace(HELLO, version=version)))
    server.send(replace(WELCOME, version=version))
    assert server.version == version
    return server


def test_a_connection_speaks_its_welcomes_version() -> None:
    client = Connection(Role.CLIENT)
    server = Connection(Role.SERVER)
    server.receive_data(client.send(replace(HELLO, version=7)))
    client.receive_data(server.send(replace(WELCOME, version=7)))
    assert client.version == server.version == 7
    message = TableChanged(table=RATED_TABLE)
    (received,) = client.receive_data(server.send(message))
    assert isinstance(received, TableChanged)
    assert received.table.seats[0].rating is None  # left out for version 7


def test_version_7_is_never_sent_a_record_nor_heard_asking_for_one() -> None:
    server = speaking(7)
    with pytest.raises(LocalProtocolError) as refused:
        server.send(RecordReply(name="Ailsa", games=(), rid=1))
    assert refused.value.code == ErrorCode.UNKNOWN_TYPE
    rejected = only_rejection(server.receive_data(framed(PlayerRecord(name="Ailsa", rid=5))))
    assert rejected.code == ErrorCode.UNKNOWN_TYPE and rejected.rid == 5
    assert "protocol 7" in rejected.message
    # Version 8 carries both.
    newer = speaking(8)
    newer.send(RecordReply(name="Ailsa", games=(), rid=1))
    (heard,) = newer.receive_data(framed(PlayerRecord(name="Ailsa", rid=5)))
    assert isinstance(heard, PlayerRecord)


@pytest.mark.parametrize("version", [7, 8])
def test_versions_before_9_are_never_sent_a_suggestion_nor_heard_asking_for_a_hint(
    version: int,
) -> None:
    server = speaking(version)
    with pytest.raises(LocalProtocolError) as refused:
        server.send(Suggestion(table_id=3, words="Ada draws."))
    assert refused.value.code == ErrorCode.UNKNOWN_TYPE
    rejected = only_rejection(server.receive_data(framed(HintRequest(table_id=3, rid=5))))
    assert rejected.code == ErrorCode.UNKNOWN_TYPE and rejected.rid == 5
    assert f"protocol {version}" in rejected.message
    # Version 9 carries both.
    newer = speaking(9)
    newer.send(Suggestion(table_id=3, words="Ada draws."))
    (heard,) = newer.receive_data(framed(HintRequest(table_id=3, rid=5)))
    assert isinstance(heard, HintRequest)


def framed(message: Message) -> bytes:
    """`message` framed as a client sends it."""
    check_message(message)
    return frame(message.to_wire())
