"""Conceding, rematch offers and who watches, in the table screen, driven through Pilot: C asks
before conceding; a partner's offer to concede and another player's offer of a rematch are
asked about with y and n; the players panel names the spectators."""

from __future__ import annotations

import asyncio
from typing import Any

from textual.pilot import Pilot

from cardtable.client.session import ClientSession
from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.dialogs import Confirm
from cardtable.client.ui.table import TableScreen
from tests.client.support import (
    SIZE,
    Remote,
    at_table,
    footer_with,
    join_app,
    notices,
    play_app,
    run_async,
    screen_text,
    server_thread,
    session,
    view,
    wait_until,
)
from tests.client.test_leaving import at_a_game
from tests.client.test_lobby_chat import in_lobby, seated

AppPilot = Pilot[Any]
ONE_DECK = {"decks": 1}


async def asked(pilot: AppPilot, app: CardtableApp, question: str) -> None:
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, Confirm) and app.screen.question.startswith(question),
        5,
        question,
    )


async def told(pilot: AppPilot, app: CardtableApp, notice: tuple[str, str]) -> None:
    await wait_until(pilot, lambda: notice in notices(app), 5, f"{notice} in {notices(app)}")


def log_kinds(remote: Remote) -> list[str]:
    return list(remote.look(lambda s: [str(event["kind"]) for event in s.log]))


async def until(remote: Remote, check: Any, what: str) -> None:
    """Wait until `check(session)` holds for `remote`'s session."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 5
    while not remote.look(check):
        assert loop.time() < deadline, what
        await asyncio.sleep(0.02)


def test_c_asks_then_concedes_and_s_offers_a_rematch_the_bot_accepts() -> None:
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            # At 80 columns the footer leaves C out first (it still works), as it does l and c.
            assert table.check_action("concede", ()) is True
            await pilot.press("C")
            await asked(pilot, app, "Concede the game? It ends now, and you lose it.")
            await pilot.press("n")  # not after all: nothing happens
            await wait_until(pilot, lambda: app.screen is table, 5, "the table again")
            assert view(app)["result"] is None
            await pilot.press("C")
            await asked(pilot, app, "Concede the game?")
            await pilot.press("y")
            await told(pilot, app, ("Game over", "You conceded. Bram (bot) won."))
            assert view(app)["result"]["conceded"] == [0]
            await footer_with(pilot, app, {"s Rematch": True})
            assert table.check_action("concede", ()) is False
            await pilot.press("s")  # an offer; the bot accepts at once
            await wait_until(pilot, lambda: session(app).game_no == 2, 5, "game 2")
            await pilot.press("ctrl+q")

    run_async(body)


def test_a_rematch_offered_by_another_player_is_asked_about_and_spectators_are_named() -> None:
    with (
        server_thread() as server,
        Remote(server, "Rhea") as rhea,
        Remote(server, "Wes") as wes,
    ):

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                table = await at_a_game(pilot, app, rhea)
                await wes.ado(lambda s: s.spectate(table))
                await wait_until(pilot, lambda: "Watching: Wes" in screen_text(app), 5, "Wes")
                await rhea.ado(lambda s: s.concede())
                await told(pilot, app, ("Game over", "You won! Rhea conceded."))
                kinds = [event["kind"] for event in session(app).log]
                assert kinds[-2:] == ["conceded", "game_end"]
                await rhea.ado(lambda s: s.offer_rematch())
                await asked(pilot, app, "Rhea offers a rematch. Play again at this table?")
                await pilot.press("n")
                await until(
                    rhea,
                    lambda s: s.table.rematch is not None and s.table.rematch.declined_by == 1,
                    "the decline",
                )
                await wait_until(
                    pilot, lambda: "Tess declined a rematch" in screen_text(app), 5, "declined"
                )
                await rhea.ado(lambda s: s.offer_rematch())
                await asked(pilot, app, "Rhea offers a rematch.")
                await pilot.press("y")
                await wait_until(pilot, lambda: session(app).game_no == 2, 5, "game 2")
                await until(rhea, lambda s: s.game_no == 2, "game 2 for Rhea")
                assert isinstance(app.screen, TableScreen)

        run_async(body, timeout=30)


def test_a_partners_offer_to_concede_is_asked_about_and_may_be_turned_down() -> None:
    with (
        server_thread() as server,
        Remote(server, "Rhea") as rhea,
        Remote(server, "Ugo") as ugo,
    ):

        async def open_partnership(session: ClientSession) -> int:
            table = await session.create_table("thistle", 4, {"partnership": True})
            await session.sit(table.table_id, 0)
            await session.add_bot(table.table_id, 2)
            return int(table.table_id)

        async def body() -> None:
            app = join_app(server.port)
            async with app.run_test(size=SIZE) as pilot:
                await in_lobby(pilot, app)
                table = await rhea.ado(open_partnership)
                await ugo.ado(lambda s: s.sit(table, 3))  # Tess's partner, on seat 4
                await wait_until(
                    pilot, lambda: "waiting (1 free)" in screen_text(app), 5, "the table"
                )
                await pilot.press("enter")
                await seated(pilot, app, 1)
                await rhea.ado(lambda s: s.start(table))
                await wait_until(pilot, lambda: session(app).view is not None, 5, "the game")

                await ugo.ado(lambda s: s.concede())
                question = "Ugo offers to concede the game. Concede together (y), or play on (n)?"
                await asked(pilot, app, question)
                await pilot.press("n")
                await until(ugo, lambda s: "concession_declined" in [e["kind"] for e in s.log], "n")
                assert view(app)["result"] is None
                # Our own offer, after asking; Ugo agrees and the side concedes.
                await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), 5, "table")
                await pilot.press("C")
                await asked(pilot, app, "Offer Ugo to concede? If they agree, the game ends")
                await pilot.press("y")
                await until(ugo, lambda s: "concession_offered" in log_kinds_of(s), "offered")
                await wait_until(
                    pilot,
                    lambda: "You offered to concede: waiting for Ugo" in screen_text(app),
                    5,
                    "our offer beside the players",
                )
                await ugo.ado(lambda s: s.concede())
                await told(pilot, app, ("Game over", "You conceded. Rhea and Cleo (bot) won."))

        run_async(body, timeout=30)


def log_kinds_of(session: ClientSession) -> list[str]:
    return [str(event["kind"]) for event in session.log]
