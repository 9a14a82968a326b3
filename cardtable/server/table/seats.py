"""A seat at a table: empty, a bot, or a player who may be connected or away."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field, fields
from typing import Protocol

from cardtable.protocol import Message, SeatKind, SeatSummary


class Member(Protocol):
    """Someone at a table who can be sent messages (a client connection)."""

    name: str

    def deliver(self, message: Message) -> None: ...


def new_token() -> tuple[str, bytes]:
    """A fresh seat token and the hash the server keeps of it."""
    token = secrets.token_urlsafe(32)
    return token, hash_token(token)


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def token_matches(token: str, stored: bytes) -> bool:
    return hmac.compare_digest(hash_token(token), stored)


@dataclass
class Seat:
    index: int
    name: str | None = None
    #: The player's connection while they are here.
    member: Member | None = None
    token_hash: bytes | None = None
    #: The kind of bot on an unoccupied seat.
    bot: str | None = None
    #: When the player left unexpectedly (trio clock), while they are away.
    away_since: float | None = None
    #: A bot plays for the away player until they return.
    covered: bool = False
    #: Which holding of the seat this is (private chat lines belong to one holding).
    occupancy: int = 0
    #: The seats whose players voted to hand this away seat to a bot now.
    cover_votes: set[int] = field(default_factory=set)
    #: A bot plays the seat until the game ends: its player's time ran out (turn clock).
    out_of_time: bool = False

    @property
    def kind(self) -> SeatKind:
        if self.bot is not None:
            return SeatKind.BOT
        return SeatKind.PLAYER if self.token_hash is not None else SeatKind.EMPTY

    @property
    def is_empty(self) -> bool:
        return self.kind is SeatKind.EMPTY

    @property
    def held_by_player(self) -> bool:
        return self.token_hash is not None

    @property
    def away(self) -> bool:
        return self.held_by_player and self.member is None

    @property
    def bot_driven(self) -> bool:
        """Whether the server's bot acts for this seat now."""
        return self.bot is not None or self.covered or self.out_of_time

    def clear(self) -> None:
        """Empty the seat: every field as a new seat's, but its index and holding."""
        empty = Seat(self.index, occupancy=self.occupancy)
        for item in fields(self):
            setattr(self, item.name, getattr(empty, item.name))

    def summary(self) -> SeatSummary:
        """The seat as everyone sees it."""
        return SeatSummary(
            seat=self.index,
            kind=self.kind,
            name=self.name,
            connected=self.bot is not None or self.member is not None,
            bot=self.bot,
            covered=self.covered,
            votes=len(self.cover_votes),
        )
