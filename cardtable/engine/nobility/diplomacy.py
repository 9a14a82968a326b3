"""Offers (ruling 12): money, melds and a coalition, both ways, carried out whole or not at all.

An offer is made by one player to another, who accepts or declines it; its maker may withdraw
it, and it lapses when a full round of turns has passed. Only its two parties hear of it until
it is carried out; what a carried-out deal does is public. Offers and their answers are free
actions: any seat may make them, in turn or not.

`Diplomacy` is the part of the game that keeps the offers and the coalition; `Nobility` (in
``rules``) is built on it and keeps the rest.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TypeVar

from cardtable.engine.actions import GameAction
from cardtable.engine.events import Event
from cardtable.engine.game import Game
from cardtable.engine.nobility.melds import Meld
from cardtable.engine.nobility.offer_reading import TO_SEAT
from cardtable.engine.nobility.phases import ELECTION
from cardtable.engine.nobility.pieces import DealTerms, OfferView
from cardtable.engine.nobility.state import OpenOffer, Owed
from cardtable.engine.nobility.types import (
    Accept,
    CoalitionEnds,
    CoalitionFormed,
    DealDone,
    Decline,
    Offer,
    OfferClosed,
    OfferMade,
    Phase,
    Withdraw,
)
from cardtable.engine.refusal import IllegalAction
from cardtable.wire.records import record_from

#: Turns (three: a full round) after the one it was made in before an offer lapses.
OFFER_TURNS = 3

DealT = TypeVar("DealT", bound=DealTerms)


def offer_view(offer: OpenOffer) -> OfferView:
    """An open offer as its parties see it."""
    return deal_terms(OfferView, offer, lapses_on_turn=offer.made_on_turn + OFFER_TURNS)


def deal_terms(cls: type[DealT], offer: OpenOffer, **more: int) -> DealT:
    """`offer` as `cls` (its view, or the deal done), with the fields `more` of that type's
    own."""
    return record_from(cls, offer.terms, deal=offer.id, maker=offer.maker, **more)


class Diplomacy(Game):
    """The offers and the coalition of a Nobility game; the rules keep the rest of the state
    named here."""

    # The state the rules keep, which deals read and change.
    money: list[int]
    melds: dict[int, Meld]
    coalition: tuple[int, ...]
    majority: tuple[int, ...]
    phase: Phase
    endgame: bool
    owed: Owed | None
    turns: int
    # The offers, kept here.
    offers: dict[int, OpenOffer]
    next_offer: int

    @abstractmethod
    def _after_action(self) -> list[Event]:
        """What follows any action, a free one too (an election that is due ...)."""

    # -- free actions ---------------------------------------------------------------------

    def answers(self, seat: int) -> list[GameAction]:
        if self.over or self.awaiting_deal:
            return []
        replies: list[GameAction] = []
        for offer in self.offers.values():
            if offer.to == seat:
                if self._offer_problem(offer) is None:
                    replies.append(Accept(offer.id))
                replies.append(Decline(offer.id))
        return replies

    def _apply_free(self, seat: int, action: GameAction) -> list[Event]:
        match action:
            case Offer():
                events = self._offer(seat, action)
            case Withdraw(deal=deal):
                events = self._close_offer(self._named_offer(seat, deal, maker=True), "withdrawn")
            case Decline(deal=deal):
                events = self._close_offer(self._named_offer(seat, deal), "declined")
            case Accept(deal=deal):
                events = self._accept(self._named_offer(seat, deal))
            case _:
                raise IllegalAction(f"{action.kind!r} is not a move in Nobility.")
        return events + self._after_action()

    def _named_offer(self, seat: int, deal: int, *, maker: bool = False) -> OpenOffer:
        offer = self.offers.get(deal)
        if offer is None:
            raise IllegalAction("There is no open offer with that number.")
        if maker and offer.maker != seat:
            raise IllegalAction("Only the player who made an offer can withdraw it.")
        if not maker and offer.to != seat:
            raise IllegalAction("Only the player an offer is made to can answer it.")
        return offer

    def _offer(self, seat: int, terms: Offer) -> list[Event]:
        if terms.to == seat or not 0 <= terms.to < self.seats:
            raise IllegalAction(TO_SEAT)
        if terms.empty:
            raise IllegalAction("An offer must give or ask for something.")
        if set(terms.give_melds) & set(terms.get_melds):
            raise IllegalAction("A meld cannot go both ways.")
        if any(offer.parties() == (seat, terms.to) for offer in self.offers.values()):
            raise IllegalAction("You have an offer open to that player; withdraw it first.")
        offer = OpenOffer(self.next_offer, seat, terms, self.turns)
        problem = self._offer_problem(offer, made=True)
        if problem is not None:
            raise problem
        self.offers[offer.id] = offer
        self.next_offer += 1
        return [Event(OfferMade(offer_view(offer)), audience=offer.parties())]

    def _offer_problem(self, offer: OpenOffer, made: bool = False) -> IllegalAction | None:
        """Why the offer could not be carried out now (the refusal to raise), or None if it
        could."""
        terms, maker, to = offer.terms, offer.maker, offer.to
        if self.owed is not None and not made:
            return IllegalAction("Deals wait until the choice being made in play is made.")
        for payer, amount in ((maker, terms.give_money), (to, terms.get_money)):
            if self.money[payer] < amount:
                return IllegalAction(f"{{0}} has only {self.money[payer]} to give.", (payer,))
        for meld_id, owner in [
            *((m, maker) for m in terms.give_melds),
            *((m, to) for m in terms.get_melds),
        ]:
            meld = self.melds.get(meld_id)
            if meld is None:
                return IllegalAction(f"There is no meld {meld_id}.")
            if meld.owner != owner:
                return IllegalAction(f"Meld {meld_id} is not {{0}}'s.", (owner,))
        if terms.coalition is not None:
            if self.phase != ELECTION and not self.endgame:
                return IllegalAction(
                    "Coalitions are formed and dissolved only at an election or in the endgame."
                )
            if terms.coalition == "form" and self.coalition:
                return IllegalAction("There is a coalition already; it must be dissolved first.")
            if terms.coalition == "dissolve" and set(self.coalition) != {maker, to}:
                return IllegalAction("There is no coalition between these two players.")
        return None

    def _accept(self, offer: OpenOffer) -> list[Event]:
        problem = self._offer_problem(offer)
        if problem is not None:
            raise IllegalAction(
                f"The deal cannot be carried out: {problem.template}", problem.seats
            )
        terms, maker, to = offer.terms, offer.maker, offer.to
        self.money[maker] += terms.get_money - terms.give_money
        self.money[to] += terms.give_money - terms.get_money
        for meld_id in terms.give_melds:
            self.melds[meld_id].owner = to
        for meld_id in terms.get_melds:
            self.melds[meld_id].owner = maker
        del self.offers[offer.id]
        events = [Event(deal_terms(DealDone, offer))]
        if terms.coalition == "form":
            self.coalition = (min(maker, to), max(maker, to))
            events.append(Event(CoalitionFormed(self.coalition)))
        elif terms.coalition == "dissolve":
            events += self.end_coalition("agreement")
        return events

    # -- offers closing, the coalition ending ----------------------------------------------

    def _close_offer(self, offer: OpenOffer, how: str) -> list[Event]:
        del self.offers[offer.id]
        return [Event(OfferClosed(offer.id, how), audience=offer.parties())]

    def _lapse_offers(self) -> list[Event]:
        late = [o for o in self.offers.values() if o.made_on_turn + OFFER_TURNS <= self.turns]
        return [event for offer in late for event in self._close_offer(offer, "lapsed")]

    def _drop_offers(self, why: str) -> list[Event]:
        return [
            event for offer in list(self.offers.values()) for event in self._close_offer(offer, why)
        ]

    def end_coalition(self, why: str) -> list[Event]:
        if not self.coalition:
            return []
        partners, self.coalition = self.coalition, ()
        if self.majority == partners:
            self.majority = ()
        return [Event(CoalitionEnds(partners, why))]
