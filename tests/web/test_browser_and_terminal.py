"""A player in a browser and a player in a terminal (`cardtable join` in tmux) at one table of
a real `cardtable serve --web`: both see the same table and play a short game (one deck) to its
end, by keys, and both see the same scores; both are rated, each by a key of their own."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from tests.web.browser import Tab, chromium, wait_until, web_server
from tests.web.test_browser_table import a_move, hand_size, sit_down


class Terminal:
    """`cardtable join` in an 80×24 tmux window: its screen read, keys sent."""

    def __init__(self, name: str) -> None:
        self.name = name

    def screen(self) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def shows(self, text: str) -> bool:
        return text in self.screen()

    def press(self, *keys: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, pattern: str, deadline: float = 30.0) -> str:
        wait_until(
            lambda: re.search(pattern, self.screen()),
            repr(pattern),
            deadline,
            self,  # type: ignore[arg-type]
        )
        return self.screen()


@contextmanager
def terminal_player(port: int, name: str) -> Iterator[Terminal]:
    session = f"cardtable-web-{uuid.uuid4().hex[:8]}"
    command = f"{sys.executable} -m cardtable join 127.0.0.1:{port} --name {name}"
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "80", "-y", "24", command],
        check=True,
        env=os.environ,
    )
    try:
        yield Terminal(session)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], check=False)


def spots(screen: str) -> list[str]:
    """The cards on the table's spots, as a screen shows them."""
    line = next(line for line in screen.splitlines() if re.search(r"[│┃]\s*\S*\s*[│┃]", line))
    return re.findall(r"[│┃]\s*(\S*)\s*[│┃]", line)


class Player(Protocol):
    """A browser tab or a terminal: its screen read, keys pressed."""

    def screen(self) -> str: ...

    def press(self, *keys: str) -> None: ...


#: The end of the game, as the scores screen shows it to each player.
GAME_OVER = re.compile(r"(You won!|You share the win!|\w+ won\.)(.|\n)*Rematch")
FLIP = re.compile(r"The flipped .* captures: press (\d)")


def game_over(player: Player) -> bool:
    return bool(GAME_OVER.search(player.screen()))


def my_move(player: Player) -> bool:
    """Whether it is the player's turn (to move, or to say where a flipped card captures)."""
    screen = player.screen()
    return "your turn" in screen and not GAME_OVER.search(screen)


def take_a_turn(player: Player) -> None:
    """Answer a flipped card's capture, or lay or capture with a card of the hand (home: the
    first card with a move), by keys; the screen's change awaited (keys again if they landed
    while it was redrawn)."""
    before = player.screen()
    deadline = time.monotonic() + 20
    while player.screen() == before and time.monotonic() < deadline:
        if found := FLIP.search(before):
            player.press(found.group(1))
        else:
            try:
                move = a_move(before)
            except StopIteration:
                raise AssertionError(f"no move on the screen:\n{before}") from None
            player.press("Home", str(move.spot))
        with contextlib.suppress(AssertionError):
            wait_until(lambda: player.screen() != before, "the move made", 3)
    assert player.screen() != before, before


def scores(screen: str) -> list[str]:
    """The rows of the scores screen (what scored, each player's points), spaces collapsed."""
    rows = (
        re.search(r"(Aces|Kings|Twos|This round|Total)[^█]*", line) for line in screen.splitlines()
    )
    return [" ".join(row.group(0).split()) for row in rows if row]


def choose(tab: Tab, label: str, value: str) -> None:
    """Pick `value` in the select after `label` in a dialog, by clicks."""
    column, row = tab.cell_of(label)
    line = tab.screen().splitlines()[row]
    tab.click_cell(line.index("▼", column), row)  # the select's arrow
    tab.wait_for(rf"│{value}\s")
    option_column, option_row = tab.cell_of(f"│{value} ")
    tab.click_cell(option_column + 1, option_row)
    tab.wait_for(rf"{label}\s+{value}\s")


def test_a_browser_player_and_a_terminal_player_play_a_game_to_its_end() -> None:
    with web_server() as server, chromium() as browser:
        tab = Tab(browser, server.url)
        sit_down(tab, "Ann")
        tab.press("n")
        tab.wait_for("Open a table")
        choose(tab, "decks", "1")  # one deck: 13 cards each, a short game
        tab.click_text("Bots in the other seats")  # off: a seat for the terminal player
        tab.click_text("Open            Cancel")
        tab.wait_for(r"Chinese Ten\s+table 1")

        with terminal_player(server.port, "Cy") as cy:
            cy.wait_for("Lobby · you are Cy")
            cy.wait_for("waiting")
            cy.press("Enter")  # sits at the table under the cursor
            cy.wait_for(r"Chinese Ten\s+table 1")
            tab.wait_for("Cy")
            tab.press("s")  # Ann opened the table and starts the game
            wait_until(lambda: my_move(tab) or my_move(cy), "the first turn")
            # Both see the same table: the same cards on the spots, the same hands.
            wait_until(lambda: spots(tab.screen()) == spots(cy.screen()), "the same spots")
            assert hand_size(tab, "Ann") == int(
                re.findall(r"Ann\b[^│]*?hand (\d+)", cy.screen())[0]
            )
            deadline = time.monotonic() + 100
            while not (game_over(tab) and game_over(cy)):
                assert time.monotonic() < deadline, f"{tab.screen()}\n{cy.screen()}"
                wait_until(
                    lambda: my_move(tab) or my_move(cy) or (game_over(tab) and game_over(cy)),
                    "a turn or the end",
                )
                for player in (tab, cy):
                    if my_move(player):
                        take_a_turn(player)
            # Both see the same end: one winner, the same scores.
            assert ("You won!" in tab.screen()) == ("Ann won." in cy.screen())
            assert len(scores(tab.screen())) == 5
            assert scores(tab.screen()) == scores(cy.screen())
            # The browser proved a key of its own: its player is rated, as the terminal's is.
            tab.press("Escape")
            tab.wait_for(r"Ann · -?\d+\s+\(you\)")
            cy.press("Escape")
            cy.wait_for(r"Ann · -?\d+")
