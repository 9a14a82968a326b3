"""Opening a table: the game, its seats and options (with their defaults), partners' private
chat (in a game played in partnerships), how long a player may be away before a bot covers
them, the turn clock, and bots (their level, and how long hard bots think)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from cardtable.client.session import ClientSession
from cardtable.client.ui.dialogs import AWAY_LIMIT, Cancellable, away_seconds, number_field
from cardtable.client.ui.turn_clock import clock_setting
from cardtable.engine.levels import BotLevel, level_of
from cardtable.protocol import GameInfo
from cardtable.protocol.bot_settings import BOT_THINK_DEFAULT, BOT_THINK_RANGE
from cardtable.protocol.clock import ClockMode, TimeoutRule

#: How long a player may be away before a bot covers them, unless the form says otherwise.
AWAY_DEFAULT = 60


def think_seconds(text: str) -> float:
    """The seconds a search bot thinks, from the form, or `ValueError` saying what is wrong."""
    low, high = BOT_THINK_RANGE
    try:
        seconds = float(text.strip() or BOT_THINK_DEFAULT)
    except ValueError:
        raise ValueError(f"Hard bots think from {low:g} to {high:g} seconds a move.") from None
    if not low <= seconds <= high:
        raise ValueError(f"Hard bots think from {low:g} to {high:g} seconds a move.")
    return seconds


#: The clock's number in the form for each mode, and its unit: seconds a move, or minutes.
CLOCK_AMOUNTS = {
    ClockMode.MOVE: ("60", "seconds a move"),
    ClockMode.BANK: ("10", "minutes each, +"),
}


#: What an open list of choices says at its foot: ↓ on its last entry goes to its first, as
#: everywhere in Textual's lists, and ↑ on its first to its last.
WRAPS = "↑↓ wrap around"


ChoiceT = TypeVar("ChoiceT", bound=Hashable)


class Choice(Select[ChoiceT]):
    """A compact choice with no blank. Its open list has a border (cardtable.tcss), so it stands
    apart from the lines it covers, and says at its foot that it wraps around."""

    def __init__(
        self,
        options: list[tuple[str, ChoiceT]],
        value: ChoiceT,
        *,
        id: str,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(
            options, value=value, allow_blank=False, compact=True, id=id, tooltip=tooltip
        )

    def on_mount(self) -> None:
        self.query_one("SelectOverlay").border_subtitle = WRAPS


class TickBox(Checkbox):
    """A compact checkbox with an X in its box when ticked and nothing when not: the two are
    told apart by more than a colour (cardtable.tcss colours the box)."""

    BUTTON_INNER = " "

    def __init__(self, label: str, value: bool, *, id: str) -> None:
        super().__init__(label, value, id=id, compact=True)
        self._show_tick()

    def watch_value(self) -> None:
        super().watch_value()
        self._show_tick()

    def _show_tick(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        self.refresh()


@dataclass(frozen=True)
class TablePlan:
    """A table to open: the creator sits in the first seat; bots fill the rest if asked."""

    game_kind: str
    seats: int
    options: dict[str, object] = field(default_factory=dict)
    bots: bool = True
    #: Table settings (e.g. ``partner_chat``); missing ones take the server's defaults.
    settings: dict[str, object] = field(default_factory=dict)
    #: The bots' kind (one of the game's ``bots``); None: the game's default bot.
    bot_kind: str | None = None

    async def carry_out(self, session: ClientSession) -> None:
        table = await session.create_table(self.game_kind, self.seats, self.options, self.settings)
        await session.sit(table.table_id, 0)
        if self.bots:
            for seat in range(1, self.seats):
                await session.add_bot(table.table_id, seat, self.bot_kind)
            await session.start(table.table_id)


class CreateTableScreen(Cancellable[TablePlan]):
    """A form for a new table; dismisses with a `TablePlan`, or None if cancelled."""

    def __init__(self, games: Sequence[GameInfo]) -> None:
        super().__init__()
        self.games = {game.game_kind: game for game in games}
        self.game_kind = games[0].game_kind if games else ""

    @property
    def game(self) -> GameInfo:
        return self.games[self.game_kind]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="create"):
            yield Static(Text("Open a table", style="bold"))
            yield Choice(
                [(game.title, game.game_kind) for game in self.games.values()],
                value=self.game_kind,
                id="game",
            )
            yield Static(id="summary")
            with VerticalScroll(id="option-fields"):
                yield from self._option_fields()
            with Horizontal(id="away-field"):
                yield Label("A bot covers a player away for")
                yield number_field(
                    str(AWAY_DEFAULT),
                    id="away-bot-after",
                    tooltip=f"Seconds, 0 to {AWAY_LIMIT}; off (or nothing): the game waits.",
                )
                yield Label("seconds (off: the game waits)")
            with Horizontal(id="clock-field"):
                yield Label("Clock")
                yield Choice(
                    [
                        ("off", ClockMode.OFF),
                        ("per move", ClockMode.MOVE),
                        ("a bank each", ClockMode.BANK),
                    ],
                    value=ClockMode.OFF,
                    id="clock-mode",
                )
                yield number_field(CLOCK_AMOUNTS[ClockMode.MOVE][0], id="clock-amount")
                yield Label(CLOCK_AMOUNTS[ClockMode.MOVE][1], id="clock-unit")
                yield number_field("5", id="clock-increment", tooltip="Seconds, 0 to 60")
                yield Label("s a move", id="clock-increment-unit")
            with Horizontal(id="clock-rule"):
                yield Label("Out of time:")
                yield Choice(
                    [
                        ("a bot plays that move", TimeoutRule.BOT_MOVE),
                        ("a bot plays the seat", TimeoutRule.BOT_SEAT),
                    ],
                    value=TimeoutRule.BOT_MOVE,
                    id="clock-timeout",
                )
            with Horizontal(id="rating-fields"):
                yield TickBox("Rated (no take-backs)", True, id="rated")
                yield TickBox("Hints when unrated (H)", True, id="hints")
            yield TickBox("Bots in the other seats, and start at once", True, id="bots")
            with Horizontal(id="bot-fields"):
                yield from self._bot_fields()
            with Horizontal(classes="buttons"):
                yield Button("Open", id="open", variant="success")
                yield Button("Cancel", id="cancel")

    def _option_fields(self) -> ComposeResult:
        game = self.game
        players = range(game.min_players, game.max_players + 1)
        with Horizontal(classes="field"):
            yield Label("Players")
            yield Choice(
                [(str(count), count) for count in players],
                value=game.min_players,
                id="seats",
            )
        for option in game.options:
            with Horizontal(classes="field"):
                yield Label(option.name)
                if option.kind == "bool":  # off / on, as the rules write it
                    yield Choice(
                        [("off", False), ("on", True)],
                        value=bool(option.default),
                        id=f"option-{option.name}",
                        tooltip=option.description,
                    )
                elif option.choices:
                    yield Choice(
                        [(str(choice), choice) for choice in option.choices],
                        value=option.default,
                        id=f"option-{option.name}",
                    )
                else:
                    yield number_field(
                        str(option.default),
                        type="integer",
                        id=f"option-{option.name}",
                        tooltip=option.description,
                    )
        if game.partnerships:
            yield TickBox("Partners may chat privately", False, id="partner-chat")

    def _bot_fields(self) -> ComposeResult:
        """The bots' level; for hard bots, how long they think over a move."""
        game = self.game
        yield Label("Bots")
        yield Choice(
            [(level, level) for level in game.bots],
            value=game.default_bot,
            id="bot-kind",
            tooltip="easy: slips now and then; normal: plays well; "
            "hard: thinks ahead over every move (slower, stronger)",
        )
        yield Label("thinking", classes="think")
        yield number_field(
            str(BOT_THINK_DEFAULT),
            id="bot-think",
            classes="think",
            tooltip=f"Seconds a move, {BOT_THINK_RANGE[0]:g} to {BOT_THINK_RANGE[1]:g}",
        )
        yield Label("seconds a move", classes="think")

    def on_mount(self) -> None:
        self._show_summary()
        self._show_clock_fields()
        self._show_think_field()

    def _show_think_field(self) -> None:
        """How long hard bots think, asked only when they are the bots chosen."""
        kind = str(self.query_one("#bot-kind", Select).value)
        for part in self.query(".think"):
            part.display = level_of(kind) is BotLevel.HARD

    def _show_clock_fields(self) -> None:
        """The clock's numbers and rule, shown only when the clock is on (the increment only
        with a bank)."""
        mode = self.query_one("#clock-mode", Select).value
        for part in ("#clock-amount", "#clock-unit", "#clock-rule"):
            self.query_one(part).display = mode != ClockMode.OFF
        for part in ("#clock-increment", "#clock-increment-unit"):
            self.query_one(part).display = mode == ClockMode.BANK
        if mode in CLOCK_AMOUNTS:
            amount, unit = CLOCK_AMOUNTS[ClockMode(str(mode))]
            self.query_one("#clock-amount", Input).value = amount
            self.query_one("#clock-unit", Label).update(unit)

    def _show_summary(self) -> None:
        game = self.game
        self.query_one("#summary", Static).update(Text(game.summary, style="italic"))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """The bots' level is asked only when bots are to fill the other seats."""
        if event.checkbox.id == "bots":
            self.query_one("#bot-fields").display = event.value

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "clock-mode":
            self._show_clock_fields()
        if event.select.id == "bot-kind":
            self._show_think_field()
        if event.select.id == "game" and event.value != self.game_kind:
            self.game_kind = str(event.value)
            fields = self.query_one("#option-fields", VerticalScroll)
            await fields.remove_children()
            await fields.mount_compose(self._option_fields())
            bots = self.query_one("#bot-fields", Horizontal)
            await bots.remove_children()
            await bots.mount_compose(self._bot_fields())
            self._show_summary()
            self._show_think_field()

    def plan(self) -> TablePlan | str:
        """The table the form describes, or what is wrong with it."""
        options: dict[str, object] = {}
        for option in self.game.options:
            widget = self.query_one(f"#option-{option.name}")
            if isinstance(widget, Select):
                options[option.name] = widget.value
                continue
            assert isinstance(widget, Input)
            try:
                value = int(widget.value)
            except ValueError:
                return f"{option.name} must be a whole number."
            low, high = option.minimum, option.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                return f"{option.name} must be from {low} to {high}."
            options[option.name] = value
        seats = self.query_one("#seats", Select).value
        bots = self.query_one("#bots", Checkbox).value
        try:
            away = away_seconds(self.query_one("#away-bot-after", Input).value)
        except ValueError as error:
            return str(error)
        settings: dict[str, object] = {"away_bot_after": away}
        try:
            clock = clock_setting(
                str(self.query_one("#clock-mode", Select).value),
                self.query_one("#clock-amount", Input).value,
                self.query_one("#clock-increment", Input).value,
                str(self.query_one("#clock-timeout", Select).value),
            )
        except ValueError as error:
            return str(error)
        if clock["mode"] != ClockMode.OFF:
            settings["clock"] = clock
        if not self.query_one("#rated", Checkbox).value:
            settings["rated"] = False
            settings["hints"] = self.query_one("#hints", Checkbox).value
        if self.game.partnerships:
            settings["partner_chat"] = self.query_one("#partner-chat", Checkbox).value
        kind = str(self.query_one("#bot-kind", Select).value)
        if level_of(kind) is BotLevel.HARD:
            try:
                settings["bot_think"] = think_seconds(self.query_one("#bot-think", Input).value)
            except ValueError as error:
                return str(error)
        return TablePlan(self.game_kind, int(seats), options, bots, settings, kind)  # type: ignore[arg-type]

    def pressed(self, button: str) -> None:
        plan = self.plan()
        if isinstance(plan, str):
            self.notify(plan, severity="error", markup=False)
        else:
            self.dismiss(plan)
