"""The gateway's cookie, against a real `cardtable serve --web`: the page gives each browser a
random one (HttpOnly, SameSite=Strict), keeps a valid one and replaces a malformed one, and
hands a valid one to the tab's app in its environment, never on its command line."""

from __future__ import annotations

import asyncio
import time
import urllib.request
from http.cookies import Morsel, SimpleCookie

import aiohttp

from cardtable.web.browser_folder import COOKIE, COOKIE_LIFETIME, ENVIRONMENT, valid_cookie
from tests.web.browser import app_processes, web_server

VALID = "0123456789abcdef" * 4


def page_cookie(url: str, sent: str | None = None) -> Morsel[str]:
    """The cookie the page sets, for a request that carries `sent` as its cookie."""
    headers = {"Cookie": f"{COOKIE}={sent}"} if sent is not None else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        cookies = SimpleCookie("\n".join(response.headers.get_all("Set-Cookie") or []))
    return cookies[COOKIE]


def test_the_page_sets_a_random_http_only_strict_cookie_and_replaces_a_malformed_one() -> None:
    with web_server() as server:
        first = page_cookie(server.url)
        assert valid_cookie(first.value) == first.value
        assert first["httponly"] is True
        assert first["samesite"] == "Strict"
        assert int(first["max-age"]) == COOKIE_LIFETIME
        assert page_cookie(server.url).value != first.value  # each browser its own

        assert page_cookie(server.url, VALID).value == VALID  # kept, and set again
        for malformed in (VALID.upper(), VALID[:-1], VALID + "0", "../" + VALID[3:]):
            fresh = page_cookie(server.url, malformed).value
            assert fresh != malformed
            assert valid_cookie(fresh) == fresh


async def tab_environment(url: str, port: int, sent: str) -> tuple[bytes, bytes]:
    """The environment and command line of the app a tab with the cookie `sent` gets."""
    address = url.replace("http://", "ws://") + "ws?width=80&height=24"
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(address, headers={"Cookie": f"{COOKIE}={sent}"}),
    ):
        deadline = time.monotonic() + 30
        while not (found := app_processes(port)):
            assert time.monotonic() < deadline, "no app process started"
            await asyncio.sleep(0.1)
        with open(f"/proc/{found[0]}/environ", "rb") as environ:
            environment = environ.read()
        with open(f"/proc/{found[0]}/cmdline", "rb") as cmdline:
            command = cmdline.read()
    deadline = time.monotonic() + 10
    while app_processes(port):
        assert time.monotonic() < deadline, "the tab's app did not end"
        await asyncio.sleep(0.1)
    return environment, command


def test_a_tab_gets_its_valid_cookie_in_its_environment_and_a_malformed_one_not_at_all() -> None:
    with web_server() as server:
        environment, command = asyncio.run(tab_environment(server.url, server.port, VALID))
        assert f"{ENVIRONMENT}={VALID}".encode() in environment.split(b"\0")
        assert VALID.encode() not in command

        environment, _ = asyncio.run(tab_environment(server.url, server.port, VALID[:-1]))
        assert f"{ENVIRONMENT}=".encode() not in environment
