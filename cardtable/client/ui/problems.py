"""Connection problems in plain words, each with what to do about it."""

from __future__ import annotations

import errno
import getpass
import socket

import trio

from cardtable.client.handshake import HandshakeRefused, NotCardtableServer, NoWelcome
from cardtable.client.ui.events import ConnectFailed
from cardtable.protocol import ErrorCode


def explain(error: BaseException, host: str, port: int, timeout: float) -> ConnectFailed:
    """What went wrong connecting to ``host:port``, and what the player can do."""
    where = f"{host}:{port}"
    if isinstance(error, NotCardtableServer):
        return ConnectFailed(
            f"{where} is not a cardtable server: it answers like {error.speaks}.",
            "Check the port: `cardtable serve` prints the address to join (port 7777 by default).",
        )
    if isinstance(error, HandshakeRefused):
        return _refused(error, where)
    if isinstance(error, NoWelcome):
        return ConnectFailed(
            f"{where} took the connection but did not answer as a cardtable server would "
            f"within {timeout:g} seconds.",
            "It may be another kind of server (a web server, say): check the address and the "
            "port `cardtable serve` printed.",
        )
    if isinstance(error, trio.TooSlowError):
        return ConnectFailed(
            f"{where} did not answer within {timeout:g} seconds.",
            "Check the address, that the server is running, and that no firewall blocks the port.",
        )
    if isinstance(error, socket.gaierror):
        return ConnectFailed(
            f"There is no machine called {host!r} that this one can find.",
            "Check the spelling, or use the address the host printed (numbers like 192.168.1.20).",
        )
    if _refused_connection(error):
        return ConnectFailed(
            f"Nothing is listening at {where}.",
            "Ask the host to run `cardtable serve`, and check the address and port they printed.",
        )
    return ConnectFailed(
        f"Could not connect to {where}: {error}.",
        "Check the address and the network, then try again.",
    )


def _refused_connection(error: BaseException) -> bool:
    """Whether `error` is a refused connection. Trio raises "all attempts to connect … failed"
    with each attempt's own error in the group that is its cause."""
    if isinstance(error, OSError) and (
        error.errno == errno.ECONNREFUSED or "refused" in str(error).lower()
    ):
        return True
    cause = error.__cause__
    return isinstance(cause, BaseExceptionGroup) and any(
        _refused_connection(attempt) for attempt in cause.exceptions
    )


def _refused(error: HandshakeRefused, where: str) -> ConnectFailed:
    said = f"The server at {where} said: {error.message}"
    if error.code == ErrorCode.VERSION_MISMATCH:
        return ConnectFailed(said, "Use the same cardtable version as the server's host.")
    if error.code == ErrorCode.BAD_PASSWORD:
        return ConnectFailed(said, "Ask the host for the password and type it below.", "password")
    if error.code == ErrorCode.NAME_TAKEN:
        return ConnectFailed(said, "Type another name below.", "name")
    if error.code == ErrorCode.BAD_NAME:
        return ConnectFailed(
            said, "Use letters, digits, spaces and - _ . ' only. Type a name below.", "name"
        )
    if error.code == ErrorCode.SERVER_FULL:
        return ConnectFailed(said, "Try again in a while.")
    return ConnectFailed(said, "Try again, or ask the server's host.")


def welcome(host: str, port: int) -> ConnectFailed:
    """The first screen of a player who has not given a name yet (in a browser tab)."""
    return ConnectFailed(
        f"The card table at {host}:{port}.", "Type your name below.", "name", title="Welcome"
    )


def default_name() -> str:
    """The login name, kept to what a server accepts, or ``player``."""
    try:
        login = getpass.getuser()
    except (KeyError, OSError):
        login = ""
    name = "".join(char for char in login if char.isalnum() or char in " -_.'").strip()
    return name[:24].strip() or "player"
