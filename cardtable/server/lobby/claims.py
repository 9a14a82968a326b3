"""Claimed names: a name that stays with the player who made it theirs.

A client proves a player's key at `hello` (a secret it made once, kept in its data folder); the
server keeps only its SHA-256 (`key_hash`). The first key to finish a game under a name claims
it, and from then on the server refuses the name, and every name that looks like it
(`cardtable.server.names`), to any other key and to clients without a key. A key holds every
name it has finished a game with. Each change is recorded in the journal, so it is stored before
anyone hears of it, and read back when the server starts.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Iterable

from cardtable.server.bots.names import bot_name_problem
from cardtable.server.lobby.session import Session
from cardtable.server.names import NameIndex
from cardtable.server.storage.claims import ClaimName, DropClaim, MoveClaims, NameClaim
from cardtable.server.storage.journal import Journal
from cardtable.server.table.table import Table


def hash_key(key: str) -> bytes:
    """The hash the server keeps of a player's key: a plain SHA-256, since the key is 32 random
    bytes (nothing to guess from a list, so a salt would add nothing)."""
    return hashlib.sha256(key.encode()).digest()


class NameClaims:
    """The claimed names, each with the hash of the key that holds it."""

    def __init__(self, journal: Journal, stored: Iterable[NameClaim] = ()) -> None:
        self._journal = journal
        #: The holder's key hash of each claimed name.
        self._holders: dict[str, bytes] = {}
        #: The claimed names, found by any name that looks like one of them.
        self._index = NameIndex()
        for claim in stored:
            self._add(claim.name, claim.key_hash)

    def _add(self, name: str, key_hash: bytes) -> None:
        self._holders[name] = key_hash
        self._index.add(name)

    def refusal(self, name: str, key_hash: bytes | None, *, can_prove: bool = True) -> str | None:
        """Why a player with `key_hash` (None: no key) may not use `name`, or None if they may.
        A client that `can_prove` no key (one from before ratings) is told so."""
        claimed = self._index.holder(name)
        if claimed is None or self._holders[claimed] == key_hash:
            return None
        if not can_prove:
            return (
                f"{claimed} is a name its player keeps on this server, and this version of "
                "cardtable cannot show a name is yours: choose another name, or update "
                "cardtable to play as yourself."
            )
        return (
            f"{claimed} plays here from another device and keeps the name. If that is you, "
            "run `cardtable name export` there and `cardtable name import CODE` here; "
            "otherwise choose another name."
        )

    def is_claimed(self, name: str) -> bool:
        """Whether someone holds `name` itself."""
        return name in self._holders

    def names_of(self, key_hash: bytes) -> list[str]:
        """The names `key_hash` holds, in the order it claimed them."""
        return [name for name, holder in self._holders.items() if holder == key_hash]

    def claim(self, name: str, key_hash: bytes) -> None:
        """`key_hash` finished a game under `name`: it claims the name if nobody holds it (nor
        one like it) and it is not a bot's."""
        if self._index.holder(name) is not None or bot_name_problem(name) is not None:
            return
        self._journal.record(ClaimName(NameClaim(name, key_hash, time.time())))
        self._add(name, key_hash)

    def game_finished(self, table: Table) -> None:
        """A game at `table` has ended: each player at a seat with a key claims its name."""
        for seat in table.seats:
            member = seat.member
            if seat.bot is None and isinstance(member, Session) and member.key_hash is not None:
                self.claim(member.name, member.key_hash)

    def move(self, from_hash: bytes, to_hash: bytes) -> None:
        """Every name of `from_hash` passes to `to_hash`."""
        if from_hash == to_hash or not self.names_of(from_hash):
            return
        self._journal.record(MoveClaims(from_hash, to_hash))
        for name in self.names_of(from_hash):
            self._holders[name] = to_hash

    def release(self, name: str, key_hash: bytes) -> bool:
        """Let go of `name` if `key_hash` holds it; whether it did."""
        if self._holders.get(name) != key_hash:
            return False
        self._journal.record(DropClaim(name))
        del self._holders[name]
        self._index.discard(name)
        return True
