"""What the Nobility board reads: the seat's view, typed (its table and legal actions), what the
others changed since our last move, the targets a letter picks now, and the prompt."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from cardtable.client.ui.boards.base import Lettered, Letters
from cardtable.client.ui.boards.nobility.faces import SUITS, face, ranks
from cardtable.client.ui.boards.sheet import SheetBoard
from cardtable.client.ui.table_state import TableState
from cardtable.engine.actions import Deal, GameAction
from cardtable.engine.cards import SUIT_SYMBOLS, CardFace
from cardtable.engine.nobility.actions import (
    Battle,
    Corrupt,
    Defend,
    Draw,
    Extend,
    GiveUp,
    Merge,
    Ready,
    Recall,
    Retrieve,
    Take,
)
from cardtable.engine.nobility.cards import is_province, suit_of
from cardtable.engine.nobility.pieces import MeldView, OwedView
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

    def of_type(self, *kinds: type[ActionT]) -> list[ActionT]:
        return [action for action in self.moves if isinstance(action, kinds)]

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

    def meld_problem(self) -> str:
        """Why the marked cards make no meld, in the words of the cards' own rules."""
        cids = list(self.picked)
        if len(cids) < 3 or not all(is_province(cid) for cid in cids):
            return "A meld is three or more provinces (2–10) of one suit in sequence."
        if len({suit_of(cid) for cid in cids}) > 1:
            return "A meld's provinces are all of one suit."
        return "Those provinces are not in sequence (10 is followed by 2)."

    def target_of(self, action: GameAction) -> Target:
        """What a letter for `action` names: a meld, a seat's hand, a player."""
        match action:
            case Retrieve(meld=None):
                return Target("your hand", action)
            case Extend(meld=mid) | Defend(meld=mid) | Corrupt(meld=mid) | Retrieve(meld=int(mid)):
                return Target(self.meld_label(mid), action, meld=mid)
            case Battle(meld=int(mid)):
                return Target(self.meld_label(mid), action, meld=mid)
            case Battle(hand=int(seat)) | Merge(to=seat):
                label = self.seat_name(seat) + ("'s hand" if isinstance(action, Battle) else "")
                return Target(label, action, seat=seat)
        return Target(str(action), action)

    def noble_face(self, cid: int) -> str:
        """A noble in the noble pile or defending a meld, as written on the board."""
        table = self.tbl
        pile = table.noble_discard if table else ()
        for card in [*pile, *(d for meld in self.melds() for d in meld.defenders)]:
            if card.cid == cid:
                return face(card)
        return str(cid)


#: The meld phase's moves, with their keys.
WAYS = (
    ("meld", "m meld"),
    ("extend", "e extend"),
    ("defend", "f defend"),
    ("joker", "j Joker"),
    ("claim", "i claim"),
    ("battle", "b battle"),
)
OWED_WORDS = {"spoils": "of your attackers", "losses": "nobles", "unpaid": "defenders"}


def prompt(state: TableState, view: SeatView[NobilityTable] | None) -> str:
    """What the player should do now, in a line."""
    if view is None:
        return ""
    if view.result is not None:
        return "The game is over."
    legal = view.legal
    table = view.table
    kinds = {action.kind for action in legal}
    if not legal:
        return waiting(state, view)
    if Deal() in legal:
        return "Press d to deal the next rubber."
    if any(isinstance(action, GiveUp) for action in legal):
        owed = table.owed
        count, what = (owed.count, OWED_WORDS[owed.kind]) if owed else (1, "nobles")
        return f"Give up {count} {what}: press a key shown, or g on the card under the cursor."
    if Ready() in legal:
        return "An election: make your deals in the chat, then press y when you are ready."
    retrieving = any(isinstance(action, (Retrieve, Recall)) for action in legal)
    if table.phase == "start":
        starts = []
        if Draw() in legal:
            starts.append("draw (d)")
        if Take() in legal:
            top = table.stock_discard[-1] if table.stock_discard else None
            starts.append(f"take the {face(top)} (t)" if top else "take (t)")
        if retrieving:
            starts.append("retrieve a noble (r)")
        if len(starts) > 1:
            return f"Your turn: {', '.join(starts[:-1])} or {starts[-1]}."
        return f"Your turn: {starts[0]}." if starts else "Your turn."
    if table.phase == "retrieving":
        return "Retrieve more (r), or press enter when you are done."
    if table.phase == "discard":
        return "Discard down to three: choose a card with ←→ and press x."
    ways = ", ".join(words for kind, words in WAYS if kind in kinds)
    if table.phase == "melding":
        if table.won_hand:
            return f"You won the hand: {ways or 'nothing to meld'}; enter when done."
        if ways:
            return f"Meld more ({ways}), or press enter when you are done."
        return "Press enter: you are done melding."
    ending = []
    if "discard" in kinds:
        ending.append("x discards")
    if "merge" in kinds:
        ending.append("w merges")
    if "pass" in kinds:
        ending.append("p passes")
    if retrieving and table.endgame:
        ending.append("r retrieves")
    tail = "; ".join(ending)
    if ways:
        return f"Mark cards (space): {ways}" + (f"; {tail}." if tail else ".")
    return (tail[0].upper() + tail[1:] + ".") if tail else "Your turn."


def waiting(state: TableState, view: SeatView[NobilityTable]) -> str:
    """Whom the table waits for."""
    actors = view.actors
    table = view.table
    if view.awaiting_deal and actors:
        return f"Waiting for {state.name(actors[0])} to deal."
    if table.owed is not None:
        return f"Waiting for {state.name(table.owed.seat)} to give up {table.owed.count}."
    if table.phase == "election":
        names = ", ".join(state.name(seat) for seat in actors)
        return f"The election waits for {names}." if names else ""
    return f"{state.name(actors[0])} is playing." if actors else ""
