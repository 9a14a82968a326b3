"""Conceding over TCP: a player alone concedes at once, a partnership when both partners agree
(a bot partner agrees by itself); the result says so to everyone, the history keeps it, a
restart brings it back; and a concession from anyone but a player in a game is refused, with
nothing changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.protocol import ErrorCode
from cardtable.server.app import RunningServer
from tests.server.conftest import HOST, Connect, served, server_config


async def refused(code: ErrorCode, request: Any) -> str:
    """Await `request`, which must fail with `code`; return the server's message."""
    with pytest.raises(RequestFailed) as caught:
        await request
    assert caught.value.code == code, caught.value
    return caught.value.message


def kinds(session: ClientSession) -> list[str]:
    return [str(event["kind"]) for event in session.log]


async def result_of(session: ClientSession) -> dict[str, Any]:
    await session.wait_for(lambda: session.view is not None and session.view["result"])
    assert session.view is not None
    result: dict[str, Any] = session.view["result"]
    return result


async def two_players(ada: ClientSession, bram: ClientSession, **options: Any) -> int:
    """A Chinese Ten table with Ada on seat 1 and Bram on seat 2, its game started."""
    table = await ada.create_table("chinese-ten", seats=2, options={"decks": 1, **options})
    tid: int = table.table_id
    await ada.sit(tid, 0)
    await bram.sit(tid, 1)
    await ada.start(tid)
    await bram.wait_for(lambda: bram.view is not None)
    return tid


