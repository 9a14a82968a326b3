"""View patches: what changed in a plain view, as a list of operations on key paths.

An update carries a receiver's new view as a patch on the view that receiver was sent before
(docs/protocol.md, "View patches"). `patch_base` gives what a patch applies to, `diff` makes a
patch from the old and new view, `apply_patch` applies one (without touching the old view) and
raises `PatchError` when the patch does not fit the view it is applied to, and `digest` names a
view in 32 hex digits, so a client can check it holds the view the server last sent it.

Each operation is an array whose first item names it:

* ``["set", path, value]``: the map at ``path[:-1]`` gets ``path[-1]`` set to ``value`` (added or
  replaced); or the list there has its item ``path[-1]`` (an existing index) replaced;
* ``["del", path]``: the map at ``path[:-1]`` loses its key ``path[-1]``, which it must hold;
* ``["splice", path, start, count, values]``: the list at ``path`` has its ``count`` items from
  index ``start`` replaced by ``values`` (so appending is ``start`` = its length, ``count`` 0).

A path is an array of map keys (strings) and list indexes (integers) from the view's root. The
operations of one patch touch separate places; they are applied in the order given. Two splices
of one list (a list moved along: items lost at one end, gained at the other) come later one
first, so that each counts its indexes in the list as it was.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack

SET, DELETE, SPLICE = "set", "del", "splice"

Path = list[str | int]
Operation = list[Any]


class PatchError(ValueError):
    """A patch that does not fit the view it is applied to: the client is out of step."""


# -- making a patch ------------------------------------------------------------------------------


def diff(old: dict[str, Any], new: dict[str, Any], memo: DiffMemo | None = None) -> list[Operation]:
    """The operations that turn the plain map `old` into `new` (none when they are equal).
    With a `memo`, a part of the two views diffed before (the same two objects at the same
    place in other receivers' views) gives the operations found then.

    Parts are compared as Python compares them, so a change between equal values of different
    types (``False`` to ``0``, ``1`` to ``1.0``) inside a map or list is not seen: a view's
    fields keep their types (the engine's typed views see to it), and that is what it needs."""
    operations: list[Operation] = []
    if memo is None:
        _diff_maps(old, new, [], operations)
    else:
        _diff_shared_maps(old, new, [], operations, memo, SHARED_DEPTH)
    return operations


#: How deep `DiffMemo` looks for parts that several views share (the view's fields, and the
#: fields of its maps: a game's table parts).
SHARED_DEPTH = 2


class DiffMemo:
    """The operations found for parts of views, by the identity of the old and new part and
    their place, for receivers whose views share those parts (`Game.views` writes what every
    seat sees alike once). It holds the parts it names, so their identities stay theirs while
    it lives: keep one for one step's receivers, then drop it."""

    __slots__ = ("_found",)

    def __init__(self) -> None:
        self._found: dict[tuple[int, int, tuple[str | int, ...]], tuple[Any, Any, list[Operation]]]
        self._found = {}

    def operations(self, old: Any, new: Any, path: Path) -> list[Operation]:
        """The operations that turn the part `old` at `path` into `new`, found once."""
        key = (id(old), id(new), tuple(path))
        found = self._found.get(key)
        if found is None:
            operations: list[Operation] = []
            _diff_value(old, new, path, operations)
            found = self._found[key] = (old, new, operations)
        return found[2]


def _diff_shared_maps(
    old: dict[str, Any],
    new: dict[str, Any],
    path: Path,
    out: list[Operation],
    memo: DiffMemo,
    depth: int,
) -> None:
    """`_diff_maps` for the shallow maps of a view, whose changed parts may have been diffed
    for another receiver already."""
    added = 0
    missing = _MISSING
    for key, value in new.items():
        before = old.get(key, missing)
        if before is value or (type(before) is type(value) and before == value):
            continue
        if before is missing:
            added += 1
            out.append([SET, [*path, key], value])
        elif depth > 1 and type(value) is dict and type(before) is dict:
            _diff_shared_maps(before, value, [*path, key], out, memo, depth - 1)
        else:  # (a scalar too: the same operation object for every receiver)
            out.extend(memo.operations(before, value, [*path, key]))
    if len(old) + added != len(new):
        out.extend([DELETE, [*path, key]] for key in old if key not in new)


_MISSING = object()


def _same(a: Any, b: Any) -> bool:
    """Whether two plain values are equal and of one type (``1``, ``1.0`` and ``True`` differ)."""
    return a is b or (type(a) is type(b) and a == b)


def _diff_value(old: Any, new: Any, path: Path, out: list[Operation]) -> None:
    kind = type(new)
    if kind is dict and type(old) is dict:
        _diff_maps(old, new, path, out)
    elif kind is list and type(old) is list:
        _diff_lists(old, new, path, out)
    else:
        out.append([SET, path, new])


def _diff_maps(old: dict[str, Any], new: dict[str, Any], path: Path, out: list[Operation]) -> None:
    added = 0
    missing = _MISSING
    for key, value in new.items():
        before = old.get(key, missing)
        if before is value or (type(before) is type(value) and before == value):
            continue  # (`_same`, inlined: this runs for every key of every view sent)
        if before is missing:
            added += 1
            out.append([SET, [*path, key], value])
        else:
            _diff_value(before, value, [*path, key], out)
    if len(old) + added != len(new):  # some of old's keys are gone
        out.extend([DELETE, [*path, key]] for key in old if key not in new)


def _diff_lists(old: list[Any], new: list[Any], path: Path, out: list[Operation]) -> None:
    """A list's changes: its middle (what lies between the common head and the common tail)
    as two splices when it moved along (`_shift`), item by item when it kept its length and
    only some items changed, else one splice."""
    shorter = min(len(old), len(new))
    head = 0
    while head < shorter and _same(old[head], new[head]):
        head += 1
    if head == len(old) == len(new):
        return
    tail = 0
    while tail < shorter - head and _same(old[-1 - tail], new[-1 - tail]):
        tail += 1
    old_middle = len(old) - head - tail
    new_middle = len(new) - head - tail
    shift = _shift(old[head : head + old_middle], new[head : head + new_middle])
    if shift is not None:
        out += _shift_splices(shift, head, old_middle, new[head : head + new_middle], path)
        return
    if old_middle == new_middle:
        changed = [i for i in range(head, head + old_middle) if not _same(old[i], new[i])]
        if old_middle == 1 or len(changed) < old_middle:
            for index in changed:
                _diff_value(old[index], new[index], [*path, index], out)
            return
    out.append([SPLICE, path, head, old_middle, new[head : head + new_middle]])


#: The most items a list may lose at one end and gain at the other and still be sent as two
#: small splices (a row of discards whose oldest card goes under as a new one is laid).
SHIFT_MOST = 3


def _shift(old: list[Any], new: list[Any]) -> int | None:
    """How far `new` is `old` moved along: positive, `old` lost that many items at its start
    and gained some at its end; negative, gained at its start and lost at its end. None when
    it is no such move (or nothing of `old` is kept)."""
    for step in range(1, SHIFT_MOST + 1):
        kept = len(old) - step
        if kept < 1:
            break
        if kept > len(new):
            continue
        if all(_same(old[step + i], new[i]) for i in range(kept)):
            return step
        if all(_same(old[i], new[len(new) - kept + i]) for i in range(kept)):
            return -step
    return None


def _shift_splices(
    shift: int, head: int, old_count: int, new: list[Any], path: Path
) -> list[Operation]:
    """The two splices of a shifted middle (from `head`, `old_count` items long, now `new`),
    the later one first, so that each index counts in the list as it was."""
    kept = old_count - abs(shift)
    if shift > 0:  # lost at the start, gained at the end
        return [[SPLICE, path, head + old_count, 0, new[kept:]], [SPLICE, path, head, shift, []]]
    gained = len(new) - kept
    return [[SPLICE, path, head + kept, -shift, []], [SPLICE, path, head, 0, new[:gained]]]


# -- the rounds an update scores -----------------------------------------------------------------


def patch_base(view: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """What an update's patch applies to: the view sent last, with the ``score`` of each of
    the update's ``round_end`` events added at the end of its ``round_scores``. A finished
    round's breakdown travels once, in its event, and never in a patch."""
    scores = [
        event["score"] for event in events if event.get("kind") == "round_end" and "score" in event
    ]
    kept = view.get("round_scores")
    if not scores or type(kept) is not list:
        return view
    return {**view, "round_scores": [*kept, *scores]}


# -- applying a patch ----------------------------------------------------------------------------


def apply_patch(view: dict[str, Any], patch: list[Operation]) -> dict[str, Any]:
    """`view` with `patch` applied, as a new map: `view` itself and everything in it is left as
    it was (what changed is copied on the way down). Raises `PatchError` if the patch does not
    fit `view`."""
    root = dict(view)
    owned = {id(root)}
    for operation in patch:
        if type(operation) is not list or not operation or operation[0] not in _ARITY:
            raise PatchError(f"not an operation: {str(operation)[:80]}")
        if len(operation) != _ARITY[operation[0]]:
            raise PatchError(f"'{operation[0]}' takes {_ARITY[operation[0]] - 1} arguments")
        kind, path = operation[0], operation[1]
        if type(path) is not list or (kind != SPLICE and not path):
            raise PatchError(f"'{kind}' needs a path of keys and indexes")
        if kind == SPLICE:
            target = _walk(root, path, owned)
            _splice(target, operation[2], operation[3], operation[4], path)
            continue
        parent = _walk(root, path[:-1], owned)
        key = path[-1]
        if type(parent) is dict:
            if type(key) is not str:
                raise PatchError(f"a map's key must be a string, not {key!r}")
            if kind == SET:
                parent[key] = operation[2]
            elif key in parent:
                del parent[key]
            else:
                raise PatchError(f"no key {key!r} to delete at {path[:-1]}")
        elif kind == SET:
            _check_index(parent, key, path)
            parent[key] = operation[2]
        else:
            raise PatchError(f"'del' needs a map at {path[:-1]}")
    return root


_ARITY = {SET: 3, DELETE: 2, SPLICE: 5}


def _walk(root: dict[str, Any], path: list[Any], owned: set[int]) -> Any:
    """The container at `path`, copied (once per patch) so that the old view is untouched."""
    node: Any = root
    for depth, step in enumerate(path):
        if type(node) is dict:
            if type(step) is not str or step not in node:
                raise PatchError(f"no key {step!r} at {path[:depth]}")
        elif type(node) is list:
            _check_index(node, step, path[: depth + 1])
        else:
            raise PatchError(f"nothing to go into at {path[: depth + 1]}")
        child = node[step]
        if (type(child) is dict or type(child) is list) and id(child) not in owned:
            child = node[step] = type(child)(child)
            owned.add(id(child))
        node = child
    if type(node) is not dict and type(node) is not list:
        raise PatchError(f"no map or list at {path}")
    return node


def _check_index(node: Any, index: Any, path: list[Any]) -> None:
    if type(node) is not list:
        raise PatchError(f"no list at {path[:-1]}")
    if type(index) is not int or not 0 <= index < len(node):
        raise PatchError(f"no item {index!r} in the list at {path[:-1]}")


def _splice(target: Any, start: Any, count: Any, values: Any, path: list[Any]) -> None:
    if type(target) is not list:
        raise PatchError(f"no list to splice at {path}")
    if type(start) is not int or type(count) is not int or type(values) is not list:
        raise PatchError("'splice' takes a start, a count and a list of values")
    if not 0 <= start <= start + count <= len(target) or count < 0:
        raise PatchError(f"cannot replace {count} items from {start} in a list of {len(target)}")
    target[start : start + count] = values


# -- naming a view -------------------------------------------------------------------------------


def digest(view: dict[str, Any]) -> str:
    """32 hex digits naming `view`: the first 16 bytes of the SHA-256 of its canonical msgpack
    (every map's keys in sorted order, strings as str, lists as arrays)."""
    packed = msgpack.packb(_canonical(view), use_bin_type=True)
    return hashlib.sha256(packed).hexdigest()[:32]


def _canonical(value: Any) -> Any:
    if type(value) is dict:
        return {key: _canonical(value[key]) for key in sorted(value)}
    if type(value) is list:
        return [_canonical(item) for item in value]
    return value
