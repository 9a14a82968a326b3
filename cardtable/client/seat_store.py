"""The seats a client keeps on disk, so that it can come back to them after it was stopped.

`cardtable join` and `cardtable bot` keep the seat token of the seat they hold and the creator
tokens of the tables they opened, one file per server address and player name, in the
``seats`` folder of cardtable's data folder. The file's name is a hash of the pair, so two
names on one machine never read each other's tokens. Each file is readable by its owner only
(mode 0600) and replaced whole, so a crash at any moment leaves the old file or the new one
(`write_private`).

What the server says decides what is kept (`kept_after`): a seat is kept from its `joined` until
we leave it, the server refuses its token, or its table is removed (`table_removed`, or a list
of the tables without it); a creator token is kept from its `table_created` until a `welcome` no
longer lists its table, or the table is removed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

from cardtable.client.handshake import TOKEN_REFUSALS
from cardtable.client.private_file import write_private
from cardtable.data_folder import data_directory
from cardtable.protocol import (
    Error,
    Joined,
    Left,
    Message,
    TableCreated,
    TableRemoved,
    Tables,
    Welcome,
)
from cardtable.protocol.messages import CREATOR_TOKENS

FILE_VERSION = 1


@dataclass(frozen=True)
class KeptSeats:
    """What a client keeps for one server and name: the seat it holds (its table and token),
    and the creator tokens of the tables it opened, oldest first (at most `CREATOR_TOKENS`,
    the most a `hello` may carry)."""

    table: int | None = None
    seat_token: str | None = None
    creator_tokens: tuple[tuple[int, str], ...] = ()

    @property
    def empty(self) -> bool:
        return self.seat_token is None and not self.creator_tokens

    def tokens_to_send(self) -> list[str]:
        """The creator tokens for a `hello`."""
        return [token for _, token in self.creator_tokens]

    def without_seat(self) -> KeptSeats:
        return replace(self, table=None, seat_token=None)


def kept_after(kept: KeptSeats, message: Message) -> KeptSeats:
    """What to keep once the server has said `message`."""
    if isinstance(message, Joined):
        if message.token is None:  # watching: we hold no seat (one table per connection)
            return kept.without_seat()
        return replace(kept, table=message.table.table_id, seat_token=message.token)
    if isinstance(message, Left):
        return kept.without_seat()
    if isinstance(message, Error):
        if message.rid is None and message.code in TOKEN_REFUSALS:
            return kept.without_seat()
        return kept
    if isinstance(message, TableCreated) and message.creator_token is not None:
        created = message.table.table_id
        others = tuple(pair for pair in kept.creator_tokens if pair[0] != created)
        tokens = (*others, (created, message.creator_token))[-CREATOR_TOKENS:]
        return replace(kept, creator_tokens=tokens)
    if isinstance(message, Welcome):
        accepted = set(message.creator_of)
        tokens = tuple(pair for pair in kept.creator_tokens if pair[0] in accepted)
        return replace(kept, creator_tokens=tokens)
    if isinstance(message, Tables):  # every table there is: those not listed have gone
        listed = {table.table_id for table in message.tables}
        tokens = tuple(pair for pair in kept.creator_tokens if pair[0] in listed)
        gone = kept.without_seat() if kept.table not in listed else kept
        return replace(gone, creator_tokens=tokens)
    if isinstance(message, TableRemoved):
        tokens = tuple(pair for pair in kept.creator_tokens if pair[0] != message.table_id)
        gone = kept.without_seat() if kept.table == message.table_id else kept
        return replace(gone, creator_tokens=tokens)
    return kept


def seats_folder(data: Path | None = None) -> Path:
    """Where the kept seats are: the ``seats`` folder in `data` (by default cardtable's data
    folder)."""
    return (data if data is not None else data_directory()) / "seats"


class SeatStore:
    """The file that keeps `KeptSeats` for one server (``host:port``) and player name."""

    def __init__(self, host: str, port: int, name: str, folder: Path | None = None) -> None:
        self.server = f"{host.lower()}:{port}"
        self.name = name
        self.folder = folder if folder is not None else seats_folder()
        digest = hashlib.sha256(f"{self.server}\n{name}".encode()).hexdigest()
        self.path = self.folder / f"{digest[:32]}.json"

    def load(self) -> KeptSeats:
        """What the file keeps; nothing if there is no file or it cannot be read."""
        try:
            body = json.loads(self.path.read_text(encoding="utf-8"))
            return self._parse(body)
        except (OSError, ValueError):
            return KeptSeats()

    def _parse(self, body: object) -> KeptSeats:
        if not isinstance(body, dict):
            return KeptSeats()
        if body.get("server") != self.server or body.get("name") != self.name:
            return KeptSeats()  # another pair's file under this name: not ours to use
        table, token = body.get("table"), body.get("seat_token")
        if not (isinstance(table, int) and isinstance(token, str)):
            table, token = None, None
        pairs = body.get("creator_tokens")
        tokens = tuple(
            (pair[0], pair[1])
            for pair in (pairs if isinstance(pairs, list) else [])
            if isinstance(pair, list)
            and len(pair) == 2
            and isinstance(pair[0], int)
            and isinstance(pair[1], str)
        )
        return KeptSeats(table, token, tokens[-CREATOR_TOKENS:])

    def save(self, kept: KeptSeats) -> None:
        """Keep `kept` (an empty one removes the file). Raises `OSError` if the disk refuses."""
        if kept.empty:
            self.path.unlink(missing_ok=True)
            return
        body = {
            "version": FILE_VERSION,
            "server": self.server,
            "name": self.name,
            "table": kept.table,
            "seat_token": kept.seat_token,
            "creator_tokens": [list(pair) for pair in kept.creator_tokens],
        }
        data = json.dumps(body, indent=1).encode()
        write_private(self.path, data)


__all__ = ["KeptSeats", "SeatStore", "kept_after", "seats_folder"]
