"""Whole Chinese Ten games over TCP: people-clients, server bots, network bots and spectators.

People are `ClientSession`s that choose with an engine bot from their own view and legal actions.
Every test checks the game against the server's record: its setup and actions replay (with
`cardtable.engine.replay`) to exactly the views and logs the clients ended with.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

import pytest
import trio

from cardtable.client.bot import run_network_bot
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import Bot, Event, Game, RandomBot, Setup, replay, start
from cardtable.engine.chinese_ten import GreedyBot
from cardtable.protocol import ErrorCode, Joined, Message, TableChanged, Update
from cardtable.server.app import RunningServer
from cardtable.server.table.table import Table
from tests.server.conftest import HOST, Connect
from tests.server.players import drive, game_over

GAME = "chinese-ten"


class Recorder:
    """Every message one session receives, in order."""

    def __init__(self, session: ClientSession) -> None:
        self.session = session
        self.messages: list[Message] = []
        #: The session's view after each update (its patch applied), by (game, seq).
        self.views: dict[tuple[int, int], dict[str, Any] | None] = {}
        session.on_message(self.record)

    def record(self, message: Message) -> None:
        self.messages.append(message)
        if isinstance(message, Update):
            self.views[message.game_no, message.seq] = self.session.view

    def updates(self, game_no: int) -> list[Update]:
        return [m for m in self.messages if isinstance(m, Update) and m.game_no == game_no]

    def seqs(self, game_no: int) -> list[int]:
        return [update.seq for update in self.updates(game_no)]

    def statuses(self, table_id: int) -> list[str]:
        """The table's status as this session was told it, repeats folded."""
        seen: list[str] = []
        for message in self.messages:
            if isinstance(message, Joined | TableChanged) and message.table.table_id == table_id:
                status = message.table.status
                if not seen or seen[-1] != status:
                    seen.append(status)
        return seen


def replay_events(
    setup: Setup, actions: list[tuple[int, dict[str, Any]]]
) -> tuple[Game, list[Event]]:
    """The game rebuilt from its record, and every event it made (the deal first)."""
    game = start(setup)
    events = list(game.opening_events)
    for seat, action in actions:
        events += game.apply(seat, action)
    return game, events


def check_against_record(
    table: Table,
    seated: dict[int, Recorder],
    watchers: list[Recorder],
    game_no: int,
) -> Game:
    """The table's record replays to what every client ended with, and each client got every
    update of the game, seq 0 (the deal) to the last action, each exactly once and in order."""
    assert table.setup is not None
    actions = list(table.actions)
    game = replay(table.setup, actions)
    assert game.over
    again, events = replay_events(table.setup, actions)
    assert again.view(None) == game.view(None)
    every_seq = list(range(len(actions) + 1))
    for seat, recorder in seated.items():
        session = recorder.session
        assert session.seat == seat
        assert session.game_no == game_no
        assert session.view == game.view(seat)
        assert session.log == [event.for_seat(seat) for event in events]
        assert recorder.seqs(game_no) == every_seq
    for recorder in watchers:
        session = recorder.session
        assert session.seat is None
        assert session.view == game.view(None)
        assert session.log == [event.for_seat(None) for event in events]
        assert recorder.seqs(game_no) == every_seq
    return game


def same_result_everywhere(table: Table, sessions: list[ClientSession]) -> dict[str, Any]:
    assert table.game is not None and table.game.result is not None
    expected = table.game.result.to_wire()
    totals = list(table.game.totals)
    for session in sessions:
        assert session.view is not None and session.table is not None
        assert session.view["result"] == expected
        assert session.view["totals"] == totals
        assert session.view["legal"] == []
        assert session.table.status == "finished"
        assert session.table.result == table.game.result
        assert session.log[-1] == {"kind": "game_end", "result": expected}
    assert expected["totals"] == totals
    assert max(totals) > 0
    assert [totals[side] for side in expected["winners"]] == [max(totals)] * len(
        expected["winners"]
    )
    return expected


