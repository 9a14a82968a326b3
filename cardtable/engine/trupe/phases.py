"""The phases of a Trupe hand, as its view names them."""

DEALING = "dealing"  # the deal's specials are being declared and replaced
EXTRA = "discard extra"  # at the deal: a Miranda holder discards one card per extra draw
DRAW = "draw"  # draw from the pack, or take from the row
TAKEN = "declare taken"  # a card taken from the row must be declared before the turn ends
PLAY = "play"  # declare, extend, lay a final pair, discard
DISCARD = "discard"  # more discards due this turn (after a Miranda)
