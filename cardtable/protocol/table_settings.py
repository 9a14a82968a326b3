"""A table's settings besides the game's own options, and its turn clock's, as both ends know
them (see "Table settings" in docs/protocol.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.protocol.bot_settings import BOT_THINK_DEFAULT
from cardtable.protocol.clock import ClockMode, TimeoutRule


@dataclass(frozen=True, slots=True)
class ClockSettings:
    """How a table's games are timed (off by default)."""

    mode: ClockMode = ClockMode.OFF
    #: Seconds for each move (`ClockMode.MOVE`).
    move: float = 60.0
    #: Minutes in each player's bank (`ClockMode.BANK`).
    bank: float = 10.0
    #: Seconds added to a player's bank after each of their moves (`ClockMode.BANK`).
    increment: float = 5.0
    timeout: TimeoutRule = TimeoutRule.BOT_MOVE

    @property
    def on(self) -> bool:
        return self.mode is not ClockMode.OFF

    @property
    def limit(self) -> float:
        """Seconds a player starts with: for each move, or in their bank."""
        return self.move if self.mode is ClockMode.MOVE else self.bank * 60


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What a table's creator chooses besides the game's own options."""

    #: Whether the table channel is open.
    table_chat: bool = True
    #: Whether seated players may send each other private lines.
    private_chat: bool = True
    #: In a partnership game, whether partners may send each other private lines.
    partner_chat: bool = False
    #: Seconds a bot waits before acting.
    bot_delay: float = 0.6
    #: Seconds a search bot thinks over each move (after `bot_delay`).
    bot_think: float = BOT_THINK_DEFAULT
    #: Seconds a player may be away before a bot plays for them; None: the game waits.
    away_bot_after: float | None = 60.0
    #: The turn clock (a change made during a game applies from the next).
    clock: ClockSettings = field(default_factory=ClockSettings)
    #: Whether a player may take back their own last action (never at a rated table).
    take_back: bool = True
    #: Whether finished games here change the players' ratings (chosen when the table opens).
    rated: bool = True
    #: Whether a seated player may ask for a hint (never at a rated table; an unrated table
    #: offers them unless its creator turns them off).
    hints: bool = False
