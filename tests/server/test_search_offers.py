"""A Nobility search bot's offer of its own at a real server: it reaches the player it is made
to as an offer, and the bot plays on with its turn while the offer waits for an answer."""

from __future__ import annotations

from typing import Any

import trio

from cardtable.engine.nobility.rules import Nobility
from cardtable.server.app import RunningServer
from tests.nobility.position import arrange, cid
from tests.server.conftest import Connect

#: Bots wait this long before acting, so that the test sets the position first.
DELAY = 0.5


def offers_in(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [event["offer"] for event in log if event["kind"] == "offer"]


async def test_a_search_bot_s_offer_reaches_the_player_and_play_goes_on(
    server: RunningServer, client: Connect
) -> None:
    with trio.fail_after(60):
        async with client("Ada") as ada:
            settings = {"bot_think": 1.0, "bot_delay": DELAY}
            created = await ada.create_table("nobility", 3, {"rubbers": 1}, settings=settings)
            tid = created.table_id
            await ada.sit(tid, 0)
            await ada.add_bot(tid, 1, "search")
            await ada.add_bot(tid, 2)
            await ada.start(tid)
            table = server.lobby.tables[tid]
            game = table.game
            assert isinstance(game, Nobility) and not table.actions
            # Ada discards to end her turn; she owns five hearts that two nobles defend, and
            # the search bot after her has money to buy them with.
            arrange(
                game,
                ["2C 9S QD 4D", "2S 3D 5C", "7C 8D 10S"],
                [(0, "4H 5H 6H 7H 8H", "KH JH")],
                money=(0, 60, 0),
                turn=0,
                phase="discard",
                turns=4,
            )
            await ada.act({"kind": "discard", "cid": cid("4D")})
            await ada.wait_for(lambda: offers_in(ada.log))
            [offer] = offers_in(ada.log)
            assert (offer["from"], offer["to"], offer["get_melds"]) == (1, 0, [1])
            assert 0 < offer["give_money"] <= 60
            assert ada.view is not None and ada.view["table"]["offers"] == [offer]
            # The bot goes on with its turn while the offer waits for Ada.
            made = next(
                i for i, (_, action) in enumerate(table.actions) if action["kind"] == "offer"
            )
            await ada.wait_for(lambda: len(table.actions) > made + 1)
            seat, action = table.actions[made + 1]
            assert seat == 1 and action["kind"] in ("draw", "take")
            await ada.act({"kind": "decline", "deal": offer["deal"]})
            await ada.wait_for(lambda: any(e["kind"] == "offer_closed" for e in ada.log))
            assert not game.offers and game.melds[1].owner == 0
            # and play goes on to Ada's next turn, with no offer made again meanwhile
            await ada.wait_for(lambda: game.turn == 0 and bool(ada.legal))
            assert len(offers_in(ada.log)) == 1
