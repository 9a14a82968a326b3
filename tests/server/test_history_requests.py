"""Finished games over the wire: the history list and its pages, step-by-step replays from any
seat or none, and the refusals (unknown game, bad seat, a game still in play, one request at a
time)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import PlainAction, start
from cardtable.protocol import ErrorCode, RoundRecord
from cardtable.protocol.framing import pack
from cardtable.server.app import RunningServer
from cardtable.server.history.replays import PAGE_BYTES
from cardtable.server.storage import (
    FinishedGame,
    GameRecord,
    Store,
    open_database,
    open_for_reading,
)
from tests.server.conftest import HOST, served, server_config
from tests.server.players import game_over

GAME = "chinese-ten"


def stored_game(path: Path, game_id: int) -> tuple[GameRecord, tuple[tuple[int, PlainAction], ...]]:
    store = Store(open_for_reading(path))
    try:
        return store.finished_game(game_id)
    finally:
        store.close()


async def bot_games(running: RunningServer, ada: ClientSession, games: int) -> int:
    """`games` games of two server bots at a table Ada opened and watches; the table's id."""
    table = await ada.create_table(GAME, seats=2, options={"decks": 1})
    tid: int = table.table_id
    await ada.add_bot(tid, 0, "random")
    await ada.add_bot(tid, 1, "greedy")
    await ada.spectate(tid)
    for number in range(1, games + 1):
        await ada.start(tid)
        await game_over(ada, number)
    await running.lobby.journal.flush()
    return tid


