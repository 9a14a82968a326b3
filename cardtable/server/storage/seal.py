"""What the server has stored and told players of, kept beside the database, so that a database
that has lost some of it is noticed when the server starts.

SQLite drops the damaged frames of its write-ahead log (a failing disk, a bad copy) and
everything after them without a word: the server would start without moves and chat lines it
had acknowledged. The seal is a small file beside the database, ``<database>.seal`` (JSON),
holding the highest table and game ids stored, and for each open table its latest game, the
highest step of that game, whether it has ended, and the highest chat line. It is rewritten
after each batch is committed, atomically (a new file renamed over the old one) but without
waiting for the disk: a seal that is older than the database tells of nothing, and only a seal
ahead of the database tells of a loss. It holds one record per open table, so it stays small.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardtable.server.storage.records import StoredTable
from cardtable.server.storage.writes import (
    AddChat,
    CloseTable,
    FinishGame,
    OpenTable,
    StartGame,
    TakeAction,
    Write,
)


@dataclass
class TableMark:
    """How far one open table is stored: its latest game, that game's last step (its actions
    are numbered from 1; 0: none yet), whether it has ended, and the table's highest chat line
    (0: none)."""

    game_id: int | None = None
    step: int = 0
    finished: bool = False
    chat: int = 0


@dataclass
class Seal:
    """How far the database is known to be stored."""

    last_table: int = 0
    last_game: int = 0
    tables: dict[int, TableMark] = field(default_factory=dict)
    #: The table of each game in `tables`, for the writes that name only their game.
    _table_of: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._table_of = {
            mark.game_id: table for table, mark in self.tables.items() if mark.game_id is not None
        }

    @classmethod
    def of(cls, stored: Sequence[StoredTable], next_ids: tuple[int, int]) -> Seal:
        """The seal of what the database holds now: its open tables, and its next ids."""
        tables = {
            table.table.id: TableMark(
                game_id=table.game.id if table.game is not None else None,
                step=len(table.actions),
                finished=table.game is not None and table.game.finished_at is not None,
                chat=table.next_chat_id - 1,
            )
            for table in stored
        }
        return cls(last_table=next_ids[0] - 1, last_game=next_ids[1] - 1, tables=tables)

    def note(self, writes: Iterable[Write]) -> None:
        """Take in a batch of writes just committed."""
        for write in writes:
            if isinstance(write, OpenTable):
                self.last_table = max(self.last_table, write.table.id)
                self.tables[write.table.id] = TableMark()
            elif isinstance(write, StartGame):
                game = write.game
                self.last_game = max(self.last_game, game.id)
                self.tables[game.table_id] = TableMark(
                    game_id=game.id, chat=self._mark(game.table_id).chat
                )
                self._table_of = {g: t for g, t in self._table_of.items() if t != game.table_id}
                self._table_of[game.id] = game.table_id
            elif isinstance(write, TakeAction) and write.game_id in self._table_of:
                mark = self._mark(self._table_of[write.game_id])
                mark.step = max(mark.step, write.seq)
            elif isinstance(write, FinishGame) and write.game_id in self._table_of:
                self._mark(self._table_of[write.game_id]).finished = True
            elif isinstance(write, AddChat):
                mark = self._mark(write.table_id)
                mark.chat = max(mark.chat, write.line.id)
            elif isinstance(write, CloseTable):
                self.tables.pop(write.table_id, None)
                self._table_of = {g: t for g, t in self._table_of.items() if t != write.table_id}

    def _mark(self, table_id: int) -> TableMark:
        return self.tables.setdefault(table_id, TableMark())

    def losses(self, stored: Sequence[StoredTable], next_ids: tuple[int, int]) -> list[str]:
        """What this seal has that the database (its open tables and next ids) lacks, a phrase
        for each table (or for the ids) it concerns."""
        held = Seal.of(stored, next_ids)
        found: list[str] = []
        for table_id, mark in sorted(self.tables.items()):
            have = held.tables.get(table_id)
            if have is None:
                found.append(f"table {table_id} is gone")
                continue
            lost: list[str] = []
            if mark.game_id is not None and (have.game_id or 0) < mark.game_id:
                lost.append(f"its game {mark.game_id} is gone")
            elif mark.game_id is not None and have.step < mark.step:
                lost.append(f"moves {have.step + 1} to {mark.step} of its game are gone")
            elif mark.finished and not have.finished:
                lost.append("the end of its game is gone")
            if have.chat < mark.chat:
                lost.append(f"chat lines {have.chat + 1} to {mark.chat} are gone")
            if lost:
                found.append(f"table {table_id}: " + " and ".join(lost))
        if held.last_game < self.last_game and not found:
            found.append(f"games {held.last_game + 1} to {self.last_game} are gone")
        return found


log = logging.getLogger("cardtable.server")


class SealKeeper:
    """Keeps the seal of a database up to date, batch after batch (in the database's thread,
    after each commit). A seal that cannot be written is let go of with a warning: it only
    helps to notice a loss later, and must never hold up what is stored."""

    def __init__(self, path: Path, seal: Seal) -> None:
        self.path = path
        self.seal = seal
        self._failing = False

    def save(self) -> None:
        try:
            write_seal(self.path, self.seal)
        except OSError as error:
            if not self._failing:
                log.warning(
                    "cannot keep the seal %s (%s); a later loss may go unnoticed", self.path, error
                )
            self._failing = True
        else:
            self._failing = False

    def committed(self, writes: Iterable[Write]) -> None:
        """A batch of `writes` has just been committed."""
        self.seal.note(writes)
        self.save()


def seal_path(database: Path) -> Path:
    """Where the seal of the database at `database` is kept: beside the file itself, as its
    write-ahead log is (a symbolic link to it leads there)."""
    real = database.resolve()
    return real.with_name(real.name + ".seal")


def read_seal(path: Path) -> Seal | None:
    """The seal at `path`, or None when there is none or it cannot be read (a server stopped
    while writing it, say)."""
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        return Seal(
            last_table=int(body["last_table"]),
            last_game=int(body["last_game"]),
            tables={
                int(table): TableMark(
                    game_id=None if mark[0] is None else int(mark[0]),
                    step=int(mark[1]),
                    finished=bool(mark[2]),
                    chat=int(mark[3]),
                )
                for table, mark in body["tables"].items()
            },
        )
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def write_seal(path: Path, seal: Seal) -> None:
    """Put `seal` at `path`, whole or not at all (without waiting for the disk)."""
    body = {
        "last_table": seal.last_table,
        "last_game": seal.last_game,
        "tables": {
            str(table): [mark.game_id, mark.step, mark.finished, mark.chat]
            for table, mark in seal.tables.items()
        },
    }
    temporary = path.with_name(path.name + ".new")
    temporary.write_text(json.dumps(body, separators=(",", ":")), encoding="utf-8")
    os.replace(temporary, path)
