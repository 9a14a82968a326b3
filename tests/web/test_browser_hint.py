"""A hint in a browser tab: at an unrated table the footer offers `H Hint`, and the key (a
capital, as a browser sends it with shift) shows the strongest bot's suggestion in words."""

from __future__ import annotations

from tests.web.browser import Tab, chromium, web_server
from tests.web.test_browser_table import my_turn, sit_down


def test_a_browser_player_asks_for_a_hint_at_an_unrated_table() -> None:
    with web_server() as server, chromium() as browser:
        tab = Tab(browser, server.url)
        sit_down(tab, "Ann")
        tab.press("n")
        tab.wait_for("Open a table")
        tab.click_text("Rated (no take-backs)")  # unticked: an unrated table
        tab.wait_for(r"▐ ▌ Rated")
        tab.click_text("Open            Cancel")
        tab.wait_for(r"Chinese Ten\s+table 1(.|\n)*\(bot\)")
        my_turn(tab)
        tab.wait_for("H Hint")
        tab.press("H")
        tab.wait_for(r"Hint: Ann (plays|lays)", deadline=30)
