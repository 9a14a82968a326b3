"""Table chat over real TCP: who reads the table channel and private lines, what a line may hold,
the rate limit, closed channels, and the history a (re)joining player is given."""

from __future__ import annotations

from typing import Any

import pytest
import trio

from cardtable.client.session import ClientSession, RequestFailed
from cardtable.protocol import ErrorCode, LocalProtocolError
from tests.server.conftest import Connect, server_config

GAME = "chinese-ten"


async def refused(code: ErrorCode, request: Any) -> str:
    """Await `request`, which must fail with `code`; return the server's message."""
    with pytest.raises(RequestFailed) as caught:
        await request
    assert caught.value.code == code, caught.value
    return caught.value.message


def texts(session: ClientSession) -> list[str]:
    return [line.text for line in session.chat]


async def heard(session: ClientSession, text: str) -> None:
    """Wait until `session` has been told the line `text`."""
    await session.wait_for(lambda: text in texts(session))


async def settle(*sessions: ClientSession) -> None:
    """Make sure every line sent before now has reached each session (replies come in order)."""
    for session in sessions:
        await session.ping()


# -- who reads what --------------------------------------------------------------------------------


async def test_the_table_channel_reaches_players_and_spectators(client: Connect) -> None:
    with trio.fail_after(5):
        async with (
            client("Ada") as ada,
            client("Bram") as bram,
            client("Cleo") as cleo,
            client("Dov") as dov,
        ):
            table = await ada.create_table(GAME, seats=3)
            tid = table.table_id
            await ada.sit(tid, 0)
            await bram.sit(tid, 1)
            await ada.add_bot(tid, 2)
            await cleo.spectate(tid)
            other = await dov.create_table(GAME, seats=2)
            await dov.sit(other.table_id, 0)  # at another table: hears nothing of this one

            await ada.say("Good luck, all")
            await cleo.say("I am only watching")  # spectators may use the table channel
            for session in (ada, bram, cleo):
                await heard(session, "I am only watching")
                assert texts(session) == ["Good luck, all", "I am only watching"]
            first, second = ada.chat
            assert first.sender == "Ada" and first.sender_seat == 0
            assert first.recipient is None and first.recipient_seat is None
            assert second.sender == "Cleo" and second.sender_seat is None
            assert second.line_no > first.line_no
            assert bram.chat == ada.chat == cleo.chat
            await settle(dov)
            assert dov.chat == []

            async with client("Edda") as edda:
                await refused(ErrorCode.NOT_AT_TABLE, edda.say("hello?"))


async def test_private_lines_reach_only_their_two_parties(client: Connect) -> None:
    with trio.fail_after(5):
        async with (
            client("Ada") as ada,
            client("Bram") as bram,
            client("Cleo") as cleo,
            client("Dov") as dov,
        ):
            table = await ada.create_table(GAME, seats=3)
            tid = table.table_id
            await ada.sit(tid, 0)
            await bram.sit(tid, 1)
            await cleo.sit(tid, 2)
            await dov.spectate(tid)

            await ada.say("Bram, lead hearts", to=1)
            await ada.say("Everyone: hello")  # sent after, so it arrives after, everywhere
            for session in (ada, bram, cleo, dov):
                await heard(session, "Everyone: hello")
            assert texts(ada) == texts(bram) == ["Bram, lead hearts", "Everyone: hello"]
            assert texts(cleo) == texts(dov) == ["Everyone: hello"]
            private = bram.chat[0]
            assert private.sender == "Ada" and private.sender_seat == 0
            assert private.recipient == "Bram" and private.recipient_seat == 1
            assert ada.chat[0] == private

            await bram.say("Will do", to=0)
            await settle(bram, ada, cleo, dov)
            await ada.wait_for(lambda: "Will do" in texts(ada))
            assert "Will do" not in texts(cleo) and "Will do" not in texts(dov)


async def test_who_cannot_send_or_receive_private_lines(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=4)
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)
            await bram.spectate(tid)

            message = await refused(ErrorCode.NOT_SEATED, bram.say("psst", to=0))
            assert "seated" in message
            await refused(ErrorCode.NO_SUCH_PLAYER, ada.say("to an empty seat", to=2))
            await refused(ErrorCode.NO_SUCH_PLAYER, ada.say("to a bot", to=1))
            await refused(ErrorCode.NO_SUCH_PLAYER, ada.say("to myself", to=0))
            await refused(ErrorCode.NO_SUCH_SEAT, ada.say("to nowhere", to=9))
            await settle(ada, bram)
            assert ada.chat == [] and bram.chat == []


# -- what a line may hold --------------------------------------------------------------------------


async def test_the_length_limit_holds_on_the_wire(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2)
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)

            # The client's own protocol check refuses a long line before it is sent ...
            with pytest.raises(LocalProtocolError) as caught:
                await ada.say("x" * 501)
            assert caught.value.code == ErrorCode.BAD_TEXT
            # ... and the server refuses it too when a client sends it anyway.
            ada.transport.connection.check_outgoing = False
            message = await refused(ErrorCode.BAD_TEXT, ada.say("x" * 501))
            assert "500" in message and "501" in message
            await refused(ErrorCode.BAD_TEXT, ada.say(""))

            await ada.say("y" * 500)
            await bram.wait_for(lambda: len(bram.chat) == 1)
            assert texts(bram) == ["y" * 500]


