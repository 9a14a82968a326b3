"""What every game's board shares: the `Board` widget and its one letter mechanism.

A board is a focusable widget. The table screen gives it every new `TableState` with `show`;
the board posts `Board.Chosen` with the typed action the player picked.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.widget import Widget

from cardtable.client.ui.boards.hints import Hints
from cardtable.client.ui.running import RunningCount
from cardtable.client.ui.table_state import TableState
from cardtable.engine import GameAction, SeatView

ItemT = TypeVar("ItemT")

#: What the hand's keys do (`hand_keys`, `unmark_key`): nothing before the game, nor once it
#: is over, nor for a spectator.
HAND_ACTIONS = frozenset({"move", "move_to", "select", "unselect"})


@dataclass(frozen=True)
class Letters:
    """The letter keys a board gives to the things it lets you pick (sets, groups, targets):
    one key table per board, one way to hand the letters out and to find what one names."""

    keys: str
    #: What the footer calls a pick (shown once, not per letter).
    what: str

    def bindings(self) -> list[Binding]:
        """A hidden binding ``pick(i)`` for each letter, left out of the keys screen too (the
        board shows each letter beside what it picks)."""
        return [
            Binding(key, f"pick({index})", self.what, show=False, system=True)
            for index, key in enumerate(self.keys)
        ]

    def assign(self, items: Iterable[ItemT]) -> list[Lettered[ItemT]]:
        """`items` in order, each with its letter (items beyond the last letter get none)."""
        return [Lettered(key, item) for key, item in zip(self.keys, items, strict=False)]

    def find(self, index: int, lettered: Sequence[Lettered[ItemT]]) -> ItemT | None:
        """The item the `index`-th letter names now, if any."""
        key = self.keys[index] if 0 <= index < len(self.keys) else None
        return next((entry.item for entry in lettered if entry.key == key), None)

    def none_for(self, index: int) -> str:
        """What to say when the `index`-th letter names nothing."""
        return f"Nothing has the letter {self.keys[index]} now."


@dataclass(frozen=True)
class Lettered(Generic[ItemT]):
    """One thing a letter picks."""

    key: str
    item: ItemT


def hand_keys(mark: str | None = None) -> list[Binding]:
    """The keys every hand shares: ←→ over its cards (Home and End: the first and the last), and
    with `mark` (the footer's word for it) space to mark the card under the cursor."""
    keys = [
        Binding("left", "move(-1)", "Card", key_display="←→"),
        Binding("right", "move(1)", "Card", show=False),
        Binding("home", "move_to(0)", "First card", show=False),
        Binding("end", "move_to(-1)", "Last card", show=False),
    ]
    if mark is not None:
        keys.append(Binding("space", "select", mark))
    return keys


def draw_keys() -> list[Binding]:
    """d draws, or deals the next round: whichever is legal (`Board.MOVES` names both)."""
    return [Binding("d", "make('draw')", "Draw"), Binding("d", "make('deal')", "Deal")]


def unmark_key(word: str) -> Binding:
    """u takes every mark off (`word`: the footer's name for it)."""
    return Binding("u", "unselect", word)


def scroll_keys() -> list[Binding]:
    """Page Up and Page Down scroll the board's areas."""
    return [
        Binding("pageup", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(1)", "Scroll", show=False),
    ]


def stepped(order: Sequence[int], current: int | None, step: int) -> int | None:
    """The card id `step` places on from `current` in `order`, round the end (from outside
    `order`: the first card going right, the last going left); None when `order` is empty."""
    if not order:
        return None
    index = order.index(current) if current in order else -step
    return order[(index + step) % len(order)]


def scroll_pages(areas: VerticalScroll, pages: int) -> None:
    """Scroll `areas` by `pages` of its height (less a line, to keep one in sight)."""
    areas.scroll_to(y=areas.scroll_y + pages * max(1, areas.size.height - 1), animate=False)


class Board(Widget, can_focus=True):
    """The base of every game's board."""

    #: The moves a key makes at once, by name: a key bound to ``make('draw')`` makes the move
    #: named ``draw`` here, and works (and shows in the footer) only while that move is legal.
    MOVES: ClassVar[Mapping[str, GameAction]] = {}

    class Chosen(Message):
        """The player chose `action` (one of the legal actions)."""

        def __init__(self, action: GameAction) -> None:
            super().__init__()
            self.action = action

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state: TableState | None = None
        # A card or a spot that acts on a click carries Textual's "@click" meta, and Textual
        # draws such text as a link (in the theme's link colours, underlined), over the card's
        # own colours. A board's pieces keep the colours they were given.
        self.auto_links = False
        #: The hints at the board's foot, there from the start (a state may be shown before
        #: they are mounted).
        self._hints = Hints()

    @property
    def seat_view(self) -> SeatView[Any] | None:
        """The view, typed by the game's types (None before the first)."""
        return self.state.seat_view if self.state else None

    @property
    def moves(self) -> tuple[GameAction, ...]:
        """Our legal actions (none before the first view, nor while it is not our move)."""
        view = self.seat_view
        return view.legal if view is not None else ()

    @property
    def me(self) -> int | None:
        """Our seat; None for a spectator."""
        return self.state.seat if self.state else None

    def seats_in_order(self) -> list[int]:
        """Our seat first, then the others from our left (a spectator: seat 1 first)."""
        view = self.seat_view
        if view is None:
            return []
        me = self.me if self.me is not None else 0
        return [(me + offset) % view.seats for offset in range(view.seats)]

    def total(self, seat: int) -> int:
        """The running total of `seat`'s side from the rounds before this one."""
        view = self.seat_view
        if view is None:
            return 0
        side = next(i for i, members in enumerate(view.sides) if seat in members)
        return view.totals[side]

    @property
    def game_over(self) -> bool:
        """Whether the game shown is over: nobody is to move, and the hand's keys are gone."""
        view = self.seat_view
        return view is not None and view.result is not None

    def to_move(self, seat: int, turn: int | None) -> bool:
        """Whether `seat` is marked as the one to move (▶), the table's turn being `turn`:
        nobody once the game is over."""
        return seat == turn and not self.game_over

    def cursor_order(self) -> list[int]:
        """The hand's card ids that ← and → go through, in order (Home and End: the first and
        the last); a board with a cursor in its hand (`hand_keys`) says which."""
        return []

    def cursor_card(self) -> int | None:
        """The card id under the hand's cursor, if any."""
        return None

    def put_cursor(self, cid: int) -> None:
        """Put the hand's cursor on the card `cid`, and draw it there."""

    def point_at(self, cids: Sequence[int]) -> None:
        """Show the cards `cids` of our hand that a hint suggests, without playing them: the
        cursor on the first (a board that marks several cards marks them all)."""
        held = [cid for cid in cids if cid in self.cursor_order()]
        if held:
            self.put_cursor(held[0])

    def action_move(self, step: int) -> None:
        cid = stepped(self.cursor_order(), self.cursor_card(), step)
        if cid is not None:
            self.put_cursor(cid)

    def action_move_to(self, index: int) -> None:
        """Home / End: the cursor to the first or the last card."""
        order = self.cursor_order()
        if order:
            self.put_cursor(order[index])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The hand's keys only while we hold a hand in a game in play; the rest is the
        game's say (`allows`)."""
        if action in HAND_ACTIONS and (self.seat_view is None or self.me is None or self.game_over):
            return False
        if action == "make" and parameters:
            return self.MOVES.get(str(parameters[0])) in self.moves
        return self.allows(action, parameters)

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether this board's key for `action` works now, and so shows in the footer (None:
        shown, but dimmed), as `check_action` says in Textual."""
        return True

    def show(self, state: TableState) -> None:
        """Draw `state`; called after every change at the table."""
        self.state = state
        self.refresh()

    def seat_note(self, state: TableState, seat: int) -> str:
        """A few words about a seat's public area for the players panel (cards held, tricks)."""
        return ""

    def running_count(self, state: TableState) -> RunningCount | None:
        """What each seat has banked so far in the round in play, as the game counts it (None:
        no round is in play, or the game keeps no such count)."""
        return None

    def prompt(self, state: TableState) -> str:
        """What the player should do now, in a line."""
        if state.my_turn:
            return "Your turn."
        return ""

    @staticmethod
    def waiting_prompt(state: TableState) -> str | None:
        """The prompt whenever it is not our move (the game over, a dealer or another player
        awaited); None when it is our move. Boards say the rest."""
        view = state.seat_view
        phase = getattr(view.table, "phase", None) if view else None
        if phase == "over":
            return "The game is over."
        if state.my_turn:
            return None
        if phase == "deal" and view:
            return f"Waiting for {state.name(view.dealer)} to deal."
        actors = state.actors
        return f"{state.name(actors[0])} is playing." if actors else ""

    def choose(self, action: GameAction) -> None:
        self.post_message(self.Chosen(action))

    def make(self, action: GameAction) -> None:
        """Make `action`, one of our legal moves (a board may first drop its marks and choices,
        or queue moves to follow)."""
        self.choose(action)

    def make_if_legal(self, action: GameAction) -> bool:
        """Make `action` if it is legal now; whether it was."""
        if action in self.moves:
            self.make(action)
            return True
        return False

    def action_make(self, name: str) -> None:
        """A key or a click that makes the move `MOVES[name]` at once."""
        self.make_if_legal(self.MOVES[name])

    def on_mount(self) -> None:
        self.mount(self._hints)

    @property
    def hints(self) -> Hints:
        """The board's hints about the move in hand, at its foot."""
        return self._hints

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A hint about the move in hand, shown at the board's foot (for as long as a notice
        shows) until `forget_notices` takes it down once the turn moves on."""
        seconds = self.app.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self.hints.add(message, severity, seconds)

    def forget_notices(self) -> None:
        """Take down this board's hints still showing (the table's turn moved on); the app's
        notices (chat, refusals) stay."""
        self.hints.clear()
