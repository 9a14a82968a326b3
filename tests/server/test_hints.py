"""Hints through a real server: a seated player at an unrated table asks what the search bot
would play in their place and is sent a legal action and words, without it being played; a
rated table never offers hints, a creator may turn them off, one hint at a time per seat, and
only a player on their turn may ask."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
import trio

from cardtable.client.session import ClientSession, RequestFailed
from cardtable.engine import new_game
from cardtable.protocol import ErrorCode
from cardtable.server.bots.hints import HintSearch
from tests.server.conftest import Connect

GAME, OPTIONS = "chinese-ten", {"decks": 1}
UNRATED = {"rated": False, "bot_delay": 0}


async def dealt(ada: ClientSession, settings: Mapping[str, object]) -> int:
    """A Chinese Ten table with Ada against a bot, dealt; its id, once it is Ada's turn."""
    table = await ada.create_table(GAME, 2, OPTIONS, settings)
    tid = int(table.table_id)
    await ada.sit(tid, 0)
    await ada.add_bot(tid, 1, "random")
    await ada.start(tid)
    await ada.wait_for(lambda: bool(ada.legal))
    return tid


async def refused(session: ClientSession, code: ErrorCode) -> str:
    with pytest.raises(RequestFailed) as failure:
        await session.hint()
    assert failure.value.code == code, failure.value.message
    return failure.value.message


async def test_a_hint_at_an_unrated_table_is_a_legal_action_in_words_and_not_played(
    client: Connect,
) -> None:
    with trio.fail_after(30):  # (a generous bound: the first hint starts the worker pool)
        async with client("Ada") as ada:
            tid = await dealt(ada, UNRATED)
            assert ada.table is not None and ada.table.settings.hints
            view, seq = ada.view, ada.seq
            await ada.hint()
            await ada.wait_for(lambda: ada.suggestion is not None)
            suggestion = ada.suggestion
            assert suggestion is not None and suggestion.table_id == tid
            assert suggestion.action in ada.legal
            assert "Ada" in suggestion.words and len(suggestion.words) > 20
            # Nothing was played: it is still Ada's turn, at the same step.
            assert ada.view == view and ada.seq == seq


async def test_a_rated_table_never_offers_hints_and_a_creator_may_turn_them_off(
    client: Connect,
) -> None:
    with trio.fail_after(20):
        async with client("Ada") as ada, client("Bram") as bram:
            rated = await ada.create_table(GAME, 2, OPTIONS)
            assert rated.settings.rated and not rated.settings.hints
            with pytest.raises(RequestFailed) as failure:
                await ada.configure(int(rated.table_id), hints=True)
            assert failure.value.code == ErrorCode.BAD_OPTIONS
            assert "rated table never offers hints" in failure.value.message
            with pytest.raises(RequestFailed) as failure:
                await ada.create_table(GAME, 2, OPTIONS, {"hints": True})
            assert failure.value.code == ErrorCode.BAD_OPTIONS
            await ada.sit(int(rated.table_id), 0)
            await ada.add_bot(int(rated.table_id), 1, "random")
            await ada.start(int(rated.table_id))
            await ada.wait_for(lambda: bool(ada.legal))
            assert "rated" in await refused(ada, ErrorCode.NO_HINTS)
            await ada.leave()
            tid = await dealt(ada, {**UNRATED, "hints": False})
            assert "turned off" in await refused(ada, ErrorCode.NO_HINTS)
            # A spectator is no player: it may not ask either.
            await bram.spectate(tid)
            with pytest.raises(RequestFailed) as failure:
                await bram.hint()
            assert failure.value.code == ErrorCode.NOT_SEATED


async def test_one_hint_at_a_time_and_only_on_your_turn(client: Connect) -> None:
    with trio.fail_after(30):
        async with client("Ada") as ada:
            await dealt(ada, {**UNRATED, "bot_delay": 5})
            await ada.hint()
            assert "being thought" in await refused(ada, ErrorCode.HINT_PENDING)
            await ada.wait_for(lambda: ada.suggestion is not None)
            suggestion = ada.suggestion
            assert suggestion is not None and suggestion.action in ada.legal
            # Played (and a flipped card placed): it is the bot's turn (for 5 s), and Ada has
            # nothing to ask about.
            while ada.legal:
                await ada.act(ada.legal[0])
            assert "your turn" in await refused(ada, ErrorCode.NOT_YOUR_TURN)


def test_a_hint_names_the_move_as_the_log_does_and_never_a_card_nobody_knows_yet() -> None:
    """The words are the move's event as everyone reads it (Queen of Scots' draw names how
    many cards are left, which everyone knows); a draw whose event names the card drawn
    (Thistle's, to the table) would name a card of one deal of the unseen cards, so it is
    named by its kind."""
    names = ["Ada", "Bram"]
    for game, words in [
        ("queen-of-scots", "Bram draws from the stock (66 left): it is the only move."),
        ("thistle", "Draw: it is the only move."),
    ]:
        dealt = new_game(game, 2, {}, seed=4)
        seat = dealt.actors[0]
        search = HintSearch.of(game, dealt, dealt.opening_events, seat, names, 1, rollouts=4)
        assert search.run().words == words
