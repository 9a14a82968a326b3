"""Snapshots of the lobby, the table and a replay at 80×24 (and the table at 120×40), and of the
Thistle, Queen of Scots, Trupe and Nobility boards at 80×24.

A fixed server seed and instant bots make every run show the same cards. After a deliberate change
to the look, refresh them with ``pytest tests/client/test_snapshots.py --snapshot-update`` and
look at the new SVGs before committing them.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import trio
from textual.pilot import Pilot

from cardtable.client.handshake import connect
from cardtable.client.ui.history import HistoryScreen
from cardtable.client.ui.lobby import LobbyScreen
from cardtable.client.ui.replay import ReplayScreen
from cardtable.client.ui.scoring import ScoringScreen
from cardtable.client.ui.table import TableScreen
from tests.client.support import (
    SIZE,
    join_app,
    play_app,
    screen_text,
    server_thread,
    settled_footer,
    wait_until,
)
from tests.client.test_nobility_board import nobility_app
from tests.client.test_queen_of_scots_board import queen_app
from tests.client.test_thistle_board import thistle_app
from tests.client.test_trupe_board import trupe_app


async def host_a_table(
    port: int, name: str, seats: int, bots: int, start: bool, ready: threading.Event
) -> None:
    """Another player: open a table, sit, add bots, maybe start; then stay connected."""
    async with connect("127.0.0.1", port, name) as session:
        table = await session.create_table("chinese-ten", seats, {"decks": 1})
        await session.sit(table.table_id, 0)
        for seat in range(1, 1 + bots):
            await session.add_bot(table.table_id, seat)
        if start:
            await session.start(table.table_id)
        ready.set()
        await trio.sleep_forever()


def test_lobby(snap_compare: Any) -> None:
    with server_thread() as server:
        for name, seats, bots, start in (("Ada", 4, 1, False), ("Bo", 2, 1, True)):
            ready = threading.Event()
            server.start_soon(host_a_table, server.port, name, seats, bots, start, ready)
            assert ready.wait(10)
        app = join_app(server.port)

        async def in_the_lobby(pilot: Pilot[Any]) -> None:
            await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="lobby")
            await wait_until(pilot, lambda: "playing" in screen_text(app), what="both tables")
            await settled(pilot, app)

        assert snap_compare(app, terminal_size=SIZE, run_before=in_the_lobby)


async def settled(pilot: Pilot[Any], app: Any) -> None:
    """Wait out the footer's rebuild after the keys change: it shows the keys of now."""
    await settled_footer(pilot, app)


def your_turn(app: Any) -> Any:
    async def wait(pilot: Pilot[Any]) -> None:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
        await wait_until(pilot, lambda: "your turn" in screen_text(app), what="our turn")
        await settled(pilot, app)

    return wait


def test_table(snap_compare: Any) -> None:
    app, _server = play_app()
    assert snap_compare(app, terminal_size=SIZE, run_before=your_turn(app))


def test_table_with_four_players_on_a_large_terminal(snap_compare: Any) -> None:
    app, _server = play_app(players=4)
    assert snap_compare(app, terminal_size=(120, 40), run_before=your_turn(app))


async def play_to_the_scores(pilot: Pilot[Any], app: Any) -> None:
    """Play our moves (the first legal action each time) until the scoring window shows."""
    await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
    acted_at = -1  # the seq we last acted at: act once per update, never twice
    deadline = asyncio.get_running_loop().time() + 60
    while not isinstance(app.screen, ScoringScreen):
        assert asyncio.get_running_loop().time() < deadline, "no scores"
        session = app.link.latest if app.link else None
        if session is not None and session.legal and session.seq != acted_at:
            acted_at = session.seq
            action = session.legal[0]
            app.request(lambda s, action=action: s.act(action))
        await pilot.pause(0.05)


def test_scoring(snap_compare: Any) -> None:
    app, _server = play_app(options={"decks": 1})

    async def to_the_end(pilot: Pilot[Any]) -> None:
        await play_to_the_scores(pilot, app)
        await settled(pilot, app)

    assert snap_compare(app, terminal_size=SIZE, run_before=to_the_end)


def test_replay(snap_compare: Any) -> None:
    """The game of `test_scoring` again, from the history: its fifth step from our seat."""
    app, _server = play_app(options={"decks": 1})

    async def replayed(pilot: Pilot[Any]) -> None:
        await play_to_the_scores(pilot, app)
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("h")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, HistoryScreen) and bool(app.screen.games),
            what="the history",
        )
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ReplayScreen) and app.screen.steps is not None,
            what="the replay",
        )
        await pilot.press(*["right"] * 5)
        await settled(pilot, app)

    assert snap_compare(app, terminal_size=SIZE, run_before=replayed)


#: Thistle moves by preference: capture, play, place, draw, then end the turn.
THISTLE_ORDER = ("capture", "play", "place", "draw", "end", "deal")


def moves_then(app: Any, moves: int, order: tuple[str, ...], then: str) -> Any:
    """Make `moves` moves (the first of the legal ones by `order` each time), then wait until
    we may make a move of kind `then`."""

    async def wait(pilot: Pilot[Any]) -> None:
        await wait_until(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
        acted_at, made = -1, 0
        deadline = asyncio.get_running_loop().time() + 60
        while True:
            assert asyncio.get_running_loop().time() < deadline, f"no {then} to make"
            session = app.link.latest if app.link else None
            if session is not None and session.legal and session.seq != acted_at:
                if made >= moves and any(a["kind"] == then for a in session.legal):
                    break
                acted_at, made = session.seq, made + 1
                action = min(session.legal, key=lambda a: order.index(a["kind"]))
                app.request(lambda s, action=action: s.act(action))
            await pilot.pause(0.05)
        board = app.screen.board
        await wait_until(pilot, lambda: board.state.view is session.view, what="the board")
        await settled(pilot, app)

    return wait


def test_thistle_table(snap_compare: Any) -> None:
    app, _server = thistle_app()
    turn = moves_then(app, 45, THISTLE_ORDER, "play")
    assert snap_compare(app, terminal_size=SIZE, run_before=turn)


#: Queen of Scots moves by preference: take the pile, meld, add, draw, then discard.
QUEEN_ORDER = ("take", "meld", "add", "draw", "discard", "stop", "deal")


def test_queen_of_scots_table(snap_compare: Any) -> None:
    app, _server = queen_app()
    turn = moves_then(app, 2, QUEEN_ORDER, "discard")
    assert snap_compare(app, terminal_size=SIZE, run_before=turn)


#: Trupe moves by preference: take a discard, declare, extend, lay a pair, draw, then discard.
TRUPE_ORDER = ("take", "declare", "extend", "pair", "draw", "discard", "deal")


def test_trupe_table(snap_compare: Any) -> None:
    app, _server = trupe_app()
    turn = moves_then(app, 8, TRUPE_ORDER, "discard")
    assert snap_compare(app, terminal_size=SIZE, run_before=turn)


#: Nobility moves by preference: give up, be ready, meld, extend, defend, battle, finish, draw,
#: take, then discard (a claim, a retrieval, a pass or a merge last).
NOBILITY_ORDER = (
    "give_up", "ready", "meld", "extend", "defend", "joker", "battle", "done", "draw", "take",
    "discard", "claim", "retrieve", "recall", "pass", "merge", "deal",
)  # fmt: skip


def test_nobility_table(snap_compare: Any) -> None:
    app, _server = nobility_app()
    turn = moves_then(app, 12, NOBILITY_ORDER, "discard")
    assert snap_compare(app, terminal_size=SIZE, run_before=turn)
