"""Seat tokens over real TCP: dropping out of a game, the seat waiting (or a bot covering), coming
back with the token, replacing a live connection, and tokens that no longer hold."""

from __future__ import annotations

import trio

from cardtable.client.session import ClientSession
from cardtable.protocol import ErrorCode, SeatSummary
from cardtable.server.app import RunningServer
from cardtable.server.table.table import Table
from tests.server.conftest import Connect
from tests.server.players import play_first_legal

GAME = "chinese-ten"


def seat_state(session: ClientSession, index: int) -> SeatSummary:
    assert session.table is not None
    return session.table.seats[index]


def bad_token_errors(session: ClientSession) -> list[str]:
    return [error.code for error in session.errors if error.code == ErrorCode.BAD_TOKEN]


async def test_taking_a_seat_gives_a_secret_token(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram, client("Cleo") as cleo:
            table = await ada.create_table(GAME, seats=2)
            joined = await ada.sit(table.table_id, 0)
            assert isinstance(joined.token, str) and len(joined.token) >= 32
            assert ada.token == joined.token
            other = await bram.sit(table.table_id, 1)
            assert other.token is not None and other.token != joined.token
            watching = await cleo.spectate(table.table_id)
            assert watching.token is None and cleo.token is None
            # A token is never shown to anyone else.
            assert joined.token not in repr(bram.table) and joined.token not in repr(cleo.table)


async def test_a_dropped_player_is_waited_for_and_resumes_the_seat(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Bram") as bram:
            async with client("Ada") as ada:
                table = await ada.create_table(GAME, seats=3, options={"decks": 1})
                tid = table.table_id
                token = (await ada.sit(tid, 0)).token
                assert token is not None
                await ada.add_bot(tid, 1)
                await ada.add_bot(tid, 2)
                await bram.spectate(tid)
                await ada.say("back in a moment")
                await bram.say("take your time")
                await ada.start(tid)
                await ada.wait_for(lambda: ada.legal)  # both bots have played; Ada's turn
                await ada.wait_for(lambda: len(ada.chat) == 2)
                running: Table = server.lobby.tables[tid]
                actions = len(running.actions)
                assert actions >= 2
                # Ada's connection drops mid-game.

            await bram.wait_for(lambda: seat_state(bram, 0).connected is False)
            assert seat_state(bram, 0).kind == "player" and seat_state(bram, 0).name == "Ada"
            assert seat_state(bram, 0).covered is False
            assert bram.table is not None and bram.table.status == "playing"

            # The game waits for her: the bots on the other seats cannot move on.
            await trio.sleep(0.3)
            assert len(running.actions) == actions
            assert running.game is not None and running.game.actors == (0,)

            async with client("Ada", token=token) as ada:
                assert ada.table is not None and ada.table.table_id == tid
                assert ada.seat == 0 and ada.token == token
                assert ada.view == running.game.view(0)
                assert ada.legal == running.game.legal_actions(0) != []
                assert ada.log == [event.for_seat(0) for event in running.log]
                assert ada.log[0]["kind"] == "deal" and "hand" in ada.log[0]
                assert [line.text for line in ada.chat] == ["back in a moment", "take your time"]
                assert ada.game_no == 1
                await bram.wait_for(lambda: seat_state(bram, 0).connected is True)

                await play_first_legal(ada)
                assert ada.view is not None and ada.view["result"] is not None
                assert running.game.over
                await bram.wait_for(lambda: bram.table and bram.table.status == "finished")


async def test_resuming_ignores_the_name_given_and_keeps_the_seats_name(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Bram") as bram:
            async with client("Ada") as ada:
                table = await ada.create_table(GAME, seats=2)
                token = (await ada.sit(table.table_id, 0)).token
                await bram.sit(table.table_id, 1)
            await bram.wait_for(lambda: seat_state(bram, 0).connected is False)
            async with client("Somebody", token=token) as back:
                assert back.name == "Ada" and back.seat == 0
                await bram.wait_for(lambda: seat_state(bram, 0).connected is True)


async def test_reconnecting_while_still_connected_replaces_the_old_connection(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(5):
        async with client("Ada") as old, client("Bram") as bram:
            table = await old.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            token = (await old.sit(tid, 0)).token
            await bram.sit(tid, 1)
            await old.start(tid)
            await old.say("from the old connection")
            await bram.wait_for(lambda: bram.chat)

            async with client("Ada", token=token) as new:
                await old.wait_for(lambda: old.closed)
                assert old.close_reason is not None
                assert old.close_reason.code == ErrorCode.REPLACED and old.close_reason.fatal
                assert new.seat == 0 and new.table is not None and new.table.table_id == tid
                assert [line.text for line in new.chat] == ["from the old connection"]
                running = server.lobby.tables[tid]
                assert running.seats[0].member is not None
                assert running.seats[0].member is server.lobby.clients["Ada"]
                await bram.wait_for(lambda: seat_state(bram, 0).connected is True)
                assert seat_state(bram, 0).name == "Ada"

                # The new connection plays the seat.
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(play_first_legal, new)
                    nursery.start_soon(play_first_legal, bram)
                assert new.view is not None and new.view["result"] is not None


async def test_a_wrong_token_is_refused_but_the_connection_stays(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada:
            table = await ada.create_table(GAME, seats=2)
            await ada.sit(table.table_id, 0)
            async with client("Bram", token="not-a-real-token") as bram:
                assert bad_token_errors(bram) == [ErrorCode.BAD_TOKEN]
                assert bram.table is None and bram.seat is None and bram.token is None
                assert bram.name == "Bram"
                await bram.sit(table.table_id, 1)  # an ordinary client otherwise
                assert bram.seat == 1


async def test_a_bot_covers_an_away_player_until_they_return(
    client: Connect, server: RunningServer
) -> None:
    settings = {"away_bot_after": 0.2, "bot_delay": 0.02}
    with trio.fail_after(10):
        async with client("Bram") as bram:
            async with client("Ada") as ada:
                table = await ada.create_table(
                    GAME, seats=2, options={"decks": 2}, settings=settings
                )
                tid = table.table_id
                token = (await ada.sit(tid, 0)).token
                await ada.add_bot(tid, 1)
                await bram.spectate(tid)
                await ada.start(tid)
                await ada.wait_for(lambda: ada.legal)
                running: Table = server.lobby.tables[tid]
                dropped_at = len(running.actions)

            await bram.wait_for(lambda: seat_state(bram, 0).connected is False)
            await bram.wait_for(lambda: seat_state(bram, 0).covered is True)
            assert seat_state(bram, 0).kind == "player"
            assert (running.seats[0].away, running.seats[0].covered) == (True, True)
            # The bot plays Ada's turns while she is away, and the game goes on.
            await bram.wait_for(
                lambda: (
                    any(seat == 0 for seat, _ in running.actions[dropped_at:])
                    and len(running.actions) > dropped_at + 2
                )
            )
            assert running.game is not None and not running.game.over

            async with client("Ada", token=token) as ada:
                assert ada.seat == 0
                assert seat_state(ada, 0).covered is False
                assert seat_state(ada, 0).connected is True
                assert (running.seats[0].away, running.seats[0].covered) == (False, False)
                await bram.wait_for(lambda: seat_state(bram, 0).covered is False)
                # The seat is hers again: she acts, and the bot no longer does.
                for _ in range(3):
                    await ada.wait_for(lambda: ada.legal)
                    before = len(running.actions)
                    await trio.sleep(0.1)  # several bot delays: no bot acts for her
                    assert len(running.actions) == before and running.game.actors == (0,)
                    await ada.act(ada.legal[0])
                    assert running.actions[before][0] == 0


async def test_without_away_bot_after_a_seat_is_never_covered(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(5):
        async with client("Bram") as bram:
            async with client("Ada") as ada:
                table = await ada.create_table(
                    GAME, seats=2, options={"decks": 1}, settings={"away_bot_after": None}
                )
                tid = table.table_id
                await ada.sit(tid, 0)
                await ada.add_bot(tid, 1)
                await bram.spectate(tid)
                await ada.start(tid)
                await ada.wait_for(lambda: ada.legal)
            await bram.wait_for(lambda: seat_state(bram, 0).connected is False)
            await trio.sleep(0.3)  # with the policy off the game waits for her, however long
            assert seat_state(bram, 0).covered is False
            assert not server.lobby.tables[tid].seats[0].covered


async def test_leaving_a_table_invalidates_the_token(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            before_start = (await ada.sit(tid, 0)).token
            await ada.leave()
            during_game = (await ada.sit(tid, 0)).token
            await bram.sit(tid, 1)
            await ada.start(tid)
            await ada.leave()  # mid-game: a bot takes the seat
            await bram.wait_for(lambda: seat_state(bram, 0).kind == "bot")

            for token in (before_start, during_game):
                async with client("Ada again", token=token) as again:
                    assert bad_token_errors(again) == [ErrorCode.BAD_TOKEN]
                    assert again.table is None and again.name == "Ada again"
            assert seat_state(bram, 0).kind == "bot"
