"""Where the server keeps its tables and games: one SQLite file (see docs/server.md)."""

from cardtable.server.storage.database import (
    Database,
    check_database,
    open_database,
    open_for_reading,
)
from cardtable.server.storage.errors import StorageError
from cardtable.server.storage.paths import default_path
from cardtable.server.storage.records import (
    ClockRecord,
    GameRecord,
    SeatRecord,
    StoredTable,
    TableRecord,
    running_totals,
)
from cardtable.server.storage.schema import SCHEMA_VERSION
from cardtable.server.storage.store import FinishedGame, Store
from cardtable.server.storage.writes import Write

__all__ = [
    "SCHEMA_VERSION",
    "ClockRecord",
    "Database",
    "FinishedGame",
    "GameRecord",
    "SeatRecord",
    "StorageError",
    "Store",
    "StoredTable",
    "TableRecord",
    "Write",
    "check_database",
    "default_path",
    "open_database",
    "open_for_reading",
    "running_totals",
]
