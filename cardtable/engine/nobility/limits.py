"""The numbers of Nobility's rules, and cardtable's own bounds that make a rubber end."""

MONEY = 180
HAND = 3
DRAWN = 4
MAJORITY = 19
RUBBERS = 2
#: cardtable's own bounds, so that a rubber always ends: it is decided by provinces (then money)
#: when its last election closes, or after this many turns of the endgame.
ELECTIONS = 8
ENDGAME_TURNS = 30
#: And a rubber whose stock never runs out (the discard pile passed round and round) is decided
#: when this turn would begin.
TURN_LIMIT = 300
