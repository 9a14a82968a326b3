"""What a server says of itself in its announcement (the TXT record), written and read.

Everything read comes from anyone on the network: each field is capped and cleaned, a bad
number or port makes the announcement unusable (`None`), never an error.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from cardtable.text_lines import wrapped

#: Longest server name shown; longer names are cut with an ellipsis.
NAME_SHOWN = 40
#: DNS-SD instance names are at most 63 bytes.
INSTANCE_BYTES = 63
#: Largest count believed (tables, players); more is shown as this.
COUNT_CAP = 99_999
#: The width of the lines `cardtable servers` prints.
LISTING_WIDTH = 80


@dataclass(frozen=True)
class ServerAd:
    """A server as announced: what `cardtable servers` and the picker show."""

    name: str
    host: str
    port: int
    protocol: int
    password: bool
    tables: int
    players: int
    #: The port the server serves its table to web browsers on (`serve --web`), if it does.
    web_port: int | None = None

    @property
    def address(self) -> str:
        return f"{self._host}:{self.port}"

    @property
    def web_address(self) -> str | None:
        """The address a browser opens, if the server serves browsers."""
        return None if self.web_port is None else f"http://{self._host}:{self.web_port}"

    @property
    def _host(self) -> str:
        return f"[{self.host}]" if ":" in self.host else self.host

    def listing(self, our_protocol: int, width: int = LISTING_WIDTH) -> list[str]:
        """`cardtable servers`' lines for this server, at most `width` columns each, broken
        between words: its name and address, then (indented) password, counts and version."""
        details = [
            "password" if self.password else "open",
            f"{self.tables} table{'' if self.tables == 1 else 's'}",
            f"{self.players} player{'' if self.players == 1 else 's'}",
            f"protocol {self.protocol}",
        ]
        if self.protocol != our_protocol:
            details.append("another version: cannot join")
        if self.web_address is not None:
            details.append(f"browsers: {self.web_address}")
        return [
            *wrapped(f"{self.name}  {self.address}", width),
            *wrapped(" · ".join(details), width, "  "),
        ]

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "host": self.host,
            "port": self.port,
            "address": self.address,
            "protocol": self.protocol,
            "password": self.password,
            "tables": self.tables,
            "players": self.players,
            "web": self.web_address,
        }


def txt_properties(
    *, protocol: int, password: bool, tables: int, players: int, web_port: int | None = None
) -> dict[str, str]:
    """The TXT record's keys for a server (its name is the service instance's name); "web",
    the port browsers open, only for a server that serves them."""
    properties = {
        "v": str(protocol),
        "pw": "1" if password else "0",
        "tables": str(tables),
        "players": str(players),
    }
    if web_port is not None:
        properties["web"] = str(web_port)
    return properties


def clean_name(text: str, limit: int = NAME_SHOWN) -> str:
    """`text` fit to show: no control or format characters, spaces collapsed, at most `limit`
    characters (cut with "…")."""
    kept = "".join(
        " " if unicodedata.category(char)[0] in "CZ" else char for char in text[: limit * 4]
    )
    words = " ".join(kept.split())
    if len(words) > limit:
        words = words[: limit - 1].rstrip() + "…"
    return words or "?"


def instance_name(name: str) -> str:
    """A server name as a DNS-SD instance name: cleaned, with no dots, within 63 bytes."""
    text = clean_name(name, INSTANCE_BYTES).replace(".", " ")
    while len(text.encode()) > INSTANCE_BYTES:
        text = text[:-1]
    return text.strip() or "cardtable"


def _count(value: bytes | None) -> int | None:
    if value is None or not value.isdigit() or len(value) > 12:
        return None
    return min(int(value), COUNT_CAP)


def read_ad(
    instance: str, host: str | None, port: int | None, properties: Mapping[bytes, bytes | None]
) -> ServerAd | None:
    """A server from an announcement's parts, or None if it cannot be joined or shown."""
    if host is None or port is None or not 0 < port < 65536:
        return None
    protocol = _count(properties.get(b"v"))
    tables = _count(properties.get(b"tables"))
    players = _count(properties.get(b"players"))
    if protocol is None or tables is None or players is None:
        return None
    web_port = _count(properties.get(b"web"))
    return ServerAd(
        name=clean_name(instance),
        host=host,
        port=port,
        protocol=protocol,
        password=properties.get(b"pw") == b"1",
        tables=tables,
        players=players,
        web_port=web_port if web_port is not None and 0 < web_port < 65536 else None,
    )
