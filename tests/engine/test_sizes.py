"""The engine's modules and classes stay small enough to read: no module over 500 lines, no class
over 350 (from its `class` line to its last)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent.parent / "cardtable" / "engine"
MODULE_LINES = 500
CLASS_LINES = 350


def test_no_engine_module_is_over_500_lines() -> None:
    paths = sorted(ENGINE.rglob("*.py"))
    assert paths
    over = {
        str(path.relative_to(ENGINE)): lines
        for path in paths
        if (lines := path.read_text(encoding="utf-8").count("\n")) > MODULE_LINES
    }
    assert over == {}


def test_no_engine_class_is_over_350_lines() -> None:
    over: dict[str, int] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > CLASS_LINES:
                    over[f"{path.relative_to(ENGINE)}:{node.name}"] = lines
    assert over == {}
