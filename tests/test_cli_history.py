"""`cardtable history`, and `serve`/`play` refusing a database file, as real subprocesses."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.engine import get_game, play_out
from cardtable.protocol.seat_holders import SeatHolder
from cardtable.server.storage import GameRecord, SeatRecord, Store, TableRecord, open_database
from cardtable.server.storage.writes import (
    FinishGame,
    NoteHolder,
    OpenTable,
    StartGame,
    TakeAction,
    Write,
)
from cardtable.wire.codec import to_wire
from tests.test_cli import cardtable


def store_finished_game(
    path: Path,
    game_id: int,
    players: tuple[str, str],
    seed: int,
    holders: Sequence[SeatHolder] = (),
) -> dict[str, Any]:
    """Play a two-player Chinese Ten game with engine bots and store it as a server would,
    with `holders` playing seats from their steps on."""
    spec = get_game("chinese-ten")
    setup = spec.setup(2, {"decks": 1}, seed)
    game = spec.game_class(setup)
    actions = play_out(game, [spec.bots["greedy"](seed + seat) for seat in range(2)])
    assert game.result is not None
    seats = tuple(SeatRecord(seat, name, None, None, seat + 1) for seat, name in enumerate(players))
    writes: list[Write] = [
        OpenTable(
            TableRecord(game_id, "chinese-ten", 2, dict(setup.options), {}, players[0], 1.0),
            seats,
        ),
        StartGame(GameRecord(game_id, game_id, 1, setup, players, (1, 2), 2.0)),
        *(
            TakeAction(game_id, seq, seat, to_wire(action), 3.0)
            for seq, (seat, action) in enumerate(actions, 1)
        ),
        *(NoteHolder(game_id, holder) for holder in holders),
        FinishGame(game_id, game.result.to_wire(), 1_795_336_351.0),
    ]
    store = Store(open_database(path))
    try:
        store.write(writes)
    finally:
        store.close()
    return game.result.to_wire()


def games(printed: str) -> list[str]:
    """Each game `cardtable history` printed, its lines (at most 80 columns each, the lines
    after its first indented) joined by single spaces."""
    lines = printed.splitlines()
    assert all(len(line) <= 80 for line in lines), lines
    found: list[str] = []
    for line in lines:
        if line.startswith(" "):
            found[-1] += " " + line
        else:
            found.append(line)
    return [" ".join(game.split()) for game in found]


def test_history_lists_finished_games_latest_first(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    first = store_finished_game(path, 1, ("Ada", "Bram"), seed=3)
    second = store_finished_game(path, 2, ("Cleo", "Dov"), seed=4)
    done = cardtable("history", "--db", str(path))
    assert done.returncode == 0, done.stderr
    lines = games(done.stdout)
    assert len(lines) == 2
    assert lines[0].startswith("#2") and lines[1].startswith("#1")
    for line, result, names in ((lines[0], second, "Cleo Dov"), (lines[1], first, "Ada Bram")):
        assert "Chinese Ten (table" in line
        for name, total in zip(names.split(), result["totals"], strict=True):
            assert f"{name} {total}" in line
        winners = [names.split()[seat] for seat in result["winning_seats"]]
        assert line.endswith("won by " + " & ".join(winners))
    limited = cardtable("history", "--db", str(path), "--limit", "1")
    assert games(limited.stdout) == lines[:1]


def test_history_names_each_seats_holders_in_turn(tmp_path: Path) -> None:
    path = tmp_path / "server.db"
    holders = (SeatHolder(1, 5, "Cleo", bot_for=True), SeatHolder(1, 9, "greedy bot 9590"))
    result = store_finished_game(path, 1, ("Ada", "Cleo"), seed=3, holders=holders)
    done = cardtable("history", "--db", str(path))
    assert done.returncode == 0, done.stderr
    [line] = games(done.stdout)
    ada, cleo = result["totals"]
    assert f" Ada {ada} · Cleo, then greedy bot 9590 {cleo} won by " in line
    assert len(done.stdout.splitlines()) == 2  # too long for one line of 80 columns
    # Those who played for a holder while they were away are not holders.
    assert "bot for" not in line


def test_history_of_play_reads_play_db_in_the_data_folder() -> None:
    folder = Path(os.environ["CARDTABLE_DATA"])
    store_finished_game(folder / "play.db", 1, ("Tess", "Ada (bot)"), seed=5)
    done = cardtable("history", "--play")
    assert done.returncode == 0, done.stderr
    assert "Tess" in done.stdout and "Ada (bot)" in done.stdout
    server = cardtable("history")
    assert server.returncode == 1
    assert "no server has stored a game here yet" in server.stderr
    assert "server.db" in server.stderr and "cardtable history --play" in server.stderr


def test_history_without_a_server_file_points_to_the_games_of_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CARDTABLE_DATA", str(tmp_path))
    assert main(["history"]) == 1
    error = capsys.readouterr().err.strip()
    assert error == (
        f"cardtable: no server has stored a game here yet ({tmp_path / 'server.db'}). "
        "The games of `cardtable play` are listed by `cardtable history --play`."
    )


def test_history_of_a_missing_named_file_does_not_point_to_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CARDTABLE_DATA", str(tmp_path))
    missing = tmp_path / "elsewhere.db"
    assert main(["history", "--db", str(missing)]) == 1
    error = capsys.readouterr().err
    assert f"There is no {missing}: no game has been stored there yet." in error
    assert "--play" not in error
    assert main(["history", "--play"]) == 1
    error = capsys.readouterr().err
    assert f"There is no {tmp_path / 'play.db'}" in error and "--play`" not in error


def test_history_of_an_empty_database_says_so(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    open_database(path).close()
    done = cardtable("history", "--db", str(path))
    assert done.returncode == 0
    assert done.stdout.strip() == f"No finished games in {path} yet."


def test_serve_refuses_a_file_that_is_not_a_database_and_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"my shopping list\n" * 20)
    done = cardtable("serve", "--port", "0", "--db", str(path))
    assert done.returncode == 1
    assert "is not a cardtable database" in done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_bytes() == b"my shopping list\n" * 20


def test_play_refuses_a_newer_file_before_the_screen(tmp_path: Path) -> None:
    path = tmp_path / "play.db"
    open_database(path).close()
    with path.open("r+b") as file:  # the header's user_version: a schema from the future
        file.seek(60)
        file.write((99).to_bytes(4, "big"))
    before = path.read_bytes()
    done = cardtable("play", "--db", str(path))
    assert done.returncode == 1
    assert "newer cardtable" in done.stderr
    assert path.read_bytes() == before
