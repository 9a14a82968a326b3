"""Imports run one way: no module of cardtable imports, however indirectly, one that imports it
back (those under TYPE_CHECKING and inside functions count too), and the engine and the protocol
import neither the server nor the client."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "cardtable"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """The cardtable modules `path` imports, anywhere in it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            inside = [f"{base}.{alias.name}" for alias in node.names]
            # `from package import module` imports the module; any other name, the package.
            targets = inside + ([base] if any(name not in modules for name in inside) else [])
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    paths = list(PACKAGE.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    graph = {module_name(path): imported(path, modules) for path in paths}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_itself_back() -> None:
    assert circles(import_graph()) == []


def test_the_rules_and_the_protocol_know_neither_server_nor_client() -> None:
    graph = import_graph()
    for name, targets in graph.items():
        if name.startswith(("cardtable.engine", "cardtable.protocol")):
            outside = {
                target
                for target in targets
                if target.startswith(("cardtable.server", "cardtable.client"))
            }
            assert not outside, f"{name} imports {sorted(outside)}"


def test_the_wire_codec_is_a_base_of_its_own() -> None:
    """`cardtable.wire` imports nothing else of cardtable: engine and protocol both build on it."""
    graph = import_graph()
    for name, targets in graph.items():
        if name.startswith("cardtable.wire"):
            outside = {target for target in targets if not target.startswith("cardtable.wire")}
            assert not outside, f"{name} imports {sorted(outside)}"
