"""Names that would look blank, or like someone else's, are refused at the handshake; and chat
cannot break a line with Unicode's line and paragraph separators."""

from __future__ import annotations

import pytest
import trio

from cardtable.protocol import ErrorCode, LocalProtocolError
from cardtable.server.app import RunningServer
from tests.server.conftest import HOST, Connect
from tests.server.raw import raw_connect
from tests.server.test_bad_input import assert_error, assert_fatal, greeted, send_body


@pytest.mark.parametrize(
    "name",
    [
        "\u3164",  # Hangul filler: a letter that shows as nothing
        "Ada\u3164",  # looks exactly like Ada
        "\u115f\u1160",
        "\uffa0x",
        "...",
        "- _ '",
    ],
)
async def test_invisible_and_letterless_names_are_refused(server: RunningServer, name: str) -> None:
    async with raw_connect(HOST, server.port) as raw:
        await raw.send_hello(name)
        error = await assert_fatal(raw, ErrorCode.BAD_NAME, case=name)
    assert "invisible letter" in error.message or "at least one letter" in error.message


@pytest.mark.parametrize("lookalike", ["ada", "ADA", "Ａｄａ", "ａｄａ"])
async def test_a_name_that_differs_only_in_case_or_width_is_taken(
    client: Connect, server: RunningServer, lookalike: str
) -> None:
    async with client("Ada"):
        async with raw_connect(HOST, server.port) as raw:
            await raw.send_hello(lookalike)
            error = await assert_fatal(raw, ErrorCode.NAME_TAKEN, case=lookalike)
        assert "already called Ada" in error.message
    # Once Ada has gone, the name is free in any form.
    with trio.fail_after(5):
        while "Ada" in server.lobby.clients:
            await trio.sleep(0.01)
    async with raw_connect(HOST, server.port) as raw:
        await greeted(raw, lookalike)


async def test_an_away_players_name_is_kept_in_every_case(
    client: Connect, server: RunningServer
) -> None:
    async with client("Ada") as ada:
        table = await ada.create_table("chinese-ten", seats=2)
        await ada.sit(table["id"], 0)
    with trio.fail_after(5):
        while not server.lobby.tables[table["id"]].seats[0].away:
            await trio.sleep(0.01)
    async with raw_connect(HOST, server.port) as raw:
        await raw.send_hello("ADA")
        error = await assert_fatal(raw, ErrorCode.NAME_TAKEN)
    assert error.message.startswith("Ada is away")


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
async def test_chat_with_a_line_or_paragraph_separator_is_refused(
    client: Connect, separator: str
) -> None:
    async with client("Ada") as ada:
        table = await ada.create_table("chinese-ten", seats=2)
        await ada.sit(table["id"], 0)
        # The client's own check refuses to send it; a raw frame reaches the server.
        with pytest.raises(LocalProtocolError):
            await ada.say(f"first line{separator}second line")
        body = {"type": "chat", "text": f"first line{separator}second line", "rid": 77}
        reply = await send_body(ada, body)
        assert_error(reply, ErrorCode.BAD_TEXT, fatal=False, rid=77)
        await ada.say("one line")  # the connection carries on
