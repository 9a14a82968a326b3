"""What the heuristic Nobility bot's choices are worth (see `bots`): cards in hand, the meld
phase's moves and battles, in points, with the numbers it weighs them by."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.actions import GameAction
from cardtable.engine.nobility.actions import (
    Battle,
    Claim,
    Corrupt,
    Defend,
    Extend,
    MeldCards,
    MeldMove,
)
from cardtable.engine.nobility.bot_reading import Reading
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
from cardtable.engine.nobility.limits import HAND
from cardtable.engine.nobility.melds import NOBLE_COST

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
