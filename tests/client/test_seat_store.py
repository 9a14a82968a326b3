"""The seats a client keeps on disk: one private file per server and name, replaced whole, and
what the server's messages add to it and prune from it."""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path

import pytest

from cardtable.client.seat_store import KeptSeats, SeatStore, kept_after, seats_folder
from cardtable.data_folder import data_directory
from cardtable.protocol import (
    Error,
    ErrorCode,
    Joined,
    Left,
    TableChanged,
    TableCreated,
    TableRemoved,
    Tables,
    Welcome,
)
from cardtable.protocol.messages import CREATOR_TOKENS
from cardtable.server.storage import default_path
from tests.protocol.records import LIMITS, table_summary

SEATED = KeptSeats(table=3, seat_token="seat-3", creator_tokens=((3, "made-3"), (5, "made-5")))


def joined(table: int, token: str | None) -> Joined:
    return Joined(
        table=table_summary(table),
        seat=0 if token else None,
        token=token,
        view=None,
        log=[],
        chat=(),
    )


def welcome(*creator_of: int) -> Welcome:
    return Welcome(
        version=3, server="test", name="Ada", games=(), limits=LIMITS, creator_of=list(creator_of)
    )


# -- the file -------------------------------------------------------------------------------------


def test_a_kept_seat_is_read_back_from_a_file_only_its_owner_may_read(tmp_path: Path) -> None:
    store = SeatStore("127.0.0.1", 7777, "Ada", tmp_path)
    assert store.load() == KeptSeats()
    assert list(tmp_path.iterdir()) == []  # reading made nothing

    store.save(SEATED)

    assert SeatStore("127.0.0.1", 7777, "Ada", tmp_path).load() == SEATED
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600
    assert [path.name for path in tmp_path.iterdir()] == [store.path.name]  # no temporary left
    # The file's name tells nothing of the server or the name.
    assert "Ada" not in store.path.name and "7777" not in store.path.name


def test_the_folder_is_created_private_inside_the_data_folder(tmp_path: Path) -> None:
    assert seats_folder() == data_directory() / "seats"
    assert default_path("server") == data_directory() / "server.db"  # one data folder for all
    folder = tmp_path / "new" / "seats"
    SeatStore("h", 1, "Ada", folder).save(SEATED)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700


def test_saving_replaces_the_file_whole_never_writing_into_it(tmp_path: Path) -> None:
    store = SeatStore("127.0.0.1", 7777, "Ada", tmp_path)
    store.save(SEATED)
    before = store.path.stat().st_ino
    # Someone holding the old file open still reads the old text: the new one is another file.
    with store.path.open() as old:
        store.save(KeptSeats(table=4, seat_token="seat-4"))
        assert json.loads(old.read())["seat_token"] == "seat-3"
    assert store.path.stat().st_ino != before
    assert store.load() == KeptSeats(table=4, seat_token="seat-4")
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600


def test_saves_from_many_threads_leave_one_whole_file(tmp_path: Path) -> None:
    store = SeatStore("127.0.0.1", 7777, "Ada", tmp_path)
    states = [KeptSeats(table=n, seat_token=f"seat-{n}" * 20) for n in range(1, 9)]

    def save_all(state: KeptSeats) -> None:
        for _ in range(25):
            store.save(state)

    threads = [threading.Thread(target=save_all, args=(state,)) for state in states]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert store.load() in states
    assert [path.name for path in tmp_path.iterdir()] == [store.path.name]


def test_an_empty_record_removes_the_file(tmp_path: Path) -> None:
    store = SeatStore("127.0.0.1", 7777, "Ada", tmp_path)
    store.save(SEATED)
    store.save(KeptSeats())
    assert not store.path.exists()
    store.save(KeptSeats())  # nothing to remove: fine


def test_two_names_and_two_servers_never_share_a_file(tmp_path: Path) -> None:
    stores = {
        (host, port, name): SeatStore(host, port, name, tmp_path)
        for host in ("127.0.0.1", "10.0.0.2")
        for port in (7777, 7778)
        for name in ("Ada", "Bram", "ada")
    }
    for number, store in enumerate(stores.values(), start=1):
        store.save(KeptSeats(table=number, seat_token=f"token-{number}"))
    assert len({store.path for store in stores.values()}) == len(stores) == 12
    for number, (key, _) in enumerate(stores.items(), start=1):
        assert SeatStore(*key, tmp_path).load() == KeptSeats(number, f"token-{number}")
    # Host names are not case-sensitive; names are kept exactly as given.
    assert (
        SeatStore("LOCALHOST", 1, "Ada", tmp_path).path
        == SeatStore("localhost", 1, "Ada", tmp_path).path
    )


