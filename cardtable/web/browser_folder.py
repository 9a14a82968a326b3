"""A browser's own folder: the gateway gives each browser a random cookie, and hands it to each
of that browser's tabs' apps in their environment (`ENVIRONMENT`; never on the command line,
which every local user sees). The app keeps its seat tokens and its player key in a folder
named by the cookie's hash (`open_browser_folder`), readable by its owner only: a reloaded tab
takes its seat back, and another browser, without the cookie, cannot.

A folder is touched each time a tab of its browser starts. The page sets the cookie again at
each visit for `COOKIE_LIFETIME`, so a folder untouched for longer belongs to a cookie the
browser no longer has: the gateway prunes such folders when it starts (`prune_browser_folders`),
and beyond `MAX_FOLDERS` the ones used longest ago.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import time
from pathlib import Path

from cardtable.data_folder import data_directory

#: The cookie's name on the page.
COOKIE = "cardtable_browser"
#: The environment variable that hands the cookie to a tab's app.
ENVIRONMENT = "CARDTABLE_BROWSER"
#: The cookie's length in random bytes (written as twice as many hex digits).
COOKIE_BYTES = 32
#: Seconds the browser keeps the cookie after the latest visit (the most Chromium keeps one).
COOKIE_LIFETIME = 400 * 24 * 3600
#: The most browsers' folders kept.
MAX_FOLDERS = 1000
_HEX_DIGITS = frozenset("0123456789abcdef")


def new_cookie() -> str:
    """A fresh random cookie."""
    return secrets.token_hex(COOKIE_BYTES)


def valid_cookie(value: str | None) -> str | None:
    """`value` if it is a cookie as `new_cookie` makes them (lowercase hex of the right
    length), else None: anything else is taken as no cookie."""
    if value is None or len(value) != 2 * COOKIE_BYTES or not _HEX_DIGITS.issuperset(value):
        return None
    return value


def browsers_directory() -> Path:
    """Where the browsers' folders are: ``browsers`` in cardtable's data folder."""
    return data_directory() / "browsers"


def browser_folder(cookie: str) -> Path:
    """The folder of the browser with `cookie`, named by the cookie's hash (the cookie itself
    is written nowhere)."""
    return browsers_directory() / hashlib.sha256(cookie.encode()).hexdigest()[:32]


def open_browser_folder(cookie: str) -> Path:
    """The browser's folder, made if need be (it and ``browsers`` with mode 0700) and touched
    as used now. Raises `OSError` if the disk refuses."""
    folder = browser_folder(cookie)
    for path in (folder.parent, folder):
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        path.chmod(0o700)
    os.utime(folder)
    return folder


def prune_browser_folders(now: float | None = None) -> int:
    """Remove the browsers' folders untouched for longer than `COOKIE_LIFETIME`, and beyond
    `MAX_FOLDERS` the ones used longest ago; return how many went."""
    now = time.time() if now is None else now
    try:
        folders = [path for path in browsers_directory().iterdir() if path.is_dir()]
        entries = [(path.stat().st_mtime, path) for path in folders]
    except OSError:
        return 0
    entries.sort(reverse=True)
    doomed = [
        path
        for rank, (touched, path) in enumerate(entries)
        if rank >= MAX_FOLDERS or now - touched > COOKIE_LIFETIME
    ]
    for path in doomed:
        shutil.rmtree(path, ignore_errors=True)
    return len(doomed)