async def test_history_lists_finished_games_in_pages(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    with trio.fail_after(15):
        async with (
            served(server_config(db=str(path), seed=3)) as running,
            connect(HOST, running.port, "Ada") as ada,
            connect(HOST, running.port, "Bram") as bram,
        ):
            assert (await bram.history()).games == ()
            tid = await bot_games(running, ada, 3)
            # Bram's game is still being played: it is not history yet.
            other = await bram.create_table(GAME, seats=2)
            await bram.sit(other.table_id, 0)
            await bram.add_bot(other.table_id, 1)
            await bram.start(other.table_id)
            await bram.wait_for(lambda: bram.legal)
            in_play = running.lobby.tables[other.table_id].game_id
            assert in_play is not None
            await running.lobby.journal.flush()

            history = await bram.history()
            ids = [entry.game_id for entry in history.games]
            assert len(ids) == 3 and ids == sorted(ids, reverse=True)
            assert in_play not in ids and not history.more
            for game_no, entry in zip((3, 2, 1), history.games, strict=True):
                record, actions = stored_game(path, entry.game_id)
                game = start(record.setup)
                for seat, action in actions:
                    game.apply(seat, action)
                assert game.result is not None
                assert entry.table_id == tid and entry.game_no == game_no
                assert entry.game_kind == GAME and entry.title == "Chinese Ten"
                assert entry.seats == 2 and entry.options["decks"] == 1
                assert entry.players == ("Ada (bot)", "Bram (bot)")
                assert entry.result == game.result
                assert entry.finished >= entry.started > 0
                assert entry.rounds == tuple(
                    RoundRecord(score, tuple(totals))
                    for score, totals in zip(
                        game.round_scores, _running(game.round_scores), strict=True
                    )
                )
                assert entry.rounds[-1].totals == entry.result.totals

            first = await bram.history(limit=2)
            assert [entry.game_id for entry in first.games] == ids[:2] and first.more
            rest = await bram.history(limit=2, before=first.games[-1].game_id)
            assert [entry.game_id for entry in rest.games] == ids[2:] and not rest.more
            assert (await bram.history(limit=3)).more is False
            none = await bram.history(before=ids[-1])
            assert none.games == () and not none.more


def _running(scores: Sequence[Any]) -> list[list[int]]:
    totals: list[list[int]] = []
    for score in scores:
        before = totals[-1] if totals else [0] * len(score.points)
        totals.append([a + b for a, b in zip(before, score.points, strict=True)])
    return totals


async def test_a_finished_game_replays_step_by_step_from_any_seat(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    with trio.fail_after(15):
        async with (
            served(server_config(db=str(path), seed=8)) as running,
            connect(HOST, running.port, "Ada") as ada,
        ):
            await bot_games(running, ada, 1)
            [entry] = (await ada.history()).games
            record, actions = stored_game(path, entry.game_id)
            assert len(actions) > 10

            for seat in (0, 1, None):
                replayed = await ada.replay(entry.game_id, seat)
                assert replayed.seat == seat
                assert replayed.entry == entry
                steps = await ada.replay_all(entry.game_id, seat)
                assert replayed.total == len(steps)
                assert len(steps) == len(actions) + 1
                # Each step is exactly what the engine shows that seat at that point.
                game = start(record.setup)
                assert steps[0]["seq"] == 0 and steps[0]["actor"] is None
                assert steps[0]["events"] == [e.for_seat(seat) for e in game.opening_events]
                assert steps[0]["view"] == game.view(seat)
                for number, ((actor, action), step) in enumerate(
                    zip(actions, steps[1:], strict=True), start=1
                ):
                    events = game.apply(actor, action)
                    assert (step["seq"], step["actor"]) == (number, actor)
                    assert step["events"] == [e.for_seat(seat) for e in events]
                    assert step["view"] == game.view(seat)
                assert steps[-1]["view"]["result"] == entry.result.to_wire()
                deal = steps[0]["events"][0]
                assert deal["kind"] == "deal"
                if seat is None:
                    # A spectator's replay shows nobody's hand, ever.
                    assert "hand" not in deal
                    for step in steps:
                        assert step["view"]["table"]["hand"] is None
                        assert step["view"]["legal"] == []
                        assert all("hand" not in event for event in step["events"])
                else:
                    assert deal["hand"] == steps[0]["view"]["table"]["hand"]
                    assert len(deal["hand"]) == steps[0]["view"]["table"]["hand_counts"][seat]

            # The two seats were dealt different hands.
            hands = [
                (await ada.replay(entry.game_id, seat)).steps[0]["view"]["table"]["hand"]
                for seat in (0, 1)
            ]
            assert hands[0] != hands[1]


async def test_replay_refuses_unknown_games_seats_and_games_in_play(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    with trio.fail_after(15):
        async with (
            served(server_config(db=str(path))) as running,
            connect(HOST, running.port, "Ada") as ada,
            connect(HOST, running.port, "Bram") as bram,
        ):
            await bot_games(running, ada, 1)
            [entry] = (await ada.history()).games
            with pytest.raises(RequestFailed) as unknown:
                await bram.replay(entry.game_id + 1000)
            assert unknown.value.code == ErrorCode.NO_SUCH_GAME
            with pytest.raises(RequestFailed) as bad_seat:
                await bram.replay(entry.game_id, 2)
            assert bad_seat.value.code == ErrorCode.NO_SUCH_SEAT
            assert "seats 1 to 2" in bad_seat.value.message

            table = await bram.create_table(GAME, seats=2)
            await bram.sit(table.table_id, 0)
            await bram.add_bot(table.table_id, 1)
            await bram.start(table.table_id)
            await bram.wait_for(lambda: bram.legal)
            in_play = running.lobby.tables[table.table_id].game_id
            assert in_play is not None
            await running.lobby.journal.flush()
            with pytest.raises(RequestFailed) as playing:
                await ada.replay(in_play, 0)
            assert playing.value.code == ErrorCode.NO_SUCH_GAME
            # Refusals leave the client free to ask again.
            assert len((await bram.replay(entry.game_id, 1)).steps) > 1


class GatedReads(Store):
    """A real store whose history reads wait, in their worker thread, for the gate."""

    def __init__(self, path: Path) -> None:
        super().__init__(open_database(path))
        self.gate = threading.Event()
        self.reading = threading.Event()

    def history(self, limit: int = 50, before: int | None = None) -> list[FinishedGame]:
        self.reading.set()
        self.gate.wait(timeout=30)
        return super().history(limit, before)


async def test_a_history_request_holds_back_only_its_own_clients_later_requests(
    tmp_path: Path,
) -> None:
    path = tmp_path / "server.db"
    store = GatedReads(path)
    with trio.fail_after(15):
        async with (
            served(server_config(db=str(path)), store) as running,
            connect(HOST, running.port, "Ada") as ada,
            connect(HOST, running.port, "Bram") as bram,
        ):
            try:
                order: list[str] = []  # replies in the order they arrive
                ada.on_message(lambda message: order.append(f"Ada {message.type}"))
                bram.on_message(lambda message: order.append(f"Bram {message.type}"))

                async with trio.open_nursery() as nursery:
                    nursery.start_soon(ada.history)
                    await trio.to_thread.run_sync(store.reading.wait, 5)
                    # Ada's history is being read: her ping, sent after it, waits for it, so her
                    # replies keep the order of her requests.
                    nursery.start_soon(ada.ping)
                    # Bram is not held up by Ada's request.
                    await bram.ping()
                    await trio.sleep(0.2)
                    assert order == ["Bram pong"]
                    store.gate.set()
                assert order == ["Bram pong", "Ada history", "Ada pong"]
                assert (await ada.history()).games == ()
            finally:
                store.gate.set()  # so the server can stop whatever happened


async def test_a_replay_comes_in_pages_each_within_its_bytes(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    with trio.fail_after(30):
        async with (
            served(server_config(db=str(path), seed=8)) as running,
            connect(HOST, running.port, "Ada") as ada,
        ):
            await bot_games(running, ada, 1)
            [entry] = (await ada.history()).games
            _, actions = stored_game(path, entry.game_id)
            whole = await ada.replay_all(entry.game_id, 0)
            assert [step["seq"] for step in whole] == list(range(len(actions) + 1))

            # Pages a step long, from anywhere, forward and back, are the same steps.
            for start_at in (5, 6, 7, 2, len(actions), 0):
                page = await ada.replay(entry.game_id, 0, start_at)
                assert page.start == start_at and page.total == len(whole)
                assert page.more == (start_at + len(page.steps) < len(whole))
                assert page.steps == whole[start_at : start_at + len(page.steps)]

            # A page holds up to its byte limit (and one step past it at most).
            page = await ada.replay(entry.game_id, None)
            sizes = [len(pack(step)) for step in page.steps]
            assert sum(sizes[:-1]) < PAGE_BYTES
            assert page.more == (len(page.steps) < page.total)

            with pytest.raises(RequestFailed) as beyond:
                await ada.replay(entry.game_id, 0, len(whole))
            assert beyond.value.code == ErrorCode.BAD_MESSAGE
            assert f"steps 0 to {len(whole) - 1}" in beyond.value.message


async def test_history_is_paced_by_the_bytes_a_client_has_read(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    # 5 KB a second after the first 5 KB: a replay of every step takes seconds.
    config = replace(server_config(db=str(path), seed=8), history_rate=5_000, history_burst=5_000)
    with trio.fail_after(60):
        async with (
            served(config) as running,
            connect(HOST, running.port, "Ada") as ada,
            connect(HOST, running.port, "Bram") as bram,
        ):
            await bot_games(running, ada, 1)
            [entry] = (await bram.history()).games
            began = trio.current_time()
            pages = [await bram.replay(entry.game_id, 0, 0, 2)]
            while pages[-1].more:
                after = pages[-1].start + len(pages[-1].steps)
                pages.append(await bram.replay(entry.game_id, 0, after, 2))
            took = trio.current_time() - began
            sizes = [sum(len(pack(step)) for step in page.steps) for page in pages]
            assert len(pages) >= 3
            # Each page is paid for once sent; what was read past the burst before the last
            # page was asked for had to be waited for, at the rate.
            assert took >= (sum(sizes[:-1]) - 5_000) / 5_000 > 1
            # Meanwhile another client is not held up: Ada's ping is answered at once.
            with trio.fail_after(5):
                await ada.ping()
