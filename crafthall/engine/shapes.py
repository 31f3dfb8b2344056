"""Action shapes: each game declares its actions once, and the engine checks every incoming
action against them before the game sees it.

A shape names an action's fields and their types, written as ordinary Python annotations of
JSON values: ``str``, ``int``, ``bool``, ``float``, ``list[T]``, ``tuple[A, B]`` (a JSON list
of exactly that length), ``Literal["a", "b"]`` and unions such as ``int | str``. A
:class:`Cell` is a ``[x, y]`` pair of integers.

>>> shapes = {"claim": ActionShape(required={"word": str}, optional={"line": int})}
>>> check_action(shapes, {"type": "claim", "word": "cast"})
'claim'
>>> check_action(shapes, {"type": "claim", "word": ["c"]})
Traceback (most recent call last):
...
crafthall.engine.errors.IllegalAction: The field 'word' of a claim must be text, not a list.

Anything malformed is refused with the one code ``bad-action`` and a sentence naming the field;
unknown fields are refused too, so nothing unexpected is ever written to a record.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Union, get_args, get_origin

from crafthall.engine.errors import IllegalAction

Cell = tuple[int, int]
"""A grid position ``[x, y]`` (or ``[row, column]``, as the game's page says)."""


@dataclass(frozen=True)
class ActionShape:
    """The fields of one action type (besides ``type``), each with its JSON type."""

    required: Mapping[str, Any] = field(default_factory=dict)
    optional: Mapping[str, Any] = field(default_factory=dict)

    def fields(self) -> dict[str, Any]:
        return {**self.required, **self.optional}


ActionShapes = Mapping[str, ActionShape]

_NAMES = {str: "text", int: "a whole number", bool: "true or false", float: "a number"}


def _describe(kind: Any) -> str:
    if kind in _NAMES:
        return _NAMES[kind]
    origin, args = get_origin(kind), get_args(kind)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin is list:
        return f"a list of {_describe(args[0])}"
    if origin is tuple:
        return f"a list of {len(args)} items ({', '.join(_describe(a) for a in args)})"
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(a) for a in args)
    return getattr(kind, "__name__", str(kind))


def _json_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "empty (null)" if value is None else type(value).__name__


def matches(kind: Any, value: Any) -> bool:
    """Whether a JSON ``value`` has the type ``kind`` (booleans are never numbers)."""
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is str:
        return isinstance(value, str)
    origin, args = get_origin(kind), get_args(kind)
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin is list:
        return isinstance(value, list) and all(matches(args[0], item) for item in value)
    if origin is tuple:
        return (
            isinstance(value, list | tuple)
            and len(value) == len(args)
            and all(matches(a, item) for a, item in zip(args, value, strict=True))
        )
    if origin in (Union, types.UnionType):
        return any(matches(a, value) for a in args)
    raise TypeError(f"action shapes cannot use the type {kind!r}")


def check_action(shapes: ActionShapes, action: Any) -> str:
    """The action's ``type`` if ``action`` fits one of ``shapes``, else ``bad-action``."""
    kinds = ", ".join(sorted(shapes))
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(
            "bad-action", f"An action is an object with a 'type' (one of: {kinds})."
        )
    kind: str = action["type"]
    shape = shapes.get(kind)
    if shape is None:
        raise IllegalAction(
            "bad-action", f"'{kind}' is not an action here; actions are: {kinds}.", field="type"
        )
    allowed = shape.fields()
    for name, value in action.items():
        if name == "type":
            continue
        if name not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise IllegalAction(
                "bad-action",
                f"A {kind} has no field '{name}'; its fields are: {known}.",
                field=name,
            )
        if not matches(allowed[name], value):
            raise IllegalAction(
                "bad-action",
                f"The field '{name}' of a {kind} must be {_describe(allowed[name])}, "
                f"not {_json_kind(value)}.",
                field=name,
            )
    for name in shape.required:
        if name not in action:
            raise IllegalAction("bad-action", f"A {kind} needs the field '{name}'.", field=name)
    return kind
