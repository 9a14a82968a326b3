"""What a seat sees of a Thistle table, and where every card lies and who may see it, built
from the game's `Position`."""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from cardtable.engine.thistle.cards import DECK, ThistleCard, faces
from cardtable.engine.thistle.phases import HANDS_PER_GAME
from cardtable.engine.thistle.position import Position
from cardtable.engine.thistle.types import ThistleTable
from cardtable.engine.views import Zone


class ThistleOwnFields(TypedDict):
    """The fields of a seat's table view that it alone sees, by name."""

    hand: tuple[ThistleCard, ...]


def own_table_fields(game: Position, seat: int) -> ThistleOwnFields:
    return {"hand": faces(game.hands[seat])}


def table_view(game: Position, seat: int | None) -> ThistleTable:
    between = game.over or game.awaiting_deal
    public = ThistleTable(
        turn=None if between else game.turn,
        phase="over" if game.over else "deal" if game.awaiting_deal else game.phase,
        partnership=game.partnership,
        rounds=HANDS_PER_GAME,
        hand=None,
        hand_counts=tuple(len(hand) for hand in game.hands),
        pile=len(game.pile),
        drawn=None if game.drawn is None else DECK[game.drawn],
        groups=tuple(group.view() for group in game.groups.values()),
        books=tuple(book.view() for book in game.books),
        orphans=tuple(faces(orphans) for orphans in game.orphans),
        played=game.played,
        last_round=game.final_turns is not None,
        final_turns=tuple(game.final_turns or ()),
        went_out=game.went_out,
    )
    return public if seat is None else replace(public, **own_table_fields(game, seat))


def zones(game: Position) -> dict[str, Zone]:
    """Every place a card lies now, with who may see it."""
    zones = {"pile": Zone(tuple(game.pile))}
    for seat in range(game.seats):
        zones[f"hand {seat}"] = Zone(tuple(game.hands[seat]), owner=seat)
        zones[f"orphans {seat}"] = Zone(tuple(game.orphans[seat]), public=True)
    for group in game.groups.values():
        zones[f"group {group.id}"] = Zone(group.all_cards(), public=True)
    zones["books"] = Zone(tuple(cid for book in game.books for cid in book.all_cards()), True)
    if game.drawn is not None:
        zones["drawn"] = Zone((game.drawn,), public=True)
    return zones
