"""Round scores as recorded before protocol 5, for digests recorded then."""

from __future__ import annotations

from typing import Any


def lines_as_maps(wire: Any) -> Any:
    """`wire` with each round score's lines in the map form they had before protocol 5
    (``{"label", "count", "each", "points"}``; a line is ``[label, count, each]`` since)."""
    if isinstance(wire, dict):
        plain = {key: lines_as_maps(value) for key, value in wire.items()}
        if {"round", "sides", "lines"} <= plain.keys():
            plain["lines"] = [
                [
                    {"label": label, "count": count, "each": each, "points": count * each}
                    for label, count, each in side
                ]
                for side in plain["lines"]
            ]
        return plain
    if isinstance(wire, list):
        return [lines_as_maps(item) for item in wire]
    return wire
