"""Updates carry patches on the view each receiver was sent last: a client that finds its view
out of step asks for it whole and is back in step; a finished round's breakdown travels once;
the server keeps one view a receiver."""

from __future__ import annotations

from contextlib import AsyncExitStack
from typing import Any

import pytest
import trio

from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import RandomBot
from cardtable.protocol import ErrorCode, Message, Update
from cardtable.server.app import RunningServer
from cardtable.server.table.table import Table
from tests.server.conftest import Connect
from tests.server.players import drive, game_over

GAME = "chinese-ten"


async def against_a_bot(
    ada: ClientSession, server: RunningServer, options: dict[str, Any] | None = None
) -> Table:
    """Ada on seat 0 of a two-seat Chinese Ten table, a server bot on seat 1, the game dealt."""
    table_id = (await ada.create_table(GAME, 2, {"decks": 1, **(options or {})})).table_id
    await ada.sit(table_id, 0)
    await ada.add_bot(table_id, 1)
    await ada.start(table_id)
    return server.lobby.tables[table_id]


async def our_turn(ada: ClientSession, table: Table) -> list[dict[str, Any]]:
    """Wait until Ada may act and has heard every step so far; her legal actions."""
    await ada.wait_for(lambda: ada.legal and ada.seq == len(table.actions))
    return ada.legal


def in_step(ada: ClientSession, table: Table) -> bool:
    assert table.game is not None
    return not ada.out_of_step and ada.view == table.game.view(0)


async def test_updates_after_the_deal_carry_patches_that_keep_the_view_exact(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada:
            updates: list[Update] = []
            ada.on_message(lambda m: updates.append(m) if isinstance(m, Update) else None)
            table = await against_a_bot(ada, server)
            for _ in range(6):
                await ada.act((await our_turn(ada, table))[0])
                await our_turn(ada, table)
                assert in_step(ada, table)
            assert updates[0].seq == 0 and updates[0].view is not None
            assert all(u.view is None and u.patch is not None for u in updates[1:])
            assert ada.whole_views == 1


async def test_a_patch_on_a_wrong_view_is_found_and_the_whole_view_asked_for(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada:
            table = await against_a_bot(ada, server)
            legal = await our_turn(ada, table)
            assert ada.view is not None
            ada.view = {**ada.view, "table": {}}  # a wrong base: the next patch cannot fit it
            await ada.act(legal[0])
            await ada.wait_for(lambda: ada.whole_views == 2)
            await our_turn(ada, table)
            assert in_step(ada, table)
            # And it plays on in step, on patches again.
            await ada.act((await our_turn(ada, table))[0])
            await our_turn(ada, table)
            assert in_step(ada, table) and ada.whole_views == 2


async def test_an_update_that_skips_a_step_puts_the_client_out_of_step(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada:
            table = await against_a_bot(ada, server)
            legal = await our_turn(ada, table)
            ada.seq -= 1  # as if an update had been lost
            await ada.act(legal[0])
            await ada.wait_for(lambda: ada.whole_views == 2)
            await our_turn(ada, table)
            assert in_step(ada, table)


async def test_a_client_checks_by_digest_that_it_is_in_step(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada, client("Wes") as wes:
            said: list[Message] = []
            ada.on_message(said.append)
            table = await against_a_bot(ada, server)
            await our_turn(ada, table)
            assert await ada.check_in_step() is True
            assert ada.whole_views == 1
            # A wrong value no patch would touch is found only by the digest; then mended.
            assert ada.view is not None
            ada.view = {**ada.view, "seats": 3}
            assert await ada.check_in_step() is False
            assert in_step(ada, table) and ada.whole_views == 2
            assert await ada.check_in_step() is True
            # Only the update that answers resync says so; its seq is the step Ada is at.
            whole = [m for m in said if isinstance(m, Update) and m.view is not None]
            assert [m.resync for m in whole] == [False, True]
            assert whole[1].seq == ada.seq and whole[1].events == []
            assert not any(m.resync for m in said if isinstance(m, Update) and m.view is None)
            # A spectator too; someone at no table is told so.
            await wes.spectate(table.id)
            assert await wes.check_in_step() is True
            await wes.leave()
            with pytest.raises(RequestFailed) as refused:
                await wes.check_in_step()
            assert refused.value.code == ErrorCode.NOT_AT_TABLE


async def test_a_finished_rounds_breakdown_is_sent_once_in_its_round_end(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(30):
        async with client("Ada") as ada:
            received: list[Message] = []
            ada.on_message(received.append)
            table = await against_a_bot(ada, server, {"rounds": 2})
            await drive(ada, RandomBot(5), 1)
            assert table.game is not None
            scores = table.game.view(0)["round_scores"]
            assert len(scores) == 2 and ada.view == table.game.view(0)
            updates = [m for m in received if isinstance(m, Update)]
            told = [e["score"] for u in updates for e in u.events if e["kind"] == "round_end"]
            assert told == scores
            for update in updates[1:]:
                assert update.patch is not None
                assert not [op for op in update.patch if op[1][:1] == ["round_scores"]]
                assert not [op for op in update.patch if scores[0] in op or scores[1] in op]


async def test_the_server_keeps_one_view_a_seat_and_one_for_all_spectators(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(30):
        async with AsyncExitStack() as stack:
            ada = await stack.enter_async_context(client("Ada"))
            watchers = [await stack.enter_async_context(client(f"W{n}")) for n in range(3)]
            table = await against_a_bot(ada, server)
            for watcher in watchers:
                await watcher.spectate(table.id)
            await drive(ada, RandomBot(2), 1)
            for watcher in watchers:
                await game_over(watcher, 1)
                assert table.game is not None and watcher.view == table.game.view(None)
            assert table.views_kept <= 2  # Ada's seat (the bot is sent nothing), spectators
            await ada.leave()
            assert table.views_kept <= 1
