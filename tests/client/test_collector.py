"""The terminal client's collector looks at young objects less often (`collector.py`)."""

from __future__ import annotations

import gc

from cardtable.client.ui.collector import YOUNG_OBJECTS, set_collector


def test_the_client_sets_only_the_young_generations_threshold() -> None:
    before = gc.get_threshold()
    try:
        set_collector()
        assert gc.get_threshold() == (YOUNG_OBJECTS, *before[1:])
        assert before[0] < YOUNG_OBJECTS
    finally:
        gc.set_threshold(*before)
