"""Files only their owner may read (mode 0600), written whole: a temporary file in the same
folder, flushed to the disk, then renamed over (or linked to) its name, so a crash at any moment
leaves the old file or the new one."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_private(path: Path, data: bytes, *, replace: bool = True) -> None:
    """Write `data` to `path` (mode 0600), making its folder (mode 0700) if need be. Without
    `replace`, an existing file is kept and `FileExistsError` raised. Raises `OSError` if the
    disk refuses."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f"{path.stem}.{secrets.token_hex(6)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if replace:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)  # fails if another has written it meanwhile
    finally:
        temporary.unlink(missing_ok=True)
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entries, so that the rename survives a power cut (where possible)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # not every system opens folders (Windows)
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
