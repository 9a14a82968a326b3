"""The picker, driven through Pilot, with real announcements on loopback; hostile
announcements (control characters, a bad port, a flood) are shown inert, cut and capped."""

from __future__ import annotations

import asyncio
import socket
import uuid
from contextlib import closing

from textual.pilot import Pilot
from zeroconf import (
    DNSAddress,
    DNSOutgoing,
    DNSPointer,
    DNSService,
    DNSText,
    IPVersion,
    Zeroconf,
)
from zeroconf.const import (
    _CLASS_IN,
    _FLAGS_AA,
    _FLAGS_QR_RESPONSE,
    _TYPE_A,
    _TYPE_PTR,
    _TYPE_SRV,
    _TYPE_TXT,
)

from cardtable.client.ui.picker import NOTHING_FOUND, PickerApp
from cardtable.discovery import SERVICE_TYPE
from cardtable.discovery.announce import Announcer
from cardtable.discovery.browse import Browser
from cardtable.discovery.records import NAME_SHOWN, txt_properties
from cardtable.protocol import PROTOCOL_VERSION
from tests.client.support import SIZE, run_async, screen_text, wait_until
from tests.discovery.support import LOOPBACK, loopback_browser, named, unique_name, wait_for


async def select(pilot: Pilot[str | None], app: PickerApp, key: str) -> None:
    """Move the picker's cursor to the row `key` (up to the top, then down)."""
    for press in ["up"] * 5 + ["down"] * 10:
        if app._selected() == key:
            return
        await pilot.press(press)
        await pilot.pause()
    raise AssertionError(f"no row {key!r}; at {app._selected()!r}")


def test_the_picker_lists_servers_live_and_joins_the_chosen_one() -> None:
    name, old = unique_name("pick"), unique_name("old")
    ours = Announcer(name, 7010, interfaces=LOOPBACK)
    theirs = Announcer(old, 7011, interfaces=LOOPBACK)

    async def body() -> None:
        app = PickerApp(loopback_browser)
        async with app.run_test(size=SIZE) as pilot:
            await asyncio.to_thread(
                ours.start,
                txt_properties(protocol=PROTOCOL_VERSION, password=True, tables=2, players=3),
            )
            await asyncio.to_thread(
                theirs.start,
                txt_properties(protocol=PROTOCOL_VERSION + 1, password=False, tables=0, players=0),
            )
            await wait_until(
                pilot,
                lambda: name in screen_text(app) and old in screen_text(app),
                15,
                "both servers",
            )
            assert f"can't (v{PROTOCOL_VERSION + 1})" in screen_text(app)
            # The other version is marked and says why it cannot be joined.
            await select(pilot, app, f"{old}\x00127.0.0.1:7011")
            await pilot.press("enter")
            await wait_until(pilot, lambda: "same version" in screen_text(app), 5, "why")
            # A server that withdraws goes from the list.
            await asyncio.to_thread(theirs.stop)
            await wait_until(
                pilot, lambda: all(ad.name != old for ad in app._ads.values()), 10, "withdrawn"
            )
            await select(pilot, app, f"{name}\x00127.0.0.1:7010")
            await pilot.press("enter")
        assert app.return_value == "127.0.0.1:7010"

    try:
        run_async(body)
    finally:
        ours.stop()
        theirs.stop()


def test_with_nothing_heard_the_picker_says_how_to_join_by_address() -> None:
    async def body() -> None:
        # A type of service nobody announces: other tests' servers on loopback stay unheard.
        quiet_type = f"_q{uuid.uuid4().hex[:8]}._tcp.local."
        app = PickerApp(lambda: loopback_browser(service_type=quiet_type), quiet_after=0.5)
        async with app.run_test(size=SIZE) as pilot:
            first = NOTHING_FOUND.split(".")[0]
            await wait_until(
                pilot, lambda: first in " ".join(screen_text(app).split()), 10, "the advice"
            )
            await pilot.press("tab")
            for key in "nope:99999":
                await pilot.press(key)
            await pilot.press("enter")
            await wait_until(pilot, lambda: "is not HOST:PORT" in screen_text(app), 5, "refusal")
            await pilot.press(*["backspace"] * 10, *"192.0.2.9:7777", "enter")
        assert app.return_value == "192.0.2.9:7777"

    run_async(body)


