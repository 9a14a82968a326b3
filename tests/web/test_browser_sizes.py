"""A phone's browser tab: too small for the table at the page's usual font, it says what
size the table needs and how to get it; with that, the table's first screen is drawn."""

from __future__ import annotations

from tests.web.browser import PHONE, Tab, chromium, web_server


def test_a_phone_is_told_the_size_needed_and_how_to_get_it() -> None:
    with web_server() as server, chromium() as browser:
        phone = Tab(browser, server.url, PHONE)
        told = " ".join(phone.wait_for("fontsize=8").split())
        assert "needs at least 80×24" in told
        assert "about 720×432 pixels" in told
        small_font = Tab(browser, server.url + "?fontsize=8", PHONE)
        small_font.wait_for("Type your name below")
        columns, rows = small_font.grid()
        assert columns >= 80 and rows >= 24
        assert "needs at least" not in small_font.screen()
