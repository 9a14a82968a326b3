"""cardtable: a card table for a local network."""

__version__ = "0.1.0"
