"""The lobby over real TCP: listing and watching tables, creating them, sitting, leaving,
spectating, bots, starting, configuring, and the errors each request can give."""

from __future__ import annotations

from typing import Any

import pytest
import trio

from cardtable.client.session import RequestFailed
from cardtable.protocol import ErrorCode, Message, TableChanged, TableRemoved, TableSummary
from cardtable.server.app import RunningServer
from cardtable.wire.codec import to_wire
from tests.server.conftest import Connect, server_config
from tests.server.players import play_first_legal

GAME = "chinese-ten"
#: A table's turn clock as it is unless set: off.
CLOCK_OFF = {"mode": "off", "move": 60.0, "bank": 10.0, "increment": 5.0, "timeout": "bot_move"}


def kinds(table: TableSummary) -> list[str]:
    return [seat.kind for seat in table.seats]


async def refused(code: ErrorCode, request: Any) -> str:
    """Await `request`, which must fail with `code`; return the server's message."""
    with pytest.raises(RequestFailed) as caught:
        await request
    assert caught.value.code == code, caught.value
    return caught.value.message


# -- listing and watching -----------------------------------------------------------------------


async def test_list_tables_shows_options_with_defaults_seats_and_status(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            assert await bram.list_tables() == ()
            table = await ada.create_table(GAME, seats=3, options={"decks": 1})
            assert table.options == {"decks": 1, "rounds": 1, "strict": False}
            await ada.sit(table.table_id, 1)
            await ada.add_bot(table.table_id, 2, "random")

            [listed] = await bram.list_tables()
            assert listed.table_id == table.table_id
            assert listed.game_kind == GAME
            assert listed.title == "Chinese Ten"
            assert listed.options == {"decks": 1, "rounds": 1, "strict": False}
            assert listed.creator == "Ada"
            assert listed.status == "waiting"
            assert listed.game_no == 0
            assert listed.spectators == 0
            assert listed.result is None
            assert to_wire(listed.settings) == {
                "table_chat": True,
                "private_chat": True,
                "partner_chat": False,
                "bot_delay": 0.0,
                "bot_think": 0.5,
                "away_bot_after": 60.0,
                "clock": CLOCK_OFF,
                "take_back": True,
                "rated": True,
                "hints": False,
            }
            seats = [
                (seat.seat, seat.kind, seat.name, seat.connected, seat.bot) for seat in listed.seats
            ]
            assert seats == [
                (0, "empty", None, False, None),
                (1, "player", "Ada", True, None),
                (2, "bot", "Cleo (bot)", True, "random"),
            ]

            second = await bram.create_table(GAME, seats=2)
            assert second.options == {"decks": 2, "rounds": 1, "strict": False}
            listed_ids = [summary.table_id for summary in await ada.list_tables()]
            assert listed_ids == [table.table_id, second.table_id]


async def test_a_lobby_watcher_sees_each_change_live(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Cleo") as cleo, client("Bram") as bram:
            seen: list[Message] = []
            cleo.on_message(seen.append)
            await cleo.list_tables(watch=True)

            async with client("Ada") as ada:
                table = await ada.create_table(GAME, seats=2, options={"decks": 1})
                tid = table.table_id
                await cleo.wait_for(lambda: tid in cleo.tables)
                assert kinds(cleo.tables[tid]) == ["empty", "empty"]

                await ada.sit(tid, 0)
                await cleo.wait_for(lambda: kinds(cleo.tables[tid]) == ["player", "empty"])
                await bram.sit(tid, 1)
                await cleo.wait_for(lambda: kinds(cleo.tables[tid]) == ["player", "player"])
                assert cleo.tables[tid].seats[1].name == "Bram"
                await bram.leave()
                await cleo.wait_for(lambda: kinds(cleo.tables[tid]) == ["player", "empty"])
                await ada.add_bot(tid, 1)
                await cleo.wait_for(lambda: kinds(cleo.tables[tid]) == ["player", "bot"])
                await ada.start(tid)
                await cleo.wait_for(lambda: cleo.tables[tid].status == "playing")
                assert cleo.tables[tid].game_no == 1

                # The last person leaves a game in play: its bots play it to the end, and the
                # finished table stays while its creator is in the lobby.
                await ada.leave()
                await cleo.wait_for(lambda: cleo.tables[tid].status == "finished")
                assert kinds(cleo.tables[tid]) == ["bot", "bot"]
            # The creator has gone too: nothing keeps the table.
            await cleo.wait_for(lambda: tid not in cleo.tables)
            assert any(isinstance(m, TableRemoved) and m.table_id == tid for m in seen)
            about = [m for m in seen if isinstance(m, TableChanged | TableRemoved)]
            # created, sat, sat, left, bot, started, left, finished; then removed, nothing after
            assert len(about) >= 9
            assert about[-1] == TableRemoved(table_id=tid)
            assert await cleo.list_tables() == ()


async def test_a_watcher_who_sits_down_hears_of_it_once(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            seen: list[Message] = []
            ada.on_message(seen.append)
            await ada.list_tables(watch=True)
            tid = (await ada.create_table(GAME, seats=2)).table_id
            await ada.sit(tid, 0)
            await ada.ping()  # anything still on its way has arrived
            changes = [m for m in seen if isinstance(m, TableChanged)]
            assert [kinds(m.table) for m in changes] == [["empty", "empty"], ["player", "empty"]]


async def test_a_table_whose_creator_goes_away_unseated_is_removed(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Cleo") as cleo:
            await cleo.list_tables(watch=True)
            async with client("Ada") as ada:
                table = await ada.create_table(GAME, seats=2)
                await cleo.wait_for(lambda: table.table_id in cleo.tables)
                # While its creator is in the lobby an empty table stays.
                await ada.sit(table.table_id, 0)
                await ada.leave()
                assert [t.table_id for t in await cleo.list_tables(watch=True)] == [table.table_id]
            await cleo.wait_for(lambda: table.table_id not in cleo.tables)
            assert await cleo.list_tables() == ()


async def test_without_watch_no_live_changes_arrive(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Cleo") as cleo, client("Ada") as ada:
            seen: list[Message] = []
            cleo.on_message(seen.append)
            await cleo.list_tables()
            table = await ada.create_table(GAME, seats=2)
            await ada.sit(table.table_id, 0)
            await cleo.ping()  # replies are in order: anything sent before this has arrived
            assert [m for m in seen if isinstance(m, TableChanged | TableRemoved)] == []


# -- creating tables ----------------------------------------------------------------------------


async def test_create_table_refuses_bad_games_options_seats_and_settings(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada:
            message = await refused(ErrorCode.BAD_OPTIONS, ada.create_table("whist", seats=4))
            assert "whist" in message and GAME in message

            message = await refused(
                ErrorCode.BAD_OPTIONS, ada.create_table(GAME, seats=2, options={"decks": 3})
            )
            assert message == "Option 'decks' must be one of 1, 2, not 3."
            message = await refused(
                ErrorCode.BAD_OPTIONS, ada.create_table(GAME, seats=2, options={"rounds": 11})
            )
            assert message == "Option 'rounds' must be at most 10."
            message = await refused(
                ErrorCode.BAD_OPTIONS, ada.create_table(GAME, seats=2, options={"jokers": True})
            )
            assert "'jokers'" in message and "decks" in message and "rounds" in message

            for seats in (1, 5):
                message = await refused(ErrorCode.BAD_OPTIONS, ada.create_table(GAME, seats=seats))
                assert message == f"Chinese Ten is for 2–4 players, not {seats}."

            message = await refused(
                ErrorCode.BAD_OPTIONS,
                ada.create_table(GAME, seats=2, settings={"table_chat": "yes"}),
            )
            assert "table_chat" in message
            message = await refused(
                ErrorCode.BAD_OPTIONS,
                ada.create_table(GAME, seats=2, settings={"away_bot_after": -1}),
            )
            assert "away_bot_after" in message
            message = await refused(
                ErrorCode.BAD_OPTIONS, ada.create_table(GAME, seats=2, settings={"music": True})
            )
            assert "'music'" in message

            assert await ada.list_tables() == ()  # no refused request left a table behind


@pytest.mark.parametrize("config", [server_config(max_tables_per_client=2)])
async def test_one_player_may_open_only_so_many_tables(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            await ada.create_table(GAME, seats=2)
            await ada.create_table(GAME, seats=3)
            await refused(ErrorCode.TOO_MANY_TABLES, ada.create_table(GAME, seats=2))
            await bram.create_table(GAME, seats=2)  # the limit is per player
            assert len(await ada.list_tables()) == 3


# -- sitting and leaving ------------------------------------------------------------------------


async def test_sit_refuses_taken_missing_seats_and_tables_and_a_second_table(
    client: Connect,
) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2)
            other = await ada.create_table(GAME, seats=2)
            tid = table.table_id
            joined = await ada.sit(tid, 0)
            assert joined.seat == 0 and joined.view is None
            assert ada.table is not None and ada.table.table_id == tid and ada.seat == 0

            message = await refused(ErrorCode.SEAT_TAKEN, bram.sit(tid, 0))
            assert "Ada" in message
            await refused(ErrorCode.NO_SUCH_TABLE, bram.sit(999, 0))
            message = await refused(ErrorCode.NO_SUCH_SEAT, bram.sit(tid, 2))
            assert "seats 1 to 2; there is no seat 3" in message

            await refused(ErrorCode.ALREADY_AT_TABLE, ada.sit(tid, 1))
            await refused(ErrorCode.ALREADY_AT_TABLE, ada.sit(other.table_id, 0))
            await refused(ErrorCode.ALREADY_AT_TABLE, ada.spectate(other.table_id))
            assert bram.table is None  # refusals leave nobody half-seated
            await bram.sit(tid, 1)
            assert bram.table is not None and kinds(bram.table) == ["player", "player"]


async def test_leaving_before_the_start_empties_the_seat(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            await refused(ErrorCode.NOT_AT_TABLE, bram.leave())
            table = await ada.create_table(GAME, seats=2)
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)
            await bram.leave()
            assert bram.table is None and bram.seat is None and bram.token is None
            await ada.wait_for(lambda: ada.table and kinds(ada.table) == ["player", "empty"])
            assert ada.table is not None and ada.table.seats[1].name is None
            await refused(ErrorCode.NOT_AT_TABLE, bram.leave())
            await bram.sit(table.table_id, 1)  # the seat is free for anyone, Bram again included


async def test_leaving_a_game_hands_the_seat_to_a_bot_and_play_goes_on(
    client: Connect, server: RunningServer
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Tess") as tess:
            table = await ada.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            await tess.sit(tid, 1)
            await ada.start(tid)
            await tess.wait_for(lambda: tess.view is not None)
            await tess.leave()
            await ada.wait_for(lambda: ada.table and kinds(ada.table) == ["player", "bot"])
            assert ada.table is not None and ada.table.status == "playing"
            # Named after whom it plays on for, not as the seat's own bot ("Bram (bot)").
            assert [seat.name for seat in ada.table.seats] == ["Ada", "Tess (bot)"]
            await play_first_legal(ada)
            assert ada.view is not None and ada.view["result"] is not None
            await ada.wait_for(lambda: ada.table and ada.table.status == "finished")
            game = server.lobby.tables[tid].game
            assert game is not None and game.over


async def test_the_bot_for_a_player_who_left_is_named_after_its_seat_if_that_name_is_taken(
    client: Connect,
) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=3, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)  # "Bram (bot)", the second seat's bot
            await bram.sit(tid, 2)
            await ada.start(tid)
            await bram.wait_for(lambda: bram.view is not None)
            await bram.leave()
            await ada.wait_for(lambda: ada.table and kinds(ada.table) == ["player", "bot", "bot"])
            assert ada.table is not None
            names = [seat.name for seat in ada.table.seats]
            assert names == ["Ada", "Bram (bot)", "Cleo (bot)"]


async def test_spectators_follow_the_public_game(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)
            await ada.start(tid)
            await ada.wait_for(lambda: ada.legal)  # the bot played first; Ada's turn now

            joined = await bram.spectate(tid)
            assert joined.seat is None and joined.token is None
            assert bram.seat is None and bram.token is None
            game = server.lobby.tables[tid].game
            assert game is not None
            assert bram.view == game.view(None)
            assert bram.view is not None and bram.view["legal"] == []
            assert "hand" not in bram.log[0]  # the deal, without anyone's hand
            assert "hand" in ada.log[0]
            await ada.wait_for(lambda: ada.table and ada.table.spectators == 1)

            await refused(ErrorCode.NOT_SEATED, bram.act({"kind": "deal"}))
            await ada.act(ada.legal[0])
            await ada.wait_for(lambda: ada.legal)  # Ada's turn again: the game waits for her
            actions = len(server.lobby.tables[tid].actions)
            await bram.wait_for(lambda: bram.seq == actions)
            assert bram.view == game.view(None)

            await bram.leave()
            await ada.wait_for(lambda: ada.table and ada.table.spectators == 0)
            assert kinds(ada.table) if ada.table else [] == ["player", "bot"]


# -- bots, starting, configuring ----------------------------------------------------------------


async def test_adding_and_removing_bots(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            table = await ada.create_table(GAME, seats=3, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            message = await refused(ErrorCode.NO_SUCH_BOT, ada.add_bot(tid, 1, "genius"))
            assert (
                message == "There is no 'genius' bot; the levels are: random, easy, normal, hard."
            )
            await refused(ErrorCode.SEAT_TAKEN, ada.add_bot(tid, 0))
            await refused(ErrorCode.NO_SUCH_SEAT, ada.add_bot(tid, 3))
            await refused(ErrorCode.NO_SUCH_TABLE, ada.add_bot(77, 1))
            await ada.add_bot(tid, 1)  # the game's default bot
            await ada.add_bot(tid, 2, "random")
            await ada.wait_for(lambda: ada.table and kinds(ada.table) == ["player", "bot", "bot"])
            assert ada.table is not None
            assert [seat.bot for seat in ada.table.seats] == [None, "normal", "random"]
            await refused(ErrorCode.SEAT_TAKEN, ada.add_bot(tid, 1))

            await refused(ErrorCode.NO_SUCH_BOT, ada.remove_bot(tid, 0))  # a player, not a bot
            await ada.remove_bot(tid, 2)
            await ada.wait_for(lambda: ada.table and kinds(ada.table) == ["player", "bot", "empty"])
            await refused(ErrorCode.NO_SUCH_BOT, ada.remove_bot(tid, 2))
            await ada.add_bot(tid, 2)

            await ada.start(tid)
            await refused(ErrorCode.GAME_IN_PROGRESS, ada.remove_bot(tid, 1))  # not during a game
            assert ada.table is not None and kinds(ada.table) == ["player", "bot", "bot"]


async def test_bots_are_added_by_level_or_by_their_older_kind_names(client: Connect) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            table = await ada.create_table("trupe", seats=4)
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1, "easy")
            await ada.add_bot(tid, 2, "hard")
            await ada.add_bot(tid, 3, "search")  # an older kind name: the same hard bot
            await ada.wait_for(lambda: ada.table and "empty" not in kinds(ada.table))
            assert ada.table is not None
            assert [seat.bot for seat in ada.table.seats] == [None, "easy", "hard", "hard"]
            await ada.remove_bot(tid, 3)
            await ada.wait_for(lambda: ada.table and "empty" in kinds(ada.table))
            await ada.add_bot(tid, 3, "heuristic")
            await ada.wait_for(lambda: ada.table and ada.table.seats[3].bot == "normal")


async def test_a_table_starts_only_with_every_seat_filled(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=3, options={"decks": 1})
            tid = table.table_id
            message = await refused(ErrorCode.TABLE_NOT_READY, ada.start(tid))
            assert "Seat 1 is empty" in message
            await ada.sit(tid, 0)
            await bram.sit(tid, 2)
            message = await refused(ErrorCode.TABLE_NOT_READY, ada.start(tid))
            assert "Seat 2 is empty" in message
            assert ada.table is not None and ada.table.status == "waiting"
            await refused(ErrorCode.NO_SUCH_TABLE, ada.start(tid + 1))
            await ada.add_bot(tid, 1)
            await bram.start(tid)  # any seated player may start
            await ada.wait_for(lambda: ada.table and ada.table.status == "playing")
            await refused(ErrorCode.GAME_IN_PROGRESS, ada.start(tid))  # it has already started


async def test_only_the_creator_or_players_run_a_table(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram, client("Cleo") as cleo:
            table = await ada.create_table(GAME, seats=3, options={"decks": 1})
            tid = table.table_id
            # Cleo neither opened the table nor sits at it.
            await refused(ErrorCode.NOT_CREATOR, cleo.add_bot(tid, 0))
            await refused(ErrorCode.NOT_CREATOR, cleo.start(tid))
            await ada.add_bot(tid, 2)  # the creator may, seated or not
            await refused(ErrorCode.NOT_CREATOR, cleo.remove_bot(tid, 2))
            await cleo.spectate(tid)
            await refused(ErrorCode.NOT_CREATOR, cleo.add_bot(tid, 0))  # watching is not enough
            # Bram sits: now he may add bots and start, but not change the settings.
            await bram.sit(tid, 0)
            await bram.add_bot(tid, 1)
            await bram.remove_bot(tid, 1)
            await bram.add_bot(tid, 1, "random")
            await refused(ErrorCode.NOT_CREATOR, bram.configure(tid, table_chat=False))
            await refused(ErrorCode.NOT_CREATOR, cleo.configure(tid, table_chat=False))
            assert bram.table is not None and bram.table.settings.table_chat is True
            await bram.start(tid)
            await cleo.wait_for(lambda: cleo.table and cleo.table.status == "playing")


async def test_configure_changes_settings_for_the_creator_only(client: Connect) -> None:
    with trio.fail_after(5):
        async with client("Ada") as ada, client("Bram") as bram:
            table = await ada.create_table(GAME, seats=2, settings={"private_chat": False})
            tid = table.table_id
            assert table.settings.private_chat is False
            await bram.sit(tid, 1)
            await ada.configure(tid, table_chat=False, away_bot_after=30)
            await bram.wait_for(lambda: bram.table and not bram.table.settings.table_chat)
            assert bram.table is not None
            assert to_wire(bram.table.settings) == {
                "table_chat": False,
                "private_chat": False,
                "partner_chat": False,
                "bot_delay": 0.0,
                "bot_think": 0.5,
                "away_bot_after": 30.0,
                "clock": CLOCK_OFF,
                "take_back": True,
                "rated": True,
                "hints": False,
            }
            await refused(ErrorCode.NOT_CREATOR, bram.configure(tid, table_chat=True))
            await refused(ErrorCode.BAD_OPTIONS, ada.configure(tid, bot_delay="fast"))
            await refused(ErrorCode.BAD_OPTIONS, ada.configure(tid, bot_delay=4000))
            await refused(ErrorCode.BAD_OPTIONS, ada.configure(tid, volume=3))
            await refused(ErrorCode.NO_SUCH_TABLE, ada.configure(tid + 5, table_chat=True))
            await ada.configure(tid, away_bot_after=None)
            tables = {summary.table_id: summary for summary in await ada.list_tables()}
            assert tables[tid].settings.away_bot_after is None
            assert tables[tid].settings.table_chat is False  # refusals changed nothing


async def test_the_next_game_starts_after_one_ends(client: Connect, server: RunningServer) -> None:
    with trio.fail_after(10):
        async with client("Ada") as ada:
            table = await ada.create_table(GAME, seats=2, options={"decks": 1})
            tid = table.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1)
            await ada.start(tid)
            await play_first_legal(ada)
            await ada.wait_for(lambda: ada.table and ada.table.status == "finished")
            assert ada.table is not None and ada.table.result is not None
            assert ada.game_no == 1 and ada.log[-1]["kind"] == "game_end"

            await ada.start(tid)
            await ada.wait_for(lambda: ada.game_no == 2 and ada.view and not ada.view["result"])
            await ada.wait_for(lambda: ada.table and ada.table.status == "playing")
            assert ada.table is not None and ada.table.game_no == 2
            assert ada.table.result is None
            assert ada.view is not None and ada.view["dealer"] == 1  # the deal moved left
            assert ada.log[0]["kind"] == "deal" and "game_end" not in [e["kind"] for e in ada.log]
            running = server.lobby.tables[tid]
            assert running.game_no == 2 and running.game is not None and not running.game.over
            await play_first_legal(ada)
            await ada.wait_for(lambda: ada.table and ada.table.status == "finished")


async def test_a_removed_tables_bots_stop_at_once(client: Connect, server: RunningServer) -> None:
    """A bot waiting out its delay when its table is removed must not act on the dead table (if
    that action ended the game, lobby watchers would be sent the removed table back)."""
    with trio.fail_after(5):
        async with client("Ada") as ada:
            settings = {"bot_delay": 0.1}
            table = await ada.create_table(GAME, seats=2, options={"decks": 1}, settings=settings)
            tid = table.table_id
            await ada.add_bot(tid, 0)
            await ada.add_bot(tid, 1)
            await ada.spectate(tid)
            await ada.start(tid)
            running = server.lobby.tables[tid]
            await ada.wait_for(lambda: ada.seq >= 1)  # a bot acted; the next one is waiting
            await ada.leave()
            server.lobby.remove_table(running)  # as `cardtable play` closes another game
            assert tid not in server.lobby.tables and running.closed
            actions = len(running.actions)
            await trio.sleep(0.3)
            assert len(running.actions) == actions
