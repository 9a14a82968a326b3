"""Ratings over TCP with real SQLite files: every finished game at a rated table changes the
ratings of those who held its seats (people with keys under their claimed names, bots by kind),
two players, partnerships and three alike, the conceder last; an unrated table, a player
without a key and a take-back at a rated table change nothing; ratings survive a restart, are
shown beside each seated player, make up a player's record, and rebuild to the same numbers."""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import trio

from cardtable.cli import main
from cardtable.client.handshake import connect
from cardtable.client.session import ClientSession, RequestFailed
from cardtable.protocol import ErrorCode, SeatRating
from cardtable.server.app import RunningServer
from cardtable.server.ratings.outcome import RatingChange
from cardtable.server.ratings.rebuild import recompute
from cardtable.server.ratings.skill import NEW_SKILL, Skill, updated
from cardtable.server.storage.ratings import read_changes
from tests.server.conftest import HOST, served, server_config


def new_key() -> str:
    return secrets.token_hex(32)


@asynccontextmanager
async def players(
    port: int, names: Sequence[str], keyless: Sequence[str] = ()
) -> AsyncIterator[list[ClientSession]]:
    """A session for each of `names`, each with a key of its own but those in `keyless`."""
    async with AsyncExitStack() as stack:
        yield [
            await stack.enter_async_context(
                connect(HOST, port, name, key=None if name in keyless else new_key())
            )
            for name in names
        ]


async def seated(
    sessions: Sequence[ClientSession | None],
    game: str,
    options: dict[str, Any],
    *,
    bots: dict[int, str] | None = None,
    settings: dict[str, Any] | None = None,
    opener: ClientSession | None = None,
) -> int:
    """A table of `game` with each session on its seat (None: a bot of the kind `bots` names),
    dealt; returns its id."""
    first = opener or next(session for session in sessions if session is not None)
    table = await first.create_table(game, len(sessions), options, settings)
    tid = int(table.table_id)
    for seat, session in enumerate(sessions):
        if session is not None:
            await session.sit(tid, seat)
    for seat, kind in (bots or {}).items():
        await first.add_bot(tid, seat, kind)
    await first.start(tid)
    for session in sessions:
        if session is not None:
            await session.wait_for(lambda s=session: s.view is not None)
    return tid


async def result_of(session: ClientSession) -> dict[str, Any]:
    await session.wait_for(lambda: session.view is not None and session.view["result"])
    assert session.view is not None
    result: dict[str, Any] = session.view["result"]
    return result


async def stored_changes(running: RunningServer) -> list[RatingChange]:
    """The rating changes in the server's file, once everything recorded is stored."""
    await running.lobby.journal.flush()
    path = running.lobby.journal.store.database.path
    assert path is not None
    connection = sqlite3.connect(path)
    try:
        return read_changes(connection)
    finally:
        connection.close()


def by_player(changes: Sequence[RatingChange]) -> dict[str, RatingChange]:
    return {change.player: change for change in changes}


def expected(teams: Sequence[Sequence[Skill]], ranks: Sequence[int]) -> list[list[Skill]]:
    return updated(teams, ranks)


async def test_a_two_player_game_rates_both_and_the_conceder_ranks_last(tmp_path: Path) -> None:
    with trio.fail_after(20):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            players(running.port, ["Ada", "Bram"]) as (ada, bram),
        ):
            await seated([ada, bram], "chinese-ten", {"decks": 1})
            await ada.concede()
            assert (await result_of(bram))["conceded"] == [0]
            changes = by_player(await stored_changes(running))
    [[ada_after], [bram_after]] = expected([[NEW_SKILL], [NEW_SKILL]], [2, 1])
    assert set(changes) == {"Ada", "Bram"}
    assert (changes["Ada"].rank, changes["Bram"].rank) == (2, 1)
    assert changes["Ada"].before == changes["Bram"].before == NEW_SKILL
    assert changes["Ada"].after == ada_after and changes["Bram"].after == bram_after
    assert bram_after.mu > NEW_SKILL.mu > ada_after.mu
    assert changes["Ada"].game == "chinese-ten"


async def test_bots_are_rated_by_kind_in_a_game_played_to_its_end(tmp_path: Path) -> None:
    with trio.fail_after(60):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            players(running.port, ["Ada"]) as (ada,),
        ):
            tid = await seated(
                [None, None],
                "chinese-ten",
                {"decks": 1},
                bots={0: "random", 1: "greedy"},
                opener=ada,
            )
            await ada.spectate(tid)
            result = await result_of(ada)
            changes = by_player(await stored_changes(running))
    assert "conceded" not in result
    assert set(changes) == {"random bot", "normal bot"}
    winners = set(result["winning_seats"])
    for kind, seat in (("random bot", 0), ("normal bot", 1)):
        assert changes[kind].seats == (seat,)
        assert changes[kind].won == (seat in winners)
    ranks = [changes["random bot"].rank, changes["normal bot"].rank]
    [[random_after], [greedy_after]] = expected([[NEW_SKILL], [NEW_SKILL]], ranks)
    assert (changes["random bot"].after, changes["normal bot"].after) == (
        random_after,
        greedy_after,
    )


