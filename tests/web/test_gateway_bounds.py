"""The web gateway's bounds, with a real server and a real Chromium: a cap on tabs at once, a
closed tab's app process ended within seconds, every one ended when the server stops, and a
web port already taken told in a line while the game server carries on."""

from __future__ import annotations

import socket
from pathlib import Path

from tests.web.browser import Tab, app_processes, chromium, wait_until, web_server


def test_a_closed_tab_ends_its_app_process_and_stopping_the_server_ends_the_rest() -> None:
    with web_server() as server, chromium() as browser:
        tabs = [Tab(browser, server.url) for _ in range(3)]
        for tab in tabs:
            tab.wait_for("Type your name below")
        wait_until(lambda: len(app_processes(server.port)) == 3, "three app processes")
        tabs[0].page.close()
        wait_until(lambda: len(app_processes(server.port)) == 2, "a closed tab's app ended", 10)
        assert server.stop() == 0
        wait_until(lambda: not app_processes(server.port), "every app process ended", 10)


def test_tabs_past_the_cap_are_told_the_seats_are_taken() -> None:
    with web_server("--web-max", "2") as server, chromium() as browser:
        for _ in range(2):
            Tab(browser, server.url).wait_for("Type your name below")
        refused = Tab(browser, server.url)
        told = "has all its browser seats taken (2 at once)"
        wait_until(lambda: told in refused.page.inner_text("body"), "the refusal")
        assert len(app_processes(server.port)) == 2


def test_a_web_port_already_taken_is_told_and_the_game_server_carries_on() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        web_port = taken.getsockname()[1]
        with web_server(web_port=web_port, ready="the game server carries on") as server:
            told = "".join(server.lines)
            assert f"the web page is not served: the web port {web_port} is taken" in told
            with socket.create_connection(("127.0.0.1", server.port), timeout=5):
                pass
            assert server.process.poll() is None


def test_the_gateway_runs_this_cardtable_whatever_folder_the_server_starts_in(
    tmp_path: Path,
) -> None:
    """`python -m` looks in the current folder first: started beside another `cardtable`
    package (a checkout of another version), the gateway still runs this one."""
    (tmp_path / "cardtable").mkdir()
    (tmp_path / "cardtable" / "__init__.py").write_text("")
    with web_server(cwd=tmp_path) as server, chromium() as browser:
        Tab(browser, server.url).wait_for("Type your name below")
