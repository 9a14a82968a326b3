"""The default place of the server's database file: cardtable's data folder."""

from __future__ import annotations

from pathlib import Path

from cardtable.data_folder import data_directory


def default_path(purpose: str) -> Path:
    """The default database file for `purpose`: ``"server"`` (cardtable serve) or ``"play"``."""
    return data_directory() / f"{purpose}.db"
