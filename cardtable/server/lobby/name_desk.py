"""The requests about claimed names: `name_export`, `name_import`, `list_names` and
`release_name`, each answered for the key the connection proved at `hello`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.protocol import (
    ErrorCode,
    ListNames,
    Message,
    NameCode,
    NameExport,
    NameImport,
    Names,
    ReleaseName,
)
from cardtable.protocol.messages.names import NAMES_LISTED
from cardtable.server.errors import ServerError
from cardtable.server.lobby.claims import NameClaims
from cardtable.server.lobby.name_codes import CODE_MINUTES, NameCodes
from cardtable.server.lobby.session import Session


def _key_of(session: Session) -> bytes:
    """The hash of the key `session` proved, or `ServerError(NO_KEY)`."""
    if session.key_hash is None:
        raise ServerError(
            ErrorCode.NO_KEY, "This client sent no player key, so it holds no names here."
        )
    return session.key_hash


class NameDesk:
    """Answers the requests about a key's names."""

    def __init__(self, claims: NameClaims, codes: NameCodes | None = None) -> None:
        self._claims = claims
        self._codes = codes if codes is not None else NameCodes()
        self.handlers: dict[type[Message], Callable[[Session, Any], Message | None]] = {
            NameExport: self.export,
            NameImport: self.import_names,
            ListNames: self.list_names,
            ReleaseName: self.release,
        }

    def export(self, session: Session, message: NameExport) -> Message:
        key_hash = _key_of(session)
        names = self._claims.names_of(key_hash)
        if not names:
            raise ServerError(
                ErrorCode.NOT_YOUR_NAME,
                "This device holds no names here yet: a name is yours once you finish a game "
                "under it.",
            )
        code = self._codes.issue(key_hash)
        return NameCode(
            code=code, minutes=CODE_MINUTES, names=names[:NAMES_LISTED], rid=message.rid
        )

    def import_names(self, session: Session, message: NameImport) -> Message:
        key_hash = _key_of(session)
        from_hash = self._codes.redeem(message.code)
        if from_hash is None:
            raise ServerError(
                ErrorCode.BAD_CODE,
                f"That code does not work here: it is mistyped, used already, or more than "
                f"{CODE_MINUTES} minutes old. Ask for a new one with `cardtable name export`.",
            )
        self._claims.move(from_hash, key_hash)
        return self._names(key_hash, message)

    def list_names(self, session: Session, message: ListNames) -> Message:
        return self._names(_key_of(session), message)

    def release(self, session: Session, message: ReleaseName) -> Message:
        key_hash = _key_of(session)
        if not self._claims.release(message.name, key_hash):
            raise ServerError(
                ErrorCode.NOT_YOUR_NAME, f"This device does not hold the name {message.name}."
            )
        return self._names(key_hash, message)

    def _names(self, key_hash: bytes, request: Message) -> Names:
        """The reply listing the names `key_hash` holds."""
        return Names(names=self._claims.names_of(key_hash)[:NAMES_LISTED], rid=request.rid)
