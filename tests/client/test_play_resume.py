"""`cardtable play` keeps its games in its own file: quit mid-game, run it again, and the game is
where it was; ``--new`` starts afresh instead. Each run is a real app with its own server."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from cardtable.client.ui.app import CardtableApp
from cardtable.client.ui.create_table import TablePlan
from cardtable.client.ui.table import TableScreen
from cardtable.play import LocalServer, play_plan
from cardtable.server.storage import Store, open_for_reading

from .support import SIZE, TEST_CONFIG, notices, run_async, wait_until
from .test_table_screen import at_table, move_with_keys, our_turn, session, view

ONE_DECK = {"decks": 1}


def run_play(
    db: Path, *, new: bool = False, table: TablePlan | None = None
) -> tuple[CardtableApp, LocalServer]:
    plan, server = play_plan(
        table or TablePlan("chinese-ten", 2, ONE_DECK),
        "Tess",
        replace(TEST_CONFIG, db=str(db)),
        new=new,
    )
    return CardtableApp(plan), server


CLOSED_CHINESE_TEN = (
    "",
    "Your unfinished game of Chinese Ten (2 players) was closed; "
    "finished games stay in the history.",
)


def test_play_says_which_unfinished_game_it_closed(tmp_path: Path) -> None:
    """Another kind of game, or ``--new``, closes the unfinished one, and says so once at the
    table; resuming it closes nothing and says only that the player is back, and that it is not
    the size asked for when it is not."""
    db = tmp_path / "play.db"

    async def start(
        *expected: tuple[str, str], game: TablePlan | None = None, new: bool = False
    ) -> list[tuple[str, str]]:
        app, _ = run_play(db, new=new, table=game)
        async with app.run_test(size=SIZE) as pilot:
            await at_table(pilot, app)
            for wanted in expected:
                await wait_until(pilot, lambda w=wanted: w in notices(app), what=wanted[1])
            shown = notices(app)
            await pilot.press("ctrl+q")
        return shown

    async def begin() -> None:
        shown = await start()  # nothing to resume, nothing closed
        assert not [text for _, text in shown if "was closed" in text]

    async def resume() -> None:
        shown = await start(("", "You are back at your seat."))
        assert not [text for _, text in shown if "was closed" in text]

    async def other_game() -> None:
        shown = await start(CLOSED_CHINESE_TEN, game=TablePlan("trupe", 3))
        assert shown.count(CLOSED_CHINESE_TEN) == 1
        assert ("", "You are back at your seat.") not in shown

    async def afresh() -> None:
        closed_trupe = (
            "",
            "Your unfinished game of Trupe (3 players) was closed; "
            "finished games stay in the history.",
        )
        shown = await start(closed_trupe, game=TablePlan("trupe", 3), new=True)
        assert shown.count(closed_trupe) == 1 and CLOSED_CHINESE_TEN not in shown

    async def other_size() -> None:
        goes_on = (
            "",
            "Your unfinished game of Trupe for 3 players goes on (not one for 4); with --new, "
            "cardtable play starts the game you asked for.",
        )
        shown = await start(goes_on, ("", "You are back at your seat."), game=TablePlan("trupe", 4))
        assert not [text for _, text in shown if "was closed" in text]

    run_async(begin)
    run_async(resume)
    run_async(other_game)
    run_async(afresh)
    run_async(other_size)


def test_play_resumes_its_unfinished_game_and_new_starts_another(tmp_path: Path) -> None:
    db = tmp_path / "play.db"
    first: dict[str, Any] = {}

    async def play_a_little() -> None:
        app, _ = run_play(db)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            for _ in range(2):  # two of our moves (the bot answers each at once)
                await wait_until(pilot, lambda: our_turn(app, table), what="our turn")
                moves = len(session(app).log)
                await move_with_keys(pilot, app, table)
                await wait_until(pilot, lambda n=moves: len(session(app).log) > n, what="the move")
            await wait_until(pilot, lambda: our_turn(app, table), what="our turn again")
            first["table"] = session(app).table_id
            first["view"] = view(app)
            first["log"] = list(session(app).log)
            await pilot.press("ctrl+q")

    async def come_back() -> None:
        app, _ = run_play(db)
        async with app.run_test(size=SIZE) as pilot:
            table = await at_table(pilot, app)
            assert isinstance(table, TableScreen)
            await wait_until(
                pilot, lambda: ("", "You are back at your seat.") in notices(app), what="the notice"
            )
            assert session(app).table_id == first["table"]
            assert view(app) == first["view"]
            assert list(session(app).log) == first["log"]
            assert session(app).seat == 0
            await pilot.press("ctrl+q")

    async def start_afresh() -> None:
        app, server = run_play(db, new=True)
        async with app.run_test(size=SIZE) as pilot:
            await at_table(pilot, app)
            assert session(app).table_id != first["table"]
            assert server.running is not None  # the unfinished game was closed, not kept
            assert list(server.running.lobby.tables) == [session(app).table_id]
            await pilot.press("ctrl+q")

    run_async(play_a_little)
    run_async(come_back)
    run_async(start_afresh)


def test_a_game_left_to_the_bot_is_played_to_its_end_and_kept(tmp_path: Path) -> None:
    """`q` in `cardtable play` hands the seat to a bot, which really plays the game out: the
    table stays in the lobby meanwhile, and the finished game is in the history."""
    db = tmp_path / "play.db"

    async def leave_to_the_bot() -> None:
        app, server = run_play(db)
        async with app.run_test(size=SIZE) as pilot:
            await at_table(pilot, app)
            table_id = session(app).table_id
            assert server.running is not None and table_id is not None
            lobby = server.running.lobby
            await pilot.press("q")
            await pilot.press("y")  # "A bot will play your seat for the rest of the game."
            await wait_until(pilot, lambda: session(app).table_id is None, what="the lobby")
            await wait_until(
                pilot,
                lambda: lobby.tables[table_id].status == "finished",
                what="the bot's game to end",
            )
            finished["table"] = table_id
            await pilot.press("ctrl+q")

    finished: dict[str, int] = {}
    run_async(leave_to_the_bot)
    store = Store(open_for_reading(db))
    try:
        [entry] = store.history()
    finally:
        store.close()
    assert entry.game.table_id == finished["table"] and entry.game.result is not None
