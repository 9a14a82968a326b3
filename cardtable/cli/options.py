"""Game options on the command line: ``-o NAME=VALUE``, for `play` and `demo`."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from cardtable.engine import OptionError, get_game
from cardtable.engine.options import parse_option_text


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. -o decks=1 (repeatable)",
    )


def parse_options(game: str, texts: Sequence[str]) -> dict[str, object]:
    """``NAME=VALUE`` texts as a game's options, or `OptionError`."""
    spec = get_game(game)
    options: dict[str, object] = {}
    known = {option.name: option for option in spec.options}
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or name not in known:
            raise OptionError(
                f"Options are NAME=VALUE with NAME one of: {', '.join(known) or 'none'}."
            )
        options[name] = parse_option_text(known[name], value)
    return options
