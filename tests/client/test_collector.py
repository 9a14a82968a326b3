"""The collector's thresholds, set by the one `tune_collector`: the terminal client's looks at
young objects less often than Python's, and a server's first freezes what is alive."""

from __future__ import annotations

import gc

from cardtable.client.ui.app import CLIENT_COLLECTOR
from cardtable.collector import tune_collector


def test_the_client_looks_at_young_objects_less_often_and_keeps_the_rest() -> None:
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        tune_collector(CLIENT_COLLECTOR)
        assert gc.get_threshold() == CLIENT_COLLECTOR
        assert CLIENT_COLLECTOR[0] > 700 and CLIENT_COLLECTOR[1:] == (10, 10)
        assert gc.get_freeze_count() == frozen  # the client freezes nothing
    finally:
        gc.set_threshold(*before)


def test_a_frozen_start_moves_what_is_alive_out_of_sight() -> None:
    before = gc.get_threshold()
    kept = [[index] for index in range(100)]  # tracked objects, alive now
    try:
        tune_collector((50_000, 20, 10), freeze=True)
        assert gc.get_threshold() == (50_000, 20, 10)
        assert gc.get_freeze_count() >= len(kept)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
