"""A heuristic bot's tuned judgement: the numbers its rules weigh, found by self-play
(benchmarks/tune_bots.py) and kept as package data, `tuned.json` beside the game's bot.

The file holds the tuned values by field name (``"judgement"``) and how they were found (the
command, its seed, the games it played); a field it leaves out keeps its default.
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from importlib.resources import files
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: The data file a game's package keeps its tuned judgement in.
TUNED_FILE = "tuned.json"

JudgementT = TypeVar("JudgementT", bound="DataclassInstance")


def tuned_judgement(module: str, default: JudgementT) -> JudgementT:
    """`default` with the values held in the `tuned.json` beside `module` (a bot's module by
    its name; `default` if there is no such file)."""
    package = module.rpartition(".")[0]
    data = files(package).joinpath(TUNED_FILE)
    if not data.is_file():
        return default
    values: dict[str, Any] = json.loads(data.read_text(encoding="utf-8"))["judgement"]
    known = {field.name for field in fields(default)}
    unknown = set(values) - known
    if unknown:
        raise ValueError(f"{package}/{TUNED_FILE} names no such numbers: {sorted(unknown)}")
    return replace(default, **values)
