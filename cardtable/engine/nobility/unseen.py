"""What a seat cannot see of a Nobility table: the record `Nobility.from_view` takes and
`Nobility.unseen` gives; and the melds and offers read back from a view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.engine.cards import CardFace
from cardtable.engine.nobility.diplomacy import OFFER_TURNS
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.state import OpenOffer
from cardtable.engine.nobility.types import MeldView, NobilityTable, Offer, Phase


@dataclass(frozen=True)
class NobilityUnseen:
    """The other hands (by seat) and the stock (top card last), and what the view leaves out:
    the card the player in turn took from the stock discard pile (when the view does not show
    it), the part of the turn an election interrupted, the seats still to pay an income claim
    after the one paying now, and the number the next offer will have."""

    hands: Mapping[int, tuple[int, ...]]
    stock: tuple[int, ...]
    taken: int | None
    paused: Phase
    payers_after: tuple[int, ...]
    next_offer: int


def cids(cards: Sequence[CardFace] | None) -> list[int]:
    """The ids of `cards` (none for None)."""
    return [card.cid for card in cards or ()]


def meld_shown(shown: MeldView) -> Meld:
    """A meld as the view shows it."""
    joker = shown.joker.cid if shown.joker is not None else None
    return Meld(shown.id, shown.owner, shown.suit, cids(shown.cards), cids(shown.defenders), joker)


def offers_shown(table: NobilityTable) -> dict[int, OpenOffer]:
    """The open offers the view shows (those its seat is a party to), by number."""
    return {
        shown.deal: OpenOffer(
            shown.deal,
            shown.maker,
            Offer(
                shown.to,
                shown.give_money,
                shown.give_melds,
                shown.get_money,
                shown.get_melds,
                shown.coalition,
            ),
            shown.lapses_on_turn - OFFER_TURNS,
        )
        for shown in table.offers
    }
