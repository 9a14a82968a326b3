"""Build Chinese Ten positions from card labels, for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import get_game
from cardtable.engine.cards import parse_label
from cardtable.engine.chinese_ten import ChineseTen
from cardtable.engine.chinese_ten.rules import PLAY


class Cards:
    """Hands out card ids for labels, a fresh copy each time (two decks hold two of each)."""

    def __init__(self, game: ChineseTen) -> None:
        self.game = game
        self.used: set[int] = set()

    def take(self, label: str) -> int:
        rank, suit = parse_label(label)
        for card in self.game.cards:
            if card.rank == rank and card.suit == suit and card.cid not in self.used:
                self.used.add(card.cid)
                return card.cid
        raise ValueError(f"no copy of {label} left")

    def many(self, labels: Sequence[str]) -> list[int]:
        return [self.take(label) for label in labels]


def new(seats: int = 2, *, decks: int = 2, rounds: int = 1, dealer: int = 0) -> ChineseTen:
    setup = get_game("chinese-ten").setup(seats, {"decks": decks, "rounds": rounds}, 7, dealer)
    game = ChineseTen(setup)
    assert isinstance(game, ChineseTen)
    return game


def position(
    hands: Sequence[Sequence[str]],
    spots: Sequence[Sequence[str]],
    deck: Sequence[str] = (),
    *,
    turn: int = 0,
    decks: int = 2,
) -> ChineseTen:
    """A game in the given position: spots listed bottom card first, deck listed top card first.

    Cards not named anywhere are left out of play, so only the named cards matter.
    """
    game = new(len(hands), decks=decks)
    cards = Cards(game)
    game.hands = [cards.many(hand) for hand in hands]
    game.spots = [cards.many(spot) for spot in spots]
    game.deck = cards.many(deck)[::-1]
    game.piles = [[] for _ in hands]
    game.turn, game.phase, game.flipped = turn, PLAY, None
    return game


def short(game: ChineseTen, cid: int) -> str:
    """A card as rank and suit letter, e.g. ``10H``."""
    return game.cards[cid].rank_label + game.cards[cid].suit


def labels(game: ChineseTen, cids: Sequence[int]) -> list[str]:
    return [short(game, cid) for cid in cids]


def tops(game: ChineseTen) -> list[str | None]:
    return [short(game, spot[-1]) if spot else None for spot in game.spots]


def card(game: ChineseTen, seat: int, label: str) -> int:
    """The id of a card with `label` in `seat`'s hand."""
    rank, suit = parse_label(label)
    for cid in game.hands[seat]:
        if game.cards[cid].rank == rank and game.cards[cid].suit == suit:
            return cid
    raise ValueError(f"{label} is not in hand {seat}")
