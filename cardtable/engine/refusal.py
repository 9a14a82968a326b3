"""Refusing an action: `IllegalAction`, with a sentence a player can read and a stable
`Refusal` code a program can test."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from cardtable.engine.seat_words import seats_named


class Refusal(StrEnum):
    """Why an action was refused, as a stable code (the words may change; these do not)."""

    #: The action is not one of the game's actions, or its fields are of the wrong shape.
    MALFORMED = "malformed"
    #: The seat may not act now.
    NOT_YOUR_TURN = "not_your_turn"
    #: There is no such seat.
    NO_SUCH_SEAT = "no_such_seat"
    #: The game has ended.
    GAME_OVER = "game_over"
    #: The round is over and the next dealer must deal first.
    AWAITING_DEAL = "awaiting_deal"
    #: The rules forbid the action now.
    RULES = "rules"
    #: A take-back the rules do not allow now (see `cardtable.engine.takeback`).
    TAKE_BACK = "take_back"


class IllegalAction(Exception):
    """An action the rules do not allow; ``reason`` is a sentence a player can read and
    ``code`` a stable `Refusal` a program can test.

    The engine knows no names, so a refusal that speaks of players writes ``{0}``, ``{1}``, ...
    in its `template` for the seats in `seats` (``IllegalAction("{0} has only 5 to give.",
    seats=(maker,))``). `worded` puts the players' names there; `reason` puts each seat counted
    from 1 ("Seat 1 has only 5 to give."), never a 0-based index.
    """

    def __init__(
        self, reason: str, seats: Sequence[int] = (), code: Refusal = Refusal.RULES
    ) -> None:
        self.template = reason
        self.seats = tuple(seats)
        self.code = code
        self.reason = self._filled(())
        super().__init__(self.reason)

    def worded(self, names: Sequence[str]) -> str:
        """The reason with each seat given as its player's name, ``names[seat]`` (a seat beyond
        `names` is still counted from 1)."""
        return self._filled(names)

    def _filled(self, names: Sequence[str]) -> str:
        return seats_named(self.template, self.seats, names)

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, tuple[int, ...], Refusal]]:
        return (IllegalAction, (self.template, self.seats, self.code))
