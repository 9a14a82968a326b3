"""View patches: a diff applied to the old view gives the new one, exactly, and a patch that
does not fit its view is refused."""

from __future__ import annotations

import copy
import hashlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.protocol.patch import DiffMemo, PatchError, apply_patch, diff, digest

#: No 0 or 1 beside the booleans: a view's field keeps its type (the engine's typed views see to
#: it), and a diff does not tell False from 0 inside a part that is otherwise equal (`diff`).
scalars = (
    st.none()
    | st.booleans()
    | st.sampled_from([-3, -2, -1, 2, 3])
    | st.sampled_from(["a", "b", ""])
)
plain = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(["k", "m", "n", "p"]), inner, max_size=4)
    ),
    max_leaves=20,
)
views = st.dictionaries(st.sampled_from(["a", "b", "c", "table", "legal"]), plain, max_size=5)


@settings(max_examples=400, deadline=None)
@given(views, views)
def test_a_diff_applied_to_the_old_view_gives_the_new_one(old: dict[str, Any], new: Any) -> None:
    before = copy.deepcopy(old)
    patched = apply_patch(old, diff(old, new))
    assert patched == new
    assert digest(patched) == digest(new)
    assert old == before  # the old view is untouched


@settings(max_examples=300, deadline=None)
@given(views, views, views, views)
def test_receivers_sharing_parts_get_the_patch_each_would_get_alone(
    old: dict[str, Any], new: dict[str, Any], other_old: dict[str, Any], other_new: Any
) -> None:
    """Two receivers whose views share some parts (the same objects, as `Game.views` writes
    them) diffed with one memo: each patch is the one a plain diff gives."""
    for key in ("table", "legal"):  # a shared part, object for object, where both have one
        if key in old and key in other_old:
            other_old[key] = old[key]
        if key in new and key in other_new:
            other_new[key] = new[key]
    memo = DiffMemo()
    for before, after in ((old, new), (other_old, other_new), (new, old), (other_new, other_old)):
        patch = diff(before, after, memo)
        assert patch == diff(before, after)
        assert apply_patch(before, patch) == after


def test_a_memo_tells_places_apart() -> None:
    """The same two parts at two places give operations on each place's own path."""
    part, changed = {"n": 1}, {"n": 2}
    memo = DiffMemo()
    assert diff({"a": part, "b": part}, {"a": changed, "b": changed}, memo) == [
        ["set", ["a", "n"], 2],
        ["set", ["b", "n"], 2],
    ]


@settings(max_examples=200, deadline=None)
@given(views)
def test_equal_views_give_an_empty_patch(view: dict[str, Any]) -> None:
    assert diff(view, copy.deepcopy(view)) == []


def test_a_value_of_another_type_is_a_change() -> None:
    assert diff({"a": 1}, {"a": True}) == [["set", ["a"], True]]
    assert diff({"a": 1}, {"a": 1.0}) == [["set", ["a"], 1.0]]


def test_a_list_that_grows_at_the_end_sends_only_what_it_gained() -> None:
    old = {"round_scores": [{"round": 1, "points": [3, 4]}]}
    new = {"round_scores": [{"round": 1, "points": [3, 4]}, {"round": 2, "points": [1, 0]}]}
    assert diff(old, new) == [["splice", ["round_scores"], 1, 0, [{"round": 2, "points": [1, 0]}]]]


def test_a_card_played_from_the_middle_of_a_hand_is_one_splice() -> None:
    old = {"table": {"hand": [1, 2, 3, 4, 5]}}
    new = {"table": {"hand": [1, 2, 4, 5]}}
    assert diff(old, new) == [["splice", ["table", "hand"], 2, 1, []]]


def test_a_row_that_moves_along_sends_what_went_and_what_came() -> None:
    old = {"table": {"row": [1, 2, 3, 4, 5]}}
    new = {"table": {"row": [2, 3, 4, 5, 6]}}
    assert diff(old, new) == [
        ["splice", ["table", "row"], 5, 0, [6]],
        ["splice", ["table", "row"], 0, 1, []],
    ]
    assert apply_patch(old, diff(old, new)) == new


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=1, max_size=6),
    st.lists(st.integers(4, 6), max_size=3),
    st.lists(st.integers(7, 9), max_size=3),
    st.booleans(),
)
def test_a_list_moved_along_either_way_patches_to_the_new_list(
    kept: list[int], lost: list[int], gained: list[int], forwards: bool
) -> None:
    """Items lost at one end and gained at the other, in either direction."""
    if forwards:
        old, new = {"row": [*lost, *kept]}, {"row": [*kept, *gained]}
    else:
        old, new = {"row": [*kept, *lost]}, {"row": [*gained, *kept]}
    patch = diff(old, new)
    assert apply_patch(old, patch) == new
    # What is kept is not sent again: a splice sends its values, a set its one value.
    sent = sum(len(operation[4]) if operation[0] == "splice" else 1 for operation in patch)
    assert sent <= len(gained) + len(lost)


def test_one_changed_item_of_a_list_is_changed_in_place() -> None:
    old = {"piles": [{"count": 0, "points": 0}, {"count": 2, "points": 10}]}
    new = {"piles": [{"count": 0, "points": 0}, {"count": 4, "points": 10}]}
    assert diff(old, new) == [["set", ["piles", 1, "count"], 4]]


def test_a_key_that_went_is_deleted() -> None:
    assert diff({"a": 1, "b": 2}, {"a": 1}) == [["del", ["b"]]]


@pytest.mark.parametrize(
    "patch",
    [
        [["set", ["missing", "x"], 1]],  # no such key on the way
        [["del", ["b"]]],  # nothing to delete
        [["set", ["list", 3], 1]],  # no such index
        [["splice", ["list"], 2, 2, []]],  # past the end
        [["splice", ["a"], 0, 0, []]],  # not a list
        [["set", ["a", "x"], 1]],  # into a number
        [["set", [], 1]],  # no path
        [["move", ["a"], 1]],  # no such operation
        [["set", ["a"]]],  # too few arguments
        ["set"],  # not an array
        [["set", ["list", True], 1]],  # a boolean is no index
    ],
)
def test_a_patch_that_does_not_fit_is_refused(patch: list[Any]) -> None:
    view = {"a": 1, "list": [1, 2, 3]}
    with pytest.raises(PatchError):
        apply_patch(view, patch)
    assert view == {"a": 1, "list": [1, 2, 3]}


def test_the_digest_is_the_documented_canonical_msgpack() -> None:
    """docs/protocol.md's example: keys sorted, integers and strings in their shortest form,
    floats as float 64 (a client in another language builds these bytes)."""
    canonical = bytes.fromhex("82 a1 61 93 cd 01 2c ff d0 9c a1 62 cb 3f f8 00 00 00 00 00 00")
    expected = hashlib.sha256(canonical).hexdigest()[:32]
    assert digest({"b": 1.5, "a": [300, -1, -100]}) == expected
    assert expected == "3ce227e90765adb25a533da08edc1f7e"
    assert digest({"a": 1}) != digest({"a": 1.0})  # a number keeps its type
    assert (
        digest({"a": 0.5})
        == hashlib.sha256(bytes.fromhex("81 a1 61 cb 3f e0 00 00 00 00 00 00")).hexdigest()[:32]
    )


def test_the_digest_ignores_key_order_but_not_values() -> None:
    assert digest({"a": 1, "b": [1, {"x": 2, "y": 3}]}) == digest(
        {"b": [1, {"y": 3, "x": 2}], "a": 1}
    )
    assert digest({"a": 1}) != digest({"a": 2})
    assert len(digest({})) == 32
