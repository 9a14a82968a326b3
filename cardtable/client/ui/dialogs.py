"""Small modal dialogs: a yes-or-no question, what to do with your seat when you quit, which
away player's seat to act on, and how long a player may be away before a bot covers them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, TypedDict, TypeVar, Unpack

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from cardtable.client.ui.plain import plain

#: The longest a table may let a player be away before a bot covers them (the server's limit).
AWAY_LIMIT = 3600

ResultT = TypeVar("ResultT")


class FieldOptions(TypedDict, total=False):
    """What a number field may be given besides its value."""

    id: str
    type: Literal["integer", "number", "text"]
    classes: str
    tooltip: str


def number_field(value: str, **options: Unpack[FieldOptions]) -> Input:
    """A compact field for a number. Focus (Tab, a click) puts the cursor after the number, where
    typing goes, rather than selecting it all with the cursor shown at its end."""
    return Input(value, compact=True, select_on_focus=False, **options)


class Confirm(ModalScreen[bool]):
    """A yes-or-no question; dismisses with the answer."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(self.question))
            with Horizontal(classes="buttons"):
                yield Button("Yes (y)", id="yes", variant="error")
                yield Button("No (n)", id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class Cancellable(ModalScreen[ResultT | None]):
    """A dialog that escape, or its button ``cancel``, dismisses with None; each other button
    goes to `pressed`."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self.pressed(event.button.id or "")

    def pressed(self, button: str) -> None:
        """The button with id `button` (not ``cancel``) was pressed."""

    def action_cancel(self) -> None:
        self.dismiss(None)


class OneField(Cancellable[ResultT]):
    """A dialog around one input, whose id is `FIELD`: it has the focus, and enter in it or
    the dialog's other button goes to `submit`."""

    FIELD: ClassVar[str]

    def on_mount(self) -> None:
        self.query_one(f"#{self.FIELD}", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    def pressed(self, button: str) -> None:
        self.submit()

    def submit(self) -> None:
        """Enter in the field, or the dialog's button."""


#: What to do with the seat on quitting: keep it for later, or give it to a bot.
QuitAs = Literal["keep", "leave"]


class QuitChoice(Cancellable[QuitAs]):
    """Ctrl-Q while seated at a game in progress: keep the seat and quit, give it to a bot and
    quit, or stay (None)."""

    BINDINGS = [
        Binding("k", "choose('keep')", "Keep my seat and quit"),
        Binding("g", "choose('leave')", "Give my seat to a bot and quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="quit-choice"):
            yield Static(Text("Quit in the middle of the game?", style="bold"))
            yield Button(
                "k  Keep my seat and quit (come back later with the same command)",
                id="keep",
                variant="primary",
            )
            yield Button("g  Give my seat to a bot and quit", id="leave", variant="error")
            yield Button("esc  Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#keep", Button).focus()

    def pressed(self, button: str) -> None:
        self.action_choose("keep" if button == "keep" else "leave")

    def action_choose(self, choice: QuitAs) -> None:
        self.dismiss(choice)


class SeatChooser(Cancellable[int]):
    """Pick one of a few seats by its player's name (or the number shown beside it, from 1);
    dismisses with the seat, or None."""

    BINDINGS = [
        *(Binding(str(number), f"pick({number})", show=False) for number in range(1, 10)),
    ]

    def __init__(self, question: str, seats: list[tuple[int, str]]) -> None:
        super().__init__()
        self.question = question
        #: (seat, its player's name), in the order shown and numbered from 1.
        self.seats = seats[:9]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="seat-chooser"):
            yield Static(plain(self.question))
            for number, (_, name) in enumerate(self.seats, 1):
                yield Button(plain(f"{number}  {name}"), id=f"choice-{number}")
            yield Button("esc  Cancel", id="cancel")

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self.seats):
            self.dismiss(self.seats[number - 1][0])

    def pressed(self, button: str) -> None:
        self.action_pick(int(button.removeprefix("choice-")))


def away_seconds(text: str) -> int | None:
    """The away time typed in a field: whole seconds, or None for "off" (or nothing): the game
    waits. Raises `ValueError` with words a player can read."""
    text = text.strip().lower()
    if text in ("", "off"):
        return None
    try:
        seconds = int(text)
    except ValueError:
        raise ValueError(
            f"The away time must be a whole number of seconds (0 to {AWAY_LIMIT}) or off."
        ) from None
    if not 0 <= seconds <= AWAY_LIMIT:
        raise ValueError(f"The away time must be from 0 to {AWAY_LIMIT} seconds, or off.")
    return seconds


def away_field_text(seconds: float | None) -> str:
    """What an away-time field shows for `seconds` (as `away_seconds` reads it back)."""
    return "off" if seconds is None else f"{seconds:g}"


def away_words(seconds: float | None) -> str:
    """A table's away policy in a few words."""
    if seconds is None:
        return "the game waits for anyone away"
    if seconds == 0:
        return "a bot plays at once for anyone away"
    return f"a bot plays for anyone away {seconds:g} s"


@dataclass(frozen=True)
class AwayTime:
    """The away time chosen: seconds, or None (the game waits)."""

    seconds: int | None


class AwayPolicy(OneField[AwayTime]):
    """The table's creator sets how long a player may be away before a bot covers them;
    dismisses with the new time, or None if cancelled."""

    FIELD = "away-seconds"

    def __init__(self, seconds: float | None) -> None:
        super().__init__()
        self.seconds = seconds

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="away-policy"):
            yield Static(Text("When a player is away", style="bold"))
            with Horizontal(id="away-field"):
                yield Static("A bot covers a player away for")
                yield number_field(away_field_text(self.seconds), id="away-seconds")
                yield Static("seconds")
            yield Static(
                Text(
                    f"Whole seconds from 0 to {AWAY_LIMIT}; off (or nothing): the game waits "
                    "for them.",
                    style="dim",
                )
            )
            with Horizontal(classes="buttons"):
                yield Button("Set (enter)", id="set", variant="primary")
                yield Button("Cancel (esc)", id="cancel")

    def submit(self) -> None:
        try:
            seconds = away_seconds(self.query_one("#away-seconds", Input).value)
        except ValueError as error:
            self.notify(str(error), severity="error", markup=False)
            return
        self.dismiss(AwayTime(seconds))
