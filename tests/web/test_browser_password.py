"""The server's password applies to a browser player: asked after the name, before the
lobby."""

from __future__ import annotations

from tests.web.browser import Tab, chromium, web_server


def test_a_browser_player_gives_the_servers_password() -> None:
    with web_server("--password", "s3cret") as server, chromium() as browser:
        tab = Tab(browser, server.url)
        tab.wait_for("Type your name below")
        tab.press()
        tab.type("Ann")
        tab.press("Enter")
        assert "password is needed" in tab.wait_for("Ask the host for the password")
        assert "Lobby" not in tab.screen()
        tab.type("s3cret")
        tab.press("Enter")
        tab.wait_for("Lobby · you are Ann")
