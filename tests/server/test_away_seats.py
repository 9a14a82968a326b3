"""A table carries on without someone: the away policy, handing an away seat to a bot by the
creator or by a vote, giving a seat up for someone else, creator rights that go with a secret
token and not a name, and a table left to its bots that finishes its game."""

from __future__ import annotations

from typing import Any

import pytest
import trio

from cardtable.client.handshake import HandshakeRefused
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.protocol import CreateTable, ErrorCode, SeatSummary, TableCreated
from cardtable.server.app import RunningServer
from cardtable.server.table.table import Table
from tests.server.conftest import Connect
from tests.server.players import play_first_legal

GAME = "chinese-ten"


def seat_state(session: ClientSession, index: int) -> SeatSummary:
    assert session.table is not None
    return session.table.seats[index]


async def refused(request: Any) -> RequestFailed:
    with pytest.raises(RequestFailed) as caught:
        await request
    return caught.value


async def test_the_away_policy_waits_60_seconds_by_default(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada:
            table = await ada.create_table(GAME, seats=2)
            assert table.settings.away_bot_after == 60.0


async def test_a_bot_covers_an_away_player_only_while_someone_waits_for_them(
    client: Connect, server: RunningServer
) -> None:
    settings = {"away_bot_after": 0.2, "bot_delay": 0.02}
    with trio.fail_after(10):
        async with client("Ada") as ada:
            table = await ada.create_table(GAME, seats=3, options={"decks": 1}, settings=settings)
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 2)
            async with client("Bram") as bram:
                await bram.sit(tid, 1)
                await ada.start(tid)
            running: Table = server.lobby.tables[tid]
            await ada.wait_for(lambda: seat_state(ada, 1).covered is True)
            assert running.seats[1].away
        # Ada is gone too: nobody is at the table to wait for, so nobody else is covered.
        await trio.sleep(0.5)
        assert not running.seats[0].covered
        assert running.status == "playing"


