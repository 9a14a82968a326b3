"""The dialogs a player may back out of: escape and the Cancel button dismiss each with None,
and its other buttons with what they choose (driven through Pilot at 80×24)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.screen import ModalScreen

from cardtable.client.ui.create_table import CreateTableScreen
from cardtable.client.ui.dialogs import AwayPolicy, AwayTime, QuitChoice, SeatChooser
from cardtable.client.ui.stylesheet import STYLESHEET
from cardtable.engine import all_games
from cardtable.protocol import GameInfo

from .support import SIZE, run_async

SEATS = [(2, "Bram"), (0, "Ada")]


def dialogs() -> dict[str, ModalScreen[Any]]:
    """A fresh dialog of each kind, by name."""
    return {
        "quit": QuitChoice(),
        "seat": SeatChooser("Whose seat?", SEATS),
        "away": AwayPolicy(30),
        "new table": CreateTableScreen([GameInfo.of(spec) for spec in all_games()]),
    }


class Host(App[None]):
    """An app with cardtable's stylesheet that shows one dialog and keeps its answers."""

    CSS = STYLESHEET

    def __init__(self, dialog: ModalScreen[Any]) -> None:
        super().__init__()
        self.dialog = dialog
        self.answers: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.answers.append)


def answer(dialog: ModalScreen[Any], *, press: str = "", click: str = "") -> object:
    """What `dialog` dismisses with after a key `press` or a `click` on a widget."""
    app = Host(dialog)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            if press:
                await pilot.press(press)
            else:
                await pilot.click(click)
            await pilot.pause()

    run_async(body)
    assert len(app.answers) == 1, f"no answer after {press or click}"
    return app.answers[0]


@pytest.mark.parametrize("name", list(dialogs()))
def test_escape_and_the_cancel_button_back_out(name: str) -> None:
    assert answer(dialogs()[name], press="escape") is None
    assert answer(dialogs()[name], click="#cancel") is None


def test_the_other_buttons_choose() -> None:
    assert answer(QuitChoice(), click="#keep") == "keep"
    assert answer(QuitChoice(), click="#leave") == "leave"
    assert answer(SeatChooser("Whose seat?", SEATS), click="#choice-2") == 0
    assert answer(AwayPolicy(30), click="#set") == AwayTime(30)
