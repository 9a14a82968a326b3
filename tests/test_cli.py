"""The `cardtable` command, run as a real subprocess."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from cardtable import __version__
from cardtable.cli import COMMANDS, build_parser
from cardtable.cli.serve import serve_config


def cardtable(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_help_lists_the_commands() -> None:
    done = cardtable("--help")
    assert done.returncode == 0
    assert "games" in done.stdout and "demo" in done.stdout


def test_every_command_the_parser_offers_is_run_by_its_group_and_no_other() -> None:
    parser = build_parser()
    (commands,) = (item for item in parser._actions if isinstance(item, argparse._SubParsersAction))
    offered = ["games", "demo", "serve", "play", "history", "join", "servers", "bot", "name"]
    offered.append("ratings")
    assert list(commands.choices) == offered
    assert set(COMMANDS) == set(offered)


def test_version() -> None:
    done = cardtable("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"cardtable {__version__}"


def test_games_lists_ids_titles_player_counts_and_options() -> None:
    done = cardtable("games")
    assert done.returncode == 0
    assert "chinese-ten" in done.stdout
    assert "Chinese Ten (2–4 players)" in done.stdout
    assert "decks = 2 (1 or 2)" in done.stdout
    assert "rounds = 1 (1–10)" in done.stdout


def test_demo_prints_a_whole_game_to_its_result() -> None:
    done = cardtable("demo", "chinese-ten", "--players", "3", "--delay", "0", "--seed", "4")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Chinese Ten: Ada, Bram, Cleo")
    assert any("takes" in line for line in lines)
    assert any(line.strip().startswith("Aces:") for line in lines)
    assert "won with" in lines[-1] or "share the win" in lines[-1]


def test_demo_is_repeatable_for_a_seed() -> None:
    first = cardtable("demo", "chinese-ten", "--delay", "0", "--seed", "9", "-o", "decks=1")
    second = cardtable("demo", "chinese-ten", "--delay", "0", "--seed", "9", "-o", "decks=1")
    assert first.returncode == 0
    assert first.stdout == second.stdout


def test_an_unknown_game_is_a_clear_error() -> None:
    done = cardtable("demo", "poker")
    assert done.returncode == 2
    games = "chinese-ten, thistle, queen-of-scots, trupe, nobility"
    assert f"There is no game 'poker'; the games are: {games}." in done.stderr


def test_a_bad_option_is_a_clear_error() -> None:
    done = cardtable("demo", "chinese-ten", "-o", "decks=3")
    assert done.returncode == 2
    assert "Option 'decks' must be one of 1, 2, not 3." in done.stderr
    done = cardtable("demo", "chinese-ten", "-o", "wild=yes")
    assert done.returncode == 2
    assert "NAME one of: decks, rounds" in done.stderr


def test_a_bad_player_count_is_a_clear_error() -> None:
    done = cardtable("demo", "chinese-ten", "--players", "6")
    assert done.returncode == 2
    assert "Chinese Ten is for 2–4 players, not 6." in done.stderr


def test_serve_takes_its_password_from_the_environment_and_its_limits_from_flags(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CARDTABLE_PASSWORD", "from-env")
    args = build_parser().parse_args(["serve", "--max-clients", "50", "--max-per-address", "0"])
    config = serve_config(args)
    assert config.password == "from-env"
    assert (config.max_clients, config.max_clients_per_address) == (50, None)
    flags = build_parser().parse_args(["serve", "--password", "given", "--max-per-address", "4"])
    assert (serve_config(flags).password, serve_config(flags).max_clients_per_address) == (
        "given",
        4,
    )
    monkeypatch.delenv("CARDTABLE_PASSWORD")
    assert serve_config(build_parser().parse_args(["serve"])).password is None
