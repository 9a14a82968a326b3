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
from dataclasses import dataclass, field

from cardtable.engine.bots import Bot
from cardtable.engine.cards import CardFace
from cardtable.engine.core import Deal, GameAction, SeatView
from cardtable.engine.nobility.actions import (
    Battle,
    Claim,
    Corrupt,
    Defend,
    Discard,
    Done,
    Draw,
    Extend,
    GiveUp,
    MeldCards,
    MeldMove,
    Pass,
    Ready,
    Retrieve,
    Take,
)
from cardtable.engine.nobility.cards import (
    CARD_COUNT,
    PROVINCES_PER_SUIT,
    income_for,
    is_joker,
    is_king,
    is_noble,
    is_province,
    position,
    run_order,
    suit_of,
)
from cardtable.engine.nobility.limits import HAND, MAJORITY
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

#: A province the bot gains, and one an opponent loses (two opponents share the loss).
PROVINCE, SWING = 5.0, 3.0
#: A noble in hand: its base worth, a King's extra, and the extra for a suit it has melds in.
NOBLE, KING_EXTRA, SUIT_EXTRA = 3.0, 1.5, 1.0
#: A noble that makes up a force able to capture a meld now is worth this much more; beyond
#: the first `NOBLES_KEPT` nobles each further one is worth `CROWDED` less.
ATTACK_EXTRA, NOBLES_KEPT, CROWDED = 3.0, 2, 2.5
#: A Joker in hand.
JOKER = 2.5
#: Least income a claim must bring the bot (after maintenance), and by how much it must beat
#: every other seat's income from that claim.
CLAIM_MIN, CLAIM_MARGIN = 8, 4
#: A meld this long (or the bot's longest) is worth a King on it; a non-King defender needs a
#: meld this long and money for this many claims' upkeep.
KING_GUARD, NOBLE_GUARD, UPKEEP_RESERVE = 4, 6, 3
#: Retrieval: the meld must be this long and the bot keep this much money after paying.
RETRIEVE_LENGTH, RETRIEVE_RESERVE = 5, 15
#: A Joker goes on an opponent's meld paying at least this (or of at least this length).
JOKER_INCOME, JOKER_LENGTH = 3, 4
#: Offers: worth per province of a meld, and of a coalition that holds a majority.
OFFER_PROVINCE, OFFER_COALITION = 3, 20


@dataclass(frozen=True, slots=True)
class ViewMeld:
    id: int
    owner: int
    suit: str
    cards: tuple[int, ...]
    defenders: tuple[int, ...]
    joker: bool
    income: int
    defence: int

    @property
    def length(self) -> int:
        return len(self.cards)

    def ends(self) -> set[int]:
        """Places (0 = the 2 … 8 = the 10) of the provinces that would extend it."""
        if self.length >= PROVINCES_PER_SUIT:
            return set()
        first, last = position(self.cards[0]), position(self.cards[-1])
        return {(first - 1) % PROVINCES_PER_SUIT, (last + 1) % PROVINCES_PER_SUIT}

    def extended_by(self, cid: int) -> bool:
        return is_province(cid) and suit_of(cid) == self.suit and position(cid) in self.ends()


@dataclass
class Reading:
    """What the bot makes of its view."""

    seat: int
    phase: str
    endgame: bool
    hand: list[int]
    melds: list[ViewMeld]
    money: list[int]
    bank: int
    provinces: list[int]
    majority: list[int]
    coalition: list[int]
    income: dict[str, list[int]]
    hand_counts: list[int]
    pile_top: int | None
    seen: set[int] = field(default_factory=set)

    @property
    def partner(self) -> int | None:
        if self.seat in self.coalition:
            return next(s for s in self.coalition if s != self.seat)
        return None

    def own(self) -> list[ViewMeld]:
        return [m for m in self.melds if m.owner == self.seat]

    def friendly(self, owner: int) -> bool:
        return owner == self.seat or owner == self.partner

    def opponents(self) -> list[ViewMeld]:
        return [m for m in self.melds if not self.friendly(m.owner)]

    def own_suits(self) -> set[str]:
        return {m.suit for m in self.own()}

    def meld(self, meld_id: int) -> ViewMeld:
        return next(m for m in self.melds if m.id == meld_id)

    def leader(self) -> int:
        """The other seat (not the partner) with the most provinces."""
        others = [s for s in range(len(self.provinces)) if not self.friendly(s)]
        if not others:
            return -1
        return max(others, key=lambda s: (self.provinces[s], -s))


