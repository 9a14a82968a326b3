"""The codec on small types of its own: what each kind of field becomes in plain form, how it
is read back, and the words it refuses malformed data with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import pytest

from cardtable.engine.actions import EXACTLY, GameAction, cards_field
from cardtable.engine.game_types import GameTypes
from cardtable.engine.refusal import IllegalAction, Refusal
from cardtable.wire.codec import (
    Plain,
    UnknownField,
    WireError,
    from_wire,
    read_as,
    to_wire,
    wire_field,
)

# -- the types -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Circle:
    kind: ClassVar[str] = "circle"
    centre: Point
    radius: int


@dataclass(frozen=True, slots=True)
class Square:
    kind: ClassVar[str] = "square"
    corner: Point
    side: int


Shape = Circle | Square


@dataclass(frozen=True, slots=True)
class Drawing:
    """Nested records, a union of tagged records, tuples of them, and an optional one."""

    title: str
    shapes: tuple[Shape, ...]
    focus: Shape | None
    path: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """A tagged record with a renamed field and an optional one."""

    kind: ClassVar[str] = "move"
    source: int = wire_field(name="from")
    to: int = wire_field()
    note: str | None = wire_field(optional=True)


@dataclass(frozen=True, slots=True)
class Bag:
    """A field that may be None but is not optional: None travels as null."""

    value: int | None
    pair: tuple[int, str]
    scores: list[int]
    extra: Mapping[str, Any]


Colour = Literal["red", "black"]


@dataclass(frozen=True, slots=True)
class Suit:
    colour: Colour
    rank: Literal[1, 2, 3]
    wild: bool
    weight: float


def shout(data: Plain) -> str:
    """A field's own parser: text in capitals, or its own words."""
    if not isinstance(data, str) or not data.isupper():
        raise WireError("Say it in capitals.")
    return data


@dataclass(frozen=True, slots=True)
class Said:
    word: str = wire_field(parse=shout)
    number: int = wire_field(refusal="Give a number, please.")
    loud: str = wire_field(parse=shout, refusal="Shout something.", default="HEY")


class Pence:
    """A class with its own plain form (``"5p"``), trusted with both ways."""

    def __init__(self, amount: int) -> None:
        self.amount = amount

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pence) and other.amount == self.amount

    def __hash__(self) -> int:
        return hash(self.amount)

    def to_wire(self) -> str:
        return f"{self.amount}p"

    @classmethod
    def from_wire(cls, data: Plain) -> Pence:
        if not isinstance(data, str) or not data.endswith("p") or not data[:-1].isdigit():
            raise WireError("Money is written like 5p.")
        return cls(int(data[:-1]))


@dataclass(frozen=True, slots=True)
class Stamp:
    """A dataclass with its own plain form, a list ``[country, value]``."""

    country: str
    value: int

    def to_wire(self) -> list[Any]:
        return [self.country, self.value]

    @classmethod
    def from_wire(cls, data: Plain) -> Stamp:
        if not isinstance(data, list) or len(data) != 2:
            raise WireError("A stamp is a country and a value.")
        return cls(str(data[0]), int(data[1]))


@dataclass(frozen=True, slots=True)
class Letter:
    postage: Pence
    stamps: tuple[Stamp, ...]


@dataclass(frozen=True, slots=True)
class Poke(GameAction):
    kind: ClassVar[str] = "poke"
    cids: tuple[int, ...] = cards_field()


@dataclass(frozen=True, slots=True)
class PokeTable:
    pokes: int


POKES = GameTypes("Pokes", actions=(Poke,), events=(), table=PokeTable)


def refusal(cls: type[Any], data: Plain) -> str:
    """The words `data` is refused with, read as a `cls`."""
    with pytest.raises(WireError) as refused:
        from_wire(cls, data)
    return str(refused.value)


def refused_as(hint: Any, data: Plain) -> str:
    """The words `data` is refused with, read as the type `hint`."""
    with pytest.raises(WireError) as refused:
        read_as(hint, data)
    return str(refused.value)


# -- records, nesting, unions ----------------------------------------------------------------------


def test_a_record_is_a_dict_of_its_fields_and_reads_back() -> None:
    assert to_wire(Point(1, 2)) == {"x": 1, "y": 2}
    assert from_wire(Point, {"x": 1, "y": 2}) == Point(1, 2)


def test_a_tagged_record_carries_its_kind_first() -> None:
    wire = to_wire(Circle(Point(0, 1), 5))
    assert wire == {"kind": "circle", "centre": {"x": 0, "y": 1}, "radius": 5}
    assert next(iter(wire)) == "kind"
    assert from_wire(Circle, wire) == Circle(Point(0, 1), 5)


