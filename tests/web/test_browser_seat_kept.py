"""A browser takes its seat back, in a real headless Chromium at a real `cardtable serve --web`:
a reloaded tab, or the browser closed and opened again, finds the seat token its cookie's folder
keeps; another browser, with another cookie, under the same name does not get the seat."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.browser import Tab, chromium, web_server
from tests.web.test_browser_table import CARD, sit_down

HAND = re.compile(r"Ann \(you\)\s+hand (\d+)")


def open_a_table(tab: Tab) -> list[str]:
    """Open a table against a bot; the cards of the player's hand once it is dealt."""
    tab.press("n")
    tab.wait_for("Open a table")
    tab.click_text("Open            Cancel")
    return hand(tab.wait_for(HAND.pattern))


def hand(screen: str) -> list[str]:
    """The cards of the hand on a table's `screen`."""
    lines = screen.splitlines()
    top = next(row for row, line in enumerate(lines) if "Your hand" in line) + 1
    cards = []
    for line in lines[top:]:
        found = CARD.findall(line)
        if not found:
            break
        cards += found
    return cards


def come_back(tab: Tab, name: str) -> list[str]:
    """Give `name` on the first screen and be back at the seat; the cards of the hand."""
    tab.wait_for("Type your name below")
    tab.press()
    tab.type(name)
    tab.press("Enter")
    screen = tab.wait_for(r"You are back at your seat at table 1\.")
    return hand(tab.wait_for(HAND.pattern) if HAND.search(screen) is None else screen)


def test_a_reloaded_tab_takes_its_seat_back_and_the_seat_is_not_away() -> None:
    with web_server() as server, chromium() as browser:
        tab = Tab(browser, server.url)
        sit_down(tab, "Ann")
        dealt = open_a_table(tab)

        tab.page.reload()
        assert come_back(tab, "Ann") == dealt

        watcher = Tab(browser, server.url)  # another player, in another tab
        sit_down(watcher, "Bea")
        watcher.wait_for(r"1\. Ann ●")


def test_a_browser_opened_again_takes_its_seat_back_and_another_browser_cannot(
    tmp_path: Path,
) -> None:
    profile = tmp_path / "ann's browser"
    profile.mkdir()
    with web_server() as server:
        with chromium(profile) as browser:
            tab = Tab(browser, server.url)
            sit_down(tab, "Ann")
            dealt = open_a_table(tab)

        with chromium() as other:  # fresh cookies, the same name
            stranger = Tab(other, server.url)
            stranger.wait_for("Type your name below")
            stranger.press()
            stranger.type("Ann")
            stranger.press("Enter")
            told = stranger.wait_for("keeps the name until they return")
            assert "Ann is away from a table" in told
            assert "Your hand" not in told

        with chromium(profile) as browser:
            assert come_back(Tab(browser, server.url), "Ann") == dealt
