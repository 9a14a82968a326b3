"""The Queen of Scots board: the stock and the discard pile, each seat's sets, and your hand.

Cards show their name (their short name where the whole one would take more lines) and value;
♛ marks the royal family (any royal matches any royal) and ◆ the wild Crown Jewels, in colours of
their own. ← → move the cursor through your hand (Home, End: the first and the last card) and
space selects cards (a click does both): a selected card carries a ✓. d draws and t takes the
pile: with the selected cards that match the top, or with the lettered choice. m melds the
selected cards (pressed with nothing selected, it selects a meld to make, without a Crown Jewel
when it can, and says which), a letter adds them to that set of yours (one add after another), x
discards the card under the cursor (or the one selected), and e ends the round when the stock is
empty. A click on the stock draws; on the pile, it takes or discards. What the others did since
your last move is marked (•) on the sets and the pile, and told beside their names.

The board reads the seat's typed view (`reading`: the letters and the prompt), draws it
(`drawing`, with the cards' and sets' looks in `faces`) and turns keys and clicks into typed
actions (`board`).
"""