def test_where_the_network_refuses_the_picker_says_so_and_takes_an_address() -> None:
    async def body() -> None:
        # No interface has this address (TEST-NET-1): zeroconf cannot open its sockets, as
        # where multicast is blocked.
        app = PickerApp(lambda: Browser(interfaces=["192.0.2.1"]))
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(
                pilot,
                lambda: "Cannot look for servers" in " ".join(screen_text(app).split()),
                10,
                "the refusal",
            )
            await pilot.press("tab", *"127.0.0.1:7777", "enter")
        assert app.return_value == "127.0.0.1:7777"

    run_async(body)


def _send_fakes(zeroconf: Zeroconf, names: list[str], port: int, txt: bytes) -> None:
    """Announce `names` the way a hostile host would: raw answers, no probing, no checks."""
    for start in range(0, len(names), 10):
        out = DNSOutgoing(_FLAGS_QR_RESPONSE | _FLAGS_AA)
        for instance in names[start : start + 10]:
            full = f"{instance}.{SERVICE_TYPE}"
            out.add_answer_at_time(DNSPointer(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN, 120, full), 0)
            out.add_answer_at_time(
                DNSService(full, _TYPE_SRV, _CLASS_IN | 0x8000, 120, 0, 0, port, "evil.local."),
                0,
            )
            out.add_answer_at_time(DNSText(full, _TYPE_TXT, _CLASS_IN | 0x8000, 120, txt), 0)
        out.add_answer_at_time(
            DNSAddress(
                "evil.local.", _TYPE_A, _CLASS_IN | 0x8000, 120, socket.inet_aton("127.0.0.1")
            ),
            0,
        )
        zeroconf.send(out)


def _txt(**values: str) -> bytes:
    return b"".join(
        bytes([len(item)]) + item for item in (f"{k}={v}".encode() for k, v in values.items())
    )


def test_hostile_announcements_are_inert_cut_and_capped() -> None:
    good = _txt(v=str(PROTOCOL_VERSION), pw="0", tables="1", players="1")
    evil = Zeroconf(interfaces=list(LOOPBACK), ip_version=IPVersion.V4Only)
    tag = unique_name("h")
    with closing(loopback_browser(recheck=30)) as browser:
        browser.start()
        try:
            # ASCII control characters: zeroconf refuses the name, and it is never listed.
            _send_fakes(evil, [f"{tag}-ctl\x1b[2J\x07"], 7020, good)
            # Markup, a right-to-left override and a name as long as a DNS label allows: shown
            # cut, as plain text, without the override.
            nasty = f"{tag}[b]bold[/b]\u202e" + "W" * 35
            _send_fakes(evil, [nasty], 7020, good)
            # A bad port and a bad count are not listed at all.
            _send_fakes(evil, [f"{tag}-port"], 0, good)
            _send_fakes(evil, [f"{tag}-count"], 7021, _txt(v="3", pw="0", tables="x", players="1"))
            wait_for(
                lambda: any(ad.name.startswith(f"{tag}[b]") for ad in browser.servers()),
                15,
                "the nasty one",
            )
            shown = next(ad for ad in browser.servers() if ad.name.startswith(f"{tag}[b]"))
            assert len(shown.name) <= NAME_SHOWN and shown.name.endswith("…")
            assert "\u202e" not in shown.name
            assert not any("ctl" in ad.name for ad in browser.servers())
            # A flood: thousands of fake servers, of which a capped number are kept.
            flood = [f"{tag}-{i}" for i in range(3000)]
            _send_fakes(evil, flood, 7022, good)
            wait_for(lambda: len(browser.servers()) >= browser.cap, 30, "the cap")
            assert len(browser.servers()) == browser.cap
            assert browser.overflowed
            assert named(browser, f"{tag}-port") is None
            assert named(browser, f"{tag}-count") is None
        finally:
            evil.close()