def _cids(cards: Sequence[CardFace] | None) -> list[int]:
    return [card.cid for card in cards or ()]


def read(view: SeatView[NobilityTable]) -> Reading:
    table = view.table
    melds = [
        ViewMeld(
            id=m.id,
            owner=m.owner,
            suit=m.suit,
            cards=tuple(_cids(m.cards)),
            defenders=tuple(_cids(m.defenders)),
            joker=m.joker is not None,
            income=m.income,
            defence=m.defence,
        )
        for m in table.melds
    ]
    pile = _cids(table.stock_discard)
    hand = _cids(table.hand)
    seen = set(hand) | set(pile) | set(_cids(table.noble_discard))
    for m in table.melds:
        seen |= set(_cids(m.cards)) | set(_cids(m.defenders))
        if m.joker is not None:
            seen.add(m.joker.cid)
    assert view.seat is not None, "a bot plays a seat"
    return Reading(
        seat=view.seat,
        phase=table.phase,
        endgame=table.endgame,
        hand=hand,
        melds=melds,
        money=list(table.money),
        bank=table.bank,
        provinces=list(table.provinces),
        majority=list(table.majority),
        coalition=list(table.coalition),
        income={suit: list(pays) for suit, pays in table.income.items()},
        hand_counts=list(table.hand_counts),
        pile_top=pile[-1] if pile else None,
        seen=seen,
    )


# -- what cards are worth in hand -----------------------------------------------------------------


def cyclic_gap(a: int, b: int) -> int:
    d = abs(position(a) - position(b))
    return min(d, PROVINCES_PER_SUIT - d)


def makes_meld(cid: int, hand: Sequence[int]) -> bool:
    """Whether province `cid` and two or more provinces of `hand` make a meld."""
    same = [c for c in hand if c != cid and is_province(c) and suit_of(c) == suit_of(cid)]
    return any(
        run_order([cid, a, b]) is not None for i, a in enumerate(same) for b in same[i + 1 :]
    )


def noble_worth(r: Reading, cid: int) -> float:
    """A noble's own worth: to defend, attack or claim with."""
    worth = NOBLE + (KING_EXTRA if is_king(cid) else 0.0)
    if suit_of(cid) in r.own_suits():
        worth += SUIT_EXTRA
    return worth


def attack_need(r: Reading) -> int:
    """The fewest nobles that capture an opponent's meld now (0: there is none)."""
    return min((m.defence + 1 for m in r.opponents()), default=0)


def keep_worth(r: Reading, cid: int, hand: Sequence[int] | None = None) -> float:
    """How much `cid` is worth keeping in `hand` (the bot's hand by default)."""
    hand = r.hand if hand is None else hand
    if is_joker(cid):
        return JOKER + (3.0 if r.own() else 0.0)  # discarded, it may land on our melds
    if is_noble(cid):
        nobles = sorted((c for c in hand if is_noble(c)), key=lambda c: (-noble_worth(r, c), c))
        rank = nobles.index(cid) if cid in nobles else len(nobles)
        worth = noble_worth(r, cid)
        need = attack_need(r)
        if need and rank < need <= len(nobles) + (cid not in nobles):
            worth += ATTACK_EXTRA  # one of a force that can capture a meld
        if rank >= NOBLES_KEPT:
            worth -= CROWDED * (rank - NOBLES_KEPT + 1)  # nobles crowd out the provinces
        return worth
    worth = 2.0
    if any(m.extended_by(cid) for m in r.melds if r.friendly(m.owner)):
        worth += 10.0
    if makes_meld(cid, hand):
        worth += 8.0
    for other in hand:
        if other != cid and is_province(other) and suit_of(other) == suit_of(cid):
            gap = cyclic_gap(cid, other)
            worth += 4.0 if gap == 1 else 2.0 if gap == 2 else 0.0
    if any(m.extended_by(cid) for m in r.opponents()):
        worth += 2.0  # discarded, an opponent's meld may take it
    return worth


def cheapest_nobles(r: Reading, count: int, pool: Sequence[int]) -> list[int]:
    return sorted(pool, key=lambda c: (noble_worth(r, c), c))[:count]


# -- the meld phase -------------------------------------------------------------------------------


