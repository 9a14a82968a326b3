"""The web address in the LAN announcement: written, read back (a bad one ignored), listed by
`cardtable servers`, and announced by a real `cardtable serve --web`."""

from __future__ import annotations

from contextlib import closing

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
        wait_for(lambda: named(browser, name), 15, "the announcement")
        ad = named(browser, name)
        assert ad is not None and ad.protocol == PROTOCOL_VERSION
        assert ad.web_address == f"http://127.0.0.1:{server.url.rsplit(':', 1)[1].strip('/')}"
