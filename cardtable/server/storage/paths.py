"""The default place of the server's database file: the user's data directory."""

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


def default_path(purpose: str) -> Path:
    """The default database file for `purpose`: ``"server"`` (cardtable serve) or ``"play"``."""
    return data_directory() / f"{purpose}.db"
