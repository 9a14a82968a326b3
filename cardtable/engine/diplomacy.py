"""What a game with offers gives the chat (`GameSpec.diplomacy`): how typed terms read as an
offer's action, and how its offer and deal events read as news for the two parties.

The chat keeps the commands (``/offer NAME``, ``/accept N``), the channels and which offer is
whose; the game keeps its terms and its words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cardtable.wire.codec import WireMap

#: How an offer stands in an event: made, carried out, or closed in one of these ways.
DealStage = Literal["offer", "done", "declined", "withdrawn", "lapsed", "closed"]


def tokens(text: str) -> list[str]:
    """The words of a command, lower case, commas and semicolons taken as spaces."""
    return text.lower().replace(",", " ").replace(";", " ").split()


def number(token: str) -> int | None:
    """A whole number, written bare or as ``#3`` or ``$20``; None for any other word."""
    token = token.lstrip("#$")
    return int(token) if token.isascii() and token.isdigit() else None


@dataclass(frozen=True)
class DealNews:
    """An offer or a deal, as one of its events tells a seat: the deal's number, how it
    stands, and where the event says so, who made it to whom and what it moves, in words
    (``Ann offers you 20 money for meld 5``)."""

    deal: int
    stage: DealStage
    maker: int | None = None
    to: int | None = None
    words: str = ""
    #: How the event says a closed offer closed, when it is none of the known ways.
    how: str = ""


@dataclass(frozen=True)
class Diplomacy:
    """A game's offers in words."""

    #: An example of a whole offer command, for refusals: ``/offer NAME give 20 get meld 5``.
    usage: str
    #: What an offer's terms may say, for the chat's help line: ``give … get … (money, …)``.
    terms_help: str
    #: An offer's terms (the engine's keys of its offer action, only those that say something)
    #: from what was typed after the name, or a sentence saying what is wrong.
    read_terms: Callable[[str], WireMap | str]
    #: The news in one plain event as `me` was told of it (the players' names given), or None
    #: for an event about no offer.
    news: Callable[[Mapping[str, object], Sequence[str], int | None], DealNews | None]
