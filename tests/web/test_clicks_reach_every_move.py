"""Touch and click reach every move a key makes, on every game's board (a phone in a browser
has no keys): over a short seeded game against bots, each kind of move the player may make is
made at least once by nothing but clicks on what the board draws (its cards, spots, areas and
buttons) and on the footer's keys. No browser: Textual's `Pilot` clicks the cells.

For each legal move of a kind no click has made yet, the explorer clicks the cards it names,
then each thing on the screen in turn (and each thing that click brings up), taking back any
move made meanwhile (the game restored); then the bot's move is played for us.
"""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest
from textual.geometry import Region
from textual.widgets import Button, OptionList
from textual.widgets._footer import FooterKey

from cardtable.client.ui.boards.layout import CLICK
from cardtable.engine import GameSpec, all_games, new_game
from cardtable.wire.codec import to_wire
from tests.client.support import AppPilot, LocalTable, run_async
from tests.conformance.support import short_options

SIZE = (80, 24)
NAMES = ["Tess", "Bram", "Cleo", "Dana"]
#: Our turns looked at, at most, in one game.
TURNS = 30

SPECS = [pytest.param(spec, id=spec.id) for spec in all_games()]


def targets(app: LocalTable) -> dict[object, tuple[int, int]]:
    """A cell of each thing on the screen a click acts on, by what it does: a board's piece
    (its action, read from the screen's cells), a button, a line of a list or a footer key."""
    found: dict[object, tuple[int, int]] = {}
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        x = 0
        for segment in strip:
            meta = segment.style.meta if segment.style else {}
            if CLICK in meta:  # a board's piece
                found.setdefault(repr(meta[CLICK]), (x, y))
            elif "@click" in meta:  # Textual's own (a board that draws itself)
                found.setdefault(f"@{meta['@click']}", (x, y))
            x += segment.cell_length
    for button in app.screen.query(Button):
        if button.display and button.region:
            found.setdefault(f"button {button.label}", middle(button.region))
    for options in app.screen.query(OptionList):  # a list of moves: each line
        if options.display and options.region:
            for line in range(options.region.height):
                found.setdefault(f"line {line}", (options.region.x + 1, options.region.y + line))
    for key in app.screen.query(FooterKey):  # (recomposed, new widgets, as the keys change)
        if key.display and key.region:
            found.setdefault(f"footer {key.key}", middle(key.region))
    return found


def middle(region: Region) -> tuple[int, int]:
    return region.x + region.width // 2, region.y + region.height // 2


def card_keys(cid: int) -> tuple[str, str]:
    """How `targets` names a card of the hand (a piece's, Textual's click)."""
    return repr(("card", (cid,))), f"@card({cid})"


def is_card(key: object) -> bool:
    return str(key).startswith(("('card'", "@card("))


def cards_of(action: Any) -> list[int]:
    """The card ids an action names (its "cid" and "cids")."""
    wire = to_wire(action)
    found = [wire["cid"]] if isinstance(wire.get("cid"), int) else []
    return found + [cid for cid in wire.get("cids") or () if isinstance(cid, int)]


def kinds(actions: list[Any]) -> set[str]:
    return {str(to_wire(action)["kind"]) for action in actions}


class Explorer:
    """Looks for clicks that make a move of a kind, taking back each move made meanwhile."""

    def __init__(self, pilot: AppPilot, app: LocalTable) -> None:
        self.pilot, self.app = pilot, app
        self.clicked: set[str] = set()

    async def reset(self, saved: Any) -> None:
        app = self.app
        while len(app.screen_stack) > 1:  # a screen a click opened (the rules)
            app.pop_screen()
        app.game = copy.deepcopy(saved)
        app.made.clear()
        app.redraw()
        unmark = getattr(app.board, "action_unselect", None)
        if unmark is not None:
            unmark()
        await self.settled()

    async def settled(self) -> None:
        """Let the app take in what was done, until what a click can reach stays the same (a
        footer draws its new keys a moment after they change; a busy machine takes longer)."""
        deadline = asyncio.get_running_loop().time() + 5
        await self.pilot.pause()
        before = targets(self.app)
        while True:
            await self.pilot.pause(0.02)
            now = targets(self.app)
            if now == before or asyncio.get_running_loop().time() > deadline:
                return
            before = now

    async def click(self, cell: tuple[int, int]) -> bool:
        """Click `cell`; whether that made a move (its kind noted)."""
        await self.pilot.click(offset=cell)
        await self.settled()
        if self.app.made:
            self.clicked.add(str(self.app.made[-1]["kind"]))
            return True
        return False

    async def look_for(self, kind: str, action: Any) -> None:
        """Clicks that make a move of `kind` like `action`: its cards clicked, then each thing
        then on the screen, then (if that made no move) each thing that click brought up; the
        game as it was afterwards."""
        saved = copy.deepcopy(self.app.game)
        try:
            await self.reset(saved)
            if await self.mark(action):
                return
            first = [key for key in targets(self.app) if not is_card(key)]  # cards marked
            for key in [None, *first]:
                if kind in self.clicked:
                    return
                await self.reset(saved)
                if await self.mark(action):
                    continue
                cells = targets(self.app)
                if key is not None and (key not in cells or await self.click(cells[key])):
                    continue
                for then in [k for k in targets(self.app) if k not in cells]:
                    cell = targets(self.app).get(then)
                    if kind in self.clicked or cell is None or await self.click(cell):
                        break
        finally:
            await self.reset(saved)

    async def mark(self, action: Any) -> bool:
        """Click the cards `action` names; whether that alone made a move."""
        for cid in cards_of(action):
            shown = targets(self.app)
            cell = next((shown[key] for key in card_keys(cid) if key in shown), None)
            if cell is not None and await self.click(cell):
                return True
        return False


@pytest.mark.parametrize("spec", SPECS)
def test_clicks_reach_every_kind_of_move(spec: GameSpec) -> None:
    players = spec.min_players
    game = new_game(spec.id, players, short_options(spec), seed=5)
    bots = [spec.bots[spec.default_bot](seat) for seat in range(players)]
    legal: set[str] = set()
    clicked: set[str] = set()

    async def body() -> None:
        app = LocalTable(game, NAMES[:players])
        async with app.run_test(size=SIZE) as pilot:
            explorer = Explorer(pilot, app)
            turns = 0
            while not app.game.over and turns < TURNS:
                play = app.game
                seat = play.actors[0]
                if seat == 0:
                    turns += 1
                    moves = play.legal(0)
                    legal.update(kinds(moves))
                    tried: set[str] = set()  # one move of each kind a turn
                    for move in moves:
                        kind = str(to_wire(move)["kind"])
                        if kind not in explorer.clicked and kind not in tried:
                            tried.add(kind)
                            await explorer.look_for(kind, move)
                    play = app.game
                play.apply(seat, bots[seat].choose(play.seat_view(seat), play.legal(seat)))
                app.made.clear()
                app.redraw()
            clicked.update(explorer.clicked)
            assert not app.refused

    run_async(body, timeout=240)
    assert legal - clicked == set(), f"no click makes: {sorted(legal - clicked)}"
