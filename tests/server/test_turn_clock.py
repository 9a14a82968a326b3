"""The turn clock through a real server: settings checked, time shown in every update, a bot
playing a move (or the seat) when a player's time runs out, and clocks that carry on after a
restart from the time used, not the wall clock.

The tests run on trio's `MockClock`, which keeps time with the real clock but can be moved on at
once (`jump`), so a minute on the turn clock passes in no time (the server still listens on a
real port). Each wait has a deadline; time is moved on outside them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from cardtable.server.storage import Store, open_for_reading
from cardtable.wire.codec import to_wire
from tests.server.conftest import HOST, Connect, served, server_config

GAME = "chinese-ten"


@pytest.fixture
def jumping_clock() -> trio.testing.MockClock:
    """trio's clock for the test: real time, which the test may move on (`jump`)."""
    return trio.testing.MockClock(rate=1.0)


#: How far a time shown may be from the one expected: the real time the test itself takes.
SLACK = 1.0


async def refused(code: ErrorCode, request: Any) -> str:
    """Await `request`, which must fail with `code`; return the server's message."""
    with pytest.raises(RequestFailed) as caught:
        await request
    assert caught.value.code == code, caught.value
    return caught.value.message


async def timed_table(session: ClientSession, clock: dict[str, Any]) -> int:
    """A two-seat table with `clock`: `session` in seat 1, a bot in seat 2, the game started
    (the bot moves first)."""
    table = await session.create_table(
        GAME, seats=2, options={"decks": 1}, settings={"clock": clock}
    )
    await session.sit(table.table_id, 0)
    await session.add_bot(table.table_id, 1)
    await session.start(table.table_id)
    return int(table.table_id)


def my_turn(session: ClientSession) -> bool:
    return bool(session.legal) and session.clock is not None and 0 in session.clock.running


async def act_and_wait_for_the_bank(session: ClientSession) -> None:
    """Play seat 1's first legal move and wait until the clock shows it counted: the bank
    shows a new figure. (The moment its clock stops may never be seen: the bot's reply can
    arrive in the same read, and seat 1's clock runs again.)"""
    assert session.clock is not None
    before = session.clock.left[0]
    await session.act(session.legal[0])
    await session.wait_for(lambda: session.clock is not None and session.clock.left[0] != before)


async def test_a_move_out_of_time_is_played_by_a_bot_and_the_seat_stays_the_players(
    client: Connect, server: RunningServer, jumping_clock: trio.testing.MockClock
) -> None:
    clocks: list[dict[str, Any]] = []
    async with client("Ada") as ada:
        ada.on_message(lambda message: clocks.append(to_wire(ada.clock) or {}))
        with trio.fail_after(10):
            tid = await timed_table(ada, {"mode": "move", "move": 5, "timeout": "bot_move"})
            await ada.wait_for(lambda: my_turn(ada))
        assert ada.clock is not None and ada.clock.mode == "move"
        assert ada.clock.left[0] == pytest.approx(5.0, abs=SLACK)
        moves = len(ada.log)
        # Ada does nothing: once her 5 seconds are up, a bot plays her move.
        jumping_clock.jump(5)
        with trio.fail_after(10):
            await ada.wait_for(lambda: any(e.get("seat") == 0 for e in ada.log[moves:]))
            assert ada.table is not None
            seat = ada.table.seats[0]
            assert (seat.kind, seat.name, seat.covered) == ("player", "Ada", False)
            # Her next move is hers again, with its full time.
            await ada.wait_for(lambda: my_turn(ada))
            assert ada.clock.left[0] == pytest.approx(5.0, abs=SLACK)
            assert ada.clock.out_of_time == () and ada.clock.timeouts == (1, 0)
            await ada.act(ada.legal[0])
            await server.lobby.journal.flush()
        assert server.lobby.tables[tid].seats[0].out_of_time is False
        # The history credits the move out of time to the bot that played it for Ada, and her
        # next move to her.
        noted = server.lobby.journal.store.database.connection.execute(
            "SELECT seat, name, bot_for FROM holders ORDER BY step"
        ).fetchall()
        assert noted == [(0, "Ada", 1), (0, "Ada", 0)]
    # The bot's seat never had its time run.
    assert clocks and all(1 not in clock.get("running", []) for clock in clocks)


async def test_a_bank_out_of_time_hands_the_seat_to_a_bot_until_the_game_ends(
    client: Connect, server: RunningServer, jumping_clock: trio.testing.MockClock
) -> None:
    async with client("Ada") as ada:
        with trio.fail_after(10):
            clock = {"mode": "bank", "bank": 1, "increment": 5, "timeout": "bot_seat"}
            tid = await timed_table(ada, clock)
            await ada.wait_for(lambda: my_turn(ada))
        assert ada.clock is not None
        assert ada.clock.left == (pytest.approx(60.0, abs=SLACK), 60.0)
        jumping_clock.jump(20)
        with trio.fail_after(10):
            # Her move took 20 seconds of her bank, and the increment came back.
            await act_and_wait_for_the_bank(ada)
            assert ada.clock.left[0] == pytest.approx(45.0, abs=SLACK)
            await ada.wait_for(lambda: my_turn(ada))
        jumping_clock.jump(44)
        with trio.fail_after(10):
            await trio.sleep(0.1)
            assert ada.clock.out_of_time == () and my_turn(ada)  # a second or so to go
        jumping_clock.jump(1 + SLACK)
        with trio.fail_after(10):
            await ada.wait_for(lambda: ada.clock is not None and ada.clock.out_of_time == (0,))
            assert ada.table is not None and ada.table.seats[0].name == "Ada"
            assert ada.clock.timeouts == (1, 0)
            message = await refused(ErrorCode.NOT_YOUR_TURN, ada.act({"kind": "anything"}))
            assert message == "Your time ran out: a bot plays your seat until this game ends."
            # The bots play the game to its end; the next game is Ada's to play again.
            await ada.wait_for(lambda: ada.view is not None and ada.view["result"] is not None)
            await ada.start(tid)
            await ada.wait_for(lambda: ada.game_no == 2 and my_turn(ada))
            assert ada.clock.out_of_time == ()
            assert ada.clock.left[0] == pytest.approx(60.0, abs=SLACK)
            await ada.act(ada.legal[0])


