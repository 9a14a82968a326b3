"""What a seat sees of a Queen of Scots table, built from the game's `Position` (the pile's top
alone in the strict edition)."""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict

from cardtable.engine.queen_of_scots.position import Position
from cardtable.engine.queen_of_scots.types import QueenFace, QueenOfScotsTable


class QueenOfScotsOwnFields(TypedDict):
    """The fields of a seat's table view that it alone sees, by name."""

    hand: tuple[QueenFace, ...]


def own_table_fields(game: Position, seat: int) -> QueenOfScotsOwnFields:
    return {"hand": game.edition.faces_of(game.hands[seat])}


def table_view(game: Position, seat: int | None) -> QueenOfScotsTable:
    between = game.over or game.awaiting_deal
    public = QueenOfScotsTable(
        turn=None if between else game.turn,
        phase="over" if game.over else "deal" if game.awaiting_deal else game.phase,
        edition=game.edition.name,
        target=game.target,
        hand=None,
        hand_counts=tuple(len(hand) for hand in game.hands),
        stock=len(game.stock),
        pile=game.edition.faces_of(game.pile[-1:] if game.strict else game.pile),
        pile_size=len(game.pile),
        top=game.edition.face(game.pile[-1]) if game.pile else None,
        sets=tuple(group.seen(game.edition) for group in game.sets.values()),
        table_values=tuple(game.table_value(s) for s in range(game.seats)),
        went_out=game.went_out,
    )
    return public if seat is None else replace(public, **own_table_fields(game, seat))
