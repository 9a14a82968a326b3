"""The offers Nobility's search bot considers making (`SearchRules.proposals`): a few sensible
deals read from its seat's view and the events it heard, which the search then weighs like
moves.

**When.** Only on the seat's own move, as a player would: at the start of its turn (in the
endgame, while its turn is in its main phase) or at an election before it is ready; never while
an offer made to it waits for its answer or a choice is owed in play, and at most one offer of
its own in a stretch of play (since the last turn began or the last election opened or closed).

**What**, each priced by the heuristic bot's value rule (`offer_value`, which is all public): the
least money that makes the deal worth something to the other player (for a meld it sells, the
most money that still does).

- *Coalition* (at an election or in the endgame, none formed): with each other player whose
  provinces and its own make a majority (19) when neither holds one alone.
- *Dissolve* its coalition when the two no longer hold a majority but it and the third player
  would.
- *Buy* another player's meld (never its partner's): the two best it can pay for, a meld that
  brings it to a majority first, then the longest, then the leader's, then the cheapest.
- *Sell* its shortest undefended meld that it holds no noble to defend, to the player with the
  fewest provinces who can pay.

At most `MAX_PROPOSALS` in all. It does not offer again what it offered within the last
`REOFFER_TURNS` turns (the same player, the same melds both ways, the same coalition; the money
may differ): an offer declined or lapsed is made again at the earliest two full rounds after it
was made. It offers nothing to a player its open offer waits on, and nothing at all when its
events do not reach back to this rubber's deal, since it could not tell what it offered.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.engine.actions import GameAction
from cardtable.engine.events import EventPart, SeenEvent
from cardtable.engine.nobility.bot_reading import Reading, ViewMeld, read
from cardtable.engine.nobility.bots import offer_value
from cardtable.engine.nobility.cards import is_noble, suit_of
from cardtable.engine.nobility.diplomacy import OFFER_TURNS, offer_view
from cardtable.engine.nobility.limits import MAJORITY
from cardtable.engine.nobility.phases import ELECTION, MAIN, START
from cardtable.engine.nobility.pieces import (
    Coalition,
    OfferView,
)
from cardtable.engine.nobility.state import OpenOffer
from cardtable.engine.nobility.types import (
    Dealt,
    Election,
    ElectionOpens,
    NobilityTable,
    Offer,
    OfferMade,
    Turn,
)
from cardtable.engine.views import SeatView

#: The most offers the search tries at one move, and of them the most meld purchases.
MAX_PROPOSALS, MAX_BUYS = 4, 2
#: Turns (two full rounds) before the same terms are offered again.
REOFFER_TURNS = 2 * OFFER_TURNS


@dataclass(frozen=True, slots=True)
class Terms:
    """What makes two offers the same offer again, whatever the money."""

    to: int
    give_melds: tuple[int, ...]
    get_melds: tuple[int, ...]
    coalition: Coalition | None


def terms_of(offer: Offer | OfferView) -> Terms:
    return Terms(offer.to, offer.give_melds, offer.get_melds, offer.coalition)


@dataclass(frozen=True, slots=True)
class OwnOffers:
    """The seat's own offers of this rubber, as its events tell them."""

    #: Whether it made one in the present stretch of play.
    made_now: bool
    #: The terms it offered within the last `REOFFER_TURNS` turns.
    recent: frozenset[Terms]


def own_offers(
    view: SeatView[NobilityTable], history: Sequence[SeenEvent[EventPart]]
) -> OwnOffers | None:
    """The seat's offers of this rubber (None: the events do not reach back to its deal)."""
    start = max(
        (index for index, seen in enumerate(history) if isinstance(seen.public, Dealt)),
        default=None,
    )
    dealt = history[start].public if start is not None else None
    if start is None or not isinstance(dealt, Dealt) or dealt.round != view.round:
        return None
    made_now, recent = False, set()
    for seen in history[start + 1 :]:
        part = seen.public
        if isinstance(part, (Turn, ElectionOpens, Election)):
            made_now = False
        elif isinstance(part, OfferMade) and part.offer.maker == view.seat:
            made_now = True
            made_on_turn = part.offer.lapses_on_turn - OFFER_TURNS
            if made_on_turn > view.table.turns - REOFFER_TURNS:
                recent.add(terms_of(part.offer))
    return OwnOffers(made_now, frozenset(recent))


def may_offer_now(table: NobilityTable, seat: int) -> bool:
    """Whether it is the seat's own move, free of anything it must answer or give up."""
    if table.owed is not None or table.battle is not None:
        return False
    if any(offer.to == seat for offer in table.offers):
        return False
    if table.phase == ELECTION:
        return seat not in table.ready
    return table.turn == seat and (table.phase == START or (table.endgame and table.phase == MAIN))