@pytest.mark.parametrize(
    "text",
    ["two\nlines", "\x1b[31mred", "bell\x07", "zero\u200bwidth", "tab\there", "nul\x00"],
)
async def test_control_characters_are_refused(client: Connect, text: str) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2)
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)
            ada.transport.connection.check_outgoing = False
            message = await refused(ErrorCode.BAD_TEXT, ada.say(text))
            assert "control characters" in message
            await refused(ErrorCode.BAD_TEXT, ada.say(text, to=1))
            await ada.say("plain words, ünïcödé and 漢字 are fine")
            await bram.wait_for(lambda: len(bram.chat) == 1)
            assert texts(bram) == ["plain words, ünïcödé and 漢字 are fine"]


@pytest.mark.parametrize("config", [server_config(chat_burst=3, chat_rate=4.0)])
async def test_quick_lines_beyond_the_burst_are_rate_limited(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            assert ada.welcome is not None
            assert ada.welcome.limits.chat_burst == 3
            assert ada.welcome.limits.chat_rate == 4.0
            table = await ada.create_table(GAME, seats=2)
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)
            for number in range(3):
                await ada.say(f"line {number}")
            await refused(ErrorCode.RATE_LIMITED, ada.say("line 3"))
            await refused(ErrorCode.RATE_LIMITED, ada.say("line 3", to=1))
            await bram.say("Bram has his own allowance")
            await bram.wait_for(lambda: len(bram.chat) == 4)
            assert texts(bram) == ["line 0", "line 1", "line 2", "Bram has his own allowance"]

            await trio.sleep(0.3)  # at 4 a second, more than one line's worth comes back
            await ada.say("line 4")
            await refused(ErrorCode.RATE_LIMITED, ada.say("line 5"))
            await bram.wait_for(lambda: "line 4" in texts(bram))
            await settle(bram)
            assert texts(bram)[-1] == "line 4"


# -- closed channels -------------------------------------------------------------------------------


async def test_a_closed_table_channel(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram, client("Cleo") as cleo:
            table = await ada.create_table(GAME, seats=2, settings={"table_chat": False})
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)
            await cleo.spectate(table.table_id)
            message = await refused(ErrorCode.CHAT_CLOSED, ada.say("anyone?"))
            assert "closed" in message
            await refused(ErrorCode.CHAT_CLOSED, cleo.say("anyone?"))
            await ada.say("private lines still work", to=1)
            await bram.wait_for(lambda: len(bram.chat) == 1)
            await settle(cleo)
            assert cleo.chat == []


async def test_a_closed_private_channel(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2, settings={"private_chat": False})
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)
            message = await refused(ErrorCode.CHAT_CLOSED, ada.say("psst", to=1))
            assert "Private" in message
            await ada.say("the table channel still works")
            await bram.wait_for(lambda: len(bram.chat) == 1)
            assert texts(bram) == ["the table channel still works"]


async def test_configure_closes_and_reopens_channels(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2)
            tid = table.table_id
            await ada.sit(tid, 0)
            await bram.sit(tid, 1)
            await bram.say("before")
            await ada.configure(tid, table_chat=False, private_chat=False)
            await refused(ErrorCode.CHAT_CLOSED, bram.say("during"))
            await refused(ErrorCode.CHAT_CLOSED, bram.say("during", to=0))
            await ada.configure(tid, table_chat=True)
            await bram.say("after")
            await refused(ErrorCode.CHAT_CLOSED, bram.say("still private", to=0))
            await ada.wait_for(lambda: len(ada.chat) == 2)
            assert texts(ada) == ["before", "after"]


# -- history ---------------------------------------------------------------------------------------


async def test_history_in_joined_shows_each_player_only_their_lines(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Cleo") as cleo:
            table = await ada.create_table(GAME, seats=3)
            tid = table.table_id
            await ada.sit(tid, 0)
            await cleo.sit(tid, 2)
            async with client("Bram") as bram:
                bram_token = (await bram.sit(tid, 1)).token
                assert bram_token is not None
                await ada.say("Bram, only for you", to=1)
                await cleo.say("Ada, only for you", to=0)
                await ada.say("hello everyone")
                await bram.say("Cleo, from Bram", to=2)
                await cleo.wait_for(lambda: "Cleo, from Bram" in texts(cleo))
                # Bram drops (the seat waits for him) ...

            # ... and a spectator arriving now reads the table channel alone.
            async with client("Dov") as dov:
                joined = await dov.spectate(tid)
                assert [line.text for line in joined.chat] == ["hello everyone"]
                assert texts(dov) == ["hello everyone"]

            # An away player may still be written to; he reads it when he is back.
            await ada.say("while you were out", to=1)
            assert texts(cleo) == ["Ada, only for you", "hello everyone", "Cleo, from Bram"]

            async with client("Bram", token=bram_token) as bram:
                assert bram.seat == 1
                assert texts(bram) == [
                    "Bram, only for you",
                    "hello everyone",
                    "Cleo, from Bram",
                    "while you were out",
                ]
                assert [line.line_no for line in bram.chat] == sorted(
                    line.line_no for line in bram.chat
                )

            # A new holder of a seat does not read what was said to or by the previous one.
            await cleo.leave()
            async with client("Edda") as edda:
                joined = await edda.sit(tid, 2)
                assert [line.text for line in joined.chat] == ["hello everyone"]
                assert texts(edda) == ["hello everyone"]
                await edda.leave()  # (dropping would keep the seat waiting for her)
            # Nor does the same person taking the seat afresh: the holding is new.
            joined = await cleo.sit(tid, 2)
            assert [line.text for line in joined.chat] == ["hello everyone"]


@pytest.mark.parametrize("config", [server_config(chat_history=3)])
async def test_history_keeps_only_the_last_lines(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2)
            await ada.sit(table.table_id, 0)
            for number in range(5):
                await ada.say(f"line {number}")
            joined = await bram.spectate(table.table_id)
            assert [line.text for line in joined.chat] == ["line 2", "line 3", "line 4"]
