"""The server's bots at a table: which seat a bot acts for next, which bot that is, when an
away player's seat is due for a bot, and the task that drives a table's bots (`drive_bots`)."""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import trio

from cardtable.engine import Bot, Event, Game, GameAction, GameSpec, Setup
from cardtable.engine.actions import Concede
from cardtable.engine.search import SearchBot, heard_by
from cardtable.protocol import TableSettings
from cardtable.server.bots.thinking import Search, think
from cardtable.server.errors import ServerError
from cardtable.server.table.seating import Seating
from cardtable.server.table.seats import Seat

log = logging.getLogger("cardtable.server")


class BotTable(Protocol):
    """What the bots need of a table (`cardtable.server.table.table.Table`)."""

    @property
    def id(self) -> int: ...
    @property
    def closed(self) -> bool: ...
    @property
    def settings(self) -> TableSettings: ...
    @property
    def spec(self) -> GameSpec: ...
    @property
    def setup(self) -> Setup | None: ...
    @property
    def game(self) -> Game | None: ...
    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def actions(self) -> Sequence[object]: ...
    @property
    def log(self) -> Sequence[Event]: ...

    def next_bot_seat(self) -> int | None: ...
    def act(self, seat_index: int, action: GameAction, *, for_player: bool = False) -> None: ...
    def cover_deadline(self) -> float: ...
    def cover_away_seats(self) -> None: ...
    async def wait_for_change(self, deadline: float) -> None: ...


def next_bot_seat(game: Game, seats: Sequence[Seat]) -> int | None:
    """A seat of the game in play that the server's bots should act for now, if any."""
    for seat in seats:  # replies to offers first: the offer waits on them
        if seat.bot_driven and (game.concession_due(seat.index) or game.answers(seat.index)):
            return seat.index
    for index in game.actors:
        if seats[index].bot_driven:
            return index
    return None


def bot_for(spec: GameSpec, setup: Setup | None, seat: Seat, actions_taken: int) -> Bot[Any]:
    """The seat's bot for its next action, seeded from the game, the seat and the number of
    actions taken: bots hold no state between actions, so a restored game plays on exactly
    as it would have."""
    kind = seat.bot or spec.default_bot
    game_seed = setup.seed if setup else 0
    seed = random.Random(f"{game_seed}/{seat.index}/{actions_taken}").randrange(2**62)
    return spec.bots[kind](seed)


async def bot_turn(table: BotTable, index: int) -> None:
    """The bot on seat `index` acts (if it still should). A bot that searches thinks in a
    worker process for the table's `bot_think` seconds (`cardtable.server.bots.thinking`), and
    its move is played only if the table is where it was when it began."""
    game = table.game
    if table.closed or table.next_bot_seat() != index or game is None:
        return  # (closed: removed while the bot waited; a dead table takes no actions)
    if game.concession_due(index):
        table.act(index, Concede())  # a bot agrees when its partner offers to concede
        return
    legal = game.answers(index) or game.legal(index)
    bot = bot_for(table.spec, table.setup, table.seats[index], len(table.actions))
    if not isinstance(bot, SearchBot):
        bot_move(table, index, legal)
        return
    taken = len(table.actions)
    history = heard_by(table.log, index)
    try:
        search = Search(
            bot, game.seat_view(index), list(legal), list(history), table.settings.bot_think
        )
        choice = await think(search)
    except Exception:  # no worker process (or a search that failed): play on without it
        log.exception("table %s: the search bot on seat %s could not think", table.id, index)
        bot_move(table, index, legal)
        return
    if table.closed or table.game is not game or len(table.actions) != taken:
        return  # the table moved on while it thought: the next turn plans afresh
    if table.next_bot_seat() == index:
        _play(table, index, choice)


def bot_move(table: BotTable, index: int, legal: list[GameAction]) -> None:
    """Seat `index`'s bot (the game's own bot for a player's seat) takes one of `legal` at
    once (a turn clock's time-out): a bot that would search plays as the game's default bot."""
    game = table.game
    assert game is not None
    bot = bot_for(table.spec, table.setup, table.seats[index], len(table.actions))
    if isinstance(bot, SearchBot):
        bot = table.spec.bots[table.spec.default_bot](bot.rng.getrandbits(62))
    chosen = bot.choose(game.seat_view(index) if bot.uses_view else None, legal)
    _play(table, index, chosen, for_player=True)


def _play(table: BotTable, index: int, action: GameAction, *, for_player: bool = False) -> None:
    """The bot's move (`for_player`: one move for the seat's player, whose time ran out); a
    move the table refuses (a bot's bug) is replaced by a random legal one, so a bot never
    stalls its table."""
    try:
        table.act(index, action, for_player=for_player)
    except ServerError as error:
        log.error("table %s: bot on seat %s: %s; playing at random", table.id, index, error)
        game = table.game
        assert game is not None
        legal = game.answers(index) or game.legal(index)
        table.act(index, random.Random(len(table.actions)).choice(legal), for_player=for_player)


def cover_times(settings: TableSettings, seating: Seating, playing: bool) -> dict[int, float]:
    """When each uncovered away seat is due for a bot to cover, under the table's settings.
    Only while someone (a player or a spectator) is at the table to wait: a player alone
    with bots is waited for."""
    after = settings.away_bot_after
    if after is None or not playing:
        return {}
    if not seating.spectators and not seating.present_players():
        return {}
    return {
        seat.index: seat.away_since + after
        for seat in seating.seats
        if seat.away and not seat.covered and seat.away_since is not None
    }


async def drive_bots(table: BotTable, caught_up: Callable[[], Awaitable[None]]) -> None:
    """Act for the table's bot seats, each after the table's delay, until cancelled (the table
    closes: see `cardtable.server.table.life`). After each action the bots wait until it is
    stored (`caught_up`)."""
    while True:
        index = table.next_bot_seat()
        if index is None:
            await table.wait_for_change(table.cover_deadline())
            table.cover_away_seats()
            continue
        await trio.sleep(table.settings.bot_delay)
        try:
            await bot_turn(table, index)
        except Exception:  # a broken bot stops its own table, never the server
            log.exception("table %s: the bots stop after an error", table.id)
            return
        await caught_up()
