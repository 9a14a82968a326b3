"""A server's announcement is heard, updated and withdrawn, with real zeroconf instances on the
loopback interface; a server that vanishes without a word drops out of the list."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from contextlib import closing

import pytest
import trio

from cardtable.discovery.announce import Announcer, announce
from cardtable.discovery.browse import find_servers
from cardtable.discovery.records import txt_properties
from cardtable.protocol import PROTOCOL_VERSION
from cardtable.server.app import serve
from cardtable.server.config import ServerConfig
from tests.discovery.support import (
    LOOPBACK,
    loopback_browser,
    named,
    trio_wait_for,
    unique_name,
    wait_for,
)


async def test_a_server_is_announced_updated_and_withdrawn() -> None:
    name = unique_name("serve")
    config = ServerConfig(
        host="127.0.0.1",
        port=0,
        password="secret",
        announce=True,
        announce_name=name,
        # No interfaces named: a server listening on loopback is announced on loopback only.
    )
    with closing(loopback_browser()) as browser:
        await trio.to_thread.run_sync(browser.start)
        async with trio.open_nursery() as nursery:
            server = await nursery.start(serve, config)
            await trio_wait_for(lambda: named(browser, name), 15, "the announcement")
            ad = named(browser, name)
            assert ad is not None
            assert (ad.host, ad.port) == ("127.0.0.1", server.port)
            assert ad.password and ad.protocol == PROTOCOL_VERSION
            assert (ad.tables, ad.players) == (0, 0)
            # A connection counts as a player, and the announcement says so within a second
            # or two.
            stream = await trio.open_tcp_stream("127.0.0.1", server.port)
            await trio_wait_for(
                lambda: (found := named(browser, name)) is not None and found.players == 1,
                15,
                "the player count",
            )
            await stream.aclose()
            server.stop()
        # Stopping withdraws the announcement: it goes at once, not when its records expire.
        await trio_wait_for(lambda: named(browser, name) is None, 5, "the withdrawal")


async def test_updates_are_said_at_most_once_an_interval() -> None:
    name = unique_name("rate")
    calls: list[dict[str, str]] = []
    count = [0]

    class Counting(Announcer):
        def update(self, properties: dict[str, str]) -> None:
            calls.append(properties)
            super().update(properties)

    def state() -> dict[str, str]:
        return txt_properties(protocol=3, password=False, tables=count[0], players=0)

    announcer = Counting(name, 7000, interfaces=LOOPBACK)
    with closing(loopback_browser()) as browser:
        await trio.to_thread.run_sync(browser.start)
        async with trio.open_nursery() as nursery:
            assert await nursery.start(announce, announcer, state) == name
            start = trio.current_time()
            for n in range(1, 51):  # fifty changes in half a second
                count[0] = n
                await trio.sleep(0.01)
            await trio_wait_for(
                lambda: (found := named(browser, name)) is not None and found.tables == 50,
                15,
                "the last count",
            )
            assert len(calls) <= (trio.current_time() - start) / 1.0 + 1
            nursery.cancel_scope.cancel()


def test_a_server_gone_without_a_word_drops_out() -> None:
    name = unique_name("crash")
    program = (
        "import sys, time\n"
        "from cardtable.discovery.announce import Announcer\n"
        "from cardtable.discovery.records import txt_properties\n"
        f"a = Announcer({name!r}, 7001, interfaces=['127.0.0.1'], ttl=1)\n"
        "a.start(txt_properties(protocol=3, password=False, tables=2, players=1))\n"
        "print('up', flush=True)\n"
        "time.sleep(120)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "up"
        with closing(loopback_browser()) as browser:
            browser.start()
            wait_for(lambda: named(browser, name), 15, "the announcement")
            child.send_signal(signal.SIGKILL)  # no goodbye is sent
            child.wait(10)
            wait_for(lambda: named(browser, name) is None, 20, "the silent server to go")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        if child.stdout is not None:
            child.stdout.close()


def test_find_servers_lists_what_is_announced_within_its_time() -> None:
    name = unique_name("find")
    announcer = Announcer(name, 7002, interfaces=LOOPBACK)
    announcer.start(txt_properties(protocol=PROTOCOL_VERSION, password=False, tables=3, players=4))
    try:
        # Heard at once on a quiet machine; the deadline is for a busy one.
        found, error = find_servers(
            30.0, interfaces=LOOPBACK, enough=lambda ads: any(ad.name == name for ad in ads)
        )
    finally:
        announcer.stop()
    assert error is None
    ads = [ad for ad in found if ad.name == name]
    assert len(ads) == 1
    assert json.loads(json.dumps(ads[0].as_json()))["address"] == "127.0.0.1:7002"
    assert (ads[0].tables, ads[0].players, ads[0].password) == (3, 4, False)


def test_a_listing_says_what_the_server_offers() -> None:
    from cardtable.discovery.records import ServerAd

    ours = ServerAd("Ada's box", "192.168.1.20", 7777, PROTOCOL_VERSION, True, 2, 5)
    assert ours.listing(PROTOCOL_VERSION) == [
        "Ada's box  192.168.1.20:7777",
        f"  password · 2 tables · 5 players · protocol {PROTOCOL_VERSION}",
    ]
    other = ServerAd("old", "fe80::1", 7000, PROTOCOL_VERSION - 1, False, 1, 1)
    assert other.listing(PROTOCOL_VERSION) == [
        "old  [fe80::1]:7000",
        f"  open · 1 table · 1 player · protocol {PROTOCOL_VERSION - 1} · another version: "
        "cannot join",
    ]


def test_a_listing_fits_80_columns_and_breaks_between_words() -> None:
    from cardtable.discovery.records import COUNT_CAP, NAME_SHOWN, ServerAd, clean_name

    name = clean_name("The long-named games room upstairs, by the stairs " * 2)
    assert len(name) >= NAME_SHOWN - 1
    address = "fd12:3456:789a:1:a1b2:c3d4:e5f6:789a"
    widest = ServerAd(name, address, 65535, 99_999, True, COUNT_CAP, COUNT_CAP)
    lines = widest.listing(PROTOCOL_VERSION)
    assert all(len(line) <= 80 for line in lines), lines
    said = " ".join(" ".join(lines).split())
    assert said == (
        f"{name} [{address}]:65535 password · 99999 tables · 99999 players · protocol 99999 · "
        "another version: cannot join"
    )
    assert lines[1].startswith("  ")  # what does not fit goes on, indented


async def test_where_the_network_refuses_a_server_serves_on_unannounced(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # No interface has this address (TEST-NET-1): the announcement is refused, as where
    # multicast is blocked; the server says so in its log and serves by address.
    config = ServerConfig(
        host="127.0.0.1", port=0, announce=True, announce_interfaces=("192.0.2.1",)
    )
    async with trio.open_nursery() as nursery:
        server = await nursery.start(serve, config)
        stream = await trio.open_tcp_stream("127.0.0.1", server.port)
        await stream.aclose()
        server.stop()
    assert "cannot announce the server on the network" in caplog.text
