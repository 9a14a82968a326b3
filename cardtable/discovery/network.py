"""Opening zeroconf on the network: on every interface, or on the ones named."""

from __future__ import annotations

import gc
import warnings
from collections.abc import Sequence

from zeroconf import IPVersion, Zeroconf


def open_zeroconf(interfaces: Sequence[str] | None) -> Zeroconf:
    """A zeroconf instance on `interfaces` (IPv4 addresses; None: all of them). Raises OSError,
    saying why, where the network refuses (multicast blocked, no such interface)."""
    with warnings.catch_warnings():
        # When an interface refuses, zeroconf drops the socket it opened first without closing
        # it: it is collected here, once the error is let go, not reported later as a leak.
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            if interfaces is None:
                return Zeroconf()
            return Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
        except OSError as error:
            why = str(error) or type(error).__name__
        gc.collect()
    raise OSError(why)
