"""The one place a game's typed values meet plain data: `to_wire` and `from_wire`.

A game declares its actions, the public and private parts of its events and its per-seat view
as frozen, slotted dataclasses (see each game's ``types`` module). Those are what the rules, the
bots, the text and the boards use. What travels over the wire and into storage is plain data
(dicts, lists, str, int, bool, None); this module turns one into the other, the same way for
every game:

- a dataclass becomes a dict of its fields (a field may travel under another name, or be read
  by its own parser: `wire_field`); a *tagged* dataclass (one with a ``kind`` class variable,
  as every action and event has) carries ``"kind"`` first;
- tuples become lists and back; an enumeration travels as its value; ``X | None``,
  ``Literal``, nested dataclasses, unions of tagged dataclasses (told apart by ``"kind"``)
  and ``Mapping[str, object]`` (arbitrary data, as ``Any``) are read;
- a class with a ``from_wire`` class method (its own or inherited) is trusted to read itself,
  and one with a ``to_wire`` method to write itself.

Reading checks every value's type and raises `WireError` with a sentence a player can read:
a malformed action fails here, before any rule sees it.
"""

from __future__ import annotations

import dataclasses
import enum
import reprlib
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Literal, TypeAlias, TypeVar, Union, get_args, get_origin

T = TypeVar("T")

#: A value as it travels: dicts, lists, strings, ints, bools and None.
Plain = Any
#: A value as `to_wire` writes it, typed: what msgpack carries (it writes lists and dicts).
WireValue: TypeAlias = (
    bool | int | float | str | bytes | Sequence["WireValue"] | Mapping[str, "WireValue"] | None
)
#: A map as it travels: an event, a view, a stored setup.
WireMap: TypeAlias = dict[str, WireValue]
#: The value of one game option, as the engine and the wire both hold it: a switch, a number
#: or one of a few named choices.
OptionValue: TypeAlias = bool | int | str

_WIRE_NAME = "wire"
_PARSER = "parse"
_REFUSAL = "refusal"
_OPTIONAL = "optional"
_MISSING = "missing"


def _quoted(data: object) -> str:
    """`data` as an error quotes it: a long value cut short (a refusal is sent back whole)."""
    return reprlib.repr(data)


class WireError(ValueError):
    """Plain data that is not the value it claims to be; ``str(error)`` is readable."""


class UnknownField(WireError):
    """A record with a field its type does not have."""


