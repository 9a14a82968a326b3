"""The Trupe board: the pack, the open pack and the discard row, each seat's declarations,
premiums, penalties and lost turns, who went out with what hand, and your hand.

Cards show their group's colour (Brownies brown, Girl Scouts green, Mariners blue, Seniors
magenta; the Trefoil ♣ yellow) and their short name: ``B2`` a Brownie 2, ``MGold`` the Mariner
Gold. ← → move the cursor through your hand (Home, End: the first and the last card) and space
selects cards (a click does both; a selected card carries a ✓). d draws
(or deals the next round), a row card's number (1–5) takes it (t, when only one can be taken),
m declares the selected cards (with none selected it first selects a declaration to make), e
extends one of your declared 3s with the card under the cursor (when several could take it,
each is lettered: press its letter), p lays down a final pair (selecting one first, like m), x
discards, u unselects. When the Trefoil could stand for several cards, the choices are lettered
too. A click on the pack draws; on a row card, it takes it or discards onto the row; on a
declaration, it extends it; on the hand's "m: declare" or "p: final pair", it does that. What
the others did since your last move is marked (•) on the table and told beside their names.

The board reads the seat's typed view (`reading`), draws its sheets (`drawing`, with the cards'
looks in `faces`) and turns keys and clicks into typed actions (`board`).
"""
