"""Encoding once what several messages share.

A server tells every seat at a table of the same action: the public events and most of the
view's changes are the same for each. A `Shared` list is encoded the first time a message is
packed and its bytes are reused by every other message that carries the same object. A message
is a msgpack map, which is its fields' encodings one after another behind a header, so
`pack_fields` packs the fields that share nothing in one go and puts each shared value's bytes
after them as they are. The bytes are exactly what packing the plain values would give when the
shared fields come last (as `Update` orders them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgpack

from cardtable.protocol.framing import pack

_HEADERS = msgpack.Packer(use_bin_type=True, autoreset=True)
_KEYS: dict[str, bytes] = {}


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


def _shared_bytes(value: Any) -> bytes | None:
    """`value`'s encoding if it is or holds `Shared` lists (from their bytes), else None."""
    if type(value) is Shared:
        return value.packed()
    if type(value) is list and Shared in map(type, value):
        parts = [_HEADERS.pack_array_header(len(value))]
        for item in value:
            parts.append(item.packed() if type(item) is Shared else pack(item))
        return b"".join(parts)
    return None


def _key(name: str) -> bytes:
    packed = _KEYS.get(name)
    if packed is None:
        packed = _KEYS[name] = pack(name)
    return packed


def pack_fields(fields: dict[str, Any]) -> bytes:
    """A map of `fields` encoded as `pack` would encode it (when the fields holding shared
    values come last), those values from their bytes."""
    plain: dict[str, Any] = {}
    shared: list[bytes] = []
    for key, value in fields.items():
        packed = _shared_bytes(value)
        if packed is not None:
            shared.append(_key(key))
            shared.append(packed)
        elif shared:  # a plain field after a shared one: keep the order, pack it alone
            shared.append(_key(key))
            shared.append(pack(value))
        else:
            plain[key] = value
    if not shared:
        return pack(fields)
    body = pack(plain)
    skip = 1 if len(plain) < 16 else 3  # the plain map's own header (fixmap, or map 16)
    return b"".join([_HEADERS.pack_map_header(len(fields)), memoryview(body)[skip:], *shared])