async def test_a_partnership_is_rated_as_two_teams_of_two(tmp_path: Path) -> None:
    with trio.fail_after(20):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            players(running.port, ["Ada", "Bram", "Cleo"]) as (ada, bram, cleo),
        ):
            await seated(
                [ada, bram, cleo, None], "thistle", {"partnership": True}, bots={3: "random"}
            )
            await ada.concede()  # Ada and Cleo are partners: both must agree
            await cleo.wait_for(lambda: any(e["kind"] == "concession_offered" for e in cleo.log))
            await cleo.concede()
            assert (await result_of(bram))["conceded"] == [0]
            changes = by_player(await stored_changes(running))
    [[ada_after, cleo_after], [bram_after, bot_after]] = expected(
        [[NEW_SKILL, NEW_SKILL], [NEW_SKILL, NEW_SKILL]], [2, 1]
    )
    assert {player: change.rank for player, change in changes.items()} == {
        "Ada": 2,
        "Cleo": 2,
        "Bram": 1,
        "random bot": 1,
    }
    assert changes["Ada"].after == ada_after == changes["Cleo"].after == cleo_after
    assert changes["Bram"].after == bram_after and changes["random bot"].after == bot_after
    assert changes["Ada"].side == changes["Cleo"].side != changes["Bram"].side


async def test_a_three_player_game_ranks_the_conceder_last_and_the_rest_by_score(
    tmp_path: Path,
) -> None:
    with trio.fail_after(20):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            players(running.port, ["Ada", "Bram"]) as (ada, bram),
        ):
            await seated([ada, bram, None], "nobility", {"rubbers": 1}, bots={2: "heuristic"})
            await bram.concede()
            result = await result_of(ada)
            changes = by_player(await stored_changes(running))
    assert result["conceded"] == [1]
    ada_total, bot_total = result["totals"][0], result["totals"][2]
    ada_rank = 1 if ada_total >= bot_total else 2
    bot_rank = 1 if bot_total >= ada_total else 2
    ranks = [ada_rank, 3, bot_rank]
    assert [changes[p].rank for p in ("Ada", "Bram", "normal bot")] == ranks
    after = expected([[NEW_SKILL]] * 3, ranks)
    assert [changes[p].after for p in ("Ada", "Bram", "normal bot")] == [team[0] for team in after]


async def test_an_unrated_table_and_a_player_without_a_key_change_no_rating(
    tmp_path: Path,
) -> None:
    with trio.fail_after(20):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            players(running.port, ["Ada", "Zed"], keyless=["Zed"]) as (ada, zed),
        ):
            tid = await seated([ada, zed], "chinese-ten", {"decks": 1}, settings={"rated": False})
            assert not running.lobby.tables[tid].settings.rated
            with pytest.raises(RequestFailed) as refused:
                await ada.configure(tid, rated=True)  # not once a game is dealt
            assert refused.value.code == ErrorCode.BAD_OPTIONS
            await ada.concede()
            await result_of(zed)
            assert await stored_changes(running) == []
            await ada.leave()
            await zed.leave()
            # At a rated table Zed, with no key, is no one's rating: Ada is rated against a
            # newcomer whose rating is kept nowhere.
            await seated([ada, zed], "chinese-ten", {"decks": 1})
            await zed.concede()
            await result_of(ada)
            changes = await stored_changes(running)
    [[ada_after], _] = expected([[NEW_SKILL], [NEW_SKILL]], [1, 2])
    assert [(c.player, c.seats, c.after) for c in changes] == [("Ada", (0,), ada_after)]


async def test_a_rated_table_refuses_a_take_back_with_the_reason(tmp_path: Path) -> None:
    with trio.fail_after(20):
        async with (
            served(server_config(db=str(tmp_path / "s.db"))) as running,
            players(running.port, ["Ada", "Bram"]) as (ada, bram),
        ):
            await seated([ada, bram], "chinese-ten", {"decks": 1})
            mover = ada if ada.legal else bram
            await mover.act(mover.legal[0])
            assert not mover.can_take_back
            with pytest.raises(RequestFailed) as refused:
                await mover.take_back()
            assert refused.value.code == ErrorCode.CANNOT_TAKE_BACK
            assert "rated" in refused.value.message


