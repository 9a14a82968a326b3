"""The figures of the code's shape: modules over 500 lines, classes over 350, reads of plain
data by string key in the client's screens, and the count of `Any` in the engine and client.

Usage: ``python scripts/shape_figures.py`` from the checkout's root.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path("cardtable")
MODULE_LINES = 500
CLASS_LINES = 350
#: `x["name"]` and `x.get("name"`: a read of plain data by its key.
KEY_READ = re.compile(r"""\[\s*['"][a-z_]+['"]\s*\]|\.get\(\s*['"][a-z_]+['"]""")
ANY = re.compile(r"\bAny\b")


def oversized() -> list[str]:
    """One line per module or class over its limit."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if (lines := text.count("\n")) > MODULE_LINES:
            found.append(f"module {path} {lines}")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                if length > CLASS_LINES:
                    found.append(f"class {path}:{node.name} {length}")
    return found


def count(pattern: re.Pattern[str], *folders: str) -> int:
    return sum(
        len(pattern.findall(path.read_text(encoding="utf-8")))
        for folder in folders
        for path in (PACKAGE / folder).rglob("*.py")
    )


def main() -> None:
    over = oversized()
    print(f"modules over {MODULE_LINES} lines or classes over {CLASS_LINES}: {len(over)}")
    for line in over:
        print(f"  {line}")
    print(f"string-key reads in client/ui: {count(KEY_READ, 'client/ui')}")
    print(f"Any in engine and client: {count(ANY, 'engine', 'client')}")


if __name__ == "__main__":
    main()
