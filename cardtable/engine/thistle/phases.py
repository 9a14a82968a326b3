"""The shape of a Thistle game: the hands it lasts and the phases of a turn."""

from cardtable.engine.thistle.types import Phase

HANDS_PER_GAME = 4
START: Phase = "start"  # a regular turn has not begun: capture, or draw
PLACE: Phase = "place"  # the first drawn card has more than one place: choose its group
PLAY: Phase = "play"  # play cards from hand, then end the play step
FINAL: Phase = "final"  # a turn of the last-card round: capture, or play from hand; no draws
