"""Nobility's offers over the network: free actions, heard by their two parties alone.

An offer, its answer and its lapse reach the maker and the recipient only: the third player and
spectators get no update at all for those steps, so their ``seq`` does not move either. A deal
carried out is public. Bots answer offers made to them, and open offers survive a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AsyncExitStack
from functools import partial
from pathlib import Path

import pytest
import trio

from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import RandomBot
from cardtable.protocol import ErrorCode, Message, Update
from cardtable.server.app import RunningServer
from cardtable.server.table.table import Table
from tests.server.conftest import HOST, Connect, served, server_config

GAME = "nobility"


async def play_to_an_election(table: Table, people: Sequence[ClientSession | None]) -> None:
    """Seats held by `people` play at random (bots play themselves) until an election opens
    and no bot is left to act in it."""
    bots = [RandomBot(seat) for seat in range(3)]
    while True:
        game = table.game
        assert game is not None and not game.over
        if game.phase == "election" and all(people[seat] for seat in game.actors):
            return
        humans = [seat for seat in game.actors if people[seat] is not None]
        if not humans or game.phase == "election":
            await trio.sleep(0.001)  # a bot's move
            continue
        seat = humans[0]
        session = people[seat]
        assert session is not None
        await session.wait_for(partial(caught_up, session, table))
        assert session.view is not None
        await session.act(bots[seat].choose(session.view, session.legal))


def caught_up(session: ClientSession, table: Table) -> bool:
    """Whether `session` has heard of every action so far and may act."""
    return session.seq == len(table.actions) and bool(session.legal)


def updates(messages: list[Message]) -> list[Update]:
    return [message for message in messages if isinstance(message, Update)]


async def test_an_offer_is_heard_by_its_two_parties_and_the_deal_by_everyone(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(30):
        async with AsyncExitStack() as stack:
            people = [await stack.enter_async_context(client(f"P{s}")) for s in range(3)]
            watcher = await stack.enter_async_context(client("Watcher"))
            heard: dict[str, list[Message]] = {s.name: [] for s in (*people, watcher)}
            for session in (*people, watcher):
                session.on_message(heard[session.name].append)
            table_id = (await people[0].create_table(GAME, 3, {"rubbers": 1})).table_id
            for seat, session in enumerate(people):
                await session.sit(table_id, seat)
            await watcher.spectate(table_id)
            await people[0].start(table_id)
            table: Table = server.lobby.tables[table_id]
            await play_to_an_election(table, people)
            seq = {s.name: len(updates(heard[s.name])) for s in (*people, watcher)}
            third_seq = people[2].seq

            # A malformed offer is refused with the rules' reason and changes nothing.
            with pytest.raises(RequestFailed) as refused:
                await people[0].act({"kind": "offer", "to": 1, "give_money": 500})
            assert refused.value.code == ErrorCode.ILLEGAL_ACTION
            assert "whole number" in refused.value.message
            # A refusal that speaks of a player names them, never a seat number.
            with pytest.raises(RequestFailed) as refused:
                await people[0].act({"kind": "offer", "to": 1, "give_money": 180})
            assert refused.value.message.startswith("P0 has only ")

            await people[0].act({"kind": "offer", "to": 1, "coalition": "form"})
            await people[1].wait_for(lambda: people[1].view and people[1].view["table"]["offers"])
            assert people[1].view is not None
            [offer] = people[1].view["table"]["offers"]
            assert (offer["from"], offer["to"], offer["coalition"]) == (0, 1, "form")
            assert people[1].log[-1]["kind"] == "offer"

            await people[1].act({"kind": "accept", "deal": offer["deal"]})
            for session in (*people, watcher):
                await session.wait_for(
                    lambda s=session: s.view and s.view["table"]["coalition"] == [0, 1]
                )
            assert table.game is not None and table.game.coalition == (0, 1)

            # The third player and the watcher heard one update (the deal), not three.
            for outsider in (people[2], watcher):
                new = updates(heard[outsider.name])[seq[outsider.name] :]
                assert len(new) == 1
                assert [event["kind"] for event in new[0].events] == ["deal_done", "coalition"]
                for update in updates(heard[outsider.name]):
                    kinds = {event["kind"] for event in update.events}
                    assert not kinds & {"offer", "offer_closed"}
                    if update.view is not None:
                        assert update.view["table"]["offers"] == []
                    assert all(op[1][:2] != ["table", "offers"] for op in update.patch or [])
                assert outsider.view is not None and outsider.view["table"]["offers"] == []
            assert people[2].seq == third_seq + 1
            for party in people[:2]:
                new = updates(heard[party.name])[seq[party.name] :]
                assert [u.events[0]["kind"] for u in new] == ["offer", "deal_done"]
                assert party.seq == third_seq + 2


async def test_a_bot_answers_an_offer_made_to_it(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(30):
        async with client("Ada") as ada:
            table_id = (await ada.create_table(GAME, 3, {"rubbers": 1})).table_id
            await ada.sit(table_id, 0)
            await ada.add_bot(table_id, 1)
            await ada.add_bot(table_id, 2)
            await ada.start(table_id)
            table: Table = server.lobby.tables[table_id]
            await play_to_an_election(table, [ada, None, None])
            await ada.act({"kind": "offer", "to": 2, "coalition": "form"})
            await ada.wait_for(
                lambda: any(e["kind"] in ("offer_closed", "deal_done") for e in ada.log)
            )
            answer = next(e for e in ada.log if e["kind"] in ("offer_closed", "deal_done"))
            assert answer["kind"] == "deal_done" or answer["how"] == "declined"
            assert ada.view is not None and ada.view["table"]["offers"] == []
            assert table.game is not None and not table.game.offers


async def test_an_open_offer_survives_a_restart(tmp_path: Path) -> None:
    config = server_config(db=str(tmp_path / "server.db"), seed=5)
    with trio.fail_after(40):
        async with served(config) as running, AsyncExitStack() as stack:
            people = [
                await stack.enter_async_context(connect(HOST, running.port, f"P{s}"))
                for s in range(3)
            ]
            table_id = (await people[0].create_table(GAME, 3, {"rubbers": 1})).table_id
            tokens = [(await p.sit(table_id, s)).token for s, p in enumerate(people)]
            await people[0].start(table_id)
            await play_to_an_election(running.lobby.tables[table_id], people)
            await people[0].act({"kind": "offer", "to": 1, "coalition": "form"})
            await people[1].wait_for(lambda: people[1].view and people[1].view["table"]["offers"])

        async with served(config) as running:
            table = running.lobby.tables[table_id]
            assert table.game is not None and len(table.game.offers) == 1
            async with connect(HOST, running.port, "P1", token=tokens[1]) as again:
                await again.wait_for(lambda: again.view is not None)
                assert again.view is not None
                [offer] = again.view["table"]["offers"]
                assert offer["from"] == 0 and offer["coalition"] == "form"
                await again.act({"kind": "accept", "deal": offer["deal"]})
                await again.wait_for(
                    lambda: again.view and again.view["table"]["coalition"] == [0, 1]
                )
            async with connect(HOST, running.port, "P2", token=tokens[2]) as third:
                await third.wait_for(lambda: third.view is not None)
                assert third.view is not None and third.view["table"]["offers"] == []
                assert [e["kind"] for e in third.log if "offer" in e["kind"]] == []
                assert [e["kind"] for e in third.log].count("deal_done") == 1
