"""A server announcing itself on the local network, and withdrawing when it stops.

`Announcer` wraps zeroconf's thread-based API (every call blocks, so trio calls it in a worker
thread); `announce` is the trio task a server runs: it registers the service, looks at the
lobby once a second and updates the announcement only when what it says has changed, and
withdraws it when cancelled. Where multicast is refused, the server says so in its log and
serves on without an announcement.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Sequence

import ifaddr
import trio
from zeroconf import NonUniqueNameException, ServiceInfo, Zeroconf

from cardtable.discovery import SERVICE_TYPE
from cardtable.discovery.network import open_zeroconf
from cardtable.discovery.records import instance_name, txt_properties

log = logging.getLogger("cardtable.server.announce")

#: Seconds the announcement's records are good for at the listeners: a server gone without a
#: word (a crash, a cable pulled) drops out of pickers this long after its last answer.
RECORD_TTL = 15


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (loopback if there are none)."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip not in found:
                found.append(ip.ip)
    return found or ["127.0.0.1"]


class Announcer:
    """One server's announcement. `start`, `update` and `stop` block: call them in a thread."""

    def __init__(
        self,
        name: str,
        port: int,
        *,
        addresses: Sequence[str] | None = None,
        interfaces: Sequence[str] | None = None,
        ttl: int = RECORD_TTL,
    ) -> None:
        self.name = instance_name(name)
        self.port = port
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.addresses = list(addresses or self.interfaces or local_addresses())
        self.ttl = ttl
        self._zeroconf: Zeroconf | None = None
        self._info: ServiceInfo | None = None

    def _service(self, properties: dict[str, str], instance: str) -> ServiceInfo:
        host = socket.gethostname().split(".")[0] or "cardtable"
        return ServiceInfo(
            SERVICE_TYPE,
            f"{instance}.{SERVICE_TYPE}",
            port=self.port,
            properties=properties,
            server=f"{instance_name(host).replace(' ', '-')}.local.",
            parsed_addresses=self.addresses,
            host_ttl=self.ttl,
            other_ttl=self.ttl,
        )

    def start(self, properties: dict[str, str]) -> str:
        """Announce (about two seconds: the name is probed first); the name announced, which
        is the server's own, or it with a number if another server on the network has it."""
        zeroconf = open_zeroconf(self.interfaces)
        try:
            info = self._service(properties, self.name)
            try:
                zeroconf.register_service(info, allow_name_change=True)
            except NonUniqueNameException:  # pragma: no cover - allow_name_change avoids it
                raise OSError("the server's name is taken on the network") from None
        except BaseException:
            zeroconf.close()
            raise
        self._zeroconf, self._info = zeroconf, info
        return info.name.removesuffix(f".{SERVICE_TYPE}")

    def update(self, properties: dict[str, str]) -> None:
        """Say new counts (the listeners hear it at once)."""
        if self._zeroconf is None or self._info is None:
            return
        instance = self._info.name.removesuffix(f".{SERVICE_TYPE}")
        self._info = self._service(properties, instance)
        self._zeroconf.update_service(self._info)

    def stop(self) -> None:
        """Withdraw the announcement (the listeners hear it at once) and close."""
        zeroconf, info = self._zeroconf, self._info
        self._zeroconf = self._info = None
        if zeroconf is None:
            return
        try:
            if info is not None:
                zeroconf.unregister_service(info)
        finally:
            zeroconf.close()


async def announce(
    announcer: Announcer,
    state: Callable[[], dict[str, str]],
    *,
    interval: float = 1.0,
    task_status: trio.TaskStatus[str | None] = trio.TASK_STATUS_IGNORED,
) -> None:
    """Announce `state()` (the TXT properties) until cancelled, updated at most once every
    `interval` seconds when it changes, then withdraw. Started with ``nursery.start``, it
    reports the name announced once the network has it, or None if multicast is refused."""
    said = state()
    try:
        name = await trio.to_thread.run_sync(announcer.start, said)
    except OSError as error:
        log.warning("cannot announce the server on the network (%s); join it by address", error)
        task_status.started(None)
        return
    log.info("announced on the network as %r", name)
    task_status.started(name)
    try:
        while True:
            await trio.sleep(interval)
            now = state()
            if now != said:
                await trio.to_thread.run_sync(announcer.update, now)
                said = now
    finally:
        with trio.CancelScope(shield=True):
            await trio.to_thread.run_sync(announcer.stop)


def lobby_state(
    password: bool,
    protocol: int,
    tables: Callable[[], int],
    players: Callable[[], int],
    web_port: Callable[[], int | None] = lambda: None,
) -> Callable[[], dict[str, str]]:
    """The TXT properties of a server, read afresh at each call (`web_port`: the port
    browsers are served on now, if they are)."""

    def now() -> dict[str, str]:
        return txt_properties(
            protocol=protocol,
            password=password,
            tables=tables(),
            players=players(),
            web_port=web_port(),
        )

    return now
