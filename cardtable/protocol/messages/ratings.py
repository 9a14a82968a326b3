"""The messages about ratings: asking for a player's record (`player_record`) and the record
(`record`)."""

from __future__ import annotations

from cardtable.protocol.fields import Nullable, Record, Text
from cardtable.protocol.messages.base import Message, client, server, wire
from cardtable.protocol.messages.values import NAME_LENGTH
from cardtable.protocol.player_record import GameStanding


@client("player_record")
class PlayerRecord(Message):
    """Ask for the record of the player (or bot kind, ``search bot``) rated as ``name``."""

    name: str = wire(Text(1, NAME_LENGTH))


@server("record")
class RecordReply(Message):
    """A player's record: a `GameStanding` per game they were rated in (the most played
    first; none if they never were) and their favourite game (the most played; None: none)."""

    name: str = wire(Text(1, NAME_LENGTH))
    games: tuple[GameStanding, ...] = wire(Record(tuple[GameStanding, ...], "game standings"))
    favourite: str | None = wire(Nullable(Text(1, 64)), None)
