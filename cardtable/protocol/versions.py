"""The protocol versions this code speaks, and a message in the form an older client reads.

A server speaks its own version, `PROTOCOL_VERSION`, and `BEFORE_RATINGS` (7), so a client of
the release before ratings still plays. A connection speaks the version its `hello` named, which
the `welcome` repeats; everything sent on it is in that version's form. For version 7 that is
a table summary without what version 8 added to it (the table setting ``rated``, a seat's
``rating``: a version 7 client refuses a record with a field it does not know), and none of the
message kinds version 8 added (`RATINGS_MESSAGES`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from cardtable.protocol.fields import Record
from cardtable.protocol.table_summary import TableSummary

#: The protocol version this code speaks first; see `SUPPORTED_VERSIONS` for the others.
PROTOCOL_VERSION = 8
#: The version before ratings: its clients play under names nobody has claimed, unrated.
BEFORE_RATINGS = 7
#: The versions a server admits at `hello`; any other is refused (`version_mismatch`).
SUPPORTED_VERSIONS = (BEFORE_RATINGS, PROTOCOL_VERSION)

#: The message kinds version 8 added (a player's record asked for, and the record).
RATINGS_MESSAGES = frozenset({"player_record", "record"})
#: What version 8 added to a table summary's settings, and to each of its seats.
RATINGS_SETTINGS = "rated"
RATINGS_SEAT = "rating"


def carries(version: int, kind: str) -> bool:
    """Whether a connection of protocol `version` carries messages of the type `kind`."""
    return version > BEFORE_RATINGS or kind not in RATINGS_MESSAGES


def older_form(message: Any, version: int) -> dict[str, Any] | None:
    """`message`'s map (its ``to_wire``) as a client of `version` reads it, or None when that
    is the same as its own (it holds no table summary, or `version` knows ratings)."""
    summaries = _summary_fields(type(message))
    if version > BEFORE_RATINGS or not summaries:
        return None
    body: dict[str, Any] = message.to_wire()
    for name, many in summaries:
        value = body[name]
        body[name] = [_unrated(each) for each in value] if many else _unrated(value)
    return body


def _unrated(summary: dict[str, Any]) -> dict[str, Any]:
    """A table summary's map without what version 8 added to it."""
    settings = {key: value for key, value in summary["settings"].items() if key != RATINGS_SETTINGS}
    seats = [
        {key: value for key, value in seat.items() if key != RATINGS_SEAT}
        for seat in summary["seats"]
    ]
    return {**summary, "settings": settings, "seats": seats}


_SUMMARY_FIELDS: dict[type[Any], tuple[tuple[str, bool], ...]] = {}


def _summary_fields(cls: type[Any]) -> tuple[tuple[str, bool], ...]:
    """A message class's fields that hold a table summary, each with whether it holds a list
    of them (looked up once per class)."""
    found = _SUMMARY_FIELDS.get(cls)
    if found is None:
        found = _SUMMARY_FIELDS[cls] = tuple(
            (item.name, check.hint != TableSummary)
            for item in fields(cls)
            if isinstance(check := item.metadata["check"], Record)
            and check.hint in (TableSummary, tuple[TableSummary, ...])
        )
    return found