def wire_field(
    *,
    name: str | None = None,
    parse: Callable[[Plain], Any] | None = None,
    refusal: str | None = None,
    missing: str | None = None,
    optional: bool = False,
    default: Any = dataclasses.MISSING,
    default_factory: Any = dataclasses.MISSING,
) -> Any:
    """A dataclass field with wire metadata: `name` it travels under (``from`` for a field
    ``source``), its own `parse` (raising `WireError`), the `refusal` given whenever it is
    missing or of the wrong type (instead of the codec's own words), the words when it is
    `missing` (instead of `refusal`: for a field whose parser has words of its own), and
    whether it is `optional`: left out of the plain form when None, and None when missing."""
    metadata = {
        _WIRE_NAME: name,
        _PARSER: parse,
        _REFUSAL: refusal,
        _MISSING: missing,
        _OPTIONAL: optional,
    }
    if optional and default is dataclasses.MISSING:
        default = None
    if default_factory is not dataclasses.MISSING:
        return dataclasses.field(default_factory=default_factory, metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def kind_of(cls: type[Any]) -> str | None:
    """The tag of a tagged dataclass (its ``kind`` class variable), else None."""
    kind = getattr(cls, "kind", None)
    return kind if isinstance(kind, str) else None


# -- writing -------------------------------------------------------------------------------------


def to_wire(value: Any) -> Plain:
    """`value` as plain data."""
    if value is None or isinstance(value, (str, int, float)):
        return value
    encode = _encoder(type(value))
    return encode(value)


def _plain_list(value: Any) -> Plain:
    return [to_wire(item) for item in value]


def _plain_dict(value: Any) -> Plain:
    return {key: to_wire(item) for key, item in value.items()}


_ENCODERS: dict[type[Any], Callable[[Any], Plain]] = {}
_READERS: dict[Any, Callable[[Plain], Any]] = {}


def _encoder(cls: type[Any]) -> Callable[[Any], Plain]:
    encode = _ENCODERS.get(cls)
    if encode is None:
        encode = _ENCODERS[cls] = _new_encoder(cls)
    return encode


def _new_encoder(cls: type[Any]) -> Callable[[Any], Plain]:
    if hasattr(cls, "to_wire") and not dataclasses.is_dataclass(cls):
        return lambda value: value.to_wire()
    if hasattr(cls, "to_wire") and "to_wire" in cls.__dict__:
        return lambda value: value.to_wire()
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(cls)
    if issubclass(cls, (list, tuple, frozenset, set)):
        return _plain_list
    if issubclass(cls, Mapping):
        return _plain_dict
    if issubclass(cls, bool):
        return lambda value: value
    if issubclass(cls, enum.Enum):
        return lambda value: value.value
    raise TypeError(f"{cls.__name__} has no plain form")


#: A converter from a field's value to its plain form; None: the value is plain already.
Converter = Callable[[Any], Plain] | None


def _dataclass_encoder(cls: type[Any]) -> Callable[[Any], Plain]:
    """An encoder compiled for `cls`: Python source written from its fields' types, so a plain
    field is read straight into the dict and the others go through a converter chosen once
    (views are written for every seat after every action: the engine's hot path)."""
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    kind = kind_of(cls)
    scope: dict[str, Any] = {"to_wire": to_wire}
    literal: list[str] = [f'"kind": {kind!r}'] if kind is not None else []
    later: list[str] = []
    for index, field in enumerate(dataclasses.fields(cls)):
        name = field.metadata.get(_WIRE_NAME) or field.name
        value = _written(hints[field.name], f"value.{field.name}", index, scope)
        if field.metadata.get(_OPTIONAL):
            later += [
                f"item = value.{field.name}",
                "if item is not None:",
                f"    wire[{name!r}] = {_written(hints[field.name], 'item', index, scope)}",
            ]
        elif later:
            later.append(f"wire[{name!r}] = {value}")
        else:
            literal.append(f"{name!r}: {value}")
    body = [f"wire = {{{', '.join(literal)}}}", *later, "return wire"]
    source = "def encode(value):\n" + "".join(f"    {line}\n" for line in body)
    exec(source, scope)
    encode: Callable[[Any], Plain] = scope["encode"]
    return encode


def _written(hint: Any, expression: str, index: int, scope: dict[str, Any]) -> str:
    """Source for `expression`'s plain form, for a value of type `hint`."""
    args = get_args(hint)
    if get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        element = args[0]
        if isinstance(element, type) and _compiled(element):
            scope[f"Type{index}"], scope[f"write{index}"] = element, _encoder(element)
            return (
                f"[write{index}(each) if type(each) is Type{index} else to_wire(each)"
                f" for each in {expression}]"
            )
    convert = _converter(hint)
    if convert is None:
        return expression
    if convert is list:
        return f"list({expression})"
    scope[f"convert{index}"] = convert
    return f"convert{index}({expression})"


def _compiled(cls: type[Any]) -> bool:
    """Whether `cls` is written by an encoder compiled from its fields."""
    return dataclasses.is_dataclass(cls) and "to_wire" not in vars(cls)


def _converter(hint: Any) -> Converter:
    """How a value of type `hint` becomes plain: None when it is plain already."""
    if hint in (int, str, bool, float, type(None)):
        return None
    origin = get_origin(hint)
    if origin is Literal:
        return None
    if origin in (Union, types.UnionType):
        rest = [arg for arg in get_args(hint) if arg is not type(None)]
        if len(rest) == 1:
            inner = _converter(rest[0])
            if inner is None:
                return None
            return lambda value: None if value is None else inner(value)
        if all(_converter(arg) is None for arg in rest):
            return None
        return to_wire
    if origin is tuple or origin is list:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            element_hint = args[0]
            if isinstance(element_hint, type) and _compiled(element_hint):
                exact = _encoder(element_hint)
                return lambda value: [
                    exact(element) if type(element) is element_hint else to_wire(element)
                    for element in value
                ]
            item = _converter(element_hint)
            if item is None:
                return list
            return lambda value: [item(element) for element in value]
        return _plain_list
    if isinstance(hint, type) and _compiled(hint):
        exact = _encoder(hint)  # a subclass's value is written by its own encoder
        return lambda value: exact(value) if type(value) is hint else to_wire(value)
    return to_wire


# -- reading -------------------------------------------------------------------------------------


def from_wire(cls: type[T], data: Plain) -> T:
    """Read `data` as a `cls`, or `WireError` saying what is wrong with it."""
    reader: Callable[[Plain], T] = _reader(cls)
    return reader(data)


def read_as(hint: Any, data: Plain) -> Any:
    """Read `data` as the type `hint` (``tuple[int, ...]``, ``Foo | None``, a union ...)."""
    return _reader(hint)(data)


def _describe(hint: Any) -> str:
    if hint is int:
        return "a whole number"
    if hint is str:
        return "text"
    if hint is bool:
        return "true or false"
    if hint is float:
        return "a number"
    if get_origin(hint) in (tuple, list):
        return "a list"
    return "a record"


def _reader(hint: Any) -> Callable[[Plain], Any]:
    read = _READERS.get(hint)
    if read is None:
        read = _READERS[hint] = _new_reader(hint)
    return read


def _new_reader(hint: Any) -> Callable[[Plain], Any]:
    if hint is Any or hint is object:
        return lambda data: data
    if hint is int:
        return _read_int
    if hint is bool:
        return _read_bool
    if hint is str:
        return _read_str
    if hint is float:
        return _read_float
    if hint is type(None):
        return _read_none
    origin = get_origin(hint)
    if origin is Literal:
        allowed = get_args(hint)

        def read_literal(data: Plain) -> Any:
            if data not in allowed or isinstance(data, bool) != isinstance(allowed[0], bool):
                choices = ", ".join(repr(choice) for choice in allowed)
                raise WireError(f"{_quoted(data)} is not one of {choices}.")
            return data

        return read_literal
    if origin in (Union, types.UnionType):
        return _union_reader(get_args(hint))
    if origin is list:
        (element,) = get_args(hint)
        element_reader = _reader(element)

        def read_list(data: Plain) -> Any:
            if not isinstance(data, (list, tuple)):
                raise WireError("Expected a list.")
            return [element_reader(item) for item in data]

        return read_list
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _reader(args[0])

            def read_tuple(data: Plain) -> Any:
                if not isinstance(data, (list, tuple)):
                    raise WireError("Expected a list.")
                return tuple(item(element) for element in data)

            return read_tuple
        readers = [_reader(arg) for arg in args]

        def read_fixed(data: Plain) -> Any:
            if not isinstance(data, (list, tuple)) or len(data) != len(readers):
                raise WireError(f"Expected a list of {len(readers)}.")
            return tuple(read(element) for read, element in zip(readers, data, strict=True))

        return read_fixed
    if origin in (dict, Mapping, typing.Mapping) or hint in (dict, Mapping):
        args = get_args(hint)
        value_reader = _reader(args[1]) if args else _reader(Any)
        key_reader = _reader(args[0]) if args else _reader(Any)

        def read_mapping(data: Plain) -> Any:
            if not isinstance(data, Mapping):
                raise WireError("Expected a record.")
            return {key_reader(key): value_reader(value) for key, value in data.items()}

        return read_mapping
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_reader(hint)
    if isinstance(hint, type):
        own: Callable[[Plain], Any] | None = getattr(hint, "from_wire", None)
        if own is not None:
            return own
        if dataclasses.is_dataclass(hint):
            return _dataclass_reader(hint)
    raise TypeError(f"the codec cannot read {hint!r}")


def _enum_reader(cls: type[enum.Enum]) -> Callable[[Plain], Any]:
    """A reader of an enumeration by its value (a `StrEnum` travels as its text)."""
    values = {member.value: member for member in cls}

    def read_enum(data: Plain) -> Any:
        if isinstance(data, bool) or data not in values:
            choices = ", ".join(repr(value) for value in values)
            raise WireError(f"{_quoted(data)} is not one of {choices}.")
        return values[data]

    return read_enum


def _read_int(data: Plain) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise WireError(f"Expected a whole number, not {_quoted(data)}.")
    return data


def _read_bool(data: Plain) -> bool:
    if not isinstance(data, bool):
        raise WireError(f"Expected true or false, not {_quoted(data)}.")
    return data


def _read_str(data: Plain) -> str:
    if not isinstance(data, str):
        raise WireError(f"Expected text, not {_quoted(data)}.")
    return data


def _read_float(data: Plain) -> float:
    if isinstance(data, bool) or not isinstance(data, (int, float)):
        raise WireError(f"Expected a number, not {_quoted(data)}.")
    return float(data)


def _read_none(data: Plain) -> None:
    if data is not None:
        raise WireError(f"Expected nothing, not {_quoted(data)}.")


def _union_reader(args: tuple[Any, ...]) -> Callable[[Plain], Any]:
    optional = type(None) in args
    rest = tuple(arg for arg in args if arg is not type(None))
    tagged = {kind_of(arg): arg for arg in rest if isinstance(arg, type) and kind_of(arg)}
    if tagged and len(tagged) == len(rest):
        return _tagged_reader(tagged, optional)
    readers = [_reader(arg) for arg in rest]

    def read_union(data: Plain) -> Any:
        if data is None and optional:
            return None
        for read in readers:
            try:
                return read(data)
            except WireError:
                continue
        raise WireError(f"{_quoted(data)} is not {' or '.join(_describe(arg) for arg in rest)}.")

    return read_union


def _tagged_reader(
    tagged: Mapping[str | None, type[Any]], optional: bool
) -> Callable[[Plain], Any]:
    readers = {kind: _reader(cls) for kind, cls in tagged.items()}

    def read_tagged(data: Plain) -> Any:
        if data is None and optional:
            return None
        if not isinstance(data, Mapping):
            raise WireError("Expected a record with a kind.")
        kind = data.get("kind")
        read = readers.get(kind) if isinstance(kind, str) else None
        if read is None:
            raise WireError(f"{_quoted(kind)} is not a kind here.")
        return read(data)

    return read_tagged


@dataclasses.dataclass(frozen=True, slots=True)
class _FieldReader:
    attr: str
    name: str
    read: Callable[[Plain], Any]
    required: bool
    refusal: str | None
    #: The words when the field is missing (None: `refusal`, else the codec's).
    missing: str | None
    #: Whether `read` is the field's own parser, whose words need no field name before them.
    own_words: bool


def _dataclass_reader(cls: type[Any]) -> Callable[[Plain], Any]:
    hints = typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))
    kind = kind_of(cls)
    readers: list[_FieldReader] = []
    for field in dataclasses.fields(cls):
        if not field.init:
            continue
        parse = field.metadata.get(_PARSER)
        readers.append(
            _FieldReader(
                attr=field.name,
                name=field.metadata.get(_WIRE_NAME) or field.name,
                read=parse or _reader(hints[field.name]),
                required=field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING,
                refusal=field.metadata.get(_REFUSAL),
                missing=field.metadata.get(_MISSING),
                own_words=parse is not None,
            )
        )
    known = {reader.name for reader in readers} | ({"kind"} if kind else set())
    what = kind or cls.__name__

    def read_dataclass(data: Plain) -> Any:
        if not isinstance(data, Mapping):
            raise WireError(f"Expected a record for {what}.")
        if kind is not None and data.get("kind") != kind:
            raise WireError(f"Expected a {kind!r}, not {_quoted(data.get('kind'))}.")
        values: dict[str, Any] = {}
        for reader in readers:
            if reader.name not in data:
                if reader.required:
                    words = reader.missing or reader.refusal
                    raise WireError(words or f"{what} needs {reader.name!r}.")
                continue
            try:
                values[reader.attr] = reader.read(data[reader.name])
            except WireError as error:
                if reader.refusal is None and reader.own_words:
                    raise  # a field's own parser speaks for itself
                raise WireError(reader.refusal or f"{what} {reader.name!r}: {error}") from None
        extra = set(data) - known
        if extra:
            raise UnknownField(f"{what} has no field {sorted(map(str, extra))[0]!r}.")
        return cls(**values)

    return read_dataclass
