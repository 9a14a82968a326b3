"""A server's address as typed: ``host:port``."""

from __future__ import annotations

from cardtable.engine import OptionError


def split_address(text: str, default_port: int = 7777) -> tuple[str, int]:
    """``host:port`` (or just ``host``) as a host and a port."""
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, default_port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise OptionError(f"{text!r} is not HOST:PORT (e.g. 192.168.1.20:7777).")
    return host.strip("[]"), int(port)
