"""What a real server sends decodes into the very records it built: its games and limits, a
table's summary (in the lobby and at the table), the clock, a chat line and a history entry."""

from __future__ import annotations

import trio

from cardtable.engine import all_games
from cardtable.protocol import (
    ChatLine,
    ChatLinePush,
    ClockMode,
    ClockState,
    GameInfo,
    Message,
    SeatKind,
    TableStatus,
    Update,
)
from cardtable.server.app import RunningServer
from tests.server.conftest import Connect
from tests.server.players import game_over, play_first_legal

GAME = "chinese-ten"


async def test_a_server_sends_its_own_records(client: Connect, server: RunningServer) -> None:
    heard: list[Message] = []
    async with client("Ada") as ada, client("Bram") as bram:
        ada.on_message(heard.append)
        assert ada.welcome is not None
        assert ada.welcome.games == tuple(GameInfo.of(spec) for spec in all_games())
        assert ada.welcome.limits == server.lobby.config.limits()
        with trio.fail_after(20):
            created = await ada.create_table(
                GAME, 2, {"decks": 1}, {"clock": {"mode": "move", "move": 30}}
            )
            table = server.lobby.tables[created.table_id]
            assert created == table.summary()
            assert (created.status, created.game_no) == (TableStatus.WAITING, 0)
            assert created.settings.clock.mode is ClockMode.MOVE
            await ada.sit(created.table_id, 0)
            joined = await bram.sit(created.table_id, 1)
            assert joined.table == table.summary(members=True)
            assert [seat.kind for seat in joined.table.seats] == [SeatKind.PLAYER] * 2
            assert (await bram.list_tables()) == (table.summary(),)
            await ada.start(created.table_id)
            await bram.say("good luck", to=0)
            await ada.wait_for(lambda: bool(ada.chat))
            (line,) = ada.chat
            assert line == ChatLine(1, line.time, "Bram", 1, "Ada", 0, "good luck")
            async with trio.open_nursery() as nursery:
                nursery.start_soon(play_first_legal, ada)
                nursery.start_soon(play_first_legal, bram)
            await game_over(ada, 1)
        clocks = [message.clock for message in heard if isinstance(message, Update)]
        assert clocks and all(isinstance(clock, ClockState) for clock in clocks)
        assert [message.line for message in heard if isinstance(message, ChatLinePush)] == [line]
        await server.lobby.journal.flush()
        history = await ada.history()
        (entry,) = history.games
        assert (entry.table_id, entry.game_no, entry.game_kind) == (created.table_id, 1, GAME)
        assert entry.players == ("Ada", "Bram") and entry.result == table.game.result
        page = await ada.replay(entry.game_id, seat=0, count=2)
        assert page.entry == entry
