"""Python's cyclic garbage collector, set for the terminal client.

The client makes a few thousand short-lived objects at each message it draws (Textual's strips
and segments, the state it shows), and CPython's collector looks at its youngest objects every
700 more allocations than frees: at each update, so objects still alive at that moment (the
update in hand) are moved on to older generations, whose collections then walk the whole heap
(60–110 ms each, once a minute or two). Looking every `YOUNG_OBJECTS` instead lets those objects
die young first: the collector's share of an update's CPU drops from about 0.9 ms to 0.2 ms
(docs/performance.md, *Client CPU per update*). What it waits for is bounded: the cycles of
garbage made between two looks, a few megabytes at most.
"""

from __future__ import annotations

import gc

#: Allocations (less frees) of objects the collector tracks, between looks at the youngest.
YOUNG_OBJECTS = 20_000


def set_collector() -> None:
    """Have the collector look at young objects every `YOUNG_OBJECTS` (the older generations'
    thresholds stay Python's own)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, middle, old)
