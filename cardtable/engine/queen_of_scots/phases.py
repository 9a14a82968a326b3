"""The phases of a Queen of Scots turn."""

from typing import Final

PICKUP: Final = "pickup"  # draw from the stock or take the pile (or stop, the stock being empty)
MELD: Final = "meld"  # meld and add, then discard
