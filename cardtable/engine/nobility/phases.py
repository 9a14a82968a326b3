"""The phases of a Nobility turn (and the election that interrupts one)."""

from typing import Final

START: Final = "start"
MAIN: Final = "main"
MELDING: Final = "melding"
RETRIEVING: Final = "retrieving"
DISCARD: Final = "discard"
ELECTION: Final = "election"
