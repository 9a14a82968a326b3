"""What a seat sees of a Trupe table, and where every card lies and who may see it, built
from the game's `Position`."""

from __future__ import annotations

from dataclasses import replace
from typing import TypedDict, cast

from cardtable.engine.trupe.cards import face, faces
from cardtable.engine.trupe.legal import drawn_from_pack
from cardtable.engine.trupe.position import Position
from cardtable.engine.trupe.types import Phase, TrupeFace, TrupeTable
from cardtable.engine.views import Zone


class TrupeOwnFields(TypedDict):
    """The fields of a seat's table view that it alone sees, by name."""

    hand: tuple[TrupeFace, ...]
    from_pack: tuple[int, ...]


def own_table_fields(game: Position, seat: int) -> TrupeOwnFields:
    hand = game.hands[seat]
    return {
        "hand": faces(hand),
        "from_pack": tuple(cid for cid in hand if drawn_from_pack(game, cid)),
    }


def table_view(game: Position, seat: int | None) -> TrupeTable:
    between = game.over or game.awaiting_deal
    phase = "over" if game.over else "deal" if game.awaiting_deal else game.phase
    public = TrupeTable(
        turn=None if between else game.turn,
        phase=cast(Phase, phase),
        target=game.target,
        hand=None,
        hand_counts=tuple(len(hand) for hand in game.hands),
        pack=len(game.pack),
        open_pack=len(game.open_pack),
        open_top=face(game.open_pack[-1]) if game.open_pack else None,
        row=faces(game.row),
        declarations=tuple(d.view() for d in game.declarations.values()),
        pairs=tuple(game.pairs[s].view() if s in game.pairs else None for s in range(game.seats)),
        specials=tuple(faces(cids) for cids in game.specials),
        lost_turns=tuple(game.lost_turns),
        extra_due=tuple(game.extra_due),
        discards_due=0 if between else game.discards_due,
        taken=None if game.taken is None else face(game.taken),
        table_points=tuple(game.table_points(s) for s in range(game.seats)),
        turnovers=game.turnovers,
        went_out=game.went_out,
        hand_type=game.hand_type,
        from_pack=None,
        declared_this_turn=tuple(
            d.id for d in game.declarations.values() if d.turn == game.turn_number
        ),
    )
    return public if seat is None else replace(public, **own_table_fields(game, seat))


def zones(game: Position) -> dict[str, Zone]:
    """Every place a card lies now, with who may see it."""
    zones = {
        "pack": Zone(tuple(game.pack)),
        "row": Zone(tuple(game.row), public=True),
        "open pack": Zone(tuple(game.open_pack), public=True),
    }
    # A card taken from the row is public until it is declared, a moment later.
    zones["taken"] = Zone(() if game.taken is None else (game.taken,), public=True)
    for seat in range(game.seats):
        hand = tuple(cid for cid in game.hands[seat] if cid != game.taken)
        zones[f"hand {seat}"] = Zone(hand, owner=seat)
        zones[f"specials {seat}"] = Zone(tuple(game.specials[seat]), public=True)
        board = [cid for d in game.own_declarations(seat) for cid in d.cids]
        if seat in game.pairs:
            board += game.pairs[seat].cids
        zones[f"declared {seat}"] = Zone(tuple(board), public=True)
    return zones
