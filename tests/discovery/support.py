"""Real zeroconf instances on the loopback interface, and waiting for what they hear."""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable

import trio

from cardtable.discovery import SERVICE_TYPE
from cardtable.discovery.browse import Browser
from cardtable.discovery.records import ServerAd

LOOPBACK = ("127.0.0.1",)


def unique_name(prefix: str = "test") -> str:
    """A server name no other test announces."""
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def loopback_browser(
    *, recheck: float = 0.3, answer_timeout: float = 0.5, service_type: str = SERVICE_TYPE
) -> Browser:
    """A browser on the loopback interface that checks often that servers still answer."""
    return Browser(
        interfaces=LOOPBACK,
        recheck=recheck,
        answer_timeout=answer_timeout,
        service_type=service_type,
    )


def named(browser: Browser, name: str) -> ServerAd | None:
    return next((ad for ad in browser.servers() if ad.name == name), None)


def wait_for(predicate: Callable[[], object], timeout: float = 15, what: str = "") -> None:
    """Block until `predicate()` is true; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or predicate}")
        time.sleep(0.02)


async def trio_wait_for(
    predicate: Callable[[], object], timeout: float = 15, what: str = ""
) -> None:
    """`wait_for` in trio."""
    with trio.move_on_after(timeout):
        while not predicate():
            await trio.sleep(0.02)
        return
    raise AssertionError(f"timed out waiting for {what or predicate}")