async def test_a_restart_keeps_the_ratings_shown_beside_each_seated_player(
    tmp_path: Path,
) -> None:
    config = server_config(db=str(tmp_path / "s.db"))
    key = new_key()
    with trio.fail_after(30):
        async with served(config) as running:
            async with connect(HOST, running.port, "Ada", key=key) as ada:
                await seated([ada, None], "chinese-ten", {"decks": 1}, bots={1: "greedy"})
                await ada.concede()
                await result_of(ada)
                await ada.wait_for(
                    lambda: ada.table is not None and ada.table.seats[0].rating is not None
                )
                # The summary sent at the game's end already carries the new ratings.
                assert ada.table is not None
                shown = [seat.rating for seat in ada.table.seats]
                await ada.leave()
            changes = by_player(await stored_changes(running))
        assert shown == [
            SeatRating(changes["Ada"].after.shown, 1),
            SeatRating(changes["normal bot"].after.shown, 1),
        ]
        async with (
            served(config) as running,
            connect(HOST, running.port, "Ada", key=key) as ada,
            connect(HOST, running.port, "Bram", key=new_key()) as bram,
        ):
            table = await ada.create_table("chinese-ten", 3, {"decks": 1})
            await ada.sit(table.table_id, 0)
            await bram.sit(table.table_id, 1)
            await ada.add_bot(table.table_id, 2, "greedy")
            listed = {summary.table_id: summary for summary in await bram.list_tables()}
            seats = listed[table.table_id].seats
    assert [seat.rating for seat in seats] == [*shown[:1], None, shown[1]]


async def test_a_players_record_and_the_rebuild_give_the_stored_numbers(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    with trio.fail_after(30):
        async with (
            served(server_config(db=str(path))) as running,
            players(running.port, ["Ada", "Bram", "Cleo"]) as (ada, bram, cleo),
        ):
            for loser in (ada, bram, ada):  # Ada loses twice, Bram once
                await seated([ada, bram], "chinese-ten", {"decks": 1})
                await loser.concede()
                await result_of(ada)
                await ada.leave()
                await bram.leave()
            await seated(
                [ada, bram, cleo, None], "thistle", {"partnership": True}, bots={3: "heuristic"}
            )
            await bram.concede()  # Bram's partner is the bot on seat 4, which agrees
            await result_of(ada)
            record = await cleo.player_record("Ada")
            nobody = await cleo.player_record("Nobody")
            changes = await stored_changes(running)
    ten = [c for c in changes if c.player == "Ada" and c.game == "chinese-ten"]
    assert [c.won for c in ten] == [False, True, False]
    assert record.name == "Ada" and record.favourite == "chinese-ten"
    [standing, partnership] = record.games
    assert (standing.game_kind, standing.games, standing.wins) == ("chinese-ten", 3, 1)
    assert standing.history == tuple(c.after.shown for c in ten)
    assert standing.rating == ten[-1].after.shown
    assert [(h.opponent, h.games, h.wins) for h in standing.opponents] == [("Bram", 3, 1)]
    assert (partnership.game_kind, partnership.games, partnership.wins) == ("thistle", 1, 1)
    assert {(h.opponent, h.games, h.wins) for h in partnership.opponents} == {
        ("Bram", 1, 1),
        ("normal bot", 1, 1),
    }
    assert nobody.games == () and nobody.favourite is None
    connection = sqlite3.connect(path)
    try:
        assert recompute(connection) == changes  # to the last bit of every float
    finally:
        connection.close()


def test_the_ratings_command_rebuilds_the_same_numbers_and_lists_the_leaderboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.db"

    async def play() -> list[RatingChange]:
        with trio.fail_after(20):
            async with (
                served(server_config(db=str(path))) as running,
                players(running.port, ["Ada", "Bram"]) as (ada, bram),
            ):
                await seated([ada, bram, None], "nobility", {"rubbers": 1}, bots={2: "random"})
                await ada.concede()
                await result_of(bram)
                return await stored_changes(running)

    stored = trio.run(play)
    assert main(["ratings", "--rebuild", "--db", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Rated 1 game again: 3 rating changes, 0 different from those stored."
    connection = sqlite3.connect(path)
    try:
        assert read_changes(connection) == stored
    finally:
        connection.close()
    assert main(["ratings", "--game", "nobility", "--db", str(path)]) == 0
    board = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 80 for line in board)
    assert board[-1].split()[1:3] == ["Ada", "Nobility"]  # Ada conceded


def test_a_file_rating_bots_by_kind_rates_them_by_level_and_rebuilds_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.db"

    async def play() -> list[RatingChange]:
        with trio.fail_after(20):
            async with (
                served(server_config(db=str(path))) as running,
                players(running.port, ["Ada"]) as (ada,),
            ):
                await seated([ada, None], "chinese-ten", {"decks": 1}, bots={1: "greedy"})
                await ada.concede()
                await result_of(ada)
                return await stored_changes(running)

    stored = trio.run(play)
    assert {change.player for change in stored} == {"Ada", "normal bot"}
    # The file as version 8 kept it: the bot rated under its kind, "greedy bot".
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        for table in ("rating_changes", "ratings"):
            connection.execute(
                f"UPDATE {table} SET player = 'greedy bot' WHERE player LIKE '% bot'"
            )
        connection.execute("UPDATE seats SET bot = 'greedy' WHERE bot IS NOT NULL")
        connection.execute("PRAGMA user_version = 8")
    finally:
        connection.close()
    assert main(["ratings", "--rebuild", "--db", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Rated 1 game again: 2 rating changes, 0 different from those stored."
    connection = sqlite3.connect(path)
    try:
        assert read_changes(connection) == stored
        seats = set(connection.execute("SELECT DISTINCT bot FROM seats").fetchall())
        assert seats == {(None,), ("normal",)}
    finally:
        connection.close()
