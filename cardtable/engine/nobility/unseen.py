"""What a seat cannot see of a Nobility table: the record `Nobility.from_view` takes and
`Nobility.unseen` gives; and the melds and offers read back from a view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardtable.engine.cards import CardFace
from cardtable.engine.nobility.cards import is_noble, suit_of
from cardtable.engine.nobility.diplomacy import OFFER_TURNS
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.pieces import MeldView
from cardtable.engine.nobility.state import Fight, OpenOffer, Owed, Payout
from cardtable.engine.nobility.types import NobilityTable, Offer, Phase
from cardtable.engine.views import SeatView


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


def owed_from_hand(table: NobilityTable) -> bool:
    """Whether the choice owed is of nobles from the hand (a defender's losses in a battle for
    her hand), which only their owner sees."""
    owed, battle = table.owed, table.battle
    return owed is not None and owed.kind == "losses" and battle is not None and battle.meld is None


def owed_shown(view: SeatView[NobilityTable], hands: Sequence[Sequence[int]]) -> Owed | None:
    """The choice owed, as `view` shows it. A defender who lost a battle for her hand chooses
    from the nobles in it, which the others cannot see: those in her hand of `hands`."""
    shown = view.table.owed
    if shown is None:
        return None
    hidden = owed_from_hand(view.table)
    if hidden and shown.seat != view.seat:
        cards = [cid for cid in hands[shown.seat] if is_noble(cid)]
    else:
        cards = cids(shown.cards)
    return Owed(shown.seat, shown.kind, shown.count, cards, hidden=hidden)


def fight_shown(table: NobilityTable) -> Fight | None:
    """The battle being resolved, as the view shows it."""
    shown = table.battle
    if shown is None:
        return None
    return Fight(shown.attacker, cids(shown.nobles), shown.meld, shown.victim, shown.won)


def claim_shown(table: NobilityTable, payers_after: Sequence[int]) -> Payout | None:
    """The income claim being paid, if a payer owes one (`payers_after` pay after her)."""
    owed = table.owed
    if owed is None or owed.kind != "unpaid":
        return None
    return Payout(suit_of(cids(owed.cards)[0]), list(payers_after))
