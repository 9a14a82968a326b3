"""High Card's bot that plays sensibly: win the trick as cheaply as it can, else throw its
lowest card."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.actions import GameAction
from cardtable.engine.bots import Bot
from cardtable.engine.views import SeatView
from tests.sixth_game.rules import DECK, strength
from tests.sixth_game.types import HighCardTable, Play


class CheapestWinBot(Bot[HighCardTable]):
    """Leads its highest card; follows with the lowest card that wins, or its lowest."""

    def choose(
        self, view: SeatView[HighCardTable] | None, legal: Sequence[GameAction]
    ) -> GameAction:
        plays = [action for action in legal if isinstance(action, Play)]
        if view is None or len(plays) != len(legal):
            return self.rng.choice(list(legal))
        by_strength = sorted(plays, key=lambda play: strength(DECK[play.cid]))
        trick = view.table.trick
        if not trick:
            return by_strength[-1]
        led = DECK[trick[0].cid]
        winning = [
            play
            for play in by_strength
            if DECK[play.cid].suit == led.suit and strength(DECK[play.cid]) > strength(led)
        ]
        return winning[0] if winning else by_strength[0]
