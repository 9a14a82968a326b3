"""The client's text handling without a screen: what a typed chat line sends, which channel a
line belongs to, other players' text shown literally, and connection problems in plain words."""

from __future__ import annotations

import errno
import getpass
import io
import socket
from typing import Any

import pytest
import trio
from rich.console import Console
from rich.text import Text

from cardtable.client.handshake import HandshakeRefused
from cardtable.client.ui.chat import (
    BOTS_DONT_READ,
    TABLE,
    Outgoing,
    channel_of,
    line_text,
    parse_outgoing,
)
from cardtable.client.ui.plain import clean, plain
from cardtable.client.ui.problems import default_name, explain
from cardtable.protocol import ChatLine, ErrorCode, Sender
from cardtable.protocol.fields import control_character
from cardtable.protocol.messages import decode_message
from cardtable.protocol.messages.decoding import MessageError
from cardtable.server.names import name_problem

REPLACEMENT = "\ufffd"
#: Seat 0 is Anna, 1 a bot (no name), 2 Anna Lee, 3 Bo.
NAMES: list[str | None] = ["Anna", None, "Anna Lee", "Bo"]

# Characters another player might use to fake lines, recolour the terminal or reverse text.
ESC = "\x1b"
BIDI = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c"]
CONTROLS = [ESC, "\n", "\r", "\t", "\x07", "\x08", "\x7f", "\x85", "\x9b", "\x00"]


def rendered(text: Text) -> str:
    """What a terminal would be sent for `text` (no colours), without print's own newline."""
    console = Console(file=io.StringIO(), width=200, color_system=None, legacy_windows=False)
    console.print(text, end="")
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


# -- parse_outgoing ---------------------------------------------------------------------------


def test_plain_text_goes_to_the_open_channel() -> None:
    assert parse_outgoing("  hello all  ", TABLE, NAMES) == Outgoing("hello all", None)
    assert parse_outgoing("just you", "seat:3", NAMES) == Outgoing("just you", 3)
    assert parse_outgoing("psst", "seat:0", NAMES) == Outgoing("psst", 0)


def test_msg_sends_privately_from_any_channel() -> None:
    for channel in (TABLE, "seat:0", "seat:2"):
        assert parse_outgoing("/msg Bo good luck", channel, NAMES) == Outgoing("good luck", 3)


def test_msg_matches_the_longest_name_even_when_it_has_spaces() -> None:
    assert parse_outgoing("/msg Anna Lee hi there", TABLE, NAMES) == Outgoing("hi there", 2)
    assert parse_outgoing("/msg Anna hi there", TABLE, NAMES) == Outgoing("hi there", 0)
    # A shorter name listed after the longer one: the order of seats does not matter.
    assert parse_outgoing("/msg Anna Lee x", TABLE, ["Anna Lee", "Anna"]) == Outgoing("x", 0)
    assert parse_outgoing("/msg Anna x", TABLE, ["Anna Lee", "Anna"]) == Outgoing("x", 1)


def test_msg_names_are_case_insensitive_and_the_body_keeps_its_case() -> None:
    assert parse_outgoing("/msg anna lee Hi There", TABLE, NAMES) == Outgoing("Hi There", 2)
    assert parse_outgoing("/msg BO  Well  played ", TABLE, NAMES) == Outgoing("Well  played", 3)


def test_msg_to_an_unknown_name_is_refused_with_the_usage() -> None:
    for typed in ("/msg Cleo hi", "/msg Annabel hi", "/msg", "/msg  ", "/msg Bob hi"):
        said = parse_outgoing(typed, TABLE, NAMES)
        assert isinstance(said, str), typed
        assert "Nobody by that name" in said and "/msg NAME text" in said


def test_msg_never_matches_an_empty_seat_or_a_bot() -> None:
    said = parse_outgoing("/msg None hi", TABLE, [None, None])
    assert isinstance(said, str) and "Nobody by that name" in said
    said = parse_outgoing("/msg  hi", TABLE, ["", "Bo"])
    assert isinstance(said, str) and "Nobody by that name" in said


def test_msg_with_nothing_after_the_name_asks_for_a_text() -> None:
    for typed in ("/msg Bo", "/msg Bo   ", "/msg anna lee", "/msg Anna"):
        assert parse_outgoing(typed, TABLE, NAMES) == "Write something after the name."


def test_other_slash_commands_are_refused() -> None:
    for typed in ("/me waves", "/quit", "/", "/msgBo hi", "/message Bo hi", " /help"):
        said = parse_outgoing(typed, TABLE, NAMES)
        assert said == "The one command is /msg NAME text.", typed


# -- channel_of ---------------------------------------------------------------------------------


def test_a_table_line_is_in_the_table_channel_for_everyone() -> None:
    line = ChatLine(1, 1.0, "Anna", 0, None, None, "hi")
    for me in (0, 2, None):
        assert channel_of(line, me) == TABLE
    assert channel_of(ChatLine(2, 1.0, "Cleo", None, None, None, "hi"), None) == TABLE


