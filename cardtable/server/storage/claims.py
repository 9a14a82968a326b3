"""Claimed names as stored: one row per name, with the hash of the player's key that holds it
(see `cardtable.server.lobby.claims`), the changes to them, and reading them back."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from cardtable.server.storage.writes import insert_record, update_rows


@dataclass(frozen=True)
class NameClaim:
    """A name held by the key whose SHA-256 is `key_hash`, since `claimed_at` (Unix time)."""

    name: str
    key_hash: bytes
    claimed_at: float


@dataclass(frozen=True)
class ClaimName:
    """A key claims a name: it finished a game under it."""

    claim: NameClaim

    def apply(self, connection: sqlite3.Connection) -> None:
        insert_record(connection, "name_claims", self.claim)


@dataclass(frozen=True)
class MoveClaims:
    """Every name of one key passes to another (a name moved to a new device)."""

    from_hash: bytes
    to_hash: bytes

    def apply(self, connection: sqlite3.Connection) -> None:
        update_rows(connection, "name_claims", "key_hash", self.from_hash, key_hash=self.to_hash)


@dataclass(frozen=True)
class DropClaim:
    """A name let go: anyone may claim it again."""

    name: str

    def apply(self, connection: sqlite3.Connection) -> None:
        connection.execute("DELETE FROM name_claims WHERE name = ?", (self.name,))


def read_claims(connection: sqlite3.Connection) -> list[NameClaim]:
    """Every claimed name, the oldest claim first."""
    rows = connection.execute(
        "SELECT name, key_hash, claimed_at FROM name_claims ORDER BY claimed_at, name"
    ).fetchall()
    return [NameClaim(str(name), bytes(key_hash), float(at)) for name, key_hash, at in rows]
