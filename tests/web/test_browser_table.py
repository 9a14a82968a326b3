"""A browser player at a real `cardtable serve --web`, in a real headless Chromium: the name
asked, the lobby, a table against bots opened by a click, and moves by key and by click."""

from __future__ import annotations

import re

from tests.web.browser import Tab, chromium, wait_until, web_server

SPOT_LABEL = re.compile(r"┗━━(\d)━━┛")


def hand_size(tab: Tab, name: str) -> int:
    found = re.search(rf"{name} \(you\)\s+hand (\d+)", tab.screen())
    assert found, tab.screen()
    return int(found.group(1))


def capture_spot(tab: Tab) -> str | None:
    """The number of the first bold-framed spot (one the selected card captures), if any."""
    for line in tab.screen().splitlines():
        if found := SPOT_LABEL.search(line):
            return found.group(1)
    return None


def sit_down(tab: Tab, name: str) -> None:
    tab.wait_for("Type your name below")
    tab.press()
    tab.type(name)
    tab.press("Enter")
    tab.wait_for(f"Lobby · you are {name}")


def my_turn(tab: Tab) -> str:
    return tab.wait_for(r"your turn|a card \(←→\)|lay a card|press \d")


def answer_a_flip(tab: Tab) -> None:
    """After a move, a flipped card that captures waits for the player's choice of spot."""
    found = re.search(r"The flipped .* captures: press (\d)", tab.screen())
    if found:
        tab.press(found.group(1))


def test_a_browser_player_opens_a_table_against_bots_and_plays_by_key_and_by_click() -> None:
    with web_server() as server, chromium() as browser:
        tab = Tab(browser, server.url)
        assert f"The card table at 127.0.0.1:{server.port}" in tab.wait_for("Welcome")
        sit_down(tab, "Ann")
        assert "No tables yet: press n to open one." in tab.screen()

        tab.press("n")
        tab.wait_for("Open a table")
        tab.click_text("Open            Cancel")  # the Open button, by a click
        tab.wait_for(r"Chinese Ten\s+table 1")
        assert "Bram (bot)" in tab.screen() or "(bot)" in tab.screen()

        # A move by key: a spot's number (the bold-framed one if the card captures).
        my_turn(tab)
        before = hand_size(tab, "Ann")
        tab.press(capture_spot(tab) or "1")
        wait_until(lambda: hand_size(tab, "Ann") == before - 1, "the card played by key")
        answer_a_flip(tab)

        # A move by click: a card in the hand, then a spot.
        wait_until(
            lambda: hand_size(tab, "Ann") == before - 1 and "your turn" in tab.screen(),
            "Ann's turn again",
        )
        hand_row = tab.cell_of("Your hand")[1] + 1
        first_card = re.search(r"\S", tab.screen().splitlines()[hand_row])
        assert first_card
        tab.click_cell(first_card.start(), hand_row)
        wait_until(lambda: "Capture:" in tab.screen() or "lay a card" in tab.screen(), "a card")
        spot = capture_spot(tab) or "1"
        label = next(
            line for line in tab.screen().splitlines() if f"{spot}──" in line or f"{spot}━━" in line
        )
        tab.click_cell(label.index(spot), tab.screen().splitlines().index(label) - 1)
        wait_until(lambda: hand_size(tab, "Ann") == before - 2, "the card played by click")