def proposals(
    view: SeatView[NobilityTable], history: Sequence[SeenEvent[EventPart]]
) -> list[GameAction]:
    """The offers the seat might make now (see the module docstring)."""
    table, seat = view.table, view.seat
    if seat is None or view.awaiting_deal or not may_offer_now(table, seat):
        return []
    mine = own_offers(view, history)
    if mine is None or mine.made_now:
        return []
    waiting_on = {offer.to for offer in table.offers if offer.maker == seat}

    def fresh(offers: list[Offer]) -> list[Offer]:
        return [o for o in offers if o.to not in waiting_on and terms_of(o) not in mine.recent]

    r = read(view)
    chosen: list[GameAction] = [
        *fresh(coalition_offers(r, table)),
        *fresh(buy_offers(r))[:MAX_BUYS],
        *fresh(sell_offers(r))[:1],
    ]
    return chosen[:MAX_PROPOSALS]


# -- pricing -------------------------------------------------------------------------------------


def worth_to_other(r: Reading, terms: Offer) -> float:
    """What `terms` (offered by the seat) are worth to the player they go to, by the heuristic
    bot's rule."""
    return offer_value(
        dataclasses.replace(r, seat=terms.to), offer_view(OpenOffer(0, r.seat, terms, 0))
    )


def paying(r: Reading, terms: Offer) -> Offer | None:
    """`terms` with the least money the seat adds to make them worth something to the other
    player (None: it has not that much)."""
    money = max(0, math.floor(-worth_to_other(r, terms)) + 1)
    if money > r.money[r.seat]:
        return None
    return dataclasses.replace(terms, give_money=money)


def asking(r: Reading, terms: Offer) -> Offer | None:
    """`terms` asking for the most money that leaves them worth something to the other player
    (None: it would be nothing, or more than that player has)."""
    money = min(math.ceil(worth_to_other(r, terms)) - 1, r.money[terms.to])
    if money < 1:
        return None
    return dataclasses.replace(terms, get_money=money)


# -- the offers ----------------------------------------------------------------------------------


def coalition_offers(r: Reading, table: NobilityTable) -> list[Offer]:
    """A coalition to form, or the seat's to dissolve (only when the rules allow it now)."""
    if table.phase != ELECTION and not table.endgame:
        return []
    seat, provinces = r.seat, r.provinces
    others = [s for s in range(len(provinces)) if s != seat]
    offers: list[Offer | None] = []
    if not r.coalition:
        if provinces[seat] >= MAJORITY:
            return []
        partners = [s for s in others if provinces[s] < MAJORITY <= provinces[seat] + provinces[s]]
        partners.sort(key=lambda s: (provinces[s], s))  # the smaller partner first
        offers = [paying(r, Offer(to=s, coalition="form")) for s in partners]
    elif r.partner is not None:
        third = next(s for s in others if s != r.partner)
        if provinces[seat] + provinces[r.partner] < MAJORITY <= provinces[seat] + provinces[third]:
            offers = [paying(r, Offer(to=r.partner, coalition="dissolve"))]
    return [offer for offer in offers if offer is not None]


def buy_offers(r: Reading) -> list[Offer]:
    """Money for another player's meld, best first."""
    mine, leader = r.provinces[r.seat], r.leader()

    def rank(meld: ViewMeld) -> tuple[bool, int, bool]:
        return (mine < MAJORITY <= mine + meld.length, meld.length, meld.owner == leader)

    offers: list[tuple[tuple[bool, int, bool], Offer]] = []
    for meld in r.opponents():
        offer = paying(r, Offer(to=meld.owner, get_melds=(meld.id,)))
        if offer is not None:
            offers.append((rank(meld), offer))
    offers.sort(key=lambda pair: (pair[0], -pair[1].give_money, -pair[1].get_melds[0]))
    return [offer for _, offer in reversed(offers)]


def sell_offers(r: Reading) -> list[Offer]:
    """Its shortest undefended meld it cannot defend, for money, to the player with the fewest
    provinces who can pay."""
    defendable = {suit_of(cid) for cid in r.hand if is_noble(cid)}
    weak = [m for m in r.own() if m.defence == 1 and m.suit not in defendable]
    if not weak:
        return []
    meld = min(weak, key=lambda m: (m.length, m.id))
    buyers = sorted(
        (s for s in range(len(r.provinces)) if s != r.seat), key=lambda s: (r.provinces[s], s)
    )
    for buyer in buyers:
        offer = asking(r, Offer(to=buyer, give_melds=(meld.id,)))
        if offer is not None:
            return [offer]
    return []
