"""What a server tells a client of each game it hosts (see "Game spec" in docs/protocol.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from cardtable.engine import GameSpec, OptionSpec
from cardtable.wire.codec import OptionValue


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One of a game's options, as a form offers it."""

    name: str
    kind: Literal["bool", "choice", "int", "str"]
    default: OptionValue
    description: str
    #: The allowed values of a "choice" option; empty otherwise.
    choices: tuple[OptionValue, ...]
    #: The bounds of an "int" option.
    minimum: int | None
    maximum: int | None

    @classmethod
    def of(cls, option: OptionSpec) -> OptionInfo:
        kind = cast(Literal["bool", "choice", "int", "str"], option.kind)
        return cls(
            option.name,
            kind,
            option.default,
            option.description,
            option.choices,
            option.minimum,
            option.maximum,
        )


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game the server hosts: what to call it, how many play, its options and bots."""

    game_kind: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionInfo, ...]
    summary: str
    #: The server's bot levels, weakest first (random, easy, normal, hard).
    bots: tuple[str, ...]
    #: The kind used when none is named, and for covering away players.
    default_bot: str
    #: Whether the game can be played in partnerships (so partner chat matters).
    partnerships: bool

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    @classmethod
    def of(cls, spec: GameSpec) -> GameInfo:
        """What the server tells of `spec` (the options players may choose among)."""
        return cls(
            game_kind=spec.id,
            title=spec.title,
            min_players=spec.min_players,
            max_players=spec.max_players,
            options=tuple(OptionInfo.of(option) for option in spec.options if option.offered),
            summary=spec.summary,
            bots=tuple(spec.bots),
            default_bot=spec.default_bot,
            partnerships=spec.partnerships,
        )
