"""Trupe's combinations on the board — a declaration and a final pair — and the new ones a hand
can declare (rulings 3–8), with the names of the cards in them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from cardtable.engine.refusal import IllegalAction
from cardtable.engine.trupe.cards import DECK, IDENTITIES, TREFOIL_CID, faces, identity_name
from cardtable.engine.trupe.combinations import TEMPLATES, Kind, classify
from cardtable.engine.trupe.types import SAY_AS, CombinationType, DeclarationView, Declare, PairView

_TEMPLATE_COUNTS = tuple(
    tuple((code, template.count(code)) for code in dict.fromkeys(template))
    for template in TEMPLATES
)
#: Identity → the indexes of the templates it appears in, in template order.
_TEMPLATES_WITH = {
    code: tuple(index for index, template in enumerate(TEMPLATES) if code in template)
    for code in IDENTITIES
}


@dataclass
class Declaration:
    """A combination on its owner's side of the board. A Trefoil in it keeps the identity it
    was declared as."""

    id: int
    owner: int
    cids: list[int]
    trefoil_as: str | None = None
    #: The hand's turn it was declared in (ruling 6: extended only on a later one).
    turn: int = -1
    kind: Kind = field(init=False)

    def __post_init__(self) -> None:
        self.refresh()

    def codes(self) -> list[str]:
        return [code_of(cid, self.trefoil_as) for cid in self.cids]

    def refresh(self) -> None:
        kind = classify(self.codes())
        assert isinstance(kind, Kind), kind
        self.kind = kind

    def view(self) -> DeclarationView:
        return DeclarationView(
            id=self.id,
            owner=self.owner,
            type=cast(CombinationType, self.kind.kind),
            size=self.kind.size,
            points=self.kind.points,
            group=self.kind.group,
            cards=faces(self.cids, self.trefoil_as),
        )


@dataclass
class FinalPair:
    """The pair a player went out with (ruling 8); it scores nothing."""

    cids: list[int]
    trefoil_as: str | None = None

    def codes(self) -> list[str]:
        return [code_of(cid, self.trefoil_as) for cid in self.cids]

    def view(self) -> PairView:
        return PairView(faces(self.cids, self.trefoil_as))


def declarations(
    hand: Sequence[int], must: int | None = None, *, keep: int = 0, first_only: bool = False
) -> list[Declare]:
    """Every distinct new combination in `hand` (including `must`, if given) that leaves at
    least `keep` cards, each named by the lowest card ids of each identity; with the Trefoil,
    once per identity it can take."""
    most = len(hand) - keep
    by_code: dict[str, list[int]] = {}
    for cid in sorted(hand):
        code = DECK[cid].identity
        if code is not None:
            by_code.setdefault(code, []).append(cid)
    must_code = None if must is None else DECK[must].identity
    if must is not None and must_code is not None:
        by_code[must_code].remove(must)
        by_code[must_code].insert(0, must)
        candidates: Sequence[int] = _TEMPLATES_WITH[must_code]
    else:
        candidates = sorted({index for code in by_code for index in _TEMPLATES_WITH[code]})
    has_trefoil = TREFOIL_CID in hand
    actions: list[Declare] = []
    for index in candidates:
        counts = _TEMPLATE_COUNTS[index]
        missing: list[str] = []
        for code, n in counts:
            lacking = n - len(by_code.get(code, ()))
            if lacking > 0:
                missing += [code] * lacking
        if sum(n for _, n in counts) > most:
            continue
        if not missing and must != TREFOIL_CID:
            cids = [cid for code, n in counts for cid in by_code[code][:n]]
            actions.append(Declare(tuple(cids)))
        if has_trefoil and len(missing) <= 1:
            for stand_in in missing or [code for code, _ in counts]:
                cids = [
                    cid
                    for code, n in counts
                    for cid in by_code.get(code, [])[: n - (code == stand_in)]
                ]
                if must is None or must == TREFOIL_CID or must in cids:
                    actions.append(Declare((*cids, TREFOIL_CID), stand_in))
        if first_only and actions:
            return actions
    return actions


def code_of(cid: int, trefoil_as: str | None) -> str:
    """Card `cid`'s identity code, or the one the Trefoil stands for."""
    code = DECK[cid].identity
    if code is None:
        assert trefoil_as is not None, "only a Trefoil has no identity of its own"
        return trefoil_as
    return code


def card_name(cid: int, trefoil_as: str | None = None) -> str:
    """Card `cid`'s name in a refusal."""
    if cid == TREFOIL_CID and trefoil_as is not None:
        return f"Trefoil (as {identity_name(trefoil_as)})"
    return DECK[cid].name


def trefoil_identity(cids: Sequence[int], given: str | None) -> str | None:
    """The identity the Trefoil is declared as: required with the Trefoil, refused without."""
    if TREFOIL_CID not in cids:
        if given is not None:
            raise IllegalAction("Only the Trefoil is declared as another card.")
        return None
    if given is None or given not in IDENTITIES:
        raise IllegalAction(SAY_AS)
    return given
