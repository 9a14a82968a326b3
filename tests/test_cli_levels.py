"""`cardtable play --bot` and `cardtable bot --level` (or `--kind`) take the bots' levels, and
the older kind names."""

from __future__ import annotations

import pytest

from cardtable.cli import build_parser, main
from cardtable.engine import get_game


@pytest.mark.parametrize(
    ("given", "level"), [("hard", "hard"), ("easy", "easy"), ("search", "hard")]
)
def test_play_takes_a_bot_level(given: str, level: str) -> None:
    args = build_parser().parse_args(["play", "trupe", "--bot", given])
    assert get_game(args.game).bot_kind(args.bot) == level


def test_play_refuses_an_unknown_bot_naming_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "thistle", "--bot", "genius"]) == 2
    assert "the levels are: random, easy, normal, hard" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--level", "--kind"])
def test_the_bot_command_takes_a_level(flag: str) -> None:
    args = build_parser().parse_args(["bot", "127.0.0.1:7777", "--table", "1", flag, "easy"])
    assert get_game("nobility").bot_kind(args.kind) == "easy"
