"""What the Nobility board reads: the seat's view, typed (its table and legal actions), what the
others changed since our last move, and the targets a letter picks now."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from cardtable.client.ui.boards.base import Lettered, Letters
from cardtable.client.ui.boards.sheet import SheetBoard
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import GameAction
from cardtable.engine.cards import SUIT_SYMBOLS, CardFace
from cardtable.engine.nobility.actions import GiveUp
from cardtable.engine.nobility.pieces import (
    MeldView,
    OwedView,
)
from cardtable.engine.nobility.types import (
    Captured,
    Corrupted,
    Defended,
    Discarded,
    Extended,
    Fought,
    Melded,
    Merged,
    NobilityTable,
    Retrieved,
)
from cardtable.engine.views import SeatView

from .faces import SUITS, face, ranks

#: The letters that pick a target: none is a key of the table screen or of the board.
LETTERS = Letters("123456789ahknz", "Choose")

ActionT = TypeVar("ActionT", bound=GameAction)
NobilityView = SeatView[NobilityTable]


@dataclass(frozen=True)
class Target:
    """Something a letter picks: it sends `action`, or (with none) leads to `then`."""

    label: str
    action: GameAction | None
    #: Where the letter is shown: on a meld, a seat's heading, a noble in the noble pile, or a
    #: card (a defender to recall, a noble owed).
    meld: int | None = None
    seat: int | None = None
    noble: int | None = None
    card: int | None = None
    then: list[GameAction] = field(default_factory=list)


class NobilityReading(SheetBoard):
    """The board's reading of the view; `NobilityBoard` draws and plays from it."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: The move whose target is being chosen (its words), and its targets.
        self.asking: str = ""
        self.choices: list[Lettered[Target]] = []

    # -- the view ------------------------------------------------------------------------------

    def view_of(self, state: TableState | None) -> NobilityView | None:
        """`state`'s view, typed (`TableState` reads it once per view)."""
        return state.seat_view if state else None

    @property
    def nv(self) -> NobilityView | None:
        """Our view, typed."""
        return self.seat_view

    @property
    def tbl(self) -> NobilityTable | None:
        view = self.nv
        return view.table if view else None

    @property
    def actions(self) -> tuple[GameAction, ...]:
        """Our legal actions, typed."""
        view = self.nv
        return view.legal if view else ()

    def of_type(self, *kinds: type[ActionT]) -> list[ActionT]:
        return [action for action in self.actions if isinstance(action, kinds)]

    @property
    def cards(self) -> tuple[CardFace, ...]:
        """Our hand (none for a spectator)."""
        table = self.tbl
        return table.hand or () if table else ()

    def seat_name(self, seat: int) -> str:
        return self.state.name(seat) if self.state else f"seat {seat + 1}"

    def card(self, cid: int) -> CardFace | None:
        return next((card for card in self.cards if card.cid == cid), None)

    def chosen(self) -> list[int]:
        """The cards a move takes: the marked ones in hand order, else the cursor's."""
        if self.picked:
            return [card.cid for card in self.cards if card.cid in self.picked]
        return [self.cursor] if self.cursor is not None else []

    def melds(self) -> tuple[MeldView, ...]:
        table = self.tbl
        return table.melds if table else ()

    def meld(self, mid: int) -> MeldView | None:
        return next((meld for meld in self.melds() if meld.id == mid), None)

    def meld_label(self, mid: int) -> str:
        """``Bo's #3 ♣3-4-5``."""
        meld = self.meld(mid)
        if meld is None:
            return f"#{mid}"
        owner = "your" if meld.owner == self.me else f"{self.seat_name(meld.owner)}'s"
        return f"{owner} #{mid} {SUIT_SYMBOLS[meld.suit]}{ranks(meld.cards)}"

    def drawn_melds(self) -> list[int]:
        """Meld ids in the order the seats' areas show them."""
        order = []
        for seat in self.seats_in_order():
            for suit in SUITS:
                order += [m.id for m in self.melds() if m.owner == seat and m.suit == suit]
        return order

    # -- what the others did since our last move ----------------------------------------------

    def recent_discards(self) -> set[int]:
        """The cards the others discarded since our last move."""
        events = self.state.recent_events if self.state else ()
        return {e.public.card.cid for e in events if isinstance(e.public, Discarded)}

    def changed_melds(self) -> set[int]:
        """The melds the others made, extended, defended, attacked or merged since our last
        move."""
        found: set[int] = set()
        for event in self.state.recent_events if self.state else ():
            match event.public:
                case Melded(meld=meld):
                    found.add(meld.id)
                case Extended(meld=mid) | Defended(meld=mid) | Corrupted(meld=mid):
                    found.add(mid)
                case Captured(meld=mid):
                    found.add(mid)
                case Fought(meld=int(mid)) | Retrieved(meld=int(mid)):
                    found.add(mid)
                case Merged(melds=moved):
                    found.update(moved)
        return found

    # -- the targets a letter picks -------------------------------------------------------------

    def owed_here(self) -> OwedView | None:
        """The choice we owe now, if any."""
        table = self.tbl
        owed = table.owed if table else None
        return owed if owed and owed.seat == self.me and self.of_type(GiveUp) else None

    def targets(self) -> list[Lettered[Target]]:
        """The lettered choices now: the targets of the move being made, else the nobles we
        owe."""
        if self.choices:
            return self.choices
        owed = self.owed_here()
        if owed is None:
            return []
        cards = {card.cid: card for card in owed.cards}
        found = []
        for action in self.of_type(GiveUp):
            card = cards.get(action.cid) or self.card(action.cid)
            label = face(card) if card else str(action.cid)
            found.append(Target(label, action, card=action.cid))
        return LETTERS.assign(found)

    def keys_on(self, what: str) -> dict[int, str]:
        """Our letters by what they are shown on: "meld", "seat", "noble" or "card"."""
        return {
            getattr(entry.item, what): entry.key
            for entry in self.targets()
            if getattr(entry.item, what) is not None
        }
