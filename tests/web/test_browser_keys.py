"""Keys a browser lets through: f10 quits (a browser keeps ctrl+q for itself), and the tab's
app process ends with it."""

from __future__ import annotations

from tests.web.browser import Tab, app_processes, chromium, wait_until, web_server
from tests.web.test_browser_table import sit_down


def test_f10_quits_the_app_in_a_browser_tab() -> None:
    with web_server() as server, chromium() as browser:
        tab = Tab(browser, server.url)
        sit_down(tab, "Ann")
        assert len(app_processes(server.port)) == 1
        tab.press("F10")
        wait_until(lambda: tab.page.is_visible("text=Session ended."), "the session ended")
        wait_until(lambda: not app_processes(server.port), "the app process ended", 10)