async def test_a_player_concedes_the_other_wins_and_everyone_is_told(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Bram") as bram, client("Cleo") as cleo:
            tid = await two_players(ada, bram)
            await cleo.spectate(tid)
            await ada.concede()
            for session in (ada, bram, cleo):
                result = await result_of(session)
                assert result["conceded"] == [0]
                assert result["winning_seats"] == [1]
                assert kinds(session)[-2:] == ["conceded", "game_end"]
                await session.wait_for(lambda s=session: s.table and s.table.status == "finished")
            table = server.lobby.tables[tid]
            assert table.actions[-1] == (0, {"kind": "concede"})
            # The history keeps it: the listing's result and the replay's last step.
            await server.lobby.journal.flush()
            [entry] = (await bram.history()).games
            assert entry.result.conceded == (0,)
            steps = (await bram.replay(entry.game_id)).steps
            assert [event["kind"] for event in steps[-1]["events"]] == ["conceded", "game_end"]


async def test_conceding_is_refused_to_spectators_strangers_and_without_a_game(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(10):
        async with (
            client("Ada") as ada,
            client("Bram") as bram,
            client("Cleo") as cleo,
            client("Dov") as dov,
        ):
            table = await ada.create_table("chinese-ten", seats=2, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            await bram.sit(tid, 1)
            words = await refused(ErrorCode.NOT_PLAYING, ada.concede())
            assert words == "No game is being played at this table."
            await ada.start(tid)
            await cleo.spectate(tid)
            await ada.wait_for(lambda: ada.view is not None)
            before = server.lobby.tables[tid].game
            assert before is not None
            view = before.view(None)
            words = await refused(ErrorCode.NOT_SEATED, cleo.concede())
            assert words == "Only a player can concede; you are watching this table."
            words = await refused(ErrorCode.NOT_AT_TABLE, dov.concede())
            assert "not at a table" in words
            # Conceding goes by its own message; play_on with no offer to turn down.
            words = await refused(ErrorCode.ILLEGAL_ACTION, ada.act({"kind": "concede"}))
            assert words == "To concede or play on, send concede, not act."
            words = await refused(ErrorCode.ILLEGAL_ACTION, ada.concede(agree=False))
            assert words == "Nobody on your side has offered to concede."
            game = server.lobby.tables[tid]
            assert game.status == "playing" and game.actions == []
            assert before.view(None) == view
            # Once the game is over there is nothing left to concede.
            await bram.concede()
            await result_of(ada)
            words = await refused(ErrorCode.NOT_PLAYING, ada.concede())
            assert words == "No game is being played at this table."


async def partnership(
    sessions: list[ClientSession],
) -> int:
    """A Thistle partnership table with the four sessions on seats 1 to 4, its game started."""
    first = sessions[0]
    table = await first.create_table("thistle", seats=4, options={"partnership": True})
    tid: int = table.table_id
    for seat, session in enumerate(sessions):
        await session.sit(tid, seat)
    await first.start(tid)
    for session in sessions:
        await session.wait_for(lambda s=session: s.view is not None)
    return tid


async def test_partners_concede_together_and_an_offer_is_theirs_alone(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(15):
        async with (
            client("Ada") as ada,
            client("Bram") as bram,
            client("Cleo") as cleo,
            client("Dov") as dov,
            client("Eve") as eve,
        ):
            tid = await partnership([ada, bram, cleo, dov])
            await eve.spectate(tid)
            await ada.concede()  # Ada and Cleo are partners
            await cleo.wait_for(lambda: "concession_offered" in kinds(cleo))
            # The opponents and the spectator hear nothing of it, and may not answer it.
            await refused(ErrorCode.ILLEGAL_ACTION, bram.concede(agree=False))
            await bram.ping()
            await eve.ping()
            assert "concession_offered" not in kinds(bram) + kinds(dov) + kinds(eve)
            words = await refused(ErrorCode.ILLEGAL_ACTION, ada.concede())
            assert words == "You have offered to concede; Cleo has not answered yet."
            # Cleo plays on: the offer is closed, the game goes on.
            await cleo.concede(agree=False)
            await ada.wait_for(lambda: "concession_declined" in kinds(ada))
            assert server.lobby.tables[tid].status == "playing"
            # Offered again and agreed: the game ends, Bram and Dov win.
            await cleo.concede()
            await ada.concede()
            for session in (ada, bram, cleo, dov, eve):
                result = await result_of(session)
                assert result["conceded"] == [0]
                assert result["winning_seats"] == [1, 3]
                assert kinds(session)[-2:] == ["conceded", "game_end"]


async def test_an_offer_to_concede_lapses_when_the_side_plays_on(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(15):
        async with (
            client("Ada") as ada,
            client("Bram") as bram,
            client("Cleo") as cleo,
            client("Dov") as dov,
        ):
            sessions = [ada, bram, cleo, dov]
            tid = await partnership(sessions)
            game = server.lobby.tables[tid].game
            assert game is not None
            mover = sessions[game.actors[0]]
            partner = sessions[(game.actors[0] + 2) % 4]
            await mover.concede()
            await partner.wait_for(lambda: "concession_offered" in kinds(partner))
            assert mover.legal
            await mover.act(mover.legal[0])
            await partner.wait_for(lambda: "concession_lapsed" in kinds(partner))
            words = await refused(ErrorCode.ILLEGAL_ACTION, partner.concede(agree=False))
            assert words == "Nobody on your side has offered to concede."
            assert server.lobby.tables[tid].status == "playing"


async def test_a_bot_partner_agrees_to_concede(server: RunningServer, client: Connect) -> None:
    with trio.fail_after(15):
        async with client("Ada") as ada:
            table = await ada.create_table("thistle", seats=4, options={"partnership": True})
            tid = table.table_id
            await ada.sit(tid, 0)
            for seat in (1, 2, 3):
                await ada.add_bot(tid, seat)
            await ada.start(tid)
            await ada.wait_for(lambda: ada.view is not None)
            await ada.concede()
            result = await result_of(ada)
            assert result["conceded"] == [0] and result["winning_seats"] == [1, 3]
            assert "concession_offered" in kinds(ada)


async def test_a_game_conceded_and_an_open_offer_come_back_after_a_restart(
    tmp_path: Path,
) -> None:
    config = server_config(db=str(tmp_path / "server.db"))
    with trio.fail_after(20):
        tokens: list[str] = []
        async with served(config) as running:
            port = running.port
            async with (
                connect(HOST, port, "Ada") as ada,
                connect(HOST, port, "Bram") as bram,
                connect(HOST, port, "Cleo") as cleo,
                connect(HOST, port, "Dov") as dov,
            ):
                tid = await partnership([ada, bram, cleo, dov])
                tokens = [str(session.token) for session in (ada, bram, cleo, dov)]
                await bram.concede()  # Bram offers; Dov has not answered when the server stops
                await dov.wait_for(lambda: "concession_offered" in kinds(dov))
        async with served(config) as running:
            port = running.port
            async with (
                connect(HOST, port, "x", token=tokens[1]) as bram,
                connect(HOST, port, "y", token=tokens[3]) as dov,
            ):
                await dov.wait_for(lambda: dov.view is not None)
                assert "concession_offered" in kinds(dov)
                await dov.concede()
                result = await result_of(bram)
                assert result["conceded"] == [1] and result["winning_seats"] == [0, 2]
                assert running.lobby.tables[tid].status == "finished"
        async with (
            served(config) as running,
            connect(HOST, running.port, "x", token=tokens[0]) as ada,
        ):
            result = await result_of(ada)
            assert result["conceded"] == [1]
            assert kinds(ada)[-2:] == ["conceded", "game_end"]
