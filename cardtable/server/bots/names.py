"""The server's bots' names, and the names people may not take because of them.

A server bot is named after its seat with a mark, ``Ada (bot)``; one that takes over the seat of
a player who left a game is named after them, ``Tess (bot)``. The mark holds brackets, which
a person's name may not hold (`cardtable.server.names.name_problem`), so a bot's name never
looks like a person's. And no person may take a name that reads as a bot's: one whose last word
looks like "bot" (``Zed bot``, ``Zed-B0T``), or whose letters and digits, with spaces and
punctuation left out, look like a bot's (``Adabot``, ``Аda_bot`` with a Cyrillic А).
"""

from __future__ import annotations

import re

from cardtable.server.names import names_look_alike

#: The bots' names, by seat (the ninth seat's bot is named as the first's).
BOT_NAMES = ("Ada", "Bram", "Cleo", "Dov", "Edda", "Finn", "Gus", "Hana")

#: What follows every bot's name; people's names cannot hold brackets.
BOT_MARK = "(bot)"

#: What separates the words of a name.
_SEPARATORS = re.compile(r"[\s\-_.'()]+")


def bot_name(seat: int) -> str:
    """The name of the server's bot on `seat` (from 0): ``Ada (bot)``."""
    return f"{BOT_NAMES[seat % len(BOT_NAMES)]} {BOT_MARK}"


def bot_name_for(player: str) -> str:
    """The name of the server's bot that plays on for `player`, who left: ``Tess (bot)``."""
    return f"{player} {BOT_MARK}"


def bot_name_problem(name: str) -> str | None:
    """Why a person may not take `name`, which reads as a bot's, or None if they may."""
    words = [word for word in _SEPARATORS.split(name) if word]
    if len(words) > 1 and names_look_alike(words[-1], "bot"):
        return "A name cannot end in the word 'bot': the server's bots are named so."
    bare = "".join(words)
    for bot in BOT_NAMES:
        if names_look_alike(bare, f"{bot}bot"):
            return f"{bot} {BOT_MARK} is one of the server's bots; choose another name."
    return None
