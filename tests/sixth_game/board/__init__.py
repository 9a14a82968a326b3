"""The High Card board: the stock, the trick in play, the tricks won and your hand.

← → choose a card (Home, End: the first and the last), enter plays it, d deals. The board
reads the seat's typed view (`reading`), draws it (`drawing`, its cards in words in `faces`)
and turns keys into typed actions (`board`).
"""