async def test_clock_settings_out_of_range_are_refused_and_change_nothing(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            for clock, words in [
                ({"mode": "move", "move": 2}, "The clock's 'move' is from 5 to 600 seconds."),
                ({"mode": "bank", "bank": 500}, "The clock's 'bank' is from 1 to 120 minutes."),
                ({"increment": 61}, "The clock's 'increment' is from 0 to 60 seconds."),
                ({"timeout": "nap"}, "The clock's timeout is one of: bot_move, bot_seat."),
            ]:
                message = await refused(
                    ErrorCode.BAD_OPTIONS,
                    ada.create_table(GAME, seats=2, settings={"clock": clock}),
                )
                assert message == words
            assert await ada.list_tables() == ()
            table = await ada.create_table(
                GAME, seats=2, settings={"clock": {"mode": "move", "move": 30}}
            )
            tid = table.table_id
            assert table.settings.clock.move == 30.0 and table.clock is None
            await refused(
                ErrorCode.BAD_OPTIONS,
                ada.configure(tid, clock={"mode": "bank", "bank": 10, "increment": 99}),
            )
            [listed] = await ada.list_tables()
            assert listed.settings.clock == table.settings.clock


async def test_a_clock_changed_during_a_game_applies_from_the_next_game(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            tid = await timed_table(ada, {"mode": "move", "move": 20})
            await ada.wait_for(lambda: my_turn(ada))
            await ada.configure(tid, clock={"mode": "off"})
            await ada.wait_for(lambda: ada.table and ada.table.settings.clock.mode == "off")
            assert ada.clock is not None and ada.clock.mode == "move"
            assert ada.clock.running == (0,)
            await ada.act(ada.legal[0])


async def test_a_restarted_server_gives_the_player_to_move_the_time_they_had_left(
    tmp_path: Path, jumping_clock: trio.testing.MockClock
) -> None:
    path = tmp_path / "server.db"
    config = server_config(db=str(path))
    async with served(config) as running:
        async with connect(HOST, running.port, "Ada") as ada:
            with trio.fail_after(10):
                tid = await timed_table(ada, {"mode": "bank", "bank": 10, "increment": 5})
                await ada.wait_for(lambda: my_turn(ada))
            token = ada.token
            jumping_clock.jump(30)
        # Ada's connection drops; her time runs on while the server waits for her.
        seat = running.lobby.tables[tid].seats[0]
        with trio.fail_after(10):
            while seat.member is not None:
                await trio.sleep(0.01)
        jumping_clock.jump(20)
        with trio.fail_after(10):
            # The server stops as on Ctrl-C: it stores the time used so far.
            running.lobby.shutdown()
            await running.lobby.journal.flush()
    reader = Store(open_for_reading(path))
    try:
        [stored] = reader.open_tables(chat_history=10)
        assert stored.clock is not None
        assert stored.clock.used == (pytest.approx(50.0, abs=SLACK), 0.0)
        assert stored.clock.timeouts == (0, 0) and stored.clock.out_of_time == ()
        used = stored.clock.used[0]
    finally:
        reader.close()

    jumping_clock.jump(1000)  # the server is down: nobody's time runs

    async with served(config) as running, connect(HOST, running.port, "x", token=token) as ada:
        assert ada.table_id == tid and ada.clock is not None
        assert ada.clock.running == (0,)
        assert ada.clock.left == (pytest.approx(600 - used, abs=SLACK), 600.0)
        jumping_clock.jump(100)
        with trio.fail_after(10):
            await act_and_wait_for_the_bank(ada)
        assert ada.clock.left[0] == pytest.approx(600 - used - 100 + 5, abs=SLACK)


async def test_a_seat_handed_to_a_bot_for_time_stays_the_bots_after_a_restart(
    tmp_path: Path, jumping_clock: trio.testing.MockClock
) -> None:
    config = server_config(db=str(tmp_path / "server.db"))
    clock = {"mode": "bank", "bank": 1, "increment": 0, "timeout": "bot_seat"}
    async with served(config) as running, connect(HOST, running.port, "Ada") as ada:
        with trio.fail_after(10):
            await timed_table(ada, clock)
            await ada.wait_for(lambda: my_turn(ada))
        token = ada.token
        jumping_clock.jump(60)
        with trio.fail_after(10):
            await ada.wait_for(lambda: ada.clock is not None and ada.clock.out_of_time == (0,))
            running.lobby.shutdown()
            await running.lobby.journal.flush()

    async with served(config) as running, connect(HOST, running.port, "x", token=token) as ada:
        assert ada.clock is not None
        assert ada.clock.out_of_time == (0,) and ada.clock.timeouts == (1, 0)
        with trio.fail_after(10):
            await refused(ErrorCode.NOT_YOUR_TURN, ada.act({"kind": "anything"}))
            await ada.wait_for(lambda: ada.view is not None and ada.view["result"] is not None)
