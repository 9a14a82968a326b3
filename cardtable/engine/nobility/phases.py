"""The phases of a Nobility turn, and the kinds of move each allows."""

START, MAIN, MELDING, RETRIEVING, DISCARD, ELECTION = (
    "start",
    "main",
    "melding",
    "retrieving",
    "discard",
    "election",
)
MELD_KINDS = ("meld", "extend", "defend", "joker", "claim")
RETRIEVE_KINDS = ("retrieve", "recall")
