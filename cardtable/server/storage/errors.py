"""The one error the storage package raises for people to read."""

from __future__ import annotations


class StorageError(Exception):
    """The database cannot be used; the message says why and what to do, for people."""
