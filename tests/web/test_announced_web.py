"""The web address in the LAN announcement: written, read back (a bad one ignored), listed by
`cardtable servers`, and announced by a real `cardtable serve --web`."""

from __future__ import annotations

import os
import signal
import socket
from contextlib import closing
from pathlib import Path

from cardtable.discovery.records import read_ad, txt_properties
from cardtable.protocol import PROTOCOL_VERSION
from tests.discovery.support import loopback_browser, named, unique_name, wait_for
from tests.web.browser import web_server


def properties(web_port: int | None) -> dict[bytes, bytes | None]:
    written = txt_properties(protocol=7, password=False, tables=1, players=2, web_port=web_port)
    return {key.encode(): value.encode() for key, value in written.items()}


def test_the_web_port_is_read_back_and_listed_within_80_columns() -> None:
    ad = read_ad("Kitchen table", "192.168.1.20", 7777, properties(7778))
    assert ad is not None and ad.web_address == "http://192.168.1.20:7778"
    lines = ad.listing(7)
    assert "browsers: http://192.168.1.20:7778" in " ".join(lines)
    assert all(len(line) <= 80 for line in lines)
    assert ad.as_json()["web"] == "http://192.168.1.20:7778"


def test_a_server_without_browsers_or_with_a_bad_web_port_shows_none() -> None:
    for raw in (None, b"0", b"70000", b"http://evil", b"-1"):
        given = properties(None)
        if raw is not None:
            given[b"web"] = raw
        ad = read_ad("x", "10.0.0.2", 7777, given)
        assert ad is not None and ad.web_address is None, raw
        assert "browsers" not in " ".join(ad.listing(7))


def test_cardtable_serve_web_announces_its_web_address() -> None:
    name = unique_name("web")
    with web_server(announce=name) as server, closing(loopback_browser()) as browser:
        browser.start()
        # First without it (the gateway starts after the server), then with it.
        wait_for(lambda: getattr(named(browser, name), "web_address", None), 15, "the web port")
        ad = named(browser, name)
        assert ad is not None and ad.protocol == PROTOCOL_VERSION
        assert ad.web_address == f"http://127.0.0.1:{server.url.rsplit(':', 1)[1].strip('/')}"


def gateway_process(web_port: int) -> int:
    """The id of the web gateway process serving browsers on `web_port`."""
    for entry in Path("/proc").iterdir():
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"cardtable.web.gateway" in words and str(web_port).encode() in words:
            return int(entry.name)
    raise AssertionError(f"no web gateway on port {web_port}")


def test_a_web_port_that_is_not_served_is_not_announced() -> None:
    name = unique_name("web-taken")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        web_port = taken.getsockname()[1]
        with (
            web_server(web_port=web_port, ready="the game server carries on", announce=name),
            closing(loopback_browser()) as browser,
        ):
            browser.start()
            wait_for(lambda: named(browser, name), 15, "the announcement")
            ad = named(browser, name)
            assert ad is not None and ad.web_address is None


def test_the_web_port_is_withdrawn_from_the_announcement_when_the_gateway_stops() -> None:
    """Just after a change, the server misses an answer or two for a few seconds: the browser
    checks every 5 s as `cardtable servers` does, and keeps the server through that."""
    name = unique_name("web-gone")
    with web_server(announce=name) as server, closing(loopback_browser(recheck=5)) as browser:
        browser.start()
        web_port = int(server.url.rsplit(":", 1)[1].strip("/"))

        def web_address() -> str | None:
            ad = named(browser, name)
            return None if ad is None else ad.web_address

        wait_for(web_address, 15, "the web address announced")
        os.kill(gateway_process(web_port), signal.SIGKILL)
        wait_for(lambda: named(browser, name) and web_address() is None, 20, "the update")
        assert server.process.poll() is None  # the game server carries on
