"""Finding the servers on the local network: `Browser` keeps a live, capped list of them;
`find_servers` lists those heard within a few seconds.

zeroconf hears announcements in its own threads; `Browser` resolves them and checks that the
servers still answer in a thread of its own, and hands out copies of its list (`servers`) with
a counter that moves at each change (`version`), so a UI polls it and never waits on a lock
held by the network. Nothing an announcement says is trusted beyond display (`records`).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from cardtable.discovery import SERVICE_TYPE
from cardtable.discovery.network import open_zeroconf
from cardtable.discovery.records import ServerAd, read_ad

log = logging.getLogger("cardtable.client.discovery")

#: Servers kept at most: a flood of fake announcements fills this and no more.
SERVERS_CAP = 100
#: Announcements waiting to be looked at, at most (more are dropped until there is room).
PENDING_CAP = 500


class Browser:
    """The servers announced on the network, live, from `start` to `close`."""

    def __init__(
        self,
        *,
        interfaces: Sequence[str] | None = None,
        cap: int = SERVERS_CAP,
        recheck: float = 5.0,
        answer_timeout: float = 2.0,
        service_type: str = SERVICE_TYPE,
    ) -> None:
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.cap = cap
        self.recheck = recheck
        self.answer_timeout = answer_timeout
        #: The DNS-SD type browsed: cardtable's own, or another so that tests hear nothing.
        self.service_type = service_type
        #: Why the network cannot be browsed, once `start` failed.
        self.error: str | None = None
        #: More servers were announced than are kept.
        self.overflowed = False
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._servers: dict[str, ServerAd] = {}
        self._misses: dict[str, int] = {}
        self._pending: dict[str, bool] = {}  # name: still there (False: withdrawn)
        self._version = 0
        self._stopped = False
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._worker: threading.Thread | None = None

    # -- for the caller -------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """Moves whenever the list changes."""
        with self._lock:
            return self._version

    def servers(self) -> list[ServerAd]:
        """The servers now, by name."""
        with self._lock:
            found = list(self._servers.values())
        return sorted(found, key=lambda ad: (ad.name.casefold(), ad.address))

    def start(self) -> bool:
        """Listen for announcements; False (with `error` set) if the network refuses."""
        try:
            self._zeroconf = open_zeroconf(self.interfaces)
            self._browser = ServiceBrowser(
                self._zeroconf, self.service_type, handlers=[self._heard]
            )
        except Exception as error:  # zeroconf reports a refused network in several ways
            self.error = str(error) or type(error).__name__
            log.info("cannot look for servers on the network: %s", self.error)
            self.close()
            return False
        self._worker = threading.Thread(target=self._work, name="cardtable-browse", daemon=True)
        self._worker.start()
        return True

    def close(self) -> None:
        """Stop listening (returns within about `answer_timeout`)."""
        with self._lock:
            self._stopped = True
            self._wake.notify_all()
        if self._browser is not None:
            self._browser.cancel()
        if self._worker is not None and self._worker is not threading.current_thread():
            self._worker.join()
        if self._zeroconf is not None:
            self._zeroconf.close()
        self._browser = self._zeroconf = self._worker = None

    def __enter__(self) -> Browser:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- zeroconf's thread ----------------------------------------------------------------------

    def _heard(
        self,
        zeroconf: Zeroconf,
        service_type: str,
        name: str,
        state_change: ServiceStateChange,
    ) -> None:
        with self._lock:
            if name not in self._pending and len(self._pending) >= PENDING_CAP:
                self.overflowed = True
                return
            self._pending[name] = state_change is not ServiceStateChange.Removed
            self._wake.notify_all()

    # -- our thread -----------------------------------------------------------------------------

    def _work(self) -> None:
        next_check = time.monotonic() + self.recheck
        while True:
            with self._lock:
                while not self._stopped and not self._pending:
                    left = next_check - time.monotonic()
                    if left <= 0:
                        break
                    self._wake.wait(left)
                if self._stopped:
                    return
                pending, self._pending = self._pending, {}
            for name, present in pending.items():
                if present:
                    self._look_up(name)
                else:
                    self._forget(name)
            if time.monotonic() >= next_check:
                with self._lock:
                    known = list(self._servers)
                for name in known:
                    if self._is_stopped():
                        return
                    self._look_up(name, checking=True)
                next_check = time.monotonic() + self.recheck

    def _is_stopped(self) -> bool:
        with self._lock:
            return self._stopped

    def _look_up(self, name: str, *, checking: bool = False) -> None:
        zeroconf = self._zeroconf
        if zeroconf is None or not name.endswith(f".{self.service_type}"):
            return
        try:
            info = ServiceInfo(self.service_type, name)
            answered = info.request(zeroconf, int(self.answer_timeout * 1000))
        except Exception:  # a name zeroconf refuses, a closing zeroconf, a record it can't parse
            self._forget(name)
            return
        if not answered:
            with self._lock:
                misses = self._misses.get(name, 0) + 1
                self._misses[name] = misses
            if not checking or misses >= 2:
                self._forget(name)
            return
        addresses = info.parsed_addresses(IPVersion.V4Only) or info.parsed_addresses()
        ad = read_ad(
            name.removesuffix(f".{self.service_type}"),
            addresses[0] if addresses else None,
            info.port,
            info.properties,
        )
        with self._lock:
            self._misses.pop(name, None)
            if ad is None:
                known = self._servers.pop(name, None)
                self._version += known is not None
                return
            if name not in self._servers and len(self._servers) >= self.cap:
                self.overflowed = True
                return
            if self._servers.get(name) != ad:
                self._servers[name] = ad
                self._version += 1

    def _forget(self, name: str) -> None:
        with self._lock:
            self._misses.pop(name, None)
            if self._servers.pop(name, None) is not None:
                self._version += 1


def find_servers(
    seconds: float = 2.0,
    *,
    interfaces: Sequence[str] | None = None,
    enough: Callable[[list[ServerAd]], bool] | None = None,
) -> tuple[list[ServerAd], str | None]:
    """The servers heard within `seconds` (sooner once `enough` says so), and why none could
    be, if the network refused."""
    browser = Browser(interfaces=interfaces, answer_timeout=min(seconds, 2.0))
    if not browser.start():
        return [], browser.error
    try:
        deadline = time.monotonic() + seconds
        found = browser.servers()
        while time.monotonic() < deadline and not (enough is not None and enough(found)):
            time.sleep(min(0.05, max(0.0, deadline - time.monotonic())))
            found = browser.servers()
        return found, None
    finally:
        browser.close()