async def test_the_creator_hands_an_away_seat_to_a_bot_at_once(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Cleo") as cleo:
            table = await ada.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            async with client("Bram") as bram:
                await bram.sit(tid, 1)
                # Nobody is away yet: there is nothing to hand over.
                error = await refused(ada.cover(tid, 1))
                assert error.code == ErrorCode.NOT_PLAYING
                await ada.start(tid)
                error = await refused(ada.cover(tid, 1))
                assert error.code == ErrorCode.NOT_AWAY and "Bram is here" in error.message
            await ada.wait_for(lambda: seat_state(ada, 1).connected is False)
            await cleo.spectate(tid)
            error = await refused(cleo.cover(tid, 1))  # a spectator has no say
            assert error.code == ErrorCode.NOT_SEATED
            assert seat_state(ada, 1).covered is False
            await ada.cover(tid, 1)
            await ada.wait_for(lambda: seat_state(ada, 1).covered is True)
            running: Table = server.lobby.tables[tid]
            assert running.seats[1].bot_driven
            error = await refused(ada.cover(tid, 1))
            assert error.code == ErrorCode.NOT_AWAY and "already" in error.message


async def test_most_of_the_players_present_hand_an_away_seat_to_a_bot(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Host") as host:
            table = await host.create_table(GAME, seats=4, options={"decks": 1})
            tid = table.table_id
            async with client("Ada") as ada, client("Bram") as bram, client("Cleo") as cleo:
                await ada.sit(tid, 0)
                await bram.sit(tid, 1)
                await cleo.sit(tid, 2)
                async with client("Dov") as dov:
                    dov_token = (await dov.sit(tid, 3)).token
                    await ada.start(tid)
                await ada.wait_for(lambda: seat_state(ada, 3).connected is False)
                running: Table = server.lobby.tables[tid]
                await bram.cover(tid, 3)  # one of three present: not yet
                await ada.wait_for(lambda: seat_state(ada, 3).votes == 1)
                assert not running.seats[3].covered
                await bram.cover(tid, 3)  # voting twice counts once
                assert not running.seats[3].covered
                await cleo.cover(tid, 3)  # two of three: carried
                await ada.wait_for(lambda: seat_state(ada, 3).covered is True)
                assert seat_state(ada, 3).votes == 0
                # Dov comes back: the seat is his again.
                async with client("Dov", token=dov_token) as dov:
                    assert dov.seat == 3
                    await ada.wait_for(lambda: seat_state(ada, 3).covered is False)
                    assert not running.seats[3].bot_driven


async def test_the_creator_gives_up_an_away_seat_and_a_newcomer_plays_on_with_its_hand(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            table = await ada.create_table(GAME, seats=3, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 2)
            async with client("Bram") as bram:
                bram_token = (await bram.sit(tid, 1)).token
                assert bram_token is not None
                await ada.start(tid)
                await bram.say("back soon")
                assert bram.view is not None
                hand = bram.view["table"]["hand"]
                assert hand
            await ada.wait_for(lambda: seat_state(ada, 1).connected is False)
            running: Table = server.lobby.tables[tid]

            async with client("Cleo") as cleo:
                error = await refused(cleo.release(tid, 1))  # not the creator
                assert error.code == ErrorCode.NOT_CREATOR
                assert running.seats[1].held_by_player
                error = await refused(ada.release(tid, 0))  # Ada is here, not away
                assert error.code == ErrorCode.NOT_AWAY

                await ada.release(tid, 1)
                await ada.wait_for(lambda: seat_state(ada, 1).kind == "empty")
                assert seat_state(ada, 1).covered is True  # a bot plays it meanwhile
                assert running.seats[1].bot_driven

                joined = await cleo.sit(tid, 1)
                assert joined.view is not None and joined.view["seat"] == 1
                # The seat's own hand (less what a bot may have played from it meanwhile).
                cards = {card["cid"] for card in joined.view["table"]["hand"]}
                assert cards and cards <= {card["cid"] for card in hand}
                # Bram's private history is not hers; the table's line is.
                assert [line.text for line in joined.chat] == ["back soon"]
                await ada.wait_for(lambda: seat_state(ada, 1).name == "Cleo")
                assert not running.seats[1].bot_driven
                # She plays on with the seat's hand when it is her turn (Ada plays hers).
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(play_first_legal, ada)
                    await cleo.wait_for(lambda: cleo.legal)
                    before = len(running.actions)
                    await cleo.act(cleo.legal[0])
                    assert running.actions[before][0] == 1
                    nursery.cancel_scope.cancel()

            # Bram comes back: his token no longer works, and he is told why.
            async with client("Bram", token=bram_token) as bram:
                assert bram.table is None
                codes = [error.code for error in bram.errors]
                assert codes == [ErrorCode.SEAT_RELEASED]
                assert "Ada" in bram.errors[0].message


async def test_creator_rights_go_with_the_creators_token_not_the_name(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Bram") as bram:
            async with client("Ada") as ada:
                created = await ada.create_table(GAME, seats=2, options={"decks": 1})
                tid = created.table_id
                assert ada.creator_of == {tid}
                await ada.add_bot(tid, 1)
                await bram.spectate(tid)
            creator_token = server.lobby.tables[tid].creator_token_hash
            assert creator_token is not None
            # Someone else connects as "Ada" after she has gone: no rights come with the name.
            async with client("Ada") as impostor:
                assert impostor.creator_of == set()
                for request in (
                    impostor.configure(tid, table_chat=False),
                    impostor.configure(tid, bot_delay=3600),
                    impostor.remove_bot(tid, 1),
                    impostor.release(tid, 1),
                ):
                    error = await refused(request)
                    assert error.code == ErrorCode.NOT_CREATOR
            running: Table = server.lobby.tables[tid]
            assert running.settings.table_chat and running.seats[1].bot is not None


async def test_a_creator_token_in_the_hello_gives_the_rights_back(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Bram") as bram:
            async with client("Ada") as ada:
                created = await ada.request(
                    CreateTable(game_kind=GAME, seats=2, options={"decks": 1})
                )
                assert isinstance(created, TableCreated) and created.creator_token is not None
                tid = created.table.table_id
                await bram.spectate(tid)
                # The token is the creator's alone: the others see the table without it.
                assert created.creator_token not in repr(bram.tables)
            tokens = [created.creator_token, "x" * 40]
            async with client("Ada", creator_tokens=tokens) as ada:
                assert ada.creator_of == {tid}
                assert ada.welcome is not None and ada.welcome.creator_of == [tid]
                await ada.configure(tid, table_chat=False)
                await bram.wait_for(
                    lambda: bram.table is not None and bram.table.settings.table_chat is False
                )


async def test_a_table_left_to_its_bots_finishes_its_game_for_the_history(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(20):
        async with client("Bram") as bram:
            await bram.list_tables(watch=True)
            async with client("Ada") as ada:
                table = await ada.create_table(GAME, seats=2, options={"decks": 1})
                tid = table.table_id
                await ada.sit(tid, 0)
                await ada.add_bot(tid, 1)
                await ada.start(tid)
                await ada.leave()  # "a bot will play your seat for the rest of the game"
            # Ada has gone altogether, yet the table stays until its bots finish the game.
            running: Table = server.lobby.tables[tid]
            assert running.status == "playing" and not running.has_people()
            await bram.wait_for(lambda: tid not in bram.tables)
            assert running.game is not None and running.game.over and running.closed
            history = await bram.history()
            assert [entry.table_id for entry in history.games] == [tid]


async def test_a_stopping_server_turns_new_connections_away(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(5):
        server.lobby.shutdown()
        with pytest.raises(HandshakeRefused) as caught:
            async with client("Ada"):
                pass
        assert caught.value.code == ErrorCode.SHUTTING_DOWN
        assert "stopping" in caught.value.message


async def test_server_messages_count_seats_from_one(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada:
            table = await ada.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            error = await refused(ada.sit(tid, 2))
            assert error.message == f"Table {tid} has seats 1 to 2; there is no seat 3."
            await ada.sit(tid, 0)
            error = await refused(ada.start(tid))
            assert error.message.startswith("Seat 2 is empty")
            error = await refused(ada.remove_bot(tid, 1))
            assert error.message == "There is no bot on seat 2."