def test_a_private_line_is_in_the_other_partys_channel() -> None:
    line = ChatLine(1, 1.0, "Anna", 0, "Bo", 3, "psst")
    assert channel_of(line, 0) == "seat:3"  # what I sent: with the one I sent it to
    assert channel_of(line, 3) == "seat:0"  # what I was sent: with the sender
    # The channel a private line lands in is the one that sends back to the same seat.
    reply = parse_outgoing("hello back", channel_of(line, 3), NAMES)
    assert reply == Outgoing("hello back", 0)


# -- line_text, clean, plain -------------------------------------------------------------------


def test_a_chat_line_shows_square_brackets_and_markup_literally() -> None:
    line = ChatLine(1, 1.0, "[red]Eve", 1, None, None, "[bold]hi[/bold] [link=x]:smile:")
    text = line_text(line)
    assert text.plain == "[red]Eve: [bold]hi[/bold] [link=x]:smile:"
    # The only style is the sender's bold; nothing the player wrote became a style.
    assert [(span.start, span.end, str(span.style)) for span in text.spans] == [(0, 10, "bold")]
    output = rendered(text)
    assert "[bold]hi[/bold] [link=x]:smile:" in output and "[red]Eve:" in output


def test_a_private_line_names_both_parties() -> None:
    line = ChatLine(1, 1.0, "Anna", 0, "[b]Bo", 3, "x")
    text = line_text(line)
    assert text.plain == "Anna → [b]Bo: x"
    assert [str(span.style) for span in text.spans] == ["bold magenta"]


@pytest.mark.parametrize("bad", CONTROLS + BIDI, ids=lambda char: f"U+{ord(char):04X}")
def test_a_chat_line_never_passes_on_a_control_or_bidi_character(bad: str) -> None:
    line = ChatLine(1, 1.0, f"Eve{bad}", 0, f"B{bad}o", 1, f"{bad}[31mred{bad}Server: you are out")
    text = line_text(line)
    assert bad not in text.plain
    assert text.plain == (
        f"Eve{REPLACEMENT} → B{REPLACEMENT}o: {REPLACEMENT}[31mred{REPLACEMENT}Server: you are out"
    )
    assert bad not in rendered(text)


def test_a_line_with_missing_or_odd_fields_never_reaches_the_chat() -> None:
    for line in ({}, {"recipient_seat": 2, "text": 5}):
        with pytest.raises(MessageError) as refused:
            decode_message({"type": "chat_line", "table_id": 1, "line": line}, Sender.SERVER)
        assert refused.value.code is ErrorCode.BAD_MESSAGE


def test_clean_replaces_every_control_and_format_character_one_for_one() -> None:
    for bad in CONTROLS + BIDI + ["\u200b", "\ufeff", "\ud800", "\ue000"]:
        assert clean(f"a{bad}b") == f"a{REPLACEMENT}b", f"U+{ord(bad):04X}"
    assert clean("\x1b]0;title\x07") == f"{REPLACEMENT}]0;title{REPLACEMENT}"


def test_clean_keeps_ordinary_text_and_emoji_joiners() -> None:
    for good in ("Zoë", "日本語", "[b]x[/b]", "a - b_c.d'e", "👩\u200d👩\u200d👧", "क्\u200dष", ""):
        assert clean(good) == good


def test_clean_agrees_with_what_the_server_refuses() -> None:
    # Whatever the protocol would refuse as a control character, the client replaces.
    for code in [*range(0x00, 0x250), *range(0x2000, 0x2070), 0xFEFF, 0xFFF9, 0xFFFC]:
        char = chr(code)
        assert (clean(char) == REPLACEMENT) == (control_character(char) is not None), hex(code)


def test_plain_is_literal_text_with_the_given_style() -> None:
    text = plain("[b]Tess[/b]\x1b[2J", style="italic")
    assert isinstance(text, Text)
    assert text.plain == f"[b]Tess[/b]{REPLACEMENT}[2J"
    assert text.spans == [] and str(text.style) == "italic"
    assert "[b]Tess[/b]" in rendered(text) and ESC not in rendered(text)
    assert plain("x").style == ""


# -- explain --------------------------------------------------------------------------------------


async def test_a_refused_connection_says_nothing_is_listening() -> None:
    # The error trio really raises: "all attempts … failed", the refusal in its cause.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(OSError) as caught:
        with trio.fail_after(5):
            await trio.open_tcp_stream("127.0.0.1", port)
    failed = explain(caught.value, "127.0.0.1", port, 5.0)
    assert failed.problem == f"Nothing is listening at 127.0.0.1:{port}."
    assert "cardtable serve" in failed.advice and failed.ask is None


