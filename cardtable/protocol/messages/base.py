"""What every message shares: the `Message` base with its request id, checked fields, and the
registry of message kinds by sender.

On the wire a message is a msgpack map: ``{"type": "<name>", <field>: <value>, ...}``. Each kind
names its type, who sends it, and a checker for each field. Every message may carry ``rid``, a
request id the client picks; the server's reply to a request echoes it.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, TypeVar, dataclass_transform

from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.fields import Check, Int, Nullable, Record
from cardtable.protocol.framing import pack
from cardtable.protocol.versions import PROTOCOL_VERSION as PROTOCOL_VERSION
from cardtable.protocol.versions import older_form
from cardtable.wire.codec import to_wire


class Sender(StrEnum):
    CLIENT = "client"
    SERVER = "server"


def wire(check: Check, default: Any = MISSING, *, code: ErrorCode = ErrorCode.BAD_MESSAGE) -> Any:
    """A message field checked by `check`; a bad value is reported with `code`."""
    metadata = {"check": check, "code": code}
    if default is MISSING:
        return field(metadata=metadata)
    if isinstance(default, dict | list):
        return field(default_factory=lambda: type(default)(default), metadata=metadata)
    return field(default=default, metadata=metadata)


REQUEST_ID = Nullable(Int(0, 2**31 - 1))


@dataclass_transform(kw_only_default=True, frozen_default=True)
@dataclass(frozen=True, kw_only=True)
class Message:
    """Base of every message. ``rid`` ties a reply to the request it answers. A subclass is a
    frozen dataclass of keyword fields (`wire` declares each), made so here."""

    type: ClassVar[str] = ""
    sender: ClassVar[Sender]
    rid: int | None = wire(REQUEST_ID, None)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=True)(cls)

    def to_wire(self) -> dict[str, Any]:
        """The map that goes on the wire (``rid`` left out when nil)."""
        body: dict[str, Any] = {"type": self.type}
        for name, typed in _field_names(type(self)):
            value = getattr(self, name)
            if name == "rid" and value is None:
                continue
            body[name] = to_wire(value) if typed else value
        return body

    def packed(self) -> bytes:
        """The message's msgpack encoding (its `to_wire` map)."""
        return pack(self.to_wire())

    def packed_for(self, version: int) -> bytes:
        """Its encoding for a client of protocol `version` (see `cardtable.protocol.versions`),
        made once per version however many clients it goes to (kept on the message)."""
        kept: dict[int, bytes] | None = self.__dict__.get(_PACKED)
        packed = kept.get(version) if kept is not None else None
        if packed is None:
            older = older_form(self, version) if version != PROTOCOL_VERSION else None
            packed = self.packed() if older is None else pack(older)
            if kept is None:
                self.__dict__[_PACKED] = {version: packed}  # (frozen: not through setattr)
            else:
                kept[version] = packed
        return packed


#: Where a message keeps its encoding for each version it was sent in.
_PACKED = "_packed_for"


_FIELD_NAMES: dict[type[Message], tuple[tuple[str, bool], ...]] = {}


def _field_names(cls: type[Message]) -> tuple[tuple[str, bool], ...]:
    """A message class's field names, in order, each with whether it holds typed records that
    the codec writes (looked up once: the server sends many)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(
            (item.name, isinstance(item.metadata["check"], Record)) for item in fields(cls)
        )
    return names


MESSAGES: dict[Sender, dict[str, type[Message]]] = {Sender.CLIENT: {}, Sender.SERVER: {}}

M = TypeVar("M", bound=type[Message])


def _message(name: str, sender: Sender) -> Any:
    def register(cls: M) -> M:
        cls.type = name
        cls.sender = sender
        MESSAGES[sender][name] = cls
        return cls

    return register


def client(name: str) -> Any:
    return _message(name, Sender.CLIENT)


def server(name: str) -> Any:
    return _message(name, Sender.SERVER)
