"""Deals made in the chat panel of a Nobility table, driven through the app at 80×24 against a
real server: an offer to a bot by /offer and the bot's answer, in that bot's channel; an offer
between two players accepted by /accept, which the third player never sees."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from textual.widgets import Input, OptionList, RichLog

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.chat import BOTS_DONT_READ
from cardtable.client.ui.diplomacy import NOTE_STYLE
from cardtable.client.ui.table import TableScreen
from cardtable.protocol import Joined
from tests.client.support import (
    SIZE,
    AppPilot,
    Remote,
    ServerThread,
    at_table,
    find_on_screen,
    join_app,
    lobby_of,
    notices,
    run_async,
    server_thread,
    session,
    wait_until,
)
from tests.client.test_lobby_chat import channels, in_lobby, seated

TESS, OMAR, RHEA = 0, 1, 2


def give_money(server: ServerThread, seat: int, amount: int) -> None:
    """Money for `seat` from the bank (players start a rubber with none), in the server's thread
    between two actions."""

    def give() -> None:
        (table,) = lobby_of(server).tables.values()
        game: Any = table.game
        game.money[seat] += amount
        game.bank -= amount

    server.call(give)


def chat_words(app: CardtableApp) -> str:
    """The open channel's lines, with wrapping undone."""
    log = app.screen.query_one("#chat-lines", RichLog)
    return " ".join(" ".join(strip.text for strip in log.lines).split())


def log_kinds(app: CardtableApp) -> list[str]:
    return [event["kind"] for event in session(app).log]


async def open_channel(pilot: AppPilot, app: CardtableApp, label: str) -> None:
    """Click a channel in the list."""
    where = find_on_screen(app, label, app.screen.query_one("#channels", OptionList))
    assert await pilot.click(offset=where)
    await wait_until(pilot, lambda: any(c.startswith(f"▶ {label}") for c in channels(app)))


async def refused(pilot: AppPilot, app: CardtableApp, message: str) -> None:
    await wait_until(pilot, lambda: ("Refused", message) in notices(app), 5, message)


async def warned(pilot: AppPilot, app: CardtableApp, message: str) -> None:
    await wait_until(pilot, lambda: ("", message) in notices(app), 5, message)


def test_an_offer_to_a_bot_is_answered_in_the_bots_channel() -> None:
    with server_thread() as server:

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)

                async def open_table(session: ClientSession) -> None:
                    table = await session.create_table("nobility", 3)
                    await session.sit(table.table_id, TESS)
                    for seat in (1, 2):
                        await session.add_bot(table.table_id, seat, "random")
                    await session.start(table.table_id)

                app.request(open_table)
                await at_table(pilot, app)
                give_money(server, TESS, 30)
                # Bots have a channel here, for offers.
                expected = ["▶ # table", "  @ Bram (bot)", "  @ Cleo (bot)"]
                assert channels(app) == expected

                await pilot.press("c")
                await pilot.press(*"/offer bram give 20", "enter")
                # The offer and the bot's answer at once: both unread in Bram's channel.
                await wait_until(
                    pilot, lambda: channels(app)[1] == "  @ Bram (bot) ● 2", 5, "two unread"
                )
                assert channels(app)[2] == "  @ Cleo (bot)"
                assert chat_words(app) == ""  # nothing in the table channel
                kinds = log_kinds(app)
                accepted = "deal_done" in kinds
                assert kinds.count("offer") == 1 and accepted != ("offer_closed" in kinds)
                # What the offer asked for, exactly as the engine was sent it.
                offer = next(event for event in session(app).log if event["kind"] == "offer")
                assert (offer["offer"]["to"], offer["offer"]["give_money"]) == (1, 20)

                await open_channel(pilot, app, "@ Bram (bot)")
                answer = (
                    "◆ Bram (bot) accepts your offer 1: you give Bram (bot) 20 money."
                    if accepted
                    else "◆ Bram (bot) declines your offer 1."
                )
                assert chat_words(app) == (
                    "◆ You offer Bram (bot) 20 money — /withdraw 1 to take it back " + answer
                )
                assert channels(app)[1] == "▶ @ Bram (bot)"
                first = app.screen.query_one("#chat-lines", RichLog).lines[0]
                assert {str(segment.style) for segment in first if segment.text.strip()} == {
                    NOTE_STYLE
                }
                money = session(app).view["table"]["money"]  # type: ignore[index]
                assert money[TESS] == (10 if accepted else 30)

                # A plain line to a bot is refused; commands that cannot be read are too.
                await pilot.press(*"psst", "enter")
                await warned(pilot, app, BOTS_DONT_READ)
                await pilot.press("ctrl+u", *"/offer give lots", "enter")
                await warned(
                    pilot,
                    app,
                    "“lots” is not part of an offer. "
                    "Use: /offer NAME give 20 meld 3 get meld 5 coalition",
                )
                await pilot.press("ctrl+u", *"/withdraw", "enter")
                await warned(pilot, app, "You have made no open offer in this channel.")
                # What the engine refuses comes back as a refusal, with its reason.
                await pilot.press("ctrl+u", *"/offer get meld 99", "enter")
                await refused(pilot, app, "There is no meld 99.")
                assert log_kinds(app).count("offer") == 1
                assert "There is no meld 99" not in chat_words(app)

        run_async(body, timeout=30)


