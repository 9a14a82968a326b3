"""The server's settings, and checking a change to a table's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardtable.protocol import ErrorCode
from cardtable.protocol.bot_settings import BOT_THINK_RANGE
from cardtable.protocol.framing import CLIENT_FRAME_LIMIT
from cardtable.protocol.limits import Limits
from cardtable.protocol.messages import CHAT_LENGTH, NAME_LENGTH
from cardtable.protocol.table_settings import TableSettings
from cardtable.server.clock.settings import updated_clock
from cardtable.server.errors import ServerError
from cardtable.wire.records import record_from

DEFAULT_PORT = 7777


@dataclass(frozen=True)
class ServerConfig:
    """How a server listens and the limits it keeps. Times are in seconds."""

    host: str | None = None  # None: every interface
    port: int = DEFAULT_PORT
    password: str | None = None
    name: str = "cardtable"
    #: How long a server bot waits before acting, unless a table says otherwise.
    bot_delay: float = 0.6
    handshake_timeout: float = 10.0
    idle_timeout: float = 300.0
    #: Messages queued for one client before it counts as not reading and is disconnected.
    queue_size: int = 512
    #: How long a closing connection may take to flush what is queued for it.
    flush_timeout: float = 2.0
    #: Connections open at once, in all and from one address (None: no limit from one address).
    max_clients: int = 2000
    max_clients_per_address: int | None = 32
    max_tables_per_client: int = 8
    chat_history: int = 200
    #: Chat: a client may send `chat_burst` lines at once, then `chat_rate` lines a second.
    chat_rate: float = 1.0
    chat_burst: int = 5
    #: Actions: a client may send `action_burst` at once, then `action_rate` a second.
    action_rate: float = 20.0
    action_burst: int = 40
    #: Every request (actions and chat included): `request_burst` at once, then `request_rate`
    #: a second.
    request_rate: float = 50.0
    request_burst: int = 100
    #: History and replays: a client may read `history_burst` bytes at once, then
    #: `history_rate` bytes a second; a request past that waits its turn (paced, not refused).
    history_rate: float = 256 * 1024
    history_burst: int = 1024 * 1024
    #: Fixes every table's shuffles (from this, the table id and the game number), so games can
    #: be reproduced; None: each game is shuffled from the system's random source.
    seed: int | None = None
    #: The database file that keeps tables and games across restarts; None: kept in memory
    #: only, and gone when the server stops.
    db: str | None = None
    #: The garbage collector's thresholds for a server process (`serve_until_signalled`);
    #: None leaves Python's. A server's objects are freed by reference counting almost all;
    #: Python's defaults would stop it for a full collection (100 ms and more with 1,000
    #: connections) every few seconds under load, for little garbage.
    gc_thresholds: tuple[int, int, int] | None = (50_000, 20, 10)
    #: Announce the server on the local network (mDNS/DNS-SD), as `announce_name` (None: the
    #: host's name).
    announce: bool = False
    announce_name: str | None = None
    #: The interfaces' addresses to announce on (None: every interface).
    announce_interfaces: tuple[str, ...] | None = None

    def limits(self) -> Limits:
        """The limits a client is told in the welcome: the protocol's lengths and sizes, and
        this config's rates, bursts and timeouts of the same names."""
        return record_from(
            Limits,
            self,
            chat_length=CHAT_LENGTH,
            frame_size=CLIENT_FRAME_LIMIT,
            name_length=NAME_LENGTH,
        )


def updated_settings(settings: TableSettings, changes: Mapping[str, Any]) -> TableSettings:
    """`settings` with `changes` applied, or `ServerError(BAD_OPTIONS)`."""
    checked: dict[str, Any] = {}
    for name, value in changes.items():
        if name in ("table_chat", "private_chat", "partner_chat", "take_back", "rated", "hints"):
            if not isinstance(value, bool):
                raise _bad(f"The setting '{name}' is true or false.")
        elif name in ("bot_delay", "away_bot_after"):
            if value is None and name == "away_bot_after":
                pass
            elif isinstance(value, bool) or not isinstance(value, int | float):
                raise _bad(f"The setting '{name}' is a number of seconds.")
            elif not 0 <= value <= 3600:
                raise _bad(f"The setting '{name}' is from 0 to 3600 seconds.")
            else:
                value = float(value)
        elif name == "bot_think":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise _bad("The setting 'bot_think' is a number of seconds.")
            if not BOT_THINK_RANGE[0] <= value <= BOT_THINK_RANGE[1]:
                low, high = BOT_THINK_RANGE
                raise _bad(f"The setting 'bot_think' is from {low:g} to {high:g} seconds.")
            value = float(value)
        elif name == "clock":
            value = updated_clock(settings.clock, value)
        else:
            known = (
                "table_chat, private_chat, partner_chat, bot_delay, bot_think, "
                "away_bot_after, clock, take_back, rated, hints"
            )
            raise _bad(f"There is no table setting {name!r}; the settings are: {known}.")
        checked[name] = value
    if "rated" in checked and "hints" not in checked:
        checked["hints"] = not checked["rated"]  # on at an unrated table unless turned off
    changed = replace(settings, **checked)
    if changed.rated and changed.hints:
        raise _bad("A rated table never offers hints; open an unrated table for them.")
    return changed


def _bad(message: str) -> ServerError:
    return ServerError(ErrorCode.BAD_OPTIONS, message)
