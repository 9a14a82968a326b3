"""A player in a browser and a player in a terminal (`cardtable join` in tmux) at one table of
a real `cardtable serve --web`: both see the same table, take turns, and the game ends for
both."""

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
from functools import partial

from tests.web.browser import Tab, chromium, wait_until, web_server
from tests.web.test_browser_table import a_move, hand_size, play_a_card, sit_down


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

    def keys(self, *keys: str) -> None:
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


def play_in_the_terminal(terminal: Terminal) -> None:
    """Lay or capture by keys, as `play_a_card` does in the browser."""
    before = re.search(r"\(you\)\s+hand (\d+)", terminal.screen())
    assert before, terminal.screen()
    played = f"hand {int(before.group(1)) - 1}"
    deadline = time.monotonic() + 30
    while not terminal.shows(played) and time.monotonic() < deadline:
        move = a_move(terminal.screen())
        terminal.keys("Home", str(move.spot))  # home: the first card with a move
        with contextlib.suppress(AssertionError):
            wait_until(partial(terminal.shows, played), "the card played", 5)
    assert terminal.shows(played), terminal.screen()


def spots(screen: str) -> list[str]:
    """The cards on the table's spots, as a screen shows them."""
    line = next(line for line in screen.splitlines() if re.search(r"[│┃]\s*\S*\s*[│┃]", line))
    return re.findall(r"[│┃]\s*(\S*)\s*[│┃]", line)


def test_a_browser_player_and_a_terminal_player_play_a_game_to_its_end() -> None:
    with web_server() as server, chromium() as browser:
        tab = Tab(browser, server.url)
        sit_down(tab, "Ann")
        tab.press("n")
        tab.wait_for("Open a table")
        tab.click_text("Bots in the other seats")  # off: a seat for the terminal player
        tab.click_text("Open            Cancel")
        tab.wait_for(r"Chinese Ten\s+table 1")

        with terminal_player(server.port, "Cy") as cy:
            cy.wait_for("Lobby · you are Cy")
            cy.wait_for("waiting")
            cy.keys("Enter")  # sits at the table under the cursor
            cy.wait_for(r"Chinese Ten\s+table 1")
            tab.wait_for("Cy")
            tab.press("s")  # Ann opened the table and starts the game
            for _ in range(2):
                # Whoever's turn it is plays; then the other does.
                wait_until(
                    lambda: "your turn" in tab.screen() or "your turn" in cy.screen(), "a turn"
                )
                if "your turn" in tab.screen():
                    play_a_card(tab, by_click=True)
                else:
                    play_in_the_terminal(cy)
            # Both see the same table: the same cards on the spots, the same hands.
            wait_until(lambda: spots(tab.screen()) == spots(cy.screen()), "the same spots")
            assert hand_size(tab, "Ann") == int(
                re.findall(r"Ann\b[^│]*?hand (\d+)", cy.screen())[0]
            )
            cy.keys("C")  # Cy concedes: the game ends for both
            cy.wait_for("[Cc]oncede")
            cy.keys("y")
            tab.wait_for(r"conceded|Game over|won")
            cy.wait_for(r"conceded|Game over|won")
