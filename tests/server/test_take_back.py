"""Take-back through a real server: a player takes back their own last action, everyone's view
and log show it, anything not allowed is refused with the reason and changes nothing, the
table setting turns it off, and a restarted server (a real SQLite file) and the history's
replay see the same game."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import get_game
from cardtable.protocol import ErrorCode
from tests.server.conftest import HOST, Connect, served, server_config
from tests.server.players import play_first_legal

GAME = "nobility"
OPTIONS = {"rubbers": 1}
NAMES = ("Ada", "Bram", "Cleo")
TAKE = {"kind": "take"}
#: Take-backs are for unrated tables: a move at a rated table stands.
UNRATED = {"rated": False}


async def seated(sessions: Sequence[ClientSession], spectator: ClientSession) -> int:
    """A Nobility table with the three players seated in order and `spectator` watching,
    dealt; returns its id."""
    table = await sessions[0].create_table(GAME, seats=3, options=OPTIONS, settings=UNRATED)
    tid = int(table.table_id)
    for index, session in enumerate(sessions):
        await session.sit(tid, index)
    await spectator.spectate(tid)
    await sessions[0].start(tid)
    for session in (*sessions, spectator):
        await session.wait_for(lambda s=session: s.view is not None)
    return tid


def turn_of(sessions: Sequence[ClientSession]) -> ClientSession:
    """The player whose turn it is."""
    [mover] = [session for session in sessions if session.legal]
    return mover


def last_line(session: ClientSession) -> str:
    return get_game(GAME).tell(session.log[-1], list(NAMES))


async def refused(code: ErrorCode, session: ClientSession) -> str:
    with pytest.raises(RequestFailed) as failure:
        await session.take_back()
    assert failure.value.code == code
    return failure.value.message


async def test_a_take_back_restores_every_view_and_is_told_to_all(client: Connect) -> None:
    with trio.fail_after(20):
        async with (
            client(NAMES[0]) as ada,
            client(NAMES[1]) as bram,
            client(NAMES[2]) as cleo,
            client("Dora") as dora,
        ):
            players = (ada, bram, cleo)
            everyone = (*players, dora)
            await seated(players, dora)
            mover = turn_of(players)
            others = [session for session in players if session is not mover]
            assert TAKE in mover.legal and not mover.can_take_back
            before = [session.view for session in everyone]
            lines = [len(session.log) for session in everyone]

            # Nothing to take back yet; a spectator may not.
            message = await refused(ErrorCode.CANNOT_TAKE_BACK, mover)
            assert message == "You have nothing to take back."
            await refused(ErrorCode.NOT_SEATED, dora)

            await mover.act(TAKE)
            for session in everyone:
                await session.wait_for(lambda s=session: s.seq == 1)
            assert mover.can_take_back and not any(other.can_take_back for other in others)
            message = await refused(ErrorCode.CANNOT_TAKE_BACK, others[0])
            assert message == "You have nothing to take back."

            await mover.take_back()
            for session in everyone:
                await session.wait_for(lambda s=session: s.seq == 2)
            assert [session.view for session in everyone] == before
            assert [len(session.log) for session in everyone] == [n + 2 for n in lines]
            for session in everyone:
                line = last_line(session)
                assert line.startswith(f"{mover.name} took back taking ")
                assert line.endswith(" from the stock discard pile.")
            assert not mover.can_take_back

            # A draw shows the drawer a hidden card: Nobility does not let it be taken back, and
            # the refusal changes nothing.
            await mover.act({"kind": "draw"})
            await mover.wait_for(lambda: mover.seq == 3)
            assert not mover.can_take_back
            view = mover.view
            message = await refused(ErrorCode.CANNOT_TAKE_BACK, mover)
            assert message.startswith("Your last action cannot be taken back in Nobility.")
            assert mover.view == view and mover.seq == 3


async def test_the_table_setting_turns_take_back_off(client: Connect) -> None:
    with trio.fail_after(20):
        async with (
            client(NAMES[0]) as ada,
            client(NAMES[1]) as bram,
            client(NAMES[2]) as cleo,
            client("Dora") as dora,
        ):
            players = (ada, bram, cleo)
            tid = await seated(players, dora)
            await ada.configure(tid, take_back=False)
            mover = turn_of(players)
            await mover.act(TAKE)
            await mover.wait_for(lambda: mover.seq == 1)
            assert not mover.can_take_back
            view = mover.view
            message = await refused(ErrorCode.CANNOT_TAKE_BACK, mover)
            assert message == "Take-backs are off at this table."
            assert mover.view == view and mover.seq == 1
            await ada.configure(tid, take_back=True)
            await mover.take_back()
            await mover.wait_for(lambda: mover.seq == 2)


async def test_another_players_action_ends_the_take_back(client: Connect) -> None:
    with trio.fail_after(30):
        async with client(NAMES[0]) as ada, client(NAMES[1]) as bram:
            table = await ada.create_table("chinese-ten", seats=2, settings=UNRATED)
            tid = int(table.table_id)
            await ada.sit(tid, 0)
            await bram.sit(tid, 1)
            await ada.start(tid)
            players = (ada, bram)
            # Play until a player's turn ends with a choice for the flipped card (which may be
            # taken back), then the other plays.
            while True:
                for session in players:
                    await session.wait_for(lambda s=session: s.seq == max(p.seq for p in players))
                mover = turn_of(players)
                other = bram if mover is ada else ada
                if other.can_take_back:
                    break
                await mover.act(mover.legal[0])
            seq = mover.seq
            await mover.act(mover.legal[0])
            await other.wait_for(lambda: other.seq > seq)
            assert not other.can_take_back
            view = other.view
            message = await refused(ErrorCode.CANNOT_TAKE_BACK, other)
            assert message == (
                f"{mover.name} has acted since; only your own last actions can be taken back."
            )
            assert other.view == view


async def test_a_restarted_server_and_the_replay_show_the_take_back(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    config = server_config(db=str(path), seed=11)
    with trio.fail_after(60):
        async with (
            served(config) as running,
            connect(HOST, running.port, NAMES[0]) as ada,
            connect(HOST, running.port, NAMES[1]) as bram,
            connect(HOST, running.port, NAMES[2]) as cleo,
            connect(HOST, running.port, "Dora") as dora,
        ):
            players = (ada, bram, cleo)
            await seated(players, dora)
            mover = turn_of(players)
            await mover.act(TAKE)
            await mover.take_back()
            await mover.act(TAKE)  # taken again: it may be taken back again
            for session in players:
                await session.wait_for(lambda s=session: s.seq == 3)
            tokens = [session.token for session in players]
            before = {s.name: (s.view, list(s.log), s.can_take_back) for s in players}
            moved = mover.name
            await running.lobby.journal.flush()

        async with served(config) as running:
            port = running.port
            async with (
                connect(HOST, port, "a", token=tokens[0]) as ada,
                connect(HOST, port, "b", token=tokens[1]) as bram,
                connect(HOST, port, "c", token=tokens[2]) as cleo,
            ):
                players = (ada, bram, cleo)
                for session in players:
                    assert (session.view, session.log, session.can_take_back) == before[
                        session.name
                    ]
                [mover] = [session for session in players if session.name == moved]
                await mover.take_back()
                await mover.wait_for(lambda: mover.seq == 4)
                assert last_line(mover).startswith(f"{moved} took back taking ")
                async with trio.open_nursery() as nursery:
                    for session in players:
                        nursery.start_soon(play_first_legal, session)
                await running.lobby.journal.flush()
                history = await ada.history()
                [game] = history.games
                steps = (await ada.replay(game.game_id, seat=None)).steps
                told = [
                    get_game(GAME).tell(event, list(NAMES))
                    for step in steps[1:5]
                    for event in step["events"]
                    if event["kind"] == "take_back"
                ]
                assert [step["actor"] for step in steps[1:5]] == [mover.seat] * 4
                assert len(told) == 2
                assert all(line.startswith(f"{moved} took back ") for line in told)
                assert steps[2]["view"] == steps[0]["view"] and steps[4]["view"] == steps[0]["view"]


async def test_a_take_back_racing_a_bot_leaves_a_game_that_plays_on(client: Connect) -> None:
    """Right after a flip's choice, which ends the turn, the bot may act first (then the
    take-back is refused, as it is when the choice led to another flip) or not (then it is
    taken back); either way the game plays on to its end."""
    with trio.fail_after(30):
        async with client(NAMES[0]) as ada:
            table = await ada.create_table("chinese-ten", seats=2, settings=UNRATED)
            tid = int(table.table_id)
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)
            await ada.start(tid)
            outcomes: set[str] = set()
            while True:
                await ada.wait_for(
                    lambda: ada.legal or (ada.view is not None and ada.view["result"] is not None)
                )
                assert ada.view is not None
                if ada.view["result"] is not None:
                    break
                choosing = ada.view["table"]["phase"] in ("take", "place")
                await ada.act(ada.legal[0])
                if choosing:
                    try:
                        await ada.take_back()
                        outcomes.add("taken back")
                    except RequestFailed as failure:
                        if failure.code == ErrorCode.NOT_PLAYING:  # that choice ended the game
                            continue
                        assert failure.code == ErrorCode.CANNOT_TAKE_BACK
                        outcomes.add(failure.message)  # the bot acted, or the flip went on
            assert outcomes