def update_at(recorder: Recorder, seq: int, game_no: int = 1) -> Update:
    (update,) = [u for u in recorder.updates(game_no) if u.seq == seq]
    return update


BotMaker = Callable[[int], Bot]


@pytest.mark.parametrize(
    ("players", "options", "people", "server_bots"),
    [
        pytest.param(2, {"decks": 1}, {0: GreedyBot}, {1: "random"}, id="2-players"),
        pytest.param(3, {"decks": 2}, {0: GreedyBot, 2: RandomBot}, {1: "greedy"}, id="3-players"),
        pytest.param(
            4, {"decks": 1}, {1: RandomBot, 3: GreedyBot}, {0: None, 2: "random"}, id="4-players"
        ),
    ],
)
async def test_a_full_game_with_people_and_server_bots(
    client: Connect,
    server: RunningServer,
    players: int,
    options: dict[str, Any],
    people: dict[int, BotMaker],
    server_bots: dict[int, str | None],
) -> None:
    with trio.fail_after(20):
        async with AsyncExitStack() as stack:
            sessions = {
                seat: await stack.enter_async_context(client(f"Person {seat}")) for seat in people
            }
            watcher = await stack.enter_async_context(client("Watcher"))
            seated = {seat: Recorder(session) for seat, session in sessions.items()}
            watching = Recorder(watcher)
            creator = sessions[min(people)]
            summary = await creator.create_table(GAME, seats=players, options=options)
            table_id = summary.table_id
            assert summary.status == "waiting" and summary.game_no == 0
            for seat, session in sessions.items():
                joined = await session.sit(table_id, seat)
                assert joined.seat == seat and joined.token
                assert joined.view is None and joined.log == []
            joined = await watcher.spectate(table_id)
            assert joined.seat is None and joined.token is None and joined.view is None
            with pytest.raises(RequestFailed) as refused:
                await creator.start(table_id)
            assert refused.value.code == ErrorCode.TABLE_NOT_READY
            for seat, kind in server_bots.items():
                await creator.add_bot(table_id, seat, kind)
            table = server.lobby.tables[table_id]
            assert table.status == "waiting"
            await creator.start(table_id)
            assert table.status == "playing" and table.game_no == 1
            async with trio.open_nursery() as nursery:
                for seat, session in sessions.items():
                    nursery.start_soon(drive, session, people[seat](seat + 7), 1)
                nursery.start_soon(game_over, watcher, 1)

            assert table.status == "finished"
            assert table.setup is not None
            assert table.setup.seats == players and table.setup.dealer == 0
            assert dict(table.setup.options) == {**options, "rounds": 1, "strict": False}
            actors = {seat for seat, _ in table.actions}
            assert actors == set(range(players))  # people and bots all played
            game = check_against_record(table, seated, [watching], 1)
            everyone = [*sessions.values(), watcher]
            result = same_result_everywhere(table, everyone)
            assert game.result is not None and result == game.result.to_wire()
            for recorder in [*seated.values(), watching]:
                assert recorder.statuses(table_id) == ["waiting", "playing", "finished"]
            kinds = [seat.kind for seat in table.summary().seats]
            assert kinds == ["player" if seat in people else "bot" for seat in range(players)]


