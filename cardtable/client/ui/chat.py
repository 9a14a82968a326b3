"""The chat panel: channels with unread markers, the lines of the open one, and a line to type.

The table channel is everyone at the table; each other player at it has a private channel.
``/msg NAME text`` sends a private line from any channel. A partner's channel is marked closed
where the table does not let partners talk privately (the server refuses such lines anyway).
In a game with offers (its `GameSpec.diplomacy`) the panel also takes the deal commands of
`diplomacy` and shows each offer and deal in the private channel of its other party; a bot has a
channel for them.

While the panel has the keys, ↑ ↓ open the channel above or below and Page Up / Page Down
scroll its lines. It keeps the latest `KEPT_LINES` lines of all its channels.

The input counts what is typed against the longest line the server takes (its welcome says so)
and refuses a longer one with a notice. A line stays in the input until the server has taken
it: one refused, here or by the server, is there to mend.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from cardtable.client.ui.bounded import KEPT_LINES, BoundedLog
from cardtable.client.ui.diplomacy import DealNote, OfferParties, note_text, parse_command
from cardtable.client.ui.host import latest_session
from cardtable.client.ui.plain import clean
from cardtable.engine import GameSpec
from cardtable.engine.diplomacy import Diplomacy
from cardtable.protocol import ChatLine, TableSummary
from cardtable.protocol.messages import CHAT_LENGTH

TABLE = "table"
PARTNERS_CLOSED = "Partners may not talk privately at this table."
BOTS_DONT_READ = "Bots don't read private lines: say it at the table, or to a player."
BOT_MARK = " (bot)"
#: What the input says can be typed, in a game without offers and in one with them (Nobility).
HINT = "Say… (/msg NAME text)"
DIPLOMACY_HINT = "Say… /msg, /offer, /help"


@dataclass(frozen=True)
class Outgoing:
    """A line to send: `to` is a seat, or None for the table channel."""

    text: str
    to: int | None


#: What the chat shows: a line someone wrote, or a deal's note.
ShownLine = ChatLine | DealNote


def line_key(line: ShownLine) -> object:
    """What tells a shown line from the others: a chat line's number, a note's id."""
    return line.line_no if isinstance(line, ChatLine) else line.id


def sender_of(line: ShownLine) -> str:
    """Who wrote a shown line (a note names whoever made the deal's move)."""
    return line.sender


def channel_of(line: ShownLine, me: int | None) -> str:
    """The channel a chat line belongs to, for the seat `me`: the table, or the other seat."""
    if isinstance(line, DealNote):
        return line.channel
    if line.recipient_seat is None:
        return TABLE
    other = line.recipient_seat if line.sender_seat == me else line.sender_seat
    return f"seat:{other}"


def closed_partners(spec: GameSpec, summary: TableSummary, me: int | None) -> set[int]:
    """The seats of our partners when the table (`summary`) does not let partners whisper."""
    if me is None or summary.settings.partner_chat:
        return set()
    return set(spec.partners(len(summary.seats), summary.options, me))


def parse_outgoing(
    text: str,
    channel: str,
    names: Sequence[str | None],
    bots: Sequence[str] = (),
    closed: Collection[int] = (),
) -> Outgoing | str:
    """What the typed `text` sends, or a sentence saying why it cannot be sent.

    `names` holds each seat's player (None for an empty seat or a bot); `bots` the bots' names;
    `closed` the seats of partners who may not be sent private lines.
    """
    outgoing = _parse(text.strip(), channel, names, bots)
    if isinstance(outgoing, Outgoing) and outgoing.to in closed:
        return PARTNERS_CLOSED
    return outgoing


def _parse(
    text: str, channel: str, names: Sequence[str | None], bots: Sequence[str]
) -> Outgoing | str:
    if text == "/msg" or text.startswith("/msg "):
        _, _, rest = text.partition(" ")
        for seat, name in sorted(enumerate(names), key=lambda item: -len(item[1] or "")):
            # The name alone (nothing written after it) is matched too, to say so.
            if name and (rest.lower() + " ").startswith(name.lower() + " "):
                body = rest[len(name) :].strip()
                return Outgoing(body, seat) if body else "Write something after the name."
        # A bot answers to its name with or without its mark: "/msg Bram" as "/msg Bram (bot)".
        bare = [bot.removesuffix(BOT_MARK) for bot in bots]
        if any((rest.lower() + " ").startswith(bot.lower() + " ") for bot in [*bots, *bare]):
            return BOTS_DONT_READ
        return "Nobody by that name is playing here. Use: /msg NAME text"
    if text.startswith("/"):
        return "The one command is /msg NAME text."
    if channel == TABLE:
        return Outgoing(text, None)
    seat = int(channel.split(":")[1])
    if not 0 <= seat < len(names) or names[seat] is None:
        return BOTS_DONT_READ  # (a bot's channel shows offers alone)
    return Outgoing(text, seat)


def too_long(length: int, longest: int) -> str:
    """Why a line of `length` characters is not sent, when the server takes `longest`."""
    return (
        f"That line has {length:,} characters; a line holds {longest:,} at most. "
        "Shorten it, or send it in parts."
    )


def line_text(line: ShownLine) -> Text:
    """A chat line as plain text: the sender in bold, then what they wrote, never as markup."""
    if isinstance(line, DealNote):
        return note_text(line)
    text = Text()
    sender = clean(line.sender)
    if line.recipient_seat is not None:
        text.append(f"{sender} → {clean(line.recipient or '?')}: ", style="bold magenta")
    else:
        text.append(f"{sender}: ", style="bold")
    text.append(clean(line.text))
    return text


class ChatPanel(Vertical):
    """Channels, lines and an input. Posts `ChatPanel.Send` when the player sends a line."""

    BINDINGS = [Binding("escape", "screen.board", "Board")]

    @dataclass
    class Send(Message):
        """A line to send; `typed` is the input it came from (see `sent`)."""

        outgoing: Outgoing
        typed: str

    @dataclass
    class Act(Message):
        """A deal command: the action to send to the game, and the input it came from."""

        action: dict[str, object]
        typed: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.channel = TABLE
        self.me: int | None = None
        #: Our own name: a spectator's lines are known as ours by it.
        self.my_name: str | None = None
        self.players: list[str | None] = []
        self.bots: list[str] = []
        #: Partners' seats whose private channel is closed at this table.
        self.closed: set[int] = set()
        self.lines: list[ShownLine] = []
        self._ids: set[object] = set()
        #: The ids of the lines the player has seen (among `lines`): the rest are unread.
        self._seen: set[object] = set()
        #: For a game with offers: its diplomacy, every seat's name, and the open offers we are
        #: party to.
        self.diplomacy: Diplomacy | None = None
        self.names: list[str] = []
        self.offers: list[OfferParties] = []
        #: What was typed and is on its way to the server: enter again does not send it twice.
        self._sending: str | None = None

    def compose(self) -> ComposeResult:
        yield OptionList(id="channels")
        yield BoundedLog(id="chat-lines")
        yield ChatInput(placeholder=HINT, id="chat-input")

    def on_mount(self) -> None:
        self._count("")

    @property
    def longest(self) -> int:
        """The longest line the server takes, as its welcome says."""
        session = latest_session(self)
        welcome = session.welcome if session else None
        return welcome.limits.chat_length if welcome else CHAT_LENGTH

    # -- what to show ---------------------------------------------------------------------------

    def set_players(
        self,
        me: int | None,
        players: list[str | None],
        bots: list[str] | None = None,
        closed: Collection[int] = (),
        my_name: str | None = None,
    ) -> None:
        """Our seat, each seat's player (None: nobody who reads private lines), the bots, the
        partners' seats whose private channel is closed, and our own name."""
        self.my_name = my_name
        changed = (me, players, set(closed)) != (self.me, self.players, self.closed)
        self.me, self.players, self.bots, self.closed = me, players, bots or [], set(closed)
        if changed or self.channel not in dict(self._channels()):
            self._redraw()

    def set_diplomacy(
        self, diplomacy: Diplomacy, names: list[str], offers: list[OfferParties]
    ) -> None:
        """Take the deal commands of the game's `diplomacy`: every seat's `names` (bots' too),
        the open `offers` we are party to (as the view lists them)."""
        changed = self.diplomacy is None or names != self.names
        self.diplomacy, self.names, self.offers = diplomacy, names, offers
        self.query_one("#chat-input", Input).placeholder = DIPLOMACY_HINT
        if changed:
            self._redraw()

    def _redraw(self) -> None:
        if self.channel not in dict(self._channels()):
            self.channel = TABLE
        self._mark_seen()
        self._draw_lines()
        self._draw_channels()

    def set_lines(self, lines: Sequence[ShownLine]) -> None:
        """Show all of `lines` (the latest `KEPT_LINES`): the table's chat as we may read it,
        oldest first."""
        self.lines = list(lines[-KEPT_LINES:])
        self._ids = {line_key(line) for line in self.lines}
        # Lines seen before (a reconnection, a resume) stay seen; only new ones are unread.
        self._seen &= self._ids
        self._mark_seen()
        self._draw_lines()
        self._draw_channels()

    def add(self, line: ShownLine) -> None:
        """One new line; a line already shown (same id) is not shown twice."""
        if line_key(line) in self._ids:
            return
        self._ids.add(line_key(line))
        self.lines.append(line)
        if len(self.lines) > KEPT_LINES:
            self._forget(self.lines.pop(0))
        if channel_of(line, self.me) == self.channel:
            self._lines_log().add(line_text(line))
            self._mark_seen()
        self._draw_channels()

    def _forget(self, line: ShownLine) -> None:
        """Let the oldest line go."""
        self._ids.discard(line_key(line))
        self._seen.discard(line_key(line))

    def unread(self, channel: str) -> int:
        """The lines of `channel` the player has not seen; their own lines never count."""
        return sum(
            1
            for line in self.lines
            if channel_of(line, self.me) == channel
            and line_key(line) not in self._seen
            and not self._is_mine(line)
        )

    def _is_mine(self, line: ShownLine) -> bool:
        """A line we wrote (a deal's note is not: it counts, even for our own offer)."""
        if isinstance(line, DealNote):
            return False
        if self.me is not None:
            return line.sender_seat == self.me
        return line.sender_seat is None and line.sender == self.my_name

    def _channels(self) -> list[tuple[str, str]]:
        channels = [(TABLE, "# table")]
        for seat, name in enumerate(self.players):
            if not name and self.diplomacy is not None and seat < len(self.names):
                name = self.names[seat] if self.names[seat] in self.bots else None  # offers only
            if name and seat != self.me and self.me is not None:
                closed = " (closed)" if seat in self.closed else ""
                channels.append((f"seat:{seat}", f"@ {name}{closed}"))
        return channels

    def _mark_seen(self) -> None:
        self._seen.update(
            line_key(line) for line in self.lines if channel_of(line, self.me) == self.channel
        )

    def _lines_log(self) -> BoundedLog:
        return self.query_one("#chat-lines", BoundedLog)

    def _draw_lines(self) -> None:
        log = self._lines_log()
        log.clear()
        for line in self.lines:
            if channel_of(line, self.me) == self.channel:
                log.add(line_text(line))

    def _draw_channels(self) -> None:
        options = self.query_one("#channels", OptionList)
        highlighted = None
        items = []
        for index, (key, label) in enumerate(self._channels()):
            unread = self.unread(key)
            text = Text(("▶ " if key == self.channel else "  ") + label)
            if unread:
                text.append(f" ● {unread}", style="bold yellow")
            items.append(Option(text, id=key))
            if key == self.channel:
                highlighted = index
        options.clear_options()
        options.add_options(items)
        options.highlighted = highlighted

    # -- the player's input ---------------------------------------------------------------------

    def open_channel(self, channel: str) -> None:
        self.channel = channel
        self._mark_seen()
        self._draw_lines()
        self._draw_channels()

    def step_channel(self, step: int) -> None:
        """Open the channel `step` places below in the list (above if negative; the last leads
        round to the first), so that every channel can be reached with the keys."""
        keys = [key for key, _ in self._channels()]
        here = keys.index(self.channel) if self.channel in keys else 0
        self.open_channel(keys[(here + step) % len(keys)])

    def scroll_lines(self, pages: int) -> None:
        """Scroll the open channel's lines a page up (negative) or down."""
        log = self._lines_log()
        if pages < 0:
            log.scroll_page_up(animate=False)
        else:
            log.scroll_page_down(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.open_channel(event.option.id)
            self.query_one("#chat-input", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._count(event.value)

    def _count(self, typed: str) -> None:
        """Under the input: how long a line may be, and how much of it is typed."""
        longest, length = self.longest, self._length(typed)
        subtitle = f"{length:,} of {longest:,}" if length else f"up to {longest:,} characters"
        if length > longest:
            subtitle = f"[b $text-error]{subtitle}: too long[/]"
        else:
            subtitle = f"[$text-muted]{subtitle}[/]"
        self.query_one("#chat-input", Input).border_subtitle = subtitle

    def _length(self, typed: str) -> int:
        """The length of the line `typed` sends (a /msg without its name)."""
        outgoing = parse_outgoing(typed, self.channel, self.players, self.bots, self.closed)
        return len(outgoing.text) if isinstance(outgoing, Outgoing) else len(typed.strip())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value
        if not typed.strip() or typed == self._sending:
            return
        if self.diplomacy is not None:
            action = parse_command(
                self.diplomacy, typed, self.channel, self.me, self.names, self.offers
            )
            if action is not None:
                if isinstance(action, str):
                    self.notify(action, severity="warning", markup=False)
                else:
                    self._sending = typed
                    self.post_message(self.Act(action, typed))
                return
        outgoing = parse_outgoing(typed, self.channel, self.players, self.bots, self.closed)
        if isinstance(outgoing, str):
            self.notify(outgoing, severity="warning")
        elif len(outgoing.text) > self.longest:
            self.notify(too_long(len(outgoing.text), self.longest), severity="warning")
        else:
            self._sending = typed
            self.post_message(self.Send(outgoing, typed))

    def sent(self, typed: str) -> None:
        """The server took the line `typed`: the input is emptied, unless something else has
        been typed there since."""
        self.not_sent(typed)
        chat_input = self.query_one("#chat-input", Input)
        if chat_input.value == typed:
            chat_input.value = ""

    def not_sent(self, typed: str) -> None:
        """The server refused the line `typed` (or the connection was lost): it stays in the
        input, to mend and send again."""
        if self._sending == typed:
            self._sending = None


class ChatInput(Input):
    """The line to type in the chat panel. A line has no use for ↑ ↓, Page Up and Page Down:
    they open another channel and scroll the open one's lines."""

    BINDINGS = [
        Binding("escape", "screen.board", "Board"),
        Binding("up", "channel(-1)", "Channel", key_display="↑↓"),
        Binding("down", "channel(1)", "Channel", show=False),
        Binding("pageup", "scroll_lines(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll_lines(1)", "Scroll", show=False),
    ]

    def _panel(self) -> ChatPanel:
        panel = self.parent
        assert isinstance(panel, ChatPanel)
        return panel

    def action_channel(self, step: int) -> None:
        self._panel().step_channel(step)

    def action_scroll_lines(self, pages: int) -> None:
        self._panel().scroll_lines(pages)