def test_a_tagged_record_is_not_read_from_another_kind() -> None:
    assert refusal(Circle, {"kind": "square", "centre": {"x": 0, "y": 0}, "radius": 1}) == (
        "Expected a 'circle', not 'square'."
    )


def test_nested_records_unions_and_tuples_go_and_come_back() -> None:
    drawing = Drawing(
        "two",
        (Circle(Point(0, 0), 1), Square(Point(2, 3), 4)),
        Square(Point(2, 3), 4),
        (Point(0, 0), Point(1, 1)),
    )
    wire = to_wire(drawing)
    assert wire == {
        "title": "two",
        "shapes": [
            {"kind": "circle", "centre": {"x": 0, "y": 0}, "radius": 1},
            {"kind": "square", "corner": {"x": 2, "y": 3}, "side": 4},
        ],
        "focus": {"kind": "square", "corner": {"x": 2, "y": 3}, "side": 4},
        "path": [{"x": 0, "y": 0}, {"x": 1, "y": 1}],
    }
    back = from_wire(Drawing, wire)
    assert back == drawing
    assert isinstance(back.shapes, tuple) and isinstance(back.shapes[1], Square)
    assert from_wire(Drawing, {**wire, "focus": None}).focus is None


def test_a_union_of_tagged_records_is_told_apart_by_kind() -> None:
    assert read_as(Shape, {"kind": "square", "corner": {"x": 1, "y": 1}, "side": 2}) == Square(
        Point(1, 1), 2
    )
    assert refused_as(Shape, {"kind": "triangle"}) == "'triangle' is not a kind here."
    assert refused_as(Shape, [1, 2]) == "Expected a record with a kind."
    with pytest.raises(WireError):
        read_as(Shape, None)  # not optional here


# -- renamed and optional fields -------------------------------------------------------------------


def test_a_renamed_field_travels_under_its_wire_name() -> None:
    assert to_wire(Move(1, 2)) == {"kind": "move", "from": 1, "to": 2}
    assert from_wire(Move, {"kind": "move", "from": 1, "to": 2}) == Move(1, 2)
    assert refusal(Move, {"kind": "move", "to": 2}) == "move needs 'from'."
    with pytest.raises(UnknownField):
        from_wire(Move, {"kind": "move", "source": 1, "from": 1, "to": 2})


def test_an_optional_field_is_left_out_when_none_and_read_as_none_when_missing() -> None:
    assert "note" not in to_wire(Move(1, 2))
    assert to_wire(Move(1, 2, "quick")) == {"kind": "move", "from": 1, "to": 2, "note": "quick"}
    assert from_wire(Move, {"kind": "move", "from": 1, "to": 2}).note is None
    assert from_wire(Move, {"kind": "move", "from": 1, "to": 2, "note": "x"}).note == "x"
    assert refusal(Move, {"kind": "move", "from": 1, "to": 2, "note": 3}).startswith(
        "move 'note': "
    )


def test_a_field_that_may_be_none_but_is_not_optional_travels_as_null() -> None:
    value = Bag(None, (1, "a"), [1, 2], {"any": ["thing", 1]})
    wire = to_wire(value)
    assert wire == {
        "value": None,
        "pair": [1, "a"],
        "scores": [1, 2],
        "extra": {"any": ["thing", 1]},
    }
    assert from_wire(Bag, wire) == value
    assert refusal(Bag, {k: v for k, v in wire.items() if k != "value"}) == ("Bag needs 'value'.")


# -- lists, tuples, scalars, literals --------------------------------------------------------------


def test_lists_and_tuples() -> None:
    assert read_as(tuple[int, ...], [1, 2, 3]) == (1, 2, 3)
    assert read_as(list[int], [1, 2]) == [1, 2]
    assert read_as(list[Any], [{"a": 1}, "b"]) == [{"a": 1}, "b"]
    assert read_as(tuple[int, str], [1, "a"]) == (1, "a")
    assert refused_as(tuple[int, str], [1, "a", 2]) == "Expected a list of 2."
    assert refused_as(tuple[int, ...], "123") == "Expected a list."
    assert refused_as(list[int], {"a": 1}) == "Expected a list."
    with pytest.raises(WireError):
        read_as(list[int], [1, "2"])


def test_object_is_read_as_it_is_as_any_is() -> None:
    """`object` claims nothing of a value, so the codec passes it through unread."""
    assert read_as(dict[str, object], {"a": [1, None], "b": "c"}) == {"a": [1, None], "b": "c"}
    assert refused_as(dict[str, object], [1]) == "Expected a record."


def test_bool_is_not_an_int_nor_an_int_a_bool() -> None:
    assert refused_as(int, True) == "Expected a whole number, not True."
    assert refused_as(bool, 1) == "Expected true or false, not 1."
    with pytest.raises(WireError):
        read_as(float, False)
    assert read_as(float, 2) == 2.0 and isinstance(read_as(float, 2), float)
    assert refusal(Point, {"x": True, "y": 0}) == "Point 'x': Expected a whole number, not True."


