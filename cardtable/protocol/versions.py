"""The protocol versions this code speaks, and a message in the form an older client reads.

A server speaks its own version, `PROTOCOL_VERSION` (9), the one before hints (8) and the one
before ratings (7), so clients of the two releases before still play. A connection speaks the
version its `hello` named, which the `welcome` repeats; everything sent on it is in that
version's form: a table summary without the fields later versions added to it (an older
client refuses a record with a field it does not know), and none of the message kinds later
versions added (`ADDED_MESSAGES`). Version 8 added ratings (the setting ``rated``, a seat's
``rating``, `player_record` and `record`); version 9 hints (the setting ``hints``, `hint` and
`suggestion`).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from cardtable.protocol.fields import Record
from cardtable.protocol.table_summary import TableSummary

#: The protocol version this code speaks first; see `SUPPORTED_VERSIONS` for the others.
PROTOCOL_VERSION = 9
#: The version before hints: its clients play as before, never offered a hint.
BEFORE_HINTS = 8
#: The version before ratings: its clients play under names nobody has claimed, unrated.
BEFORE_RATINGS = 7
#: The versions a server admits at `hello`; any other is refused (`version_mismatch`).
SUPPORTED_VERSIONS = (BEFORE_RATINGS, BEFORE_HINTS, PROTOCOL_VERSION)

#: The message kinds each version added.
ADDED_MESSAGES: dict[int, frozenset[str]] = {
    8: frozenset({"player_record", "record"}),
    9: frozenset({"hint", "suggestion"}),
}
#: What each version added to a table summary's settings.
ADDED_SETTINGS: dict[int, frozenset[str]] = {8: frozenset({"rated"}), 9: frozenset({"hints"})}
#: What each version added to each seat of a table summary.
ADDED_SEAT: dict[int, frozenset[str]] = {8: frozenset({"rating"})}
#: The setting version 8 added (ratings).
RATINGS_SETTINGS = "rated"


def carries(version: int, kind: str) -> bool:
    """Whether a connection of protocol `version` carries messages of the type `kind`."""
    return not any(kind in kinds for added, kinds in ADDED_MESSAGES.items() if added > version)


def older_form(message: Any, version: int) -> dict[str, Any] | None:
    """`message`'s map (its ``to_wire``) as a client of `version` reads it, or None when that
    is the same as its own (it holds no table summary, or `version` is the newest)."""
    summaries = _summary_fields(type(message))
    if version >= PROTOCOL_VERSION or not summaries:
        return None
    body: dict[str, Any] = message.to_wire()
    settings, seat = _added_after(ADDED_SETTINGS, version), _added_after(ADDED_SEAT, version)
    for name, many in summaries:
        value = body[name]
        body[name] = (
            [_older(each, settings, seat) for each in value]
            if many
            else _older(value, settings, seat)
        )
    return body


def _added_after(added: dict[int, frozenset[str]], version: int) -> frozenset[str]:
    """The fields versions after `version` added."""
    return frozenset().union(*(names for since, names in added.items() if since > version))


def _older(
    summary: dict[str, Any], settings: frozenset[str], seat: frozenset[str]
) -> dict[str, Any]:
    """A table summary's map without the `settings` and `seat` fields a version lacks."""
    return {
        **summary,
        "settings": {
            key: value for key, value in summary["settings"].items() if key not in settings
        },
        "seats": [
            {key: value for key, value in each.items() if key not in seat}
            for each in summary["seats"]
        ],
    }


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
