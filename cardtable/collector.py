"""Python's cyclic garbage collector, set for a long-running cardtable process: the server
(`ServerConfig.gc_thresholds`) and the terminal client (`client.ui.app.CLIENT_COLLECTOR`).

Both make thousands of short-lived objects at each message, nearly all freed by reference
counting. With Python's thresholds (700, 10, 10) the collector looks at the youngest objects
at every message, catches that message's objects still alive and moves them on to older
generations, whose collections then walk the whole heap (docs/performance.md, *The collector,
and a box that was not kept*; docs/server.md for the server)."""

from __future__ import annotations

import gc


def tune_collector(thresholds: tuple[int, int, int], *, freeze: bool = False) -> None:
    """Set the collector's `thresholds` (young, middle, old); with `freeze`, first move
    everything alive now (modules, the games, restored tables) out of its sight for good
    (`gc.freeze`), so that full collections are rare and short."""
    if freeze:
        gc.collect()
        gc.freeze()
    gc.set_threshold(*thresholds)
