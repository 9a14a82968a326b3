"""The records the wire carries go through the codec and back as themselves, in messages too,
and a record with a key too many, too few or of the wrong type is refused as a bad message."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.protocol import ErrorCode, Sender, TableChanged
from cardtable.protocol.framing import pack, unpack
from cardtable.protocol.messages import decode_message
from cardtable.protocol.messages.decoding import MessageError
from cardtable.wire.codec import from_wire, to_wire
from tests.protocol import records
from tests.protocol.records import HISTORY_ENTRY, LOBBY_TABLE, PRIVATE_LINE, TABLE
from tests.protocol.support import SERVER_MESSAGES, WELCOME

RECORDS = [
    records.GAME_INFO,
    records.LIMITS,
    records.CLOCK,
    TABLE,
    LOBBY_TABLE,
    records.CHAT_LINE,
    PRIVATE_LINE,
    HISTORY_ENTRY,
]


@pytest.mark.parametrize("record", RECORDS, ids=lambda record: type(record).__name__)
def test_every_record_travels_as_itself(record: Any) -> None:
    plain = to_wire(record)
    assert from_wire(type(record), unpack(pack(plain))) == record


def test_a_message_carrying_records_decodes_into_the_same_records() -> None:
    for message in [WELCOME, *SERVER_MESSAGES]:
        assert decode_message(unpack(pack(message.to_wire())), Sender.SERVER) == message


def test_the_plain_form_names_fields_by_what_they_hold() -> None:
    table = to_wire(TABLE)
    assert (table["table_id"], table["game_kind"], table["status"]) == (3, "thistle", "finished")
    assert table["seats"][1]["kind"] == "bot"
    assert table["settings"]["clock"]["mode"] == "bank"
    assert "watchers" not in to_wire(LOBBY_TABLE) and "rematch" not in to_wire(LOBBY_TABLE)
    line = to_wire(PRIVATE_LINE)
    assert (line["sender"], line["recipient"], line["recipient_seat"]) == ("Cleo", "Ailsa", 0)
    entry = to_wire(HISTORY_ENTRY)
    assert (entry["game_id"], entry["table_id"], entry["game_kind"]) == (12, 3, "thistle")
    assert entry["holders"][1] == {"seat": 0, "step": 9, "name": "Ailsa", "bot_for": True}


def changed(table: dict[str, Any]) -> dict[str, Any]:
    return {"type": TableChanged.type, "table": table}


@pytest.mark.parametrize(
    "table",
    [
        {**to_wire(LOBBY_TABLE), "id": 4},  # a key of version 6
        {key: value for key, value in to_wire(LOBBY_TABLE).items() if key != "status"},
        {**to_wire(LOBBY_TABLE), "status": "sleeping"},
        {**to_wire(LOBBY_TABLE), "seats": [{"seat": 0}]},
        {**to_wire(LOBBY_TABLE), "game_no": "1"},
    ],
    ids=["unknown key", "missing key", "not a status", "short seat", "wrong type"],
)
def test_a_record_that_is_not_one_is_a_bad_message(table: dict[str, Any]) -> None:
    with pytest.raises(MessageError) as refused:
        decode_message(changed(table), Sender.SERVER)
    assert refused.value.code is ErrorCode.BAD_MESSAGE
    assert "'table' in 'table_changed' must be a table's summary" in refused.value.message
