"""The player's key: a random secret made once per data folder, which the client proves at
`hello` so that the names it has claimed on a server stay its own (the server keeps only its
hash). It is 32 random bytes in hex, in the file ``key`` of cardtable's data folder (a browser
tab's: of its browser's folder, `cardtable.web.browser_folder`), readable by its owner only
(`write_private`); whoever copies that file plays under its names."""

from __future__ import annotations

import secrets
from pathlib import Path

from cardtable.client.private_file import write_private
from cardtable.data_folder import data_directory

#: The key's length in bytes (written as twice as many hex digits).
KEY_BYTES = 32


def key_path(folder: Path | None = None) -> Path:
    """Where the key is: the file ``key`` in `folder` (by default cardtable's data folder)."""
    return (folder if folder is not None else data_directory()) / "key"


def _read(path: Path) -> str | None:
    """The key in `path`, or None if there is none that looks like one."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, ValueError):
        return None
    if len(text) != 2 * KEY_BYTES or any(char not in "0123456789abcdef" for char in text):
        return None
    return text


def player_key(path: Path | None = None) -> str:
    """This data folder's key, made and kept the first time. Raises `OSError` if it cannot be
    kept (a key that is not kept would lose its names at the next start)."""
    path = path if path is not None else key_path()
    found = _read(path)
    if found is not None:
        return found
    key = secrets.token_hex(KEY_BYTES)
    try:
        write_private(path, f"{key}\n".encode(), replace=path.exists())
    except FileExistsError:  # another client made it meanwhile: use theirs
        theirs = _read(path)
        if theirs is not None:
            return theirs
        raise
    return key


def kept_key(folder: Path | None = None) -> str | None:
    """The key of `folder` (by default cardtable's data folder), or None if the disk refuses to
    keep one (the player then plays as an old client does: under names nobody has claimed)."""
    try:
        return player_key(key_path(folder))
    except OSError:
        return None
