"""What a newcomer met at the table: a board's hint about a move, at its foot, taken down once the
turn moves on, and the footer showing the step in hand. Played through
`cardtable play` (a server in the process, instant bots) at 80×24, with the keys."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.boards.chinese_ten.board import ChineseTenBoard
from cardtable.client.ui.table import TableScreen
from cardtable.engine import Game, new_game

from .support import (
    SIZE,
    LocalTable,
    at_table,
    footer_with,
    noticed,
    notices,
    our_turn,
    play_app,
    run_async,
    session,
    shown,
    view,
    wait_until,
)

AppPilot = Pilot[Any]
ONE_DECK = {"decks": 1}
NAMES = ["Tess", "Bram"]


def board(table: TableScreen) -> ChineseTenBoard:
    assert isinstance(table.board, ChineseTenBoard)
    return table.board


def hand_spots(app: CardtableApp, cid: int | None) -> list[int]:
    """The spots the hand's card `cid` may go to now."""
    return sorted({a["spot"] for a in view(app)["legal"] if a.get("cid") == cid})


def flipped_step(app: CardtableApp) -> bool:
    return any(action["kind"] in ("take", "place") for action in view(app)["legal"])


async def a_card_to_play(pilot: AppPilot, app: CardtableApp, table: TableScreen) -> int:
    """Wait for our turn to play from the hand; select a card that has a move."""
    await wait_until(
        pilot,
        lambda: our_turn(app, table) and not flipped_step(app),
        what="our turn to play from the hand",
    )
    cid = next(a["cid"] for a in view(app)["legal"] if "cid" in a)
    board(table).selected = cid
    return int(cid)


def test_a_boards_hint_shows_at_its_foot_until_the_turn_moves_on_and_a_chat_notice_stays() -> None:
    async def body() -> None:
        app, _ = play_app(options=ONE_DECK)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            await footer_with(pilot, app, {"←→ Card": True, "1-4 Spot": True})
            cid = await a_card_to_play(pilot, app, table)
            app.notify("Chat from Ada", markup=False)  # not the board's: it stays
            spots = hand_spots(app, cid)
            wrong = next(spot for spot in range(4) if spot not in spots)
            await pilot.press(str(wrong + 1))
            refused = f"That card cannot go to spot {wrong + 1}."
            await noticed(pilot, app, refused)
            assert [message for _, message in notices(app)].count(refused) == 1
            # The board's own hint, at its foot: no notice of the app's.
            await pilot.pause()
            assert refused in shown(app, table.board).splitlines()[-1]
            assert refused not in [note.message for note in app._notifications]

            moves = len(session(app).log)
            await pilot.press(str(spots[0] + 1))
            await wait_until(
                pilot,
                lambda: refused not in [message for _, message in notices(app)],
                what="the notice taken down",
            )
            assert len(session(app).log) > moves  # taken down because the card was played
            assert "Chat from Ada" in [message for _, message in notices(app)]

    run_async(body)


def at_a_flipped_step() -> Game:
    """A two-player game of one deck played on (each seat's first legal move) until our seat,
    seat 0, is to choose where its flipped card goes."""
    for seed in range(50):
        game = new_game("chinese-ten", 2, {"decks": 1}, seed=seed, dealer=1)
        while game.actors:
            legal = game.legal_actions(0)
            if any(action["kind"] in ("take", "place") for action in legal):
                return game
            seat = game.actors[0]
            game.apply(seat, game.legal_actions(seat)[0])
    raise AssertionError("no game of the first 50 seeds came to a flipped step of ours")


def test_the_footer_shows_the_spot_keys_alone_while_a_flipped_card_waits() -> None:
    game = at_a_flipped_step()

    async def body() -> None:
        app = LocalTable(game, NAMES)
        async with app.run_test(size=SIZE) as pilot:
            await footer_with(pilot, app, {"1-4 Spot": True, "←→ Card": False})
            spot = next(a["spot"] for a in game.legal_actions(0) if "spot" in a)
            await pilot.press(str(spot + 1))
            await wait_until(pilot, lambda: bool(app.made), what="the flipped card placed")
            assert app.made[-1]["kind"] in ("take", "place")

    run_async(body)
