"""The player's key: made once per data folder, kept readable by its owner only, and the same
at every start."""

from __future__ import annotations

import stat
from pathlib import Path

from cardtable.client.player_key import KEY_BYTES, key_path, player_key


def test_the_key_is_made_once_per_data_folder_and_kept_private(tmp_path: Path) -> None:
    path = tmp_path / "data" / "key"
    key = player_key(path)
    assert len(key) == 2 * KEY_BYTES and int(key, 16) >= 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert player_key(path) == key  # read back, not made again
    assert [item.name for item in path.parent.iterdir()] == ["key"]  # no temporary file left
    assert player_key(tmp_path / "other" / "key") != key


def test_a_damaged_key_file_is_replaced_by_a_new_key(tmp_path: Path) -> None:
    path = tmp_path / "key"
    path.write_text("not a key\n")
    key = player_key(path)
    assert path.read_text() == f"{key}\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_key_is_in_the_data_folder() -> None:
    # The tests' data folder is a fresh one ($CARDTABLE_DATA, see tests/conftest.py).
    assert not key_path().exists()
    key = player_key()
    assert key_path().read_text().strip() == key
