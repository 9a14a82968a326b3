"""A heuristic Nobility bot: meld every province it can, capture weak melds, keep its nobles.

The bot reads only its seat's view and works each decision out afresh (it holds no state
between calls, so a new bot may be built for every action). Provinces decide a rubber, so it
counts everything in "points", where a province it gains is worth `PROVINCE` and one an
opponent loses `SWING`:

- **draw**: it takes the stock discard pile's top card when that card extends one of its own
  melds, makes a meld with its hand, is a useful noble (a King, a second noble, a noble of a
  suit it has melds in) or a Joker while opponents have paying melds; else it draws. Instead of
  drawing it retrieves a King from the noble pile onto its biggest undefended meld, when that
  meld is big and its money leaves a reserve.
- **meld phase**: it lays every meld it can (the longest first), extends its own melds (and its
  coalition partner's with a card it has no use for; never an opponent's), puts Jokers on the
  opponents' best-paying melds, defends its big melds with Kings (free) and with other nobles
  only when it can pay the upkeep, and claims income with a noble when its own income for the
  suit (less the maintenance of its non-King defenders on those melds) is at least `CLAIM_MIN`
  and clearly more than any other seat's.
- **battle**: a meld battle commits exactly defence + 1 nobles (all of them are spent on a
  win, so the attack cannot fail) and is chosen when the meld's provinces and income are worth
  more than the nobles spent and than the meld moves it could make instead; a hand is attacked
  only with nobles enough to beat every noble the victim could hold but for those the bot has
  seen elsewhere. It never attacks its coalition partner.
- **discard**: the card worth least in hand: a province is worth more next to provinces of its
  suit, much more when it makes a meld or extends one of its own melds, and a little more when
  an opponent's meld would take it; nobles are kept two at a time (more while they make a force
  that can capture a meld), and Jokers are kept rather than fed to the next player.
- **give_up**: the nobles worth least go: non-Kings first, then nobles of suits it has no melds
  in; unpaid defenders leave its shortest melds first.
- **election**: ready. **Endgame**: never merges; passes when nothing useful is left to do.

**Offers** (when `legal` is a list of accept/decline answers): for the first offer answered,
value = money received − money given + Σ worth(meld received) − Σ worth(meld given) +
coalition, where worth(meld) = what a claim of its suit would pay this seat for it (no Joker:
the income table, doubled if the seat is in the majority) + `OFFER_PROVINCE` per province, and
coalition = +`OFFER_COALITION` for forming one whose two seats would hold 19+ provinces after
the deal, −`OFFER_COALITION` for dissolving one that holds a majority, else 0. The bot accepts
when value > 0 and the accept is legal, else it declines.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.actions import Deal, GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.nobility.actions import (
    Discard,
    Done,
    Draw,
    GiveUp,
    Pass,
    Ready,
    Retrieve,
    Take,
)
from cardtable.engine.nobility.bot_reading import Reading, ViewMeld, read
from cardtable.engine.nobility.bot_worth import (
    JOKER_INCOME,
    OFFER_COALITION,
    OFFER_PROVINCE,
    RETRIEVE_LENGTH,
    RETRIEVE_RESERVE,
    best_battle,
    best_meld_move,
    keep_worth,
    makes_meld,
    noble_worth,
)
from cardtable.engine.nobility.cards import (
    income_for,
    is_joker,
    is_king,
    is_noble,
)
from cardtable.engine.nobility.limits import MAJORITY
from cardtable.engine.nobility.melds import NOBLE_COST
from cardtable.engine.nobility.pieces import (
    OfferView,
    OwedView,
)
from cardtable.engine.nobility.types import (
    Accept,
    Decline,
    NobilityTable,
)
from cardtable.engine.views import SeatView

# -- the parts of a turn --------------------------------------------------------------------------


def choose_start(r: Reading, legal: Sequence[GameAction]) -> GameAction:
    retrieve = choose_retrieval(r, legal)
    if retrieve is not None:
        return retrieve
    take, draw = Take(), Draw()
    if take in legal and (draw not in legal or worth_taking(r, r.pile_top)):
        return take
    if draw in legal:
        return draw
    return legal[0]


def worth_taking(r: Reading, cid: int | None) -> bool:
    if cid is None:
        return False
    if is_joker(cid):
        return any(m.income >= JOKER_INCOME for m in r.opponents())
    if is_noble(cid):
        return keep_worth(r, cid, [*r.hand, cid]) >= min(
            (keep_worth(r, c) for c in r.hand), default=0.0
        )
    return any(m.extended_by(cid) for m in r.own()) or makes_meld(cid, r.hand)


def choose_retrieval(r: Reading, legal: Sequence[GameAction]) -> GameAction | None:
    if r.money[r.seat] < NOBLE_COST + RETRIEVE_RESERVE:
        return None
    best: tuple[int, GameAction | None] = (0, None)
    for action in legal:
        if not isinstance(action, Retrieve) or action.meld is None or not is_king(action.cid):
            continue
        meld = r.meld(action.meld)
        if meld.length >= RETRIEVE_LENGTH and meld.defence <= 1 and meld.length > best[0]:
            best = (meld.length, action)
    return best[1]


def choose_main(r: Reading, legal: Sequence[GameAction]) -> GameAction:
    move, total = best_meld_move(r, legal)
    if r.phase == "main":
        battle_value, battle = best_battle(r, legal)
        if battle is not None and battle_value > total:
            return battle
    if move is not None:
        return move
    if Done() in legal:
        return Done()
    if Pass() in legal:
        return Pass()
    return choose_discard(r, legal)


def choose_discard(r: Reading, legal: Sequence[GameAction]) -> GameAction:
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards:
        return legal[0]
    return min(discards, key=lambda a: (keep_worth(r, a.cid), a.cid))


def choose_give_up(r: Reading, legal: Sequence[GameAction], owed: OwedView | None) -> GameAction:
    give_ups = [a for a in legal if isinstance(a, GiveUp)]
    if owed is not None and owed.kind == "unpaid":

        def where(cid: int) -> tuple[int, int]:
            meld = next((m for m in r.own() if cid in m.defenders), None)
            return (meld.length if meld else 0, cid)

        return min(give_ups, key=lambda a: where(a.cid))
    return min(give_ups, key=lambda a: (noble_worth(r, a.cid), a.cid))


# -- offers ---------------------------------------------------------------------------------------


def meld_offer_worth(r: Reading, meld: ViewMeld) -> float:
    pays = 0 if meld.joker else income_for(meld.suit, meld.length)
    if r.seat in r.majority:
        pays *= 2
    return pays + OFFER_PROVINCE * meld.length


def offer_value(r: Reading, offer: OfferView) -> float:
    """The value rule of the module docstring, for an offer made to the bot."""
    by_id = {m.id: m for m in r.melds}
    received = [by_id[i] for i in offer.give_melds if i in by_id]
    given = [by_id[i] for i in offer.get_melds if i in by_id]
    value = float(offer.give_money - offer.get_money)
    value += sum(meld_offer_worth(r, m) for m in received)
    value -= sum(meld_offer_worth(r, m) for m in given)
    maker = offer.maker
    if offer.coalition == "form":
        together = r.provinces[r.seat] + r.provinces[maker]
        if together >= MAJORITY:
            value += OFFER_COALITION
    elif offer.coalition == "dissolve":
        held = sum(r.provinces[s] for s in r.coalition)
        if r.coalition and held >= MAJORITY:
            value -= OFFER_COALITION
    return value


def choose_answer(
    r: Reading, view: SeatView[NobilityTable], legal: Sequence[GameAction]
) -> GameAction:
    offers = {o.deal: o for o in view.table.offers}
    first = legal[0]
    assert isinstance(first, (Accept, Decline))
    deal = first.deal
    accept, decline = Accept(deal), Decline(deal)
    offer = offers.get(deal)
    if offer is not None and accept in legal and offer_value(r, offer) > 0:
        return accept
    return decline if decline in legal else legal[0]


class HeuristicBot(Bot[NobilityTable]):
    """See the module docstring."""

    def choose(
        self, view: SeatView[NobilityTable] | None, legal: Sequence[GameAction]
    ) -> GameAction:
        if len(legal) == 1 and isinstance(legal[0], (Deal, Ready, Done)):
            return legal[0]
        settled = next((a for a in legal if isinstance(a, (Ready, Deal))), None)
        if view is None or settled is not None:
            return settled if settled is not None else legal[0]
        r = read(view)
        if all(isinstance(a, (Accept, Decline)) for a in legal):
            return choose_answer(r, view, legal)
        if all(isinstance(a, GiveUp) for a in legal):
            return choose_give_up(r, legal, view.table.owed)
        if r.phase == "start":
            return choose_start(r, legal)
        if r.phase == "retrieving":
            again = choose_retrieval(r, legal)
            return again if again is not None else Done()
        if r.phase == "discard":
            return choose_discard(r, legal)
        return choose_main(r, legal)