def watch_as_omar(server: ServerThread, table: int, seated_now: threading.Event) -> dict[str, Any]:
    """Omar's app, in a thread of its own (two apps do not share an asyncio loop): he sits at
    `table`, and once he is told of the deal, what his screen shows of it is returned."""
    seen: dict[str, Any] = {}

    async def body() -> None:
        app = join_app(server.port, "Omar")
        async with app.run_test(size=SIZE) as pilot:
            await in_lobby(pilot, app)
            app.request(lambda session: session.sit(table, OMAR))
            await seated(pilot, app, OMAR)
            seated_now.set()
            await at_table(pilot, app)
            await pilot.press("l")  # the log tab (a hidden log writes nothing yet)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            log = screen.query_one("#log", RichLog)

            def logged() -> str:
                return " ".join(" ".join(strip.text for strip in log.lines).split())

            # Once the screen has shown the deal, it has handled all that came before it.
            await wait_until(pilot, lambda: "Deal 1 is done" in logged(), 20, "the deal")
            seen["kinds"] = log_kinds(app)
            seen["log"] = logged()
            seen["lines"] = list(screen.chat.panel.lines)
            seen["channels"] = channels(app)
            seen["notices"] = [note for _, note in notices(app)]

    run_async(body, timeout=25)
    return seen


def test_two_players_deal_and_the_third_sees_nothing_of_it() -> None:
    with server_thread() as server, Remote(server, "Rhea") as rhea:

        async def body() -> None:
            async def open_table(session: ClientSession) -> int:
                table = await session.create_table("nobility", 3)
                await session.sit(table.table_id, RHEA)
                return int(table.table_id)

            table_id = await rhea.ado(open_table)
            omar_seated = threading.Event()
            omar = asyncio.create_task(
                asyncio.to_thread(watch_as_omar, server, table_id, omar_seated)
            )
            tess = join_app(server.port)
            async with tess.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, tess)
                tess.request(lambda session: session.sit(table_id, TESS))
                await seated(pilot, tess, TESS)
                assert await asyncio.to_thread(omar_seated.wait, 10)
                await rhea.ado(lambda session: session.start(table_id))
                await at_table(pilot, tess)
                give_money(server, RHEA, 30)
                await pilot.press("l")  # looking at the log: what comes in is told in a notice

                await rhea.ado(lambda s: s.act({"kind": "offer", "to": TESS, "give_money": 12}))
                await rhea.ado(lambda session: session.say("take it", TESS))
                await wait_until(pilot, lambda: "  @ Rhea ● 2" in channels(tess), 5, "unread")
                await wait_until(pilot, lambda: ("", "Chat from Rhea") in notices(tess), 5)

                await pilot.press("c")
                await open_channel(pilot, tess, "@ Rhea")
                offer = "◆ Rhea offers you 12 money — /accept 1 or /decline 1"
                assert chat_words(tess) == f"{offer} Rhea → Tess: take it"
                await pilot.press(*"/accept", "enter")
                done = "◆ You accept Rhea's offer 1: Rhea gives you 12 money."
                await wait_until(pilot, lambda: chat_words(tess).endswith(done), 5, "the deal")
                assert tess.screen.query_one("#chat-input", Input).value == ""
                money = rhea.look(lambda session: session.view["table"]["money"])  # type: ignore[index]
                assert money == [12, 0, 18]

                # The offer is gone: answering it again is refused by the game.
                await pilot.press(*"/decline 1", "enter")
                await refused(pilot, tess, "There is no open offer with that number.")

                # Drawn again from scratch (as after reconnecting), the chat lines come first
                # and the offers of the game's log follow them in their channel.
                screen = tess.screen
                assert isinstance(screen, TableScreen)
                current = session(tess)
                assert current.table is not None
                screen.redraw(
                    Joined(
                        table=current.table,
                        seat=current.seat,
                        token=current.token,
                        view=current.view,
                        log=current.log,
                        chat=tuple(current.chat),
                    )
                )
                again = f"Rhea → Tess: take it {offer} {done}"
                await wait_until(pilot, lambda: chat_words(tess) == again, 5, "drawn again")

            # Omar is told the deal was done (it is public: his log), and nothing before it.
            seen = await omar
            assert "deal_done" in seen["kinds"]
            assert not {"offer", "offer_closed"} & set(seen["kinds"])
            assert "Deal 1 is done: Rhea gives Tess 12 money." in seen["log"]
            assert seen["lines"] == []
            assert seen["channels"] == ["▶ # table", "  @ Tess", "  @ Rhea"]
            assert not any("Rhea" in note or "Tess" in note for note in seen["notices"])

        run_async(body, timeout=30)
