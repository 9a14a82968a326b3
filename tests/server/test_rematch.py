"""Offers of a rematch over TCP: any player may offer, everyone at the table sees the offer, and
the next game starts once every player present has accepted (bots accept); one player declining
closes it; an offer out of place is refused and changes nothing."""

from __future__ import annotations

import trio

from cardtable.client.session import ClientSession
from cardtable.protocol import ErrorCode, RematchState
from cardtable.server.app import RunningServer
from tests.server.conftest import Connect
from tests.server.test_concede import refused, result_of, two_players


def offer(session: ClientSession) -> RematchState | None:
    """The offer of a rematch as the table's summary shows it to `session`."""
    assert session.table is not None
    return session.table.rematch


async def finished(ada: ClientSession, bram: ClientSession) -> int:
    """A two-player table whose first game Ada conceded."""
    tid = await two_players(ada, bram)
    await ada.concede()
    for session in (ada, bram):
        await result_of(session)
        await session.wait_for(lambda s=session: s.table and s.table.status == "finished")
    return tid


async def test_a_rematch_starts_once_every_player_accepts(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Bram") as bram, client("Cleo") as cleo:
            tid = await finished(ada, bram)
            await cleo.spectate(tid)
            await bram.offer_rematch()  # not the table's creator: any player may offer
            expected = RematchState(by=1, accepted=(1,), waiting=(0,), declined_by=None)
            for session in (ada, bram, cleo):
                await session.wait_for(lambda s=session: offer(s) == expected)
            assert server.lobby.tables[tid].status == "finished"
            await ada.answer_rematch(True)
            for session in (ada, bram, cleo):
                await session.wait_for(
                    lambda s=session: s.table and s.table.game_no == 2 and s.view is not None
                )
                assert offer(session) is None
            assert server.lobby.tables[tid].status == "playing"


async def test_a_declined_rematch_is_closed_and_may_be_offered_again(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Bram") as bram:
            tid = await finished(ada, bram)
            await ada.offer_rematch()
            await bram.answer_rematch(False)
            declined = RematchState(by=0, accepted=(0,), waiting=(), declined_by=1)
            await ada.wait_for(lambda: offer(ada) == declined)
            words = await refused(ErrorCode.NO_OFFER, ada.answer_rematch(True))
            assert words == "Nobody has offered a rematch here."
            assert server.lobby.tables[tid].status == "finished"
            # A new offer; Bram offering too is his acceptance.
            await ada.offer_rematch()
            await bram.offer_rematch()
            await ada.wait_for(lambda: ada.table and ada.table.game_no == 2)


async def test_bots_accept_a_rematch_at_once(server: RunningServer, client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            table = await ada.create_table("chinese-ten", seats=2, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)
            await ada.start(tid)
            await ada.concede()
            await result_of(ada)
            await ada.offer_rematch()
            await ada.wait_for(lambda: ada.table and ada.table.game_no == 2)
            assert server.lobby.tables[tid].status == "playing"


async def test_a_rematch_offer_out_of_place_is_refused(
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
            words = await refused(ErrorCode.TABLE_NOT_READY, ada.offer_rematch())
            assert words == "No game has been played here yet: start the first one instead."
            await ada.start(tid)
            words = await refused(ErrorCode.GAME_IN_PROGRESS, bram.offer_rematch())
            assert "once it is over" in words
            await ada.concede()
            await result_of(bram)
            await cleo.spectate(tid)
            words = await refused(ErrorCode.NOT_SEATED, cleo.offer_rematch())
            assert (
                words
                == f"Only the players at table {tid} may offer a rematch; you are watching it."
            )
            await refused(ErrorCode.NOT_SEATED, cleo.answer_rematch(True))
            await refused(ErrorCode.NOT_AT_TABLE, dov.offer_rematch())
            await refused(ErrorCode.NO_OFFER, bram.answer_rematch(True))
            assert server.lobby.tables[tid].rematches.offer is None
            assert server.lobby.tables[tid].game_no == 1


async def test_someone_who_sits_down_during_an_offer_answers_for_themselves(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Bram") as bram, client("Cleo") as cleo:
            tid = await finished(ada, bram)
            await ada.offer_rematch()
            await ada.leave()
            await cleo.sit(tid, 0)  # Ada's seat: Ada's acceptance is not Cleo's
            await bram.answer_rematch(True)
            waiting = RematchState(by=0, accepted=(1,), waiting=(0,), declined_by=None)
            await cleo.wait_for(lambda: offer(cleo) == waiting)
            assert server.lobby.tables[tid].game_no == 1
            await cleo.answer_rematch(True)
            await cleo.wait_for(lambda: cleo.table and cleo.table.game_no == 2)
