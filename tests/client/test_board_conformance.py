"""Every registered game's board passes the same checks, named by nothing but the registry.

Each board is a package of the same modules; it mounts in a real app at 80×24 and draws every
seat's view, and a spectator's, through a seeded bot game without an error; nothing in it is
wider than the screen; it is given only cards its seat may see, and it shows no card that lies
in another seat's hand unseen by its own; a spectator is shown no hand.
"""

from __future__ import annotations

import dataclasses
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import Any

import pytest
from rich.measure import Measurement
from textual.widget import Widget

from cardtable.client.ui.boards import Board, board_class
from cardtable.client.ui.boards.action_list import ActionListBoard
from cardtable.engine import GameSpec, all_games, get_game, new_game
from tests.client.support import LocalTable, hand_of, run_async, screen_text
from tests.conformance.support import card_ids, short_options, visible_cards

#: The modules of every board package: the widget (keys and clicks), its drawing, how its
#: cards look (with `face(card) -> str`, a card in words), and what it reads from the view.
BOARD_MODULES = {"board", "drawing", "faces", "reading"}
#: The moves drawn step by step from every seat (the rest of the game is played unseen, then
#: its end drawn).
STEPS = 30
SIZE = (80, 24)
NAMES = ["Tess", "Bram", "Cleo", "Dana"]

SPECS = [pytest.param(spec, id=spec.id) for spec in all_games()]


def faces_of(spec: GameSpec) -> Callable[[Any], str]:
    """The board's words for one card (`faces.face` beside its board module)."""
    package = board_class(spec).__module__.rpartition(".")[0]
    face: Callable[[Any], str] = import_module(f"{package}.faces").face
    return face


@pytest.mark.parametrize("spec", SPECS)
def test_every_game_names_its_own_board_in_a_package_of_the_same_modules(spec: GameSpec) -> None:
    board = board_class(spec)
    assert issubclass(board, Board) and board is not ActionListBoard
    module, _, name = spec.board.partition(":")
    assert module.endswith(".board") and board.__name__ == name
    package = import_module(module.rpartition(".")[0])
    if package.__name__.startswith("cardtable."):
        found = {info.name for info in pkgutil.iter_modules(package.__path__)}
        assert found == BOARD_MODULES, package.__name__
    assert callable(faces_of(spec))


def fits(widget: Widget) -> bool:
    """Whether all of `widget` is on the screen, none of it scrolled out of sight sideways or
    cut off: a board that draws itself (no parts; each part lays its rows out to its width) is
    measured."""
    if widget.region.right > SIZE[0] or (widget.allow_horizontal_scroll and widget.max_scroll_x):
        return False
    if not isinstance(widget, Board) or widget.children:
        return True
    console = widget.app.console
    unbounded = console.options.update_width(10**4)
    measured = Measurement.get(console, unbounded, widget.render())
    return measured.maximum <= widget.content_size.width


def cards_in(typed: object) -> Iterator[Any]:
    """Every card (anything with a ``cid``) anywhere in a typed table view."""
    pending = [typed]
    while pending:
        item = pending.pop()
        if hasattr(item, "cid"):
            yield item
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            pending.extend(getattr(item, field.name) for field in dataclasses.fields(item))
        elif isinstance(item, tuple | list):
            pending.extend(item)
        elif isinstance(item, Mapping):
            pending.extend(item.values())


class Watched:
    """A game's board drawn from each seat and a spectator's place in turn, with the words for
    every card each place has ever been shown, to tell a card it may know from one it may not
    (two cards may share their words)."""

    def __init__(self, spec: GameSpec, app: LocalTable) -> None:
        self.spec, self.app, self.game = spec, app, app.game
        self.face = faces_of(spec)
        self.places: list[int | None] = [*range(self.game.seats), None]
        self.seen: dict[int | None, set[int]] = {place: set() for place in self.places}
        self.known: dict[int | None, set[str]] = {place: set() for place in self.places}

    def view_of(self, place: int | None) -> Any:
        return self.spec.types.view_from_wire(self.game.view(place))

    def follow(self) -> None:
        """Note what each place is shown now."""
        for place in self.places:
            self.seen[place] |= visible_cards(self.game, place)
            self.known[place] |= {self.face(card) for card in cards_in(self.view_of(place).table)}

    def unseen_faces(self, place: int | None) -> set[str]:
        """The words for the cards in the hands that `place` never saw, but for words it was
        shown for another card."""
        hands = [self.view_of(seat).table.hand or () for seat in range(self.game.seats)]
        unseen = {self.face(c) for hand in hands for c in hand if c.cid not in self.seen[place]}
        return unseen - self.known[place]

    async def draw(self, pilot: Any, place: int | None) -> str:
        self.app.seat = place
        self.app.redraw()
        await pilot.pause()
        board = self.app.board
        assert board.state is not None and board.state.view == self.game.view(place)
        shown = set(card_ids(board.state.view))
        assert shown <= visible_cards(self.game, place), f"{place} is given hidden cards"
        for widget in [board, *board.query("*")]:
            assert fits(widget), f"{widget} is wider than the screen"
        if place is None:
            assert hand_of(board) == []
        return screen_text(self.app)

    async def check(self, pilot: Any) -> None:
        """Draw the game now from every place; none is shown a card it may not know."""
        for place in self.places:
            text = await self.draw(pilot, place)
            leaked = {face for face in self.unseen_faces(place) if face in text}
            assert not leaked, f"{place} is shown {leaked}:\n{text}"


@pytest.mark.parametrize("spec", SPECS)
def test_every_board_draws_every_seats_view_of_a_bot_game_at_80_by_24(spec: GameSpec) -> None:
    players = spec.min_players
    game = new_game(spec.id, players, short_options(spec), seed=3)
    bots = [spec.bots[spec.default_bot](seat) for seat in range(players)]

    async def body() -> None:
        app = LocalTable(game, NAMES[:players])
        async with app.run_test(size=SIZE) as pilot:
            watched = Watched(get_game(spec.id), app)
            for step in range(10**4):
                if game.over:
                    break
                watched.follow()
                if step < STEPS:
                    await watched.check(pilot)
                seat = game.actors[0]
                game.apply(seat, bots[seat].choose(game.seat_view(seat), game.legal(seat)))
            assert game.over
            watched.follow()
            await watched.check(pilot)
            assert app.is_running

    run_async(body, timeout=120)
