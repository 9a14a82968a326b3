"""The High Card board: the stock, the trick in play, the tricks won and your hand.

← → choose a card (Home, End: the first and the last), enter plays it, d deals. The board
draws the seat's typed view (`drawing`) and turns keys into typed actions (`board`).
"""