def test_refused_connections_in_other_shapes() -> None:
    for error in (
        ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"),
        OSError(errno.ECONNREFUSED, "x"),
        OSError("Connect call failed: refused"),
    ):
        assert explain(error, "h", 1, 5.0).problem == "Nothing is listening at h:1."


def test_a_timeout_names_the_seconds_waited() -> None:
    failed = explain(trio.TooSlowError(), "10.0.0.9", 7777, 2.5)
    assert failed.problem == "10.0.0.9:7777 did not answer within 2.5 seconds."
    assert "firewall" in failed.advice and failed.ask is None


def test_an_unknown_host_is_named() -> None:
    error = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    failed = explain(error, "tabel.local", 7777, 5.0)
    assert failed.problem == "There is no machine called 'tabel.local' that this one can find."
    assert "192.168" in failed.advice and failed.ask is None


def test_another_network_error_is_shown_as_it_is() -> None:
    error = OSError(errno.EHOSTUNREACH, "No route to host")
    failed = explain(error, "10.0.0.9", 7777, 5.0)
    assert failed.problem.startswith("Could not connect to 10.0.0.9:7777:")
    assert "No route to host" in failed.problem and failed.ask is None
    # A failure whose cause holds no refusal is not called one.
    wrapped = OSError("all attempts to connect to h:1 failed")
    wrapped.__cause__ = ExceptionGroup("all", [OSError(errno.ENETUNREACH, "unreachable")])
    assert explain(wrapped, "h", 1, 5.0).problem.startswith("Could not connect to h:1:")


@pytest.mark.parametrize(
    ("code", "advice", "ask"),
    [
        (ErrorCode.VERSION_MISMATCH, "same cardtable version", None),
        (ErrorCode.BAD_PASSWORD, "password", "password"),
        (ErrorCode.NAME_TAKEN, "another name", "name"),
        (ErrorCode.BAD_NAME, "letters, digits", "name"),
        (ErrorCode.SERVER_FULL, "Try again in a while", None),
        (ErrorCode.HANDSHAKE_TIMEOUT, "Try again", None),
    ],
)
def test_a_refused_handshake_quotes_the_server_and_says_what_to_do(
    code: ErrorCode, advice: str, ask: str | None
) -> None:
    error = HandshakeRefused(code, "The [b]server[/b] says no.")
    failed = explain(error, "host", 7777, 5.0)
    assert failed.problem == "The server at host:7777 said: The [b]server[/b] says no."
    assert advice in failed.advice
    assert failed.ask == ask


# -- default_name ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("login", "expected"),
    [
        ("tess", "tess"),
        ("Zoë O'Brien-Smith", "Zoë O'Brien-Smith"),
        ("DOMAIN\\j.doe", "DOMAINj.doe"),
        ("user@example.com", "userexample.com"),
        ("  spaced  ", "spaced"),
        ("@@@", "player"),
        ("", "player"),
        ("a" * 40, "a" * 24),
        ("abcdefghijklmnopqrstuvw xyz", "abcdefghijklmnopqrstuvw"),  # cut at a space
    ],
)
def test_default_name_is_the_login_kept_to_what_a_server_accepts(
    monkeypatch: pytest.MonkeyPatch, login: str, expected: str
) -> None:
    monkeypatch.setattr(getpass, "getuser", lambda: login)
    name = default_name()
    assert name == expected
    assert 1 <= len(name) <= 24 and name_problem(name) is None


@pytest.mark.parametrize("problem", [KeyError("no user"), OSError("no login")])
def test_default_name_without_a_login_is_player(
    monkeypatch: pytest.MonkeyPatch, problem: Exception
) -> None:
    def getuser() -> Any:
        raise problem

    monkeypatch.setattr(getpass, "getuser", getuser)
    assert default_name() == "player"


def test_msg_to_a_bot_by_its_name_with_or_without_its_mark_says_bots_dont_read_them() -> None:
    for typed in ("/msg Bram (bot) psst", "/msg Bram psst", "/msg bram"):
        assert parse_outgoing(typed, TABLE, NAMES, bots=["Bram (bot)"]) == BOTS_DONT_READ, typed
    assert parse_outgoing("/msg Bramble hi", TABLE, NAMES, bots=["Bram (bot)"]) != BOTS_DONT_READ


def test_a_spectators_own_lines_are_known_by_name_and_a_players_by_seat() -> None:
    from cardtable.client.ui.chat import ChatPanel

    panel = ChatPanel()
    mine = ChatLine(1, 1.0, "Tess", None, None, None, "hi")
    theirs = ChatLine(2, 1.0, "Rhea", None, None, None, "hello")
    seated = ChatLine(3, 1.0, "Bram", 1, None, None, "yo")
    panel.me, panel.my_name = None, "Tess"
    assert [panel._is_mine(line) for line in (mine, theirs, seated)] == [True, False, False]
    panel.me = 1  # seated: our lines are those from our seat, whatever the name
    assert [panel._is_mine(line) for line in (mine, theirs, seated)] == [False, False, True]