def claim_gain(r: Reading, suit: str) -> tuple[float, int]:
    """What a claim of `suit` brings the bot (income less maintenance), and the most any other
    seat gets."""
    mine = min(r.income[suit][r.seat], r.bank)
    upkeep = sum(
        1 for m in r.own() if m.suit == suit and not m.joker for d in m.defenders if not is_king(d)
    )
    others = max(pay for s, pay in enumerate(r.income[suit]) if s != r.seat)
    return mine - NOBLE_COST * upkeep, others


def meld_move_worth(r: Reading, action: MeldMove) -> float:
    """What one meld move is worth now; zero or less: not worth making."""
    if isinstance(action, MeldCards):
        return 10.0 + PROVINCE * len(action.cids)
    cid = action.cid
    if isinstance(action, Claim):
        gain, others = claim_gain(r, suit_of(cid))
        if gain < CLAIM_MIN or gain < others + CLAIM_MARGIN:
            return 0.0
        return gain / 2 - keep_worth(r, cid) / 2
    meld = r.meld(action.meld)
    if isinstance(action, Extend):
        if meld.owner == r.seat:
            return PROVINCE + 3.0
        if meld.owner == r.partner:
            return 1.0 if keep_worth(r, cid) < 3.0 else 0.0
        return 0.0
    if isinstance(action, Corrupt):
        if r.friendly(meld.owner):
            return 0.0
        paying = income_for(meld.suit, meld.length)
        if paying < JOKER_INCOME and meld.length < JOKER_LENGTH and len(r.hand) <= HAND:
            return 0.0
        lead = 2.0 if meld.owner == r.leader() else 0.0
        return 2.0 + paying + meld.length / 2 + lead
    # defend
    own = r.own()
    longest = max(m.length for m in own)
    if is_king(cid):
        if meld.defence >= 3 or (meld.length < KING_GUARD and meld.length < longest):
            return 0.0
        return 3.0 + meld.length - meld.defence
    if meld.length < NOBLE_GUARD or meld.defence >= 2 or meld.joker:
        return 0.0
    if r.money[r.seat] < UPKEEP_RESERVE * NOBLE_COST:
        return 0.0
    return 1.0 + meld.length - meld.defence


def best_meld_move(r: Reading, legal: Sequence[GameAction]) -> tuple[GameAction | None, float]:
    """The best meld move, and the worth of all worthwhile moves together."""
    best: tuple[float, GameAction | None] = (0.0, None)
    total = 0.0
    for action in legal:
        if not isinstance(action, (MeldCards, Extend, Defend, Corrupt, Claim)):
            continue
        worth = meld_move_worth(r, action)
        if worth <= 0:
            continue
        total += worth
        if worth > best[0]:
            best = (worth, action)
    return best[1], total


# -- battles --------------------------------------------------------------------------------------


def unseen_nobles(r: Reading) -> int:
    return sum(1 for cid in range(CARD_COUNT) if is_noble(cid) and cid not in r.seen)


def battle_worth(r: Reading, action: Battle) -> float:
    """What a battle is worth; the bot only considers battles it cannot lose."""
    nobles = action.cids
    spent = sum(noble_worth(r, c) for c in nobles)
    if action.meld is not None:
        meld = r.meld(action.meld)
        if r.friendly(meld.owner) or len(nobles) != meld.defence + 1:
            return 0.0
        worth = (PROVINCE + SWING) * meld.length
        if not meld.joker:
            worth += income_for(meld.suit, meld.length)
        if meld.owner == r.leader():
            worth += meld.length
        return worth - spent
    victim = action.hand
    assert victim is not None
    if r.friendly(victim):
        return 0.0
    most = min(r.hand_counts[victim], unseen_nobles(r))
    others = [c for c in r.hand if is_noble(c) and c not in nobles]
    # win whatever the victim holds, and spend only what is needed
    if len(nobles) <= 1 + most or others:
        return 0.0
    cards = r.hand_counts[victim]
    return PROVINCE * cards / 2 - spent / 2


def best_battle(r: Reading, legal: Sequence[GameAction]) -> tuple[float, Battle | None]:
    best: tuple[float, Battle | None] = (0.0, None)
    for action in legal:
        if not isinstance(action, Battle):
            continue
        if action.meld is not None:
            meld = r.meld(action.meld)
            pool = [c for c in r.hand if is_noble(c)]
            if list(action.cids) != sorted(cheapest_nobles(r, meld.defence + 1, pool)):
                continue
        worth = battle_worth(r, action)
        if worth > best[0]:
            best = (worth, action)
    return best


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
