"""Decoding: a decoded map checked and built into its message, or a `MessageError` with a
stable error code."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any

from cardtable.protocol.errors import ErrorCode
from cardtable.protocol.fields import FieldError
from cardtable.protocol.messages.base import MESSAGES, REQUEST_ID, Message, Sender


@dataclass(eq=False)  # not frozen: Python sets an exception's traceback as it travels
class MessageError(Exception):
    """A decoded map that is not a valid message: its error code, a sentence, and its ``rid``."""

    code: ErrorCode
    message: str
    rid: int | None = None


def rid_of(body: Mapping[Any, Any]) -> int | None:
    """The valid request id in `body`, or None."""
    try:
        return REQUEST_ID(body.get("rid"))  # type: ignore[no-any-return]
    except FieldError:
        return None


def decode_message(body: Any, sender: Sender) -> Message:
    """Check a decoded map sent by `sender` and build its message, or raise `MessageError`."""
    if not isinstance(body, Mapping):
        raise MessageError(ErrorCode.BAD_MESSAGE, "A message must be a map with a 'type'.")
    rid = rid_of(body)
    kind = body.get("type")
    if not isinstance(kind, str):
        raise MessageError(ErrorCode.BAD_MESSAGE, "A message needs a string 'type'.", rid)
    cls = MESSAGES[sender].get(kind)
    if cls is None:
        if kind in MESSAGES[Sender.CLIENT] or kind in MESSAGES[Sender.SERVER]:
            text = f"'{kind}' is not a message the {sender} may send."
        else:
            text = f"There is no message type {kind[:40]!r}."
        raise MessageError(ErrorCode.UNKNOWN_TYPE, text, rid)
    known = {item.name: item for item in fields(cls)}
    for key in body:
        if key != "type" and key not in known:
            raise MessageError(
                ErrorCode.BAD_MESSAGE, f"'{kind}' has no field {str(key)[:40]!r}.", rid
            )
    values: dict[str, Any] = {}
    for name, item in known.items():
        if name not in body:
            if item.default is MISSING and item.default_factory is MISSING:
                raise MessageError(
                    ErrorCode.BAD_MESSAGE, f"'{kind}' needs the field '{name}'.", rid
                )
            continue
        try:
            values[name] = item.metadata["check"](body[name])
        except FieldError as error:
            raise MessageError(
                item.metadata["code"], f"'{name}' in '{kind}' {error}.", rid
            ) from None
    return cls(**values)


def check_message(message: Message) -> None:
    """Check an outgoing message's fields against their rules (raises `MessageError`)."""
    decode_message(message.to_wire(), message.sender)
