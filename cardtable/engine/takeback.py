"""Take-back: a game with the actions that made it, which lets a player take back their own
last actions while nobody else has acted and nothing hidden has been shown since.

A game is deterministic given its setup and its actions, so taking an action back is replaying
the game without it: the state, the rng included, is exactly what it was. Which actions may be
taken back is each game's say (`GameAction.undoable`, refined by `Game.may_take_back`); the
frame adds that an action which showed any seat a card it could not see before (by the game's
zones), ended a round or the game, or was a free action (a negotiation) can never be taken back.

A take-back is stored among the actions as ``{"kind": "take_back"}`` by the seat that took it
back (`TAKE_BACK`), so `PlayedGame.replay` rebuilds a game with its take-backs exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cardtable.engine.actions import GameAction
from cardtable.engine.events import Event, TookBack
from cardtable.engine.game import Game
from cardtable.engine.refusal import IllegalAction, Refusal
from cardtable.engine.seat_words import Words
from cardtable.engine.setup import Setup
from cardtable.wire.codec import WireMap

#: A take-back as stored among a game's actions.
TAKE_BACK: WireMap = {"kind": "take_back"}

NOTHING = "You have nothing to take back."
TOO_LATE = "{0} has acted since; only your own last actions can be taken back."
REVEALED = "Your last action cannot be taken back: it showed a card that was hidden."
ROUND_OVER = "Your last action cannot be taken back: it ended the round."
FREE = "Your last action cannot be taken back: an offer or its answer stands once made."


def is_take_back(action: object) -> bool:
    """Whether a stored action is a take-back."""
    return isinstance(action, Mapping) and action.get("kind") == TAKE_BACK["kind"]


@dataclass(frozen=True, slots=True)
class Step:
    """One action in a game's record: who took it, the action, what it caused, and its words
    if it may be taken back (else `why_not`, the refusal)."""

    seat: int
    action: GameAction
    events: tuple[Event, ...]
    words: Words | None
    why_not: str = ""

    def reaches(self, seat: int) -> bool:
        """Whether `seat` was told of this step (an action with no event reaches everyone)."""
        return not self.events or any(event.reaches(seat) for event in self.events)


def visible_cards(game: Game) -> dict[int | None, frozenset[int]]:
    """The cards each seat (None: spectators) may see now, by the game's zones."""
    zones = game.zones().values()
    return {
        viewer: frozenset(cid for zone in zones if zone.visible_to(viewer) for cid in zone.cards)
        for viewer in (*range(game.seats), None)
    }


def _shows_anything(before: Mapping[int | None, frozenset[int]], game: Game) -> bool:
    after = visible_cards(game)
    return any(after[viewer] - before[viewer] for viewer in after)


class PlayedGame:
    """A game and the steps that made it, able to take back a seat's last actions."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.steps: list[Step] = []

    @classmethod
    def replay(
        cls, game: Game, actions: Iterable[tuple[int, GameAction | Mapping[str, object]]]
    ) -> PlayedGame:
        """`game` (just started) carried through stored actions, take-backs included."""
        played = cls(game)
        for seat, action in actions:
            played.step(seat, action)
        return played

    @property
    def setup(self) -> Setup:
        return self.game.setup

    def step(self, seat: int, action: GameAction | Mapping[str, object]) -> list[Event]:
        """Apply a stored entry: an action, or a take-back."""
        if is_take_back(action):
            return self.take_back(seat)
        return self.apply(seat, action)

    def apply(self, seat: int, action: GameAction | Mapping[str, object]) -> list[Event]:
        """Apply `action` by `seat` as `Game.apply` does, and record whether it may be taken
        back."""
        game = self.game
        typed = action if isinstance(action, GameAction) else None
        if typed is None and not game.is_free(action) and seat in game.actors:
            typed = game.parse(action)  # (a malformed action is refused here, unchanged)
        candidate = typed is not None and not typed.free and typed.undoable
        before = visible_cards(game) if candidate else None
        events = game.apply(seat, typed if typed is not None else action)
        typed = typed if typed is not None else game.parse(action)
        self.steps.append(self._step(seat, typed, events, before))
        return events

    def _step(
        self,
        seat: int,
        action: GameAction,
        events: list[Event],
        before: Mapping[int | None, frozenset[int]] | None,
    ) -> Step:
        game = self.game
        why_not = ""
        if action.free:
            why_not = FREE
        elif game.over or game.awaiting_deal:
            why_not = ROUND_OVER
        elif before is None or not game.may_take_back(seat, action):
            why_not = f"Your last action cannot be taken back in {game.types.title}."
            kinds = undoable_kinds(game)
            if kinds:
                why_not += f" Only these can: {', '.join(kinds)}."
        elif _shows_anything(before, game):
            why_not = REVEALED
        words = None if why_not else game.taken_back_words(seat, action, events)
        return Step(seat, action, tuple(events), words, why_not)

    def last_own(self, seat: int) -> int | None:
        """The index of `seat`'s last step, if every step after it was another seat's free
        action that `seat` was not told of (which may stay where it is); else None."""
        for index in range(len(self.steps) - 1, -1, -1):
            step = self.steps[index]
            if step.seat == seat:
                return index
            if not (step.action.free and not step.reaches(seat)):
                return None
        return None

    def can_take_back(self, seat: int) -> bool:
        """Whether `seat` may take back its last action now."""
        if self.game.over:
            return False
        index = self.last_own(seat)
        return index is not None and self.steps[index].words is not None

    def take_back(self, seat: int) -> list[Event]:
        """Take back `seat`'s last action: the game is replayed without it (steps after it
        that `seat` was not told of are replayed after). Raises `IllegalAction`
        (`Refusal.TAKE_BACK`) saying why not, changing nothing."""
        if self.game.over:
            raise IllegalAction("The game is over.", code=Refusal.GAME_OVER)
        index = self.last_own(seat)
        if index is None:
            self._refuse_other(seat)
        assert index is not None
        step = self.steps[index]
        if step.words is None:
            raise IllegalAction(step.why_not, code=Refusal.TAKE_BACK)
        kept = self.steps[:index] + self.steps[index + 1 :]
        try:
            rebuilt = self._rebuilt(kept)
        except IllegalAction:  # a later private offer rested on the action: it stands
            raise IllegalAction(
                "Your last action can no longer be taken back.", code=Refusal.TAKE_BACK
            ) from None
        self.game, self.steps = rebuilt
        return [Event(TookBack(seat, step.words))]

    def _refuse_other(self, seat: int) -> None:
        if not any(step.seat == seat for step in self.steps):
            raise IllegalAction(NOTHING, code=Refusal.TAKE_BACK)
        other = next(
            step
            for step in reversed(self.steps)
            if step.seat != seat and not (step.action.free and not step.reaches(seat))
        )
        raise IllegalAction(TOO_LATE, seats=(other.seat,), code=Refusal.TAKE_BACK)

    def _rebuilt(self, steps: Sequence[Step]) -> tuple[Game, list[Step]]:
        """A new game replayed through `steps`, and its steps."""
        again = PlayedGame(type(self.game)(self.game.setup))
        for step in steps:
            again.apply(step.seat, step.action)
        return again.game, again.steps


def undoable_kinds(game: Game) -> list[str]:
    """The kinds of action `game`'s type declares may be taken back."""
    return [kind for kind, action in game.types.actions.items() if action.undoable]