async def test_the_next_game_rotates_the_dealer_and_reshuffles(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada, client("Watcher") as watcher:
            table_id = (await ada.create_table(GAME, seats=3, options={"decks": 1})).table_id
            await ada.sit(table_id, 1)
            await ada.add_bot(table_id, 0, "random")
            await ada.add_bot(table_id, 2)
            seated, watching = {1: Recorder(ada)}, Recorder(watcher)
            await watcher.spectate(table_id)
            table = server.lobby.tables[table_id]
            setups: list[Setup] = []
            for game_no in (1, 2, 3, 4):
                await ada.start(table_id)
                assert table.game_no == game_no and table.status == "playing"
                assert ada.game_no == game_no  # the deal (seq 0) came before the reply
                assert ada.table is not None and ada.table.game_no == game_no
                with pytest.raises(RequestFailed) as refused:
                    await ada.start(table_id)
                assert refused.value.code == ErrorCode.GAME_IN_PROGRESS
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(drive, ada, GreedyBot(game_no), game_no)
                    nursery.start_soon(game_over, watcher, game_no)
                assert table.setup is not None
                setups.append(table.setup)
                check_against_record(table, seated, [watching], game_no)
                same_result_everywhere(table, [ada, watcher])
                # A new game's first update is its deal, whatever the last game reached.
                for recorder in (seated[1], watching):
                    first = recorder.updates(game_no)[0]
                    assert first.seq == 0 and first.events[0]["kind"] == "deal"
                    assert first.events[0]["dealer"] == table.setup.dealer
            assert [setup.dealer for setup in setups] == [0, 1, 2, 0]
            assert len({setup.seed for setup in setups}) == 4
            assert all(setup.options == setups[0].options for setup in setups)
            expected = ["waiting", *["playing", "finished"] * 4]
            assert seated[1].statuses(table_id) == expected
            assert watching.statuses(table_id) == expected
            # Updates never mix games: each game's come together, in order.
            games = [m.game_no for m in watching.messages if isinstance(m, Update)]
            assert games == sorted(games) and set(games) == {1, 2, 3, 4}


async def test_a_two_round_game_waits_for_the_dealer_to_deal(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada, client("Watcher") as watcher:
            options = {"decks": 1, "rounds": 2}
            table_id = (await ada.create_table(GAME, seats=2, options=options)).table_id
            await ada.add_bot(table_id, 0)
            await ada.sit(table_id, 1)  # seat 1 deals the second round (left of dealer 0)
            seated, watching = {1: Recorder(ada)}, Recorder(watcher)
            await watcher.spectate(table_id)
            table = server.lobby.tables[table_id]
            await ada.start(table_id)
            async with trio.open_nursery() as nursery:
                nursery.start_soon(drive, ada, GreedyBot(3), 1)
                nursery.start_soon(game_over, watcher, 1)
            game = check_against_record(table, seated, [watching], 1)
            same_result_everywhere(table, [ada, watcher])

            deals = [
                (seat, index)
                for index, (seat, a) in enumerate(table.actions)
                if a == {"kind": "deal"}
            ]
            assert len(deals) == 1 and deals[0][0] == 1
            deal_seq = deals[0][1] + 1  # the update after the deal action
            # Before dealing, the dealer's only legal action was to deal; nobody else had any.
            waiting = update_at(seated[1], deal_seq - 1)
            view = seated[1].views[1, deal_seq - 1]
            assert view is not None and view["awaiting_deal"] is True
            assert view["legal"] == [{"kind": "deal"}]
            assert view["actors"] == [1] and view["dealer"] == 1
            assert view["table"]["phase"] == "deal"
            assert [e["kind"] for e in waiting.events][-2:] == ["round_end", "next_dealer"]
            assert waiting.events[-1] == {"kind": "next_dealer", "seat": 1, "round": 2}
            watched = watching.views[1, deal_seq - 1]
            assert watched is not None
            assert watched["legal"] == [] and watched["awaiting_deal"] is True
            dealt = update_at(seated[1], deal_seq).events[0]
            assert dealt["kind"] == "deal" and dealt["round"] == 2 and dealt["dealer"] == 1
            assert len(dealt["hand"]) == 13
            assert "hand" not in update_at(watching, deal_seq).events[0]

            assert ada.view is not None
            assert ada.view["round"] == 2
            scores = ada.view["round_scores"]
            assert [score["round"] for score in scores] == [1, 2]
            totals = [sum(score["points"][side] for score in scores) for side in range(2)]
            assert ada.view["totals"] == totals == list(game.totals)
            assert [e["kind"] for e in ada.log].count("round_end") == 2
            assert [e["kind"] for e in ada.log].count("deal") == 2


async def test_a_network_bot_fills_a_seat(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada:
            table_id = (await ada.create_table(GAME, seats=2, options={"decks": 1})).table_id
            await ada.sit(table_id, 0)
            seated = {0: Recorder(ada)}
            async with trio.open_nursery() as nursery:
                nursery.start_soon(
                    lambda: run_network_bot(
                        HOST, server.port, table_id, seat=1, kind="random", name="Netbot"
                    )
                )
                await ada.wait_for(
                    lambda: ada.table is not None and ada.table.seats[1].kind == "player"
                )
                assert ada.table is not None
                assert ada.table.seats[1].name == "Netbot"
                assert ada.table.seats[1].connected is True
                table = server.lobby.tables[table_id]
                await ada.start(table_id)
                await drive(ada, GreedyBot(5), 1)
                assert "Netbot" in server.lobby.clients
                nursery.cancel_scope.cancel()
            check_against_record(table, seated, [], 1)
            same_result_everywhere(table, [ada])
            assert {seat for seat, _ in table.actions} == {0, 1}
            # The network bot is a player, not a server bot: its seat waits for it once it goes.
            await ada.wait_for(
                lambda: ada.table is not None and ada.table.seats[1].connected is False
            )
            assert ada.table is not None and ada.table.seats[1].kind == "player"


async def test_the_bot_command_takes_the_first_empty_seat(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada, client("Watcher") as watcher:
            table_id = (await ada.create_table(GAME, seats=3, options={"decks": 1})).table_id
            await ada.sit(table_id, 1)
            seated, watching = {1: Recorder(ada)}, Recorder(watcher)
            await watcher.spectate(table_id)
            with pytest.raises(RequestFailed) as refused:
                await run_network_bot(HOST, server.port, table_id + 100)
            assert refused.value.code == ErrorCode.NO_SUCH_TABLE
            async with trio.open_nursery() as nursery:
                nursery.start_soon(lambda: run_network_bot(HOST, server.port, table_id, delay=0))
                await ada.wait_for(
                    lambda: (
                        ada.table is not None
                        and [seat.kind for seat in ada.table.seats].count("player") == 2
                    )
                )
                assert ada.table is not None
                assert ada.table.seats[0].kind == "player"  # the first empty seat
                bot_name = ada.table.seats[0].name
                assert bot_name.startswith("normal bot ")
                assert ada.table.seats[2].kind == "empty"
                await ada.add_bot(table_id, 2, "random")
                with pytest.raises(RequestFailed) as full:
                    await run_network_bot(HOST, server.port, table_id, name="Latecomer")
                assert full.value.code == ErrorCode.SEAT_TAKEN
                table = server.lobby.tables[table_id]
                await ada.start(table_id)
                async with trio.open_nursery() as game:
                    game.start_soon(drive, ada, RandomBot(9), 1)
                    game.start_soon(game_over, watcher, 1)
                nursery.cancel_scope.cancel()
            check_against_record(table, seated, [watching], 1)
            same_result_everywhere(table, [ada, watcher])
            assert {seat for seat, _ in table.actions} == {0, 1, 2}
            assert [seat.name for seat in table.summary().seats][:2] == [bot_name, "Ada"]


async def test_bots_arriving_together_find_a_seat_each(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada:
            table_id = (await ada.create_table(GAME, seats=4, options={"decks": 1})).table_id
            await ada.spectate(table_id)
            async with trio.open_nursery() as nursery:
                for _ in range(4):
                    nursery.start_soon(
                        lambda: run_network_bot(HOST, server.port, table_id, delay=0)
                    )
                await ada.wait_for(
                    lambda: (
                        ada.table is not None
                        and all(seat.kind == "player" for seat in ada.table.seats)
                    )
                )
                await ada.start(table_id)
                await game_over(ada, 1)
                nursery.cancel_scope.cancel()
            assert {seat for seat, _ in server.lobby.tables[table_id].actions} == {0, 1, 2, 3}
