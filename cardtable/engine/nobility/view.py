"""What a seat sees of a Nobility table, built from the game's `Position`: everything public,
and its own hand, the card it took, the nobles it owes and its offers; and where every card lies
and who may see it."""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from cardtable.engine.cards import CardFace
from cardtable.engine.nobility.cards import SUITS, card_face, faces
from cardtable.engine.nobility.diplomacy import offer_view
from cardtable.engine.nobility.limits import ELECTIONS, ENDGAME_TURNS, TURN_LIMIT
from cardtable.engine.nobility.phases import ELECTION
from cardtable.engine.nobility.pieces import BattleView, OfferView, OwedView
from cardtable.engine.nobility.state import Position
from cardtable.engine.nobility.types import NobilityTable
from cardtable.engine.views import Zone


def _owed_view(game: Position, seat: int | None) -> OwedView | None:
    """The cards owed, as `seat` sees them: hidden ones are shown to their giver alone."""
    if game.owed is None:
        return None
    shown = not game.owed.hidden or seat == game.owed.seat
    return OwedView(
        game.owed.seat, game.owed.kind, game.owed.count, faces(game.owed.cards) if shown else ()
    )


class NobilityOwnFields(TypedDict):
    """The fields of a seat's table view that it alone sees, by name."""

    taken: CardFace | None
    hand: tuple[CardFace, ...]
    owed: OwedView | None
    offers: tuple[OfferView, ...]


def own_table_fields(game: Position, seat: int) -> NobilityOwnFields:
    return {
        # in the taker's hand: told to her alone, like the rest of it
        "taken": card_face(game.taken) if game.taken is not None and seat == game.turn else None,
        "hand": faces(game.hands[seat]),
        "owed": _owed_view(game, seat),
        "offers": tuple(
            offer_view(offer) for offer in game.offers.values() if seat in offer.parties()
        ),
    }


def table_view(game: Position, seat: int | None) -> NobilityTable:
    battle = None
    if game.battle is not None:
        battle = BattleView(
            attacker=game.battle.attacker,
            nobles=faces(game.battle.committed),
            meld=game.battle.meld,
            victim=game.battle.victim,
            won=game.battle.won,
        )
    public = NobilityTable(
        turn=game.turn,
        turns=game.turns,
        phase=game.phase,
        endgame=game.endgame,
        endgame_turns_left=ENDGAME_TURNS - game.endgame_turns if game.endgame else None,
        passes=game.passes,
        taken=None,
        turn_limit=TURN_LIMIT,
        hand=None,
        hand_counts=tuple(len(hand) for hand in game.hands),
        stock=len(game.stock),
        stock_discard=faces(game.pile),
        noble_discard=faces(game.nobles),
        melds=tuple(meld.view(meld.owner in game.majority) for meld in game.melds.values()),
        money=tuple(game.money),
        bank=game.bank,
        provinces=game.all_provinces(),
        majority=game.majority,
        coalition=game.coalition,
        elections=game.elections,
        last_election=ELECTIONS,
        ready=tuple(sorted(game.ready)) if game.phase == ELECTION else (),
        income={suit: tuple(game.income_due(s, suit) for s in range(game.seats)) for suit in SUITS},
        owed=_owed_view(game, None),
        battle=battle,
        won_hand=game.won_hand,
        offers=(),
        rubbers_to_win=game.rubbers_to_win,
    )
    return public if seat is None else replace(public, **own_table_fields(game, seat))


def zones(game: Position) -> dict[str, Zone]:
    """Every place a card lies now, with who may see it."""
    zones = {f"hand {seat}": Zone(tuple(h), owner=seat) for seat, h in enumerate(game.hands)}
    zones["stock"] = Zone(tuple(game.stock))
    zones["stock discard"] = Zone(tuple(game.pile), public=True)
    zones["noble discard"] = Zone(tuple(game.nobles), public=True)
    zones["melds"] = Zone(
        tuple(cid for meld in game.melds.values() for cid in meld.all_cards()), public=True
    )
    if game.battle is not None:
        zones["battle"] = Zone(tuple(game.battle.committed), public=True)
    return zones
