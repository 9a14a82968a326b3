"""The messages about claimed names: moving this key's names to another device with a one-time
code (`name_export`, `name_code`, `name_import`), listing them (`list_names`) and letting one
go (`release_name`); each but the first is answered with the key's names (`names`)."""

from __future__ import annotations

from cardtable.protocol.fields import Int, ListOf, Text
from cardtable.protocol.messages.base import Message, client, server, wire
from cardtable.protocol.messages.values import NAME_CODE, NAME_LENGTH

#: The most names one key holds that a `names` reply lists.
NAMES_LISTED = 100


@client("name_export")
class NameExport(Message):
    """Ask for a one-time code that moves this key's names to the key that brings it."""


@server("name_code")
class NameCode(Message):
    """The code `name_export` asked for, good once for ``minutes``, and the names it moves."""

    code: str = wire(NAME_CODE)
    minutes: int = wire(Int(1, 1440))
    names: list[str] = wire(ListOf(Text(1, NAME_LENGTH), high=NAMES_LISTED))


@client("name_import")
class NameImport(Message):
    """Move the names of the key that made ``code`` to this connection's key."""

    code: str = wire(NAME_CODE)


@client("list_names")
class ListNames(Message):
    """Ask which names this connection's key holds."""


@client("release_name")
class ReleaseName(Message):
    """Let go of ``name``, which this connection's key holds: anyone may claim it again."""

    name: str = wire(Text(1, NAME_LENGTH))


@server("names")
class Names(Message):
    """The names this connection's key holds, in the order it claimed them."""

    names: list[str] = wire(ListOf(Text(1, NAME_LENGTH), high=NAMES_LISTED))
