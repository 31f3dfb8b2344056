"""Game options: each game declares a pydantic model of its variants, with defaults.

Front ends pass options as a mapping (from JSON) or as ``KEY=VALUE`` strings (from the
command line); both go through :func:`parse_options`, which names the bad option and says
what would be accepted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from crafthall.engine.errors import SetupError


class GameOptions(BaseModel):
    """Base of every game's options: unknown keys are refused, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


OptionsT = TypeVar("OptionsT", bound=GameOptions)


def split_assignments(pairs: Iterable[str]) -> dict[str, Any]:
    """``["timer=180", "teams=true"]`` -> ``{"timer": 180, "teams": True}``.

    A value that reads as JSON (numbers, true/false, lists) is taken as such; anything else is
    a string.
    """
    parsed: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise SetupError(
                f"Option '{pair}' is not of the form KEY=VALUE, e.g. dictionary=large."
            )
        try:
            value: Any = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        parsed[key.strip().replace("-", "_")] = value
    return parsed


def parse_options(model: type[OptionsT], given: Mapping[str, Any] | None) -> OptionsT:
    """Validate ``given`` against a game's options model, with a sentence on failure."""
    try:
        return model.model_validate(dict(given or {}))
    except ValidationError as err:
        known = ", ".join(sorted(model.model_fields)) or "none"
        problems = []
        for problem in err.errors():
            name = ".".join(str(part) for part in problem["loc"]) or "options"
            if problem["type"] == "extra_forbidden":
                problems.append(f"'{name}' is not an option of this game (options: {known})")
            else:
                problems.append(f"option '{name}': {problem['msg']}")
        raise SetupError("; ".join(problems) + ".") from None


def describe_options(model: type[GameOptions]) -> list[tuple[str, Any, str]]:
    """(name, default, description) for each option, for help screens and lobbies."""
    rows = []
    for name, field in model.model_fields.items():
        rows.append((name, field.default, field.description or ""))
    return rows
