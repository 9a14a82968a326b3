"""Search bots at a real server: they think in a worker process for the table's `bot_think`
seconds, while the server answers everyone else, and then play a legal move."""

from __future__ import annotations

import random

import pytest
import trio
import trio.testing

from cardtable.client.session import RequestFailed
from cardtable.engine import get_game, new_game
from cardtable.engine.search import SearchBot, heard_by
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from cardtable.server.bots.thinking import Search, SearchStopped, stop_thinking, think
from tests.server.conftest import Connect

#: Long enough that a ping's answer never needs as long, on any machine.
THINK = 5.0


async def test_a_search_bot_thinks_apart_and_the_server_answers_meanwhile(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(60):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(
                "chinese-ten", seats=2, options={"decks": 1}, settings={"bot_think": THINK}
            )
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1, "search")
            await ada.start(tid)
            table = server.lobby.tables[tid]
            actions = table.actions

            def bots_turn() -> bool:
                return ada.view is not None and ada.view["actors"] == [1]

            while True:  # on to a turn where the bot has a choice (a lone move is not searched)
                await ada.wait_for(lambda: bots_turn() or bool(ada.legal))
                steps = len(actions)
                if ada.legal:
                    await ada.act(ada.legal[0])
                elif table.game is not None and len(table.game.legal(1)) > 1:
                    break
                await ada.wait_for(lambda steps=steps: len(actions) > steps)
            taken = len(actions)
            for _ in range(3):  # the server answers at once while the bot thinks
                await bram.ping()
                assert len(actions) == taken
            await ada.wait_for(lambda: len(actions) > taken)
            seat, action = actions[taken]
            assert seat == 1 and action["kind"] in ("capture", "lay", "take", "place")


async def test_the_thinking_time_is_a_checked_table_setting(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            for bad in (0.0, 11, "long", True):
                with pytest.raises(RequestFailed) as refused:
                    await ada.create_table("chinese-ten", seats=2, settings={"bot_think": bad})
                assert refused.value.code == ErrorCode.BAD_OPTIONS
                assert "bot_think" in refused.value.message
            table = await ada.create_table("chinese-ten", seats=2, settings={"bot_think": 0.25})
            assert table.settings.bot_think == 0.25


async def test_stopping_the_workers_ends_a_search_under_way_at_once() -> None:
    """A server that stops does not wait for its search bots (`stop_thinking`): the search
    under way ends, and whoever waited for it hears why."""
    game = new_game("thistle", 2, seed=3)
    rng = random.Random(1)
    events = list(game.opening_events)
    while len(game.legal(game.actors[0])) < 4:  # a turn with a choice, so the search runs
        actor = game.actors[0]
        events += game.apply(actor, rng.choice(game.legal(actor)))
    seat = game.actors[0]
    bot = get_game("thistle").bots["search"](1)
    assert isinstance(bot, SearchBot)
    with trio.fail_after(30):
        async with trio.open_nursery() as nursery:
            outcome: list[BaseException] = []

            async def search() -> None:
                try:
                    history = heard_by(events, seat)
                    await think(Search(bot, game.seat_view(seat), game.legal(seat), history, 10.0))
                except SearchStopped as stopped:
                    outcome.append(stopped)

            nursery.start_soon(search)
            await trio.testing.wait_all_tasks_blocked()  # the search handed to the workers
            stop_thinking()
        assert len(outcome) == 1 and "stopped" in str(outcome[0])