def test_a_file_that_is_not_its_own_is_not_used(tmp_path: Path) -> None:
    ada = SeatStore("127.0.0.1", 7777, "Ada", tmp_path)
    bram = SeatStore("127.0.0.1", 7777, "Bram", tmp_path)
    bram.save(SEATED)
    os.replace(bram.path, ada.path)  # Bram's record under Ada's file name
    assert ada.load() == KeptSeats()


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", "null", '{"server": "127.0.0.1:7777", "name": "Ada", "creator_tokens": 5}'],
)
def test_a_damaged_file_keeps_nothing_and_is_replaced_by_the_next_save(
    tmp_path: Path, text: str
) -> None:
    store = SeatStore("127.0.0.1", 7777, "Ada", tmp_path)
    store.path.write_text(text)
    assert store.load() == KeptSeats()
    store.save(SEATED)
    assert store.load() == SEATED


def test_a_folder_that_cannot_be_written_raises_oserror(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(OSError):
        SeatStore("h", 1, "Ada", blocker / "seats").save(SEATED)


# -- what the server's messages change ----------------------------------------------------------


def test_a_seat_is_kept_from_joined_and_pruned_when_we_leave() -> None:
    kept = kept_after(KeptSeats(), joined(3, "seat-3"))
    assert kept == KeptSeats(table=3, seat_token="seat-3")
    assert kept_after(kept, TableChanged(table=table_summary(3))) is kept
    assert kept_after(kept, Left(table_id=3)) == KeptSeats()
    # Watching a table is holding no seat.
    assert kept_after(kept, joined(4, None)) == KeptSeats()


@pytest.mark.parametrize("code", [ErrorCode.BAD_TOKEN, ErrorCode.SEAT_RELEASED])
def test_a_seat_the_server_refuses_is_pruned(code: ErrorCode) -> None:
    assert kept_after(SEATED, Error(code=code, message="gone")) == KeptSeats(
        creator_tokens=SEATED.creator_tokens
    )
    # The same code answering a request of ours says nothing about the kept seat.
    assert kept_after(SEATED, Error(rid=4, code=code, message="no")) == SEATED
    assert kept_after(SEATED, Error(code=ErrorCode.RATE_LIMITED, message="slow")) == SEATED


def test_a_removed_table_takes_its_seat_and_creator_token_with_it() -> None:
    assert kept_after(SEATED, TableRemoved(table_id=3)) == KeptSeats(
        creator_tokens=((5, "made-5"),)
    )
    assert kept_after(SEATED, TableRemoved(table_id=5)) == KeptSeats(3, "seat-3", ((3, "made-3"),))
    assert kept_after(SEATED, TableRemoved(table_id=9)) == SEATED


def test_a_list_of_every_table_prunes_the_tables_it_leaves_out() -> None:
    def tables(*ids: int) -> Tables:
        return Tables(tables=tuple(table_summary(table) for table in ids))

    assert kept_after(SEATED, tables(3, 5, 8)) == SEATED
    assert kept_after(SEATED, tables(5)) == KeptSeats(creator_tokens=((5, "made-5"),))
    assert kept_after(SEATED, tables(3)) == KeptSeats(3, "seat-3", ((3, "made-3"),))
    assert kept_after(SEATED, tables()) == KeptSeats()


def test_creator_tokens_are_kept_from_table_created_up_to_what_a_hello_carries() -> None:
    kept = KeptSeats()
    for table in range(1, CREATOR_TOKENS + 3):
        kept = kept_after(
            kept, TableCreated(table=table_summary(table), creator_token=f"made-{table}")
        )
    assert len(kept.creator_tokens) == CREATOR_TOKENS
    assert kept.creator_tokens[0] == (3, "made-3")  # the oldest go first
    assert kept.tokens_to_send()[-1] == f"made-{CREATOR_TOKENS + 2}"
    # Another client's table, told to lobby watchers without a token, is not ours.
    assert kept_after(kept, TableCreated(table=table_summary(99))) is kept


def test_creator_tokens_the_welcome_does_not_accept_are_pruned() -> None:
    assert kept_after(SEATED, welcome(5, 8)) == KeptSeats(3, "seat-3", ((5, "made-5"),))
    assert kept_after(SEATED, welcome()) == KeptSeats(3, "seat-3")
    assert kept_after(SEATED, welcome(3, 5)) == SEATED
