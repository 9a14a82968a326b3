"""cardtable's folder in the user's data directory, shared by the server's database files and
the client's kept seats (a neutral module: neither side imports the other)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_directory() -> Path:
    """cardtable's folder in the user's data directory (``$CARDTABLE_DATA`` overrides it)."""
    override = os.environ.get("CARDTABLE_DATA")
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "cardtable"
