"""Every test's data folder is a fresh temporary one, never the user's; and the tests' own
sixth game (`tests/sixth_game`) is registered, so every suite run over the registry runs it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardtable.engine import register
from tests.sixth_game import SPEC as SIXTH_GAME

register(SIXTH_GAME)


@pytest.fixture(autouse=True)
def private_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """`cardtable serve` and `play` keep their default files here (child processes too)."""
    monkeypatch.setenv("CARDTABLE_DATA", str(tmp_path_factory.mktemp("data")))
    yield
