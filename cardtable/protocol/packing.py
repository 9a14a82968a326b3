"""Encoding once what several messages share.

A server tells every seat at a table of the same action: the public events and most of the
view's changes are the same for each. A `Shared` list is encoded the first time a message is
packed and its bytes are reused by every other message that carries the same object. A message
is a msgpack map, which is its fields' encodings one after another behind a header, so
`pack_fields` builds it by hand and puts a `Shared` value's bytes in as they are. The bytes are
exactly what packing the plain values would give.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgpack

from cardtable.protocol.framing import pack

_HEADERS = msgpack.Packer(use_bin_type=True, autoreset=True)


class Shared(list[Any]):
    """A list of plain values carried by several messages and encoded once."""

    __slots__ = ("_packed",)

    def __init__(self, items: Iterable[Any] = ()) -> None:
        super().__init__(items)
        self._packed: bytes | None = None

    def packed(self) -> bytes:
        """Its msgpack encoding, made on the first call. (The list must not change after.)"""
        if self._packed is None:
            self._packed = pack(list(self))
        return self._packed


def pack_value(value: Any) -> bytes:
    """`value` encoded; a `Shared` list, or a list of them and other values, from what each
    `Shared` already holds."""
    if type(value) is Shared:
        return value.packed()
    if type(value) is list and any(type(item) is Shared for item in value):
        parts = [_HEADERS.pack_array_header(len(value))]
        parts.extend(item.packed() if type(item) is Shared else pack(item) for item in value)
        return b"".join(parts)
    return pack(value)


def pack_fields(fields: dict[str, Any]) -> bytes:
    """A map of `fields` encoded as `pack` would encode it, shared values from their bytes."""
    parts = [_HEADERS.pack_map_header(len(fields))]
    for key, value in fields.items():
        parts.append(pack(key))
        parts.append(pack_value(value))
    return b"".join(parts)