def test_literals() -> None:
    suit = Suit("red", 2, True, 0.5)
    assert from_wire(Suit, to_wire(suit)) == suit
    assert refusal(Suit, {**to_wire(suit), "colour": "green"}) == (
        "Suit 'colour': 'green' is not one of 'red', 'black'."
    )
    assert refusal(Suit, {**to_wire(suit), "rank": 4}).endswith("4 is not one of 1, 2, 3.")
    # True == 1 in Python, but not on the wire.
    assert refusal(Suit, {**to_wire(suit), "rank": True}).endswith("True is not one of 1, 2, 3.")


def test_a_scalar_or_a_list_is_not_a_record() -> None:
    assert refusal(Point, [1, 2]) == "Expected a record for Point."
    assert refusal(Circle, "circle") == "Expected a record for circle."


# -- a field's own words ---------------------------------------------------------------------------


def test_a_fields_own_parser_speaks_for_itself() -> None:
    assert from_wire(Said, {"word": "HI", "number": 1}) == Said("HI", 1, "HEY")
    assert refusal(Said, {"word": "hi", "number": 1}) == "Say it in capitals."
    assert refusal(Said, {"word": 5, "number": 1}) == "Say it in capitals."


def test_a_refusal_replaces_the_codecs_words_when_missing_or_wrong() -> None:
    assert refusal(Said, {"word": "HI"}) == "Give a number, please."
    assert refusal(Said, {"word": "HI", "number": "1"}) == "Give a number, please."
    # ... and a parser's own words too.
    assert refusal(Said, {"word": "HI", "number": 1, "loud": "hey"}) == "Shout something."


def test_a_missing_field_without_a_refusal_is_named() -> None:
    assert refusal(Said, {"number": 1}) == "Said needs 'word'."
    assert refusal(Circle, {"kind": "circle", "radius": 1}) == "circle needs 'centre'."


def test_cards_field_words() -> None:
    assert from_wire(Poke, {"kind": "poke", "cids": [3, 1]}) == Poke((3, 1))
    assert refusal(Poke, {"kind": "poke", "cids": []}) == "Name the cards from your hand."
    assert refusal(Poke, {"kind": "poke", "cids": "3"}) == "Name the cards from your hand."
    assert refusal(Poke, {"kind": "poke", "cids": [1, True]}) == (
        "Cards are named by their numbers."
    )
    assert refusal(Poke, {"kind": "poke", "cids": [1, 1]}) == "A card is named twice."


# -- unknown fields --------------------------------------------------------------------------------


def test_an_unknown_field_is_refused_as_such() -> None:
    with pytest.raises(UnknownField) as unknown:
        from_wire(Point, {"x": 1, "y": 2, "z": 3})
    assert str(unknown.value) == "Point has no field 'z'."
    assert issubclass(UnknownField, WireError)
    # Only the field's absence is unknown-field business: a known field's fault is not.
    with pytest.raises(WireError) as wrong:
        from_wire(Point, {"x": "1", "y": 2})
    assert not isinstance(wrong.value, UnknownField)


def test_an_action_with_an_unknown_field_is_asked_for_exactly_as_listed() -> None:
    with pytest.raises(IllegalAction) as refused:
        POKES.action_from_wire({"kind": "poke", "cids": [1], "hard": True})
    assert refused.value.reason == EXACTLY
    assert refused.value.code == Refusal.MALFORMED
    with pytest.raises(IllegalAction) as refused:
        POKES.action_from_wire({"kind": "poke", "cids": [1, 1]})
    assert refused.value.reason == "A card is named twice."
    assert refused.value.code == Refusal.MALFORMED
    assert POKES.action_from_wire({"kind": "poke", "cids": [1]}) == Poke((1,))


# -- classes with their own plain form -------------------------------------------------------------


def test_a_class_with_its_own_plain_form_is_trusted_both_ways() -> None:
    letter = Letter(Pence(5), (Stamp("GB", 2), Stamp("FR", 3)))
    wire = to_wire(letter)
    assert wire == {"postage": "5p", "stamps": [["GB", 2], ["FR", 3]]}
    assert from_wire(Letter, wire) == letter
    assert refusal(Letter, {**wire, "postage": 5}) == "Letter 'postage': Money is written like 5p."
    assert refusal(Stamp, {"country": "GB", "value": 2}) == "A stamp is a country and a value."


def test_what_has_no_plain_form_says_so() -> None:
    with pytest.raises(TypeError):
        to_wire(object())
    with pytest.raises(TypeError):
        read_as(complex, 1)
