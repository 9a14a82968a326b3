"""How structured values (options, actions, results) are stored: msgpack, as on the wire."""

from __future__ import annotations

from typing import Any

import msgpack


def pack(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)  # type: ignore[no-any-return]


def unpack(data: bytes) -> Any:
    return msgpack.unpackb(data, raw=False, strict_map_key=False)
