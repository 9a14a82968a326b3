"""Ways for a test's clients to play their seats."""

from __future__ import annotations

from typing import Any

from cardtable.client.session import ClientSession
from cardtable.engine import Bot, get_game


async def play_first_legal(session: ClientSession) -> None:
    """Act with the first legal action whenever there is one, until the game has a result."""
    while True:
        await session.wait_for(lambda: session.legal or (session.view and session.view["result"]))
        if session.view and session.view["result"]:
            return
        await session.act(session.legal[0])


async def drive(session: ClientSession, bot: Bot[Any], game_no: int) -> None:
    """Play our seat with `bot` until game `game_no` has a result."""

    def ready() -> bool:
        view = session.view
        return (
            session.game_no == game_no
            and view is not None
            and (bool(view["legal"]) or view["result"] is not None)
        )

    while True:
        await session.wait_for(ready)
        assert session.view is not None
        if session.view["result"] is not None:
            return
        seen = get_game(session.view["game"]).types.view_from_wire(session.view)
        await session.act(bot.choose(seen, seen.legal))


async def game_over(session: ClientSession, game_no: int) -> None:
    """Wait until game `game_no` has a result."""
    await session.wait_for(
        lambda: (
            session.game_no == game_no
            and session.view is not None
            and session.view["result"] is not None
        )
    )


async def finish_a_game(session: ClientSession) -> None:
    """Sit `session` at a new two-seat table against a bot, deal, concede, and leave."""
    table = await session.create_table("chinese-ten", seats=2, options={"decks": 1})
    await session.sit(table.table_id, 0)
    await session.add_bot(table.table_id, 1)
    await session.start(table.table_id)
    await session.wait_for(lambda: session.view is not None)
    await session.concede()
    await session.wait_for(lambda: session.view is not None and session.view["result"])
    await session.leave()
