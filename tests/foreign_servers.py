"""Servers that are not cardtable, on a real loopback port: what a client may meet at a wrong
address (a web server, a TLS server, an SSH server)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

HOST = "127.0.0.1"


@dataclass(frozen=True)
class Foreign:
    """A kind of server: what it sends, whether it waits for the client to speak first, and
    the words a client should use for it."""

    label: str
    reply: bytes
    answers_first: bool
    speaks: str


WEB = Foreign(
    "http",
    b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\nContent-Length: 11\r\n\r\nBad Request",
    answers_first=False,
    speaks="a web server (HTTP)",
)
#: A TLS server's alert record (protocol version) after a hello that is not TLS.
TLS = Foreign(
    "tls", b"\x15\x03\x03\x00\x02\x02\x46", answers_first=False, speaks="a secure server (TLS)"
)
#: An SSH server speaks first: its version banner.
SSH = Foreign(
    "ssh", b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3\r\n", answers_first=True, speaks="an SSH server"
)
FOREIGN = (WEB, TLS, SSH)
#: A server that waits for a whole request of its own protocol (as Python's http.server waits
#: for a line), so it says nothing to a cardtable hello.
SILENT = Foreign("silent", b"", answers_first=False, speaks="")


@contextmanager
def foreign_server(kind: Foreign) -> Iterator[int]:
    """A server of `kind` on a loopback port (yielded) that answers every connection."""
    listener = socket.create_server((HOST, 0))
    port = int(listener.getsockname()[1])

    def answer() -> None:
        while True:
            try:
                peer, _ = listener.accept()
            except OSError:
                return  # closed: the test is over
            with peer:
                try:
                    if not kind.answers_first:
                        peer.recv(4096)
                    if kind.reply:
                        peer.sendall(kind.reply)
                        peer.shutdown(socket.SHUT_WR)
                    while peer.recv(4096):  # until the client hangs up
                        pass
                except OSError:
                    pass

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        listener.shutdown(socket.SHUT_RDWR)
        listener.close()
        thread.join(5)
