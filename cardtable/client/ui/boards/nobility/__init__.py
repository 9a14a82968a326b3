"""The Nobility board: the stock, the stock discard pile (its top card as a tile) and the noble
discard pile; the bank, the elections, the majority and the coalition; each seat's money,
provinces and hand count, what a claim of each suit would pay it now, and its melds by suit
(``#3 3-4-5 +K (3)``: the meld's number, its provinces in sequence, its defending nobles, a Joker
and its income); who owes a choice, the battle being settled, the election and the endgame; and
your hand.

Hearts and diamonds are red, clubs and spades bright white; a Joker is magenta. ← → move the
cursor through your hand (Home, End: the first and the last card) and space marks cards (a click
does both; a marked card carries a ✓). d draws, t takes the top of
the stock discard pile, m melds the marked cards (with none marked it marks a meld to make), e
extends a meld with the card, f defends your meld with the noble, j puts a Joker on a meld, i
claims income with the noble, b battles with the marked nobles (with none marked it marks them
all), r retrieves a noble from the noble pile (or recalls a defender of yours), w merges your melds
into another player's (the endgame), enter or . ends melding or retrieving, x discards, g gives up
a noble you owe, y says you are ready at an election, p passes (the endgame), u unmarks. When a
move has several targets (melds, hands, nobles, players), each gets a letter, 1–9 then a h k n z:
press it, or click the target. The melds the others changed since your last move, and the card
they discarded, carry a mark (•).
"""
