"""The Chinese Ten board: the deck, the flipped card, the four spots and your hand.

Pick a card with ← and → (Home and End: the first and the last; or click it), then a spot with
1–4 (or click it): the card captures there if it can, else it is laid there. A flipped card goes
with 1–4 alone; d deals. What the others did since your last move is told under the spots, and
the spots it changed carry a mark.

The board reads the seat's typed view (`reading`), draws it (`drawing`, with the cards' and
spots' looks in `faces`) and turns keys and clicks into typed actions (`board`).
"""
