"""The table setting `bot_think`: how long a search bot thinks over each move."""

from __future__ import annotations

#: Seconds a search bot thinks over a move, unless the table says otherwise.
BOT_THINK_DEFAULT = 0.5
#: The seconds a table may give its search bots a move.
BOT_THINK_RANGE = (0.05, 10.0)
