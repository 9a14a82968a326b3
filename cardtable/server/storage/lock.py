"""Keeping a second server off a database file, whatever path leads to it.

The lock is on the file itself (its device and inode), so a symlink or a hard link to a file a
server is using is refused like the file's own name. Across processes it is an OS lock held on an
open descriptor of the file for as long as the server runs; within one process a table of the
files held says the same without opening the file again.

SQLite holds POSIX (``fcntl``) locks on the database file, and POSIX drops all of a process's
locks on a file when *any* of its descriptors of that file is closed. So this module never closes
a descriptor of a file this process holds while its connection is open: a refusal in this process
is decided before opening the file, and a lock is released only after its connection is closed.

On Linux the lock is ``flock`` on the whole file, which is independent of SQLite's POSIX locks.
Where the two kinds of lock interact (macOS and the BSDs) it is a POSIX lock on one byte past
those SQLite uses; POSIX locks are per process, which the table of held files covers.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
import threading
from pathlib import Path

from cardtable.server.storage.errors import StorageError

try:
    import fcntl
except ImportError:  # pragma: no cover (Windows has no fcntl; only this process is covered)
    fcntl = None  # type: ignore[assignment]

#: A byte no SQLite lock touches: its lock bytes are the 512 from 0x40000000 (PENDING_BYTE).
_LOCK_BYTE = 0x40000000 + 4096
_OPEN_FLAGS = os.O_RDONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_Identity = tuple[int, int]
#: Guards `_held`; open_database runs in worker threads.
_mutex = threading.Lock()
#: The files this process holds, by (st_dev, st_ino).
_held: dict[_Identity, FileLock] = {}


class FileLock:
    """A database file held by this process: the descriptor that keeps other servers off it."""

    def __init__(self, fd: int, identity: _Identity) -> None:
        self.fd = fd
        self.identity = identity
        self._parked: list[int] = []

    def names(self) -> int:
        """How many names (hard links) the file has."""
        return os.fstat(self.fd).st_nlink

    def release(self) -> None:
        """Let other servers have the file. Call it only after closing its connection."""
        with _mutex:
            if _held.get(self.identity) is self:
                del _held[self.identity]
            for fd in (*self._parked, self.fd):
                with contextlib.suppress(OSError):
                    os.close(fd)
            self._parked.clear()
            self.fd = -1


def take(path: Path) -> FileLock:
    """Open (creating it if need be) and lock the file at `path`, or raise `StorageError` when
    another server, in this process or another, has it."""
    with _mutex:
        known = _identity(path)
        if known in _held:
            raise _in_use(path, "in this process")
        try:
            fd = os.open(path, _OPEN_FLAGS, 0o666)
        except OSError as error:
            raise StorageError(f"Cannot open {path}: {error.strerror}.") from None
        identity = _fstat_identity(fd)
        holder = _held.get(identity)
        if holder is not None:
            # Another name for a file held here appeared since the check above: closing this
            # descriptor would drop that connection's SQLite locks, so it waits for the holder.
            holder._parked.append(fd)
            raise _in_use(path, "in this process")
        if not _lock(fd, path):
            os.close(fd)  # no connection of this process has this file
            raise _in_use(path, _holder(identity))
        lock = FileLock(fd, identity)
        _held[identity] = lock
        return lock


def read_start(path: Path, size: int) -> bytes:
    """The first `size` bytes of the file at `path` (empty if there is none), read through the
    held descriptor when this process holds the file. Raises OSError as ``open`` does."""
    with _mutex:
        holder = _held.get(_identity(path) or (-1, -1))
        if holder is not None:  # nothing else reads through this descriptor
            os.lseek(holder.fd, 0, os.SEEK_SET)
            return os.read(holder.fd, size)
        try:
            with path.open("rb") as file:
                return file.read(size)
        except FileNotFoundError:
            return b""


def _identity(path: Path) -> _Identity | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _fstat_identity(fd: int) -> _Identity:
    status = os.fstat(fd)
    return status.st_dev, status.st_ino


def _lock(fd: int, path: Path) -> bool:
    """Try to lock the open file `fd` for good; False if another process has it."""
    if fcntl is None:  # pragma: no cover
        return True  # type: ignore[unreachable]
    try:
        if sys.platform.startswith("linux"):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover (there flock and SQLite's POSIX locks interact)
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _LOCK_BYTE)
    except OSError as error:
        if error.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return False
        os.close(fd)
        raise StorageError(f"Cannot lock {path}: {error.strerror}.") from None
    return True


_PROC_LOCK = re.compile(
    r"^\d+:\s+(?:FLOCK|POSIX)\s+\S+\s+WRITE\s+(\d+)\s+([0-9a-f]+):([0-9a-f]+):(\d+)\s"
)


def _holder(identity: _Identity) -> str | None:
    """Which process holds the lock on the file `identity`, where the system says (Linux)."""
    device, inode = identity
    try:
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        match = _PROC_LOCK.match(line)
        if match and (int(match[2], 16), int(match[3], 16), int(match[4])) == (
            os.major(device),
            os.minor(device),
            inode,
        ):
            return f"process {match[1]}"
    return None


def _in_use(path: Path, holder: str | None) -> StorageError:
    details = [holder or "it holds the file's lock"]
    with contextlib.suppress(OSError):
        real = path.resolve(strict=True)
        if real != path.absolute():
            details.append(f"{path} leads to {real}")
        names = real.stat().st_nlink
        if names > 1:
            details.append(f"the file has {names} names (hard links)")
    return StorageError(
        f"{path} is in use by another cardtable server ({'; '.join(details)}). "
        "Stop that server first, or give this one another file with --db."
    )
